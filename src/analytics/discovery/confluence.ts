/**
 * Confluence of the three trenches signals for one token (trenches-check; the per-token verdict of
 * trenches-scan). docs/discovery.md "Confluence". A signal is present when:
 *
 *  - runner:      the runner stage is RUNNING or IGNITING, and no wash trading is suspected (a stage read
 *                 from washed trades is not a runner);
 *  - smart money: at least CONFLUENCE_MIN_SMART_BUYERS (1) distinct smart wallet bought within the last
 *                 SMART_MONEY_WINDOW_HOURS (24 h) AND STILL HOLDS it (a buyer that sold out since is
 *                 reported as exited, with when, and does not count);
 *  - attention:   at least ATTENTION_MIN_CALLS (3) paid calls about it in the last ATTENTION_WINDOW_HOURS
 *                 (6 h), or in the top decile (percentile ≥ 90) of the tokens asked about in that window
 *                 when at least 10 were (with fewer, "top decile" is everyone) and it was asked at least once —
 *                 but only when the window's query stream is a sample at all: at least
 *                 ATTENTION_MIN_STREAM_TOKENS (10) tokens asked about and ATTENTION_MIN_STREAM_CALLS (30) calls.
 *                 Below that a caller's own few calls would be the whole "crowd": the signal is unknown
 *                 (`present: null`, status `insufficient_sample`), never present.
 *
 * Verdict from the count of present signals: 3 HIGH_CONFLUENCE, 2 MODERATE, 1 SINGLE_SIGNAL, 0 NO_SIGNAL.
 * A leg whose source failed (null) is neither present nor absent: it is not counted, listed in
 * `legs_missing`, and the count is then a lower bound (`degraded: true`).
 * Deltas against a prior reading ≥ 5 minutes old come with it (see deltas.ts).
 */
import { readingDeltas, type CurrentReading, type ReadingDeltas } from './deltas.js';
import type { RunnerStage } from './runner-stage.js';
import {
  ATTENTION_DECILE_MIN_ENTITIES,
  ATTENTION_MIN_CALLS,
  ATTENTION_MIN_STREAM_CALLS,
  ATTENTION_MIN_STREAM_TOKENS,
  ATTENTION_TOP_PERCENTILE,
  ATTENTION_WINDOW_HOURS,
  CONFLUENCE_MIN_SMART_BUYERS,
  SMART_MONEY_WINDOW_HOURS,
} from './thresholds.js';
import { attentionSampleSufficient, smartMoneySignal, type SmartBuy, type TrenchesLeg } from './trenches.js';
import type { PriorReading } from './types.js';

export type ConfluenceVerdict = 'HIGH_CONFLUENCE' | 'MODERATE' | 'SINGLE_SIGNAL' | 'NO_SIGNAL';

export interface AttentionReading {
  /** Paid calls about the token in the last ATTENTION_WINDOW_HOURS. */
  calls: number;
  /** Its percentile (0–100) among the tokens asked about in that window (consensus.ts rankEntities); null when not asked. */
  percentile: number | null;
  /** How many tokens were asked about in that window. */
  rankedEntities: number;
  /** Paid calls about any token in that window (the whole sample). */
  streamCalls: number;
}

export interface ConfluenceInput {
  /** null = the runner leg failed (market data unavailable). */
  runnerStage: RunnerStage | null;
  /** The runner reading's wash-trade flag: a stage read from washed trades is no runner signal. */
  washTradeSuspected?: boolean;
  /** null = the smart-money leg failed. */
  smartBuyers: readonly SmartBuy[] | null;
  /** Buyers that sold out since (wallet → exit, unix ms): not present. */
  smartExits?: ReadonlyMap<string, number>;
  /** null = the attention leg failed. */
  attention: AttentionReading | null;
  current: CurrentReading;
  prior?: PriorReading | null;
  nowMs: number;
}

export type SignalStatus = 'present' | 'absent' | 'leg_failed' | 'insufficient_sample';

export interface ConfluenceSignal {
  name: TrenchesLeg;
  /** null when unknown: the leg is missing, or (attention) the sample is below the minimum. */
  present: boolean | null;
  status: SignalStatus;
  detail: string;
}

export interface ConfluenceResult {
  verdict: ConfluenceVerdict;
  confluence_count: number;
  signals: ConfluenceSignal[];
  reasoning: string[];
  legs_missing: TrenchesLeg[];
  degraded: boolean;
  deltas: ReadingDeltas | null;
  deltas_unavailable: { code: string; message: string } | null;
}

export function confluenceVerdict(count: number): ConfluenceVerdict {
  if (count >= 3) return 'HIGH_CONFLUENCE';
  if (count === 2) return 'MODERATE';
  if (count === 1) return 'SINGLE_SIGNAL';
  return 'NO_SIGNAL';
}

/** true / false on a sufficient sample; null (unknown, never present) below the minimum sample. */
export function attentionPresent(a: AttentionReading): boolean | null {
  if (!attentionSampleSufficient(a)) return null;
  if (a.calls >= ATTENTION_MIN_CALLS) return true;
  return a.calls >= 1 && a.rankedEntities >= ATTENTION_DECILE_MIN_ENTITIES && a.percentile !== null && a.percentile >= ATTENTION_TOP_PERCENTILE;
}

const statusOf = (present: boolean): SignalStatus => (present ? 'present' : 'absent');

function runnerSignal(stage: RunnerStage | null, washed: boolean): ConfluenceSignal {
  if (stage === null) return { name: 'runner', present: null, status: 'leg_failed', detail: 'runner stage unavailable (market data leg failed)' };
  if (washed && (stage === 'RUNNING' || stage === 'IGNITING')) {
    return { name: 'runner', present: false, status: 'absent', detail: `runner stage ${stage}, but wash trading is suspected: the stage is read from washed trades, not a runner signal` };
  }
  const present = stage === 'RUNNING' || stage === 'IGNITING';
  return { name: 'runner', present, status: statusOf(present), detail: `runner stage ${stage}${present ? '' : ' (needs RUNNING or IGNITING)'}` };
}

function smartSignal(buys: readonly SmartBuy[] | null, exits: ReadonlyMap<string, number> | undefined, nowMs: number): ConfluenceSignal {
  if (buys === null) return { name: 'smart_money', present: null, status: 'leg_failed', detail: 'smart-money buys unavailable (leg failed)' };
  const s = smartMoneySignal(buys, nowMs, SMART_MONEY_WINDOW_HOURS, exits);
  const present = s.holding_buyers >= CONFLUENCE_MIN_SMART_BUYERS;
  const exited = s.buyers.filter((b) => !b.holding);
  const exitText = exited.map((b) => `${b.wallet} exited at ${b.exited_at}`).join(', ');
  let detail: string;
  if (s.distinct_buyers === 0) detail = `no smart wallet bought in the last ${SMART_MONEY_WINDOW_HOURS} h`;
  else if (present) {
    detail = `${s.holding_buyers} distinct smart wallet(s) bought in the last ${SMART_MONEY_WINDOW_HOURS} h and still hold it, latest buy at ${s.latest_buy_at}` +
      (exited.length > 0 ? `; ${exited.length} more sold out since (${exitText})` : '');
  } else {
    detail = `${s.distinct_buyers} smart wallet(s) bought in the last ${SMART_MONEY_WINDOW_HOURS} h but all sold out since (${exitText}): none holds it now`;
  }
  return { name: 'smart_money', present, status: statusOf(present), detail };
}

function attentionSignalOf(a: AttentionReading | null): ConfluenceSignal {
  if (a === null) return { name: 'attention', present: null, status: 'leg_failed', detail: 'query-stream attention unavailable (leg failed)' };
  const where = a.percentile === null ? 'not ranked' : `percentile ${a.percentile} of ${a.rankedEntities} tokens asked about`;
  const present = attentionPresent(a);
  if (present === null) {
    return {
      name: 'attention', present: null, status: 'insufficient_sample',
      detail: `${a.calls} paid call(s) about it in the last ${ATTENTION_WINDOW_HOURS} h, but the query stream holds only ${a.rankedEntities} token(s) and ${a.streamCalls} call(s) in that window: ` +
        `below the minimum sample (${ATTENTION_MIN_STREAM_TOKENS} tokens and ${ATTENTION_MIN_STREAM_CALLS} calls), not a signal, and no percentile is given`,
    };
  }
  return {
    name: 'attention',
    present,
    status: statusOf(present),
    detail: `${a.calls} paid call(s) about it in the last ${ATTENTION_WINDOW_HOURS} h (${where}); present at ≥ ${ATTENTION_MIN_CALLS} calls or percentile ≥ ${ATTENTION_TOP_PERCENTILE} among ≥ ${ATTENTION_DECILE_MIN_ENTITIES} tokens`,
  };
}

export function confluence(i: ConfluenceInput): ConfluenceResult {
  const signals = [runnerSignal(i.runnerStage, i.washTradeSuspected === true), smartSignal(i.smartBuyers, i.smartExits, i.nowMs), attentionSignalOf(i.attention)];
  const count = signals.filter((s) => s.present === true).length;
  const missing = signals.filter((s) => s.status === 'leg_failed').map((s) => s.name);
  const thin = signals.filter((s) => s.status === 'insufficient_sample').map((s) => s.name);
  const verdict = confluenceVerdict(count);
  const reasoning = [
    `${count} of 3 signals present → ${verdict}`,
    ...signals.map((s) => `${s.name}: ${s.status === 'insufficient_sample' ? 'insufficient sample' : s.present === null ? 'unknown' : s.present ? 'present' : 'absent'} — ${s.detail}`),
  ];
  if (missing.length > 0) reasoning.push(`missing leg(s) ${missing.join(', ')}: the count is a lower bound`);
  if (thin.length > 0) reasoning.push(`${thin.join(', ')} not counted: its sample is below the minimum, so it is neither present nor absent`);
  const d = readingDeltas(i.current, i.prior, i.nowMs);
  return { verdict, confluence_count: count, signals, reasoning, legs_missing: missing, degraded: missing.length > 0, deltas: d.deltas, deltas_unavailable: d.unavailable };
}
