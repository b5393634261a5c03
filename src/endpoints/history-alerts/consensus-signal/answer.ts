/**
 * consensus-signal's answer: two indexed reads of the query stream (this window and the one before it)
 * turned into ranks, percentiles and trends by src/analytics/consensus.ts. A percentile is a claim about a
 * crowd: below the attention minimum sample (the trenches attention signal's, on the same query stream:
 * ATTENTION_MIN_STREAM_TOKENS entities asked about and ATTENTION_MIN_STREAM_CALLS calls in the window) it is
 * null, with an `insufficient_sample` caveat — "percentile 100" among two tokens is one caller's own calls.
 */
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../../lib/typebox.js';
import {
  attentionTrend,
  rankEntities,
  sampleQuality,
  WINDOW_HOURS,
  windowBounds,
  type AttentionWindow,
  type RankedEntity,
} from '../../../analytics/consensus.js';
import { ATTENTION_MIN_STREAM_CALLS, ATTENTION_MIN_STREAM_TOKENS } from '../../../analytics/discovery/thresholds.js';
import { attentionSampleSufficient } from '../../../analytics/discovery/trenches.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import type { EntityCount, QueryEntityType } from '../../../store/types.js';


const TREND = Type.String({
  enum: ['rising', 'falling', 'steady', 'new', 'inactive'],
  description: 'Calls per hour against the previous window of the same length: ≥ 1.5× rising, ≤ 1/1.5× falling; new = none before; inactive = none in either',
});

const Entry = Type.Object({
  address: Type.String(),
  rank: Nullable(Type.Integer({ minimum: 1, description: '1 = most asked; ties share a rank; null when not asked in the window' })),
  percentile: Nullable(Type.Number({
    minimum: 0, maximum: 100,
    description: `Share (0–100) of the other entities asked in the window that were asked strictly less often; null below the minimum sample (fewer than ${ATTENTION_MIN_STREAM_TOKENS} entities or ${ATTENTION_MIN_STREAM_CALLS} calls in the window): not a percentile of anything`,
  })),
  count: Type.Integer({ description: 'Paid calls about it in the window' }),
  previous_count: Type.Integer({ description: 'Paid calls about it in the previous window of the same length' }),
  share_pct: Type.Number({ description: 'Its share (0–100) of all calls about entities of this type in the window' }),
  trend: TREND,
  trend_ratio: Nullable(Type.Number({ description: 'Calls per hour now ÷ calls per hour in the previous window (4 decimals); null when the previous window had none' })),
}, { additionalProperties: false });

export const ConsensusSignalSchema = Type.Object({
  type: Type.String({ enum: ['token', 'wallet'] }),
  window: Type.String({ enum: ['1h', '6h', '24h'] }),
  window_start_at: Type.String({ description: 'Start of the window: the running UTC hour and the whole hours before it' }),
  window_end_at: Type.String({ description: 'End of the running hour (the window holds calls up to now)' }),
  previous_window_start_at: Type.String(),
  total_calls: Type.Integer({ description: 'Paid calls about entities of this type in the window' }),
  previous_total_calls: Type.Integer(),
  ranked_entities: Type.Integer({ description: 'Distinct entities asked about in the window' }),
  sample_quality: Type.String({ enum: ['none', 'low', 'adequate'], description: 'none: no calls in the window; low: fewer than 30 calls; adequate: 30 or more' }),
  sample_sufficient: Type.Boolean({
    description: `The window holds the minimum sample for a percentile (at least ${ATTENTION_MIN_STREAM_TOKENS} entities asked about and ${ATTENTION_MIN_STREAM_CALLS} calls, the attention signal's minimum); false: every percentile is null`,
  }),
  entity: Nullable(Entry),
  top: Type.Array(Entry, { description: 'Most asked first (only without `address`; empty with it)' }),
}, { additionalProperties: false });

export interface ConsensusInput {
  type: QueryEntityType;
  address?: string;
  window: AttentionWindow;
  limit: number;
}

type Entry = {
  address: string;
  rank: number | null;
  percentile: number | null;
  count: number;
  previous_count: number;
  share_pct: number;
  trend: string;
  trend_ratio: number | null;
};

const total = (counts: EntityCount[]) => counts.reduce((sum, c) => sum + c.count, 0);

export async function consensusSignal(input: ConsensusInput, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const bounds = windowBounds(input.window, now);
  const [current, previous] = await Promise.all([
    ctx.store.queryCounts(input.type, bounds.from, bounds.to),
    ctx.store.queryCounts(input.type, bounds.previousFrom, bounds.from),
  ]);
  const ranked = rankEntities(current);
  const totalCalls = total(current);
  // A percentile among a handful of entities is one caller's own calls, not a crowd's: the attention minimum.
  const sufficient = attentionSampleSufficient({ rankedEntities: ranked.length, streamCalls: totalCalls });
  const previousBy = new Map(previous.map((c) => [c.entity, c.count]));
  const entry = (address: string, r: RankedEntity | undefined): Entry => {
    const count = r?.count ?? 0;
    const before = previousBy.get(address) ?? 0;
    const { trend, ratio } = attentionTrend(count, before, bounds.coveredHours, WINDOW_HOURS[input.window]);
    return {
      address,
      rank: r?.rank ?? null,
      percentile: sufficient ? r?.percentile ?? 0 : null,
      count,
      previous_count: before,
      share_pct: r?.share_pct ?? 0,
      trend,
      trend_ratio: ratio,
    };
  };
  const one = input.address !== undefined ? entry(input.address, ranked.find((r) => r.entity === input.address)) : null;
  const top = input.address === undefined ? ranked.slice(0, input.limit).map((r) => entry(r.entity, r)) : [];
  const data = {
    type: input.type,
    window: input.window,
    window_start_at: bounds.from.toISOString(),
    window_end_at: bounds.to.toISOString(),
    previous_window_start_at: bounds.previousFrom.toISOString(),
    total_calls: totalCalls,
    previous_total_calls: total(previous),
    ranked_entities: ranked.length,
    sample_quality: sampleQuality(totalCalls),
    sample_sufficient: sufficient,
    entity: one,
    top,
  };
  const caveats: Caveat[] = totalCalls === 0 || sampleQuality(totalCalls) === 'low'
    ? [{ code: 'low_sample', message: `Only ${totalCalls} paid calls about ${input.type}s in this ${input.window} window: ranks and trends are weak evidence.` }]
    : [];
  if (!sufficient) {
    caveats.push({
      code: 'insufficient_sample',
      message: `The ${input.window} window holds ${ranked.length} ${input.type}(s) asked about and ${totalCalls} paid call(s): below the minimum sample for a percentile ` +
        `(${ATTENTION_MIN_STREAM_TOKENS} and ${ATTENTION_MIN_STREAM_CALLS}, the attention signal's minimum), a few callers' own calls would be all of it. Every percentile is null; ranks and counts stand as counted.`,
    });
  }
  return { data, caveats, next_steps: nextSteps(input, one, top) };
}

function nextSteps(input: ConsensusInput, one: Entry | null, top: Entry[]): NextStep[] {
  const enrich = (address: string): NextStep =>
    input.type === 'token'
      ? { endpoint: 'enrich-token-light', input: { mint: address }, reason: 'Market data and risk flags of the most-asked token' }
      : { endpoint: 'enrich-wallet-light', input: { address }, reason: 'Profile and risk of the most-asked wallet' };
  const steps: NextStep[] = [];
  const first = top[0];
  if (first) steps.push(enrich(first.address));
  if (one) {
    const step = enrich(one.address);
    steps.push({ ...step, reason: `Profile the ${input.type} whose attention you ranked` });
    if (input.window !== '24h') steps.push({ endpoint: 'consensus-signal', input: { type: input.type, address: one.address, window: '24h' }, reason: 'The same entity over the 24 h window' });
  }
  return steps;
}
