/**
 * The trenches three-signal composite and its legs (trenches-scan, smart-money-trenches; docs/discovery.md
 * "Trenches composite").
 *
 *   composite = 0.45 runner + 0.45 smart_money + 0.10 attention        (0–1, 4 decimals)
 *
 * Legs degrade independently: a leg whose source failed is `null` (unknown), which is NOT a leg that ran
 * and found nothing (0). The composite is then the weighted mean of the present legs (their weights
 * renormalized to sum to 1), the missing legs are listed in `legs_missing` and `degraded` is true; with
 * no leg at all the score is null. A degraded score ranks on less evidence, and says so.
 */
import { clamp, round4 } from '../round.js';
import type { RunnerStage } from './runner-stage.js';
import { ATTENTION_FULL_CALLS, ATTENTION_MIN_STREAM_CALLS, ATTENTION_MIN_STREAM_TOKENS, SMART_MONEY_FULL_BUYERS, SMART_MONEY_WINDOW_HOURS, TRENCHES_WEIGHTS } from './thresholds.js';

export type TrenchesLeg = keyof typeof TRENCHES_WEIGHTS;

export interface TrenchesFactor {
  name: TrenchesLeg;
  /** The leg's 0–1 signal; null when the leg is missing. */
  value: number | null;
  weight: number;
  /** The weight actually applied (renormalized over the present legs); null for a missing leg. */
  effective_weight: number | null;
}

export interface TrenchesComposite {
  score: number | null;
  factors: TrenchesFactor[];
  legs_missing: TrenchesLeg[];
  degraded: boolean;
}

export function trenchesComposite(legs: { runner: number | null; smartMoney: number | null; attention: number | null }): TrenchesComposite {
  const values: Record<TrenchesLeg, number | null> = { runner: legs.runner, smart_money: legs.smartMoney, attention: legs.attention };
  const names = Object.keys(TRENCHES_WEIGHTS) as TrenchesLeg[];
  const present = names.filter((n) => values[n] !== null && Number.isFinite(values[n]));
  const total = present.reduce((s, n) => s + TRENCHES_WEIGHTS[n], 0);
  const factors = names.map((name) => {
    const v = present.includes(name) ? clamp(values[name]!, 0, 1) : null;
    return { name, value: v === null ? null : round4(v), weight: TRENCHES_WEIGHTS[name], effective_weight: v === null ? null : round4(TRENCHES_WEIGHTS[name] / total) };
  });
  const score = present.length === 0 ? null : round4(factors.reduce((s, f) => s + (f.value === null ? 0 : (TRENCHES_WEIGHTS[f.name] / total) * f.value), 0));
  const missing = names.filter((n) => !present.includes(n));
  return { score, factors, legs_missing: missing, degraded: missing.length > 0 };
}

/**
 * The runner leg: the velocity score, except that a FADING token (sellers in control or a rug) signals nothing,
 * and neither does a suspected wash trade: its acceleration, buy share and turnover are read from washed trades.
 */
export function runnerLegValue(stage: RunnerStage, velocity: number, washTradeSuspected = false): number {
  return stage === 'FADING' || washTradeSuspected ? 0 : velocity;
}

// ── Smart money ─────────────────────────────────────────────────────────────────────────────────────

export interface SmartBuy {
  wallet: string;
  /** Unix ms of the buy. */
  atMs: number;
}

export interface SmartBuyer {
  wallet: string;
  last_buy_at: string;
  age_hours: number;
  /** 1 − age ÷ window, 4 decimals: 1 now, 0 at the window's edge. */
  recency: number;
  /** It still holds the token now (its trades since read show no exit). */
  holding: boolean;
  /** When it exited (its last sell, after which it held nothing); null while holding. */
  exited_at: string | null;
}

export interface SmartMoneySignal {
  /** 0–1, 4 decimals: min(1, Σ recency ÷ SMART_MONEY_FULL_BUYERS) over the buyers still holding. */
  score: number;
  /** Distinct smart wallets with a buy inside the window (holding or not). */
  distinct_buyers: number;
  /** Of those, the ones still holding now: the smart money present. */
  holding_buyers: number;
  latest_buy_at: string | null;
  window_hours: number;
  /** Every buyer of the window, holding or exited. */
  buyers: SmartBuyer[];
  /** One factor per buyer still holding: value = its recency, weight = 1 ÷ SMART_MONEY_FULL_BUYERS. */
  factors: { name: string; value: number; weight: number }[];
}

const HOUR_MS = 3_600_000;

/**
 * Distinct smart buyers weighted by recency: each wallet counts once, at its latest buy inside the
 * window (age ≤ windowHours; a buy stamped after `nowMs` counts as age 0); recency = 1 − age ÷ window.
 * Only buyers still HOLDING count toward the score: `exits` maps a wallet that sold out to the moment of
 * its exit (unix ms), and such a buyer is listed with `holding: false` and `exited_at`, never as present.
 * Three holders who bought right now (or six at mid-window) make 1. Buyers ordered most recent first, then wallet.
 */
export function smartMoneySignal(
  buys: readonly SmartBuy[],
  nowMs: number,
  windowHours: number = SMART_MONEY_WINDOW_HOURS,
  exits: ReadonlyMap<string, number> = new Map(),
): SmartMoneySignal {
  const latest = new Map<string, number>();
  for (const b of buys) {
    const age = Math.max(0, nowMs - b.atMs) / HOUR_MS;
    if (age > windowHours) continue;
    const seen = latest.get(b.wallet);
    if (seen === undefined || b.atMs > seen) latest.set(b.wallet, b.atMs);
  }
  const buyers = [...latest.entries()]
    .map(([wallet, at]) => {
      const age = Math.max(0, nowMs - at) / HOUR_MS;
      const exitedAt = exits.get(wallet) ?? null;
      return { wallet, at, age, recency: 1 - age / windowHours, exitedAt };
    })
    .sort((a, b) => b.at - a.at || (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0));
  const holders = buyers.filter((b) => b.exitedAt === null);
  const sum = holders.reduce((s, b) => s + b.recency, 0);
  const weight = round4(1 / SMART_MONEY_FULL_BUYERS);
  return {
    score: round4(Math.min(1, sum / SMART_MONEY_FULL_BUYERS)),
    distinct_buyers: buyers.length,
    holding_buyers: holders.length,
    latest_buy_at: buyers.length > 0 ? new Date(buyers[0]!.at).toISOString() : null,
    window_hours: windowHours,
    buyers: buyers.map((b) => ({
      wallet: b.wallet, last_buy_at: new Date(b.at).toISOString(), age_hours: round4(b.age), recency: round4(b.recency),
      holding: b.exitedAt === null, exited_at: b.exitedAt === null ? null : new Date(b.exitedAt).toISOString(),
    })),
    factors: holders.map((b) => ({ name: b.wallet, value: round4(b.recency), weight })),
  };
}

// ── Attention ───────────────────────────────────────────────────────────────────────────────────────

export interface AttentionSignal {
  /** 0–1, 4 decimals: min(1, calls ÷ ATTENTION_FULL_CALLS); 0 below the minimum sample. */
  score: number;
  calls: number;
  /** The window's query stream met the minimum sample (ATTENTION_MIN_STREAM_TOKENS and ATTENTION_MIN_STREAM_CALLS). */
  sample_sufficient: boolean;
  factors: { name: 'calls'; value: number; weight: 1 }[];
}

/** The window's query stream is a sample at all: enough tokens asked about, and enough calls in all. */
export function attentionSampleSufficient(stream: { rankedEntities: number; streamCalls: number }): boolean {
  return stream.rankedEntities >= ATTENTION_MIN_STREAM_TOKENS && stream.streamCalls >= ATTENTION_MIN_STREAM_CALLS;
}

/**
 * Paid calls about the token in the attention window (the service's own query stream), on an absolute
 * scale: 10 calls → 1. Absolute rather than relative to the busiest candidate, so that one stray call
 * on an otherwise silent day does not read as full attention. Below the minimum sample (a stream of fewer
 * than 10 tokens or 30 calls: a caller's own few calls would be all of it) the signal is 0: no evidence.
 */
export function attentionSignal(reading: { calls: number; rankedEntities: number; streamCalls: number }): AttentionSignal {
  const calls = Math.max(0, reading.calls);
  const sufficient = attentionSampleSufficient(reading);
  const score = sufficient ? round4(Math.min(1, calls / ATTENTION_FULL_CALLS)) : 0;
  return { score, calls, sample_sufficient: sufficient, factors: [{ name: 'calls', value: score, weight: 1 }] };
}
