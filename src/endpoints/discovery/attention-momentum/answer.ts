/**
 * attention-momentum's answer (docs/discovery.md "Endpoint: attention-momentum"). Attention is the
 * service's own paid query stream (hour buckets, src/store): four indexed reads — three consecutive
 * windows of W whole UTC hours, oldest first, and the running hour — then the momentum and ranking of
 * src/analytics/discovery/attention-momentum.ts, and a price overlay from one batched market-data call for
 * the tokens returned (optional: its failure leaves every price change null with a caveat).
 *
 * Why whole hours, ending where the running hour starts: acceleration compares the three windows, so they
 * must be equally long. A window ending "now" would hold a partial hour (at 10:05 the 1 h window would hold
 * five minutes and every token would read as falling). The running hour's calls are shown beside each
 * token (`running_hour_calls`) and join the windows when the hour closes.
 */
import { attentionMomentum, rankAttention, type AttentionMomentum } from '../../../analytics/discovery/attention-momentum.js';
import { WINDOW_HOURS, type AttentionWindow } from '../../../analytics/consensus.js';
import { attentionSampleSufficient } from '../../../analytics/discovery/trenches.js';
import {
  ATTENTION_MIN_SAMPLE_CALLS,
  ATTENTION_MIN_STREAM_CALLS,
  ATTENTION_MIN_STREAM_TOKENS,
  ATTENTION_TREND_RATIO,
  PRICE_FALLING_HARD_PCT,
  PRICE_RISING_PCT,
} from '../../../analytics/discovery/thresholds.js';
import type { WindowName } from '../../../analytics/discovery/types.js';
import { round2 } from '../../../analytics/round.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import type { EntityCount } from '../../../store/types.js';
import { degradedCaveat, gatherLegs, legTimings } from '../../shared/legs.js';
import { launchMarkets } from '../../shared/launch-market.js';
import { HOUR_MS } from '../../../lib/days.js';

const PRICE_WINDOW: Record<AttentionWindow, WindowName> = { '1h': 'h1', '6h': 'h6', '24h': 'h24' };

export interface AttentionInput {
  window?: AttentionWindow;
  limit?: number;
}

export interface AttentionSpans {
  /** Three windows, oldest first, each [from, to) in unix ms. */
  windows: [number, number][];
  running: [number, number];
}

/** The three whole-hour windows of `window` ending at the start of the running UTC hour, and that hour. */
function attentionSpans(window: AttentionWindow, nowMs: number): AttentionSpans {
  const w = WINDOW_HOURS[window] * HOUR_MS;
  const hourStart = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  return {
    windows: [[hourStart - 3 * w, hourStart - 2 * w], [hourStart - 2 * w, hourStart - w], [hourStart - w, hourStart]],
    running: [hourStart, hourStart + HOUR_MS],
  };
}

const span = ([from, to]: [number, number]) => ({ from: new Date(from).toISOString(), to: new Date(to).toISOString() });
const byEntity = (counts: readonly EntityCount[]) => new Map(counts.map((c) => [c.entity, c.count]));

export async function attentionMomentumAnswer(input: AttentionInput, ctx: HandlerContext): Promise<HandlerResult> {
  const window = input.window ?? '6h';
  const limit = input.limit ?? 10;
  const nowMs = ctx.now().getTime();
  const spans = attentionSpans(window, nowMs);
  const read = ([from, to]: [number, number]) => ctx.store.queryCounts('token', new Date(from), new Date(to));
  const [c1, c2, c3, running] = await Promise.all([...spans.windows.map(read), read(spans.running)]);
  const windows = [c1!, c2!, c3!].map(byEntity);
  const runningBy = byEntity(running!);

  const mints = [...new Set(windows.flatMap((m) => [...m.keys()]))];
  const counts = (mint: string) => windows.map((m) => m.get(mint) ?? 0) as [number, number, number];
  const ranked = rankAttention(mints.map((entity) => ({ entity, momentum: attentionMomentum({ counts: counts(entity), priceChangePct: null }) })));
  const shown = ranked.slice(0, limit);

  const caveats: Caveat[] = [{
    code: 'attention_source',
    message: 'Attention is this service\'s own paid query stream: paid calls naming a token (a mint in the input), counted per UTC hour — not social or on-chain attention. ' +
      'The operator\'s own test traffic is left out when its payer addresses are listed in CONSENSUS_EXCLUDE_PAYERS. The candidates are only tokens someone paid to ask about here.',
  }];
  const priceWindow = PRICE_WINDOW[window];
  const shownMints = shown.map((e) => e.entity);
  const legs = await gatherLegs({ pairs: () => (shownMints.length > 0 ? ctx.sources.dexscreener.tokenPairs(shownMints, ctx.signal) : Promise.resolve([])) });
  const markets = legs.pairs.ok ? launchMarkets(legs.pairs.value, shownMints) : null;
  if (!legs.pairs.ok) {
    caveats.push({ ...degradedCaveat(legs.pairs.error, 'Price overlay'), message: `Price overlay unavailable: the ${legs.pairs.error.leg} source failed (${legs.pairs.error.kind}); price changes and divergence classes are null, the ranking (attention only) stands.` });
  }

  const n = ranked.length;
  const totalCalls = [c1!, c2!, c3!].flat().reduce((s, c) => s + c.count, 0);
  // A rank among a handful of tokens is no percentile: "100 of 2" would read as the top of a crowd.
  const sampleSufficient = attentionSampleSufficient({ rankedEntities: n, streamCalls: totalCalls });
  const tokens = shown.map((e, i) => {
    const market = markets?.get(e.entity) ?? null;
    const m: AttentionMomentum = attentionMomentum({ counts: counts(e.entity), priceChangePct: market?.windows[priceWindow].priceChangePct ?? null });
    return {
      rank: i + 1,
      percentile: !sampleSufficient ? null : round2((100 * (n - 1 - i)) / (n - 1)),
      mint: e.entity,
      symbol: market?.symbol ?? null,
      counts: m.counts,
      total_calls: m.total_calls,
      changes: m.changes,
      acceleration: m.acceleration,
      trend: m.trend,
      sample_quality: m.sample_quality,
      running_hour_calls: runningBy.get(e.entity) ?? 0,
      price_change_pct: m.price_change_pct,
      price_usd: market?.priceUsd ?? null,
      divergence: m.divergence,
      divergence_reason: m.divergence_reason,
    };
  });

  const low = tokens.filter((t) => t.sample_quality === 'low').length;
  if (low > 0) {
    caveats.push({ code: 'low_sample', message: `${low} of ${tokens.length} tokens have fewer than ${ATTENTION_MIN_SAMPLE_CALLS} calls across the three windows (sample_quality low): not a signal — no divergence class, their acceleration is weak evidence, and they rank after every ok sample.` });
  }
  if (n > 0 && !sampleSufficient) {
    caveats.push({
      code: 'attention_insufficient_sample',
      message: `The three windows hold ${n} token(s) and ${totalCalls} paid call(s): below the minimum sample (${ATTENTION_MIN_STREAM_TOKENS} tokens and ${ATTENTION_MIN_STREAM_CALLS} calls) for a percentile, which is null; a few callers' own calls would be all of it.`,
    });
  }
  if (markets !== null) {
    const unpriced = tokens.filter((t) => t.price_change_pct === null).length;
    if (unpriced > 0) caveats.push({ code: 'price_unknown', message: `${unpriced} token(s) have no ${priceWindow} price change from the market-data source (no pair, or a pair younger than the window): no divergence class.` });
  }

  return {
    data: {
      window,
      windows: spans.windows.map(span),
      running_hour: span(spans.running),
      price_window: priceWindow,
      price_overlay: markets !== null,
      candidates: n,
      total_calls: totalCalls,
      tokens,
      thresholds: {
        trend_ratio: ATTENTION_TREND_RATIO,
        min_sample_calls: ATTENTION_MIN_SAMPLE_CALLS,
        price_rising_pct: PRICE_RISING_PCT,
        price_falling_hard_pct: PRICE_FALLING_HARD_PCT,
      },
      as_of: new Date(nowMs).toISOString(),
    },
    caveats,
    next_steps: attentionNextSteps(tokens, window),
    timings: legTimings(legs),
  };
}

function attentionNextSteps(tokens: readonly { mint: string; divergence: string | null }[], window: AttentionWindow): NextStep[] {
  const steps: NextStep[] = [];
  const first = tokens[0];
  if (first) steps.push({ endpoint: 'trenches-check', input: { mint: first.mint }, reason: 'Whether runner and smart-money signals confirm the attention on the top token' });
  const risk = tokens.find((t) => t.divergence === 'distribution_risk');
  if (risk) steps.push({ endpoint: 'exit-signal', input: { mint: risk.mint }, reason: 'Attention and price diverge (distribution_risk): the exit verdict for that token' });
  if (window !== '24h') steps.push({ endpoint: 'attention-momentum', input: { window: '24h' }, reason: 'The same ranking over 24 h windows (more calls per window, slower)' });
  return steps;
}
