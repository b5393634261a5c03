/**
 * Trailing yields of a reward coin (spec "Reward coin yield"): rewards distributed in the window, priced in
 * USD at the quote's current aggregator price, ÷ the average market cap over the window's daily points.
 *
 * What is observable: the platform's LIFETIME distribution total per coin, now and at each daily point the
 * index recorded. So a window's rewards are `total now − total at its start point`, over exactly the span
 * between the two (`history_days`, from `observed_from`):
 *  - a coin launched inside the window starts at its launch with 0 distributed: the whole window is seen;
 *  - otherwise the start is the last point at or before the window start if it is at most
 *    `YIELD_START_SLACK_DAYS` older (the span may exceed the window by up to a day: stated, not stretched);
 *    else the earliest point after the start (the window is `partial`); else that older point (a gap in the
 *    index: the span says how long);
 *  - lifetime runs from the launch (the platform's own total since launch).
 * Annualized figures need `YIELD_ANNUALIZE_MIN_DAYS` of observed span; below it they are null.
 */
import { round2, roundSig, roundTo } from '../round.js';
import { DAY_MS } from '../../lib/days.js';
import { DAYS_PER_YEAR, YIELD_ANNUALIZE_MIN_DAYS, YIELD_BASIS_MIN_DAYS, YIELD_CAUTION_MIN_DAYS, YIELD_START_SLACK_DAYS } from './thresholds.js';
import type { DailyPoint, RewardCoin } from './types.js';

export type YieldWindow = '7d' | '30d' | 'lifetime';

export interface WindowYield {
  window: YieldWindow;
  /** Days between the start point and now (2 decimals): the span the rewards were really observed over. */
  history_days: number;
  /** When the observed span starts (epoch ms); null without any point to start from. */
  observed_from: number | null;
  /** The index has no point as old as the window start, so the span is shorter than the window. Lifetime never is. */
  partial: boolean;
  rewards_quote: number;
  /** rewards_quote × the quote's current price; null when the quote is unpriced. */
  rewards_usd: number | null;
  avg_market_cap_usd: number | null;
  /** rewards ÷ average market cap, percent; null without a price, a positive market cap or any span. */
  yield_pct: number | null;
  /** yield × 365 ÷ span; null when yield is, or when the span is under YIELD_ANNUALIZE_MIN_DAYS. */
  annualized_pct: number | null;
  caution: boolean;
}

export interface TrailingYields {
  '7d': WindowYield;
  '30d': WindowYield;
  lifetime: WindowYield;
  basis: YieldWindow;
}

export type YieldInputs = Pick<RewardCoin, 'created_at' | 'distributed_quote' | 'quote_price_usd' | 'market_cap_usd' | 'daily'>;

const WINDOW_DAYS: Record<Exclude<YieldWindow, 'lifetime'>, number> = { '7d': 7, '30d': 30 };

interface StartPoint {
  at: number;
  distributed_quote: number;
  partial: boolean;
}

function startOf(coin: YieldInputs, nowMs: number, window: YieldWindow): StartPoint | null {
  const launch: StartPoint = { at: coin.created_at, distributed_quote: 0, partial: false };
  if (window === 'lifetime') return coin.created_at <= nowMs ? launch : null;
  const windowStart = nowMs - WINDOW_DAYS[window] * DAY_MS;
  if (coin.created_at >= windowStart) return coin.created_at <= nowMs ? launch : null;
  let before: DailyPoint | null = null;
  let after: DailyPoint | null = null;
  for (const p of coin.daily) {
    if (p.at > nowMs || p.at < coin.created_at) continue;
    if (p.at <= windowStart) { if (before === null || p.at > before.at) before = p; }
    else if (after === null || p.at < after.at) after = p;
  }
  // A point at most a day older than the window start covers it; an older one (a gap in the index) would
  // stretch "7d" over weeks, so a later point (partial) is preferred, and the old one is the last resort.
  if (before !== null && windowStart - before.at <= YIELD_START_SLACK_DAYS * DAY_MS) return { at: before.at, distributed_quote: before.distributed_quote, partial: false };
  if (after !== null) return { at: after.at, distributed_quote: after.distributed_quote, partial: true };
  if (before !== null) return { at: before.at, distributed_quote: before.distributed_quote, partial: false };
  return null;
}

function windowYield(coin: YieldInputs, nowMs: number, window: YieldWindow): WindowYield {
  const start = startOf(coin, nowMs, window);
  const history = start === null ? 0 : (nowMs - start.at) / DAY_MS;
  const rewardsQuote = start === null ? 0 : Math.max(0, coin.distributed_quote - start.distributed_quote);
  const rewardsUsd = coin.quote_price_usd === null ? null : rewardsQuote * coin.quote_price_usd;
  const caps = start === null ? [] : coin.daily.filter((p) => p.at >= start.at && p.at <= nowMs).map((p) => p.market_cap_usd);
  caps.push(coin.market_cap_usd);
  const positive = caps.filter((c): c is number => c !== null && c > 0);
  const avgCap = positive.length === 0 ? null : positive.reduce((s, c) => s + c, 0) / positive.length;
  const y = rewardsUsd === null || avgCap === null || history <= 0 ? null : (rewardsUsd / avgCap) * 100;
  const partial = start?.partial ?? window !== 'lifetime';
  return {
    window,
    history_days: round2(history),
    observed_from: start?.at ?? null,
    partial,
    rewards_quote: roundTo(rewardsQuote, 6),
    rewards_usd: rewardsUsd === null ? null : round2(rewardsUsd),
    avg_market_cap_usd: avgCap === null ? null : round2(avgCap),
    yield_pct: y === null ? null : roundTo(y, 4),
    annualized_pct: y === null || history < YIELD_ANNUALIZE_MIN_DAYS ? null : round2((y * DAYS_PER_YEAR) / history),
    caution: history < YIELD_CAUTION_MIN_DAYS || partial,
  };
}

/** Spec rule: the shortest window with ≥ 6.5 days of real history, otherwise lifetime. */
export function yieldBasis(y: Pick<TrailingYields, '7d' | '30d'>): YieldWindow {
  if (y['7d'].history_days >= YIELD_BASIS_MIN_DAYS) return '7d';
  if (y['30d'].history_days >= YIELD_BASIS_MIN_DAYS) return '30d';
  return 'lifetime';
}

export function trailingYields(coin: YieldInputs, nowMs: number): TrailingYields {
  const w7 = windowYield(coin, nowMs, '7d');
  const w30 = windowYield(coin, nowMs, '30d');
  return { '7d': w7, '30d': w30, lifetime: windowYield(coin, nowMs, 'lifetime'), basis: yieldBasis({ '7d': w7, '30d': w30 }) };
}

/**
 * Expected payout per day per USD held, from the basis window: (rewards ÷ average cap) ÷ span days.
 * Null when the basis has no yield (no price, cap or span). 10 significant digits: float noise goes, tiny rates stay.
 */
export function payoutPerDayPerUsd(y: TrailingYields): number | null {
  const b = y[y.basis];
  if (b.yield_pct === null || b.history_days <= 0) return null;
  return roundSig(b.yield_pct / 100 / b.history_days);
}
