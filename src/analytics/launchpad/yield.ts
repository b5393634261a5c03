/**
 * Trailing yields from the index's daily points (spec "Reward coin yield"): rewards USD distributed in the
 * window ÷ the average market cap over the window's points. "Real history" is how long the index has known
 * the coin (now − its first daily point), capped at the window: a coin 3 days old has 3 days of history in
 * its 7-day window, and that window is partial. Annualizing a short window multiplies noise, hence
 * `caution`.
 */
import { round2, roundSig, roundTo } from '../round.js';
import { DAY_MS } from './payout.js';
import { DAYS_PER_YEAR, YIELD_BASIS_MIN_DAYS, YIELD_CAUTION_MIN_DAYS } from './thresholds.js';
import type { DailyPoint } from './types.js';

export type YieldWindow = '7d' | '30d' | 'lifetime';

export interface WindowYield {
  window: YieldWindow;
  /** Days of real history inside the window (2 decimals). */
  history_days: number;
  /** The window reaches back before the coin's first point. Lifetime is never partial. */
  partial: boolean;
  rewards_quote: number;
  rewards_usd: number;
  avg_market_cap_usd: number | null;
  /** rewards ÷ average market cap, percent; null without a positive market cap or any history. */
  yield_pct: number | null;
  /** yield × 365 ÷ history days; null when yield is. */
  annualized_pct: number | null;
  caution: boolean;
}

export interface TrailingYields {
  '7d': WindowYield;
  '30d': WindowYield;
  lifetime: WindowYield;
  basis: YieldWindow;
}

const WINDOW_DAYS: Record<Exclude<YieldWindow, 'lifetime'>, number> = { '7d': 7, '30d': 30 };

function windowYield(points: readonly DailyPoint[], nowMs: number, window: YieldWindow): WindowYield {
  const known = points.filter((p) => p.at <= nowMs);
  const first = known.reduce<number | null>((m, p) => (m === null || p.at < m ? p.at : m), null);
  const lifetimeDays = first === null ? 0 : (nowMs - first) / DAY_MS;
  const days = window === 'lifetime' ? null : WINDOW_DAYS[window];
  const start = days === null ? -Infinity : nowMs - days * DAY_MS;
  const inside = known.filter((p) => p.at > start);
  const history = days === null ? lifetimeDays : Math.min(days, lifetimeDays);
  const partial = days !== null && lifetimeDays < days;
  const rewardsQuote = inside.reduce((s, p) => s + p.distributions_quote, 0);
  const rewardsUsd = inside.reduce((s, p) => s + p.distributions_usd, 0);
  const caps = inside.map((p) => p.market_cap_usd).filter((c): c is number => c !== null && c > 0);
  const avgCap = caps.length === 0 ? null : caps.reduce((s, c) => s + c, 0) / caps.length;
  const y = avgCap === null || history <= 0 ? null : (rewardsUsd / avgCap) * 100;
  return {
    window,
    history_days: round2(history),
    partial,
    rewards_quote: roundTo(rewardsQuote, 6),
    rewards_usd: round2(rewardsUsd),
    avg_market_cap_usd: avgCap === null ? null : round2(avgCap),
    yield_pct: y === null ? null : roundTo(y, 4),
    annualized_pct: y === null ? null : round2((y * DAYS_PER_YEAR) / history),
    caution: history < YIELD_CAUTION_MIN_DAYS || partial,
  };
}

/** Spec rule: the shortest window with ≥ 6.5 days of real history, otherwise lifetime. */
export function yieldBasis(y: Pick<TrailingYields, '7d' | '30d'>): YieldWindow {
  if (y['7d'].history_days >= YIELD_BASIS_MIN_DAYS) return '7d';
  if (y['30d'].history_days >= YIELD_BASIS_MIN_DAYS) return '30d';
  return 'lifetime';
}

export function trailingYields(points: readonly DailyPoint[], nowMs: number): TrailingYields {
  const w7 = windowYield(points, nowMs, '7d');
  const w30 = windowYield(points, nowMs, '30d');
  return { '7d': w7, '30d': w30, lifetime: windowYield(points, nowMs, 'lifetime'), basis: yieldBasis({ '7d': w7, '30d': w30 }) };
}

/**
 * Expected payout per day per USD held, from the basis window: (rewards ÷ average cap) ÷ history days.
 * Null when the basis has no yield (no cap or no history). 10 significant digits: float noise goes, tiny rates stay.
 */
export function payoutPerDayPerUsd(y: TrailingYields): number | null {
  const b = y[y.basis];
  if (b.yield_pct === null || b.history_days <= 0) return null;
  return roundSig(b.yield_pct / 100 / b.history_days);
}
