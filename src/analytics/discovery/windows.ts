/**
 * Per-window readings of a token's market (the SHARED STAGE RULES' inputs; docs/discovery.md "Windows").
 *
 *   rate_w      = volumeUsd_w ÷ minutes_w (USD per minute over the window's full length, even when the
 *                 pool is younger than the window: that is what makes a young pool's short windows
 *                 accelerate against its long ones)
 *   buy_share_w = buys_w ÷ (buys_w + sells_w)             (null when either is unknown or both are 0)
 *   a1 = rate_m5 ÷ rate_h1, a2 = rate_h1 ÷ rate_h6, a3 = rate_h6 ÷ rate_h24
 *                 (null when either rate is unknown or the denominator is 0)
 *
 * Ratios and shares are rounded to 4 decimals, money to 2: every rule compares the value a caller sees.
 */
import { round2, round4 } from '../round.js';
import { WINDOW_MINUTES, type LaunchMarket, type MarketWindow, type WindowName } from './types.js';

export const WINDOW_NAMES: readonly WindowName[] = ['m5', 'h1', 'h6', 'h24'];

export interface WindowMetric {
  minutes: number;
  volume_usd: number | null;
  /** USD per minute, 2 decimals. */
  rate_usd_per_min: number | null;
  buys: number | null;
  sells: number | null;
  trades: number | null;
  /** buys ÷ trades, 0–1, 4 decimals. */
  buy_share: number | null;
  /** volume ÷ trades (USD), 2 decimals; null without trades. */
  avg_trade_usd: number | null;
  price_change_pct: number | null;
}

export interface Accelerations {
  a1: number | null;
  a2: number | null;
  a3: number | null;
}

export interface WindowMetrics {
  windows: Record<WindowName, WindowMetric>;
  accelerations: Accelerations;
}

const known = (x: number | null): x is number => x !== null && Number.isFinite(x);

function rawRate(w: MarketWindow, minutes: number): number | null {
  return known(w.volumeUsd) ? w.volumeUsd / minutes : null;
}

/** Ratio of two raw rates, 4 decimals; null when either is unknown or the denominator is 0. */
export function rateRatio(num: number | null, den: number | null): number | null {
  if (num === null || den === null || den === 0) return null;
  return round4(num / den);
}

export function buyShare(buys: number | null, sells: number | null): number | null {
  if (!known(buys) || !known(sells) || buys + sells <= 0) return null;
  return round4(buys / (buys + sells));
}

function metric(w: MarketWindow, minutes: number): WindowMetric {
  const trades = known(w.buys) && known(w.sells) ? w.buys + w.sells : null;
  const rate = rawRate(w, minutes);
  return {
    minutes,
    volume_usd: known(w.volumeUsd) ? w.volumeUsd : null,
    rate_usd_per_min: rate === null ? null : round2(rate),
    buys: known(w.buys) ? w.buys : null,
    sells: known(w.sells) ? w.sells : null,
    trades,
    buy_share: buyShare(w.buys, w.sells),
    avg_trade_usd: trades !== null && trades > 0 && known(w.volumeUsd) ? round2(w.volumeUsd / trades) : null,
    price_change_pct: known(w.priceChangePct) ? w.priceChangePct : null,
  };
}

export function windowMetrics(m: LaunchMarket): WindowMetrics {
  const windows = {} as Record<WindowName, WindowMetric>;
  for (const name of WINDOW_NAMES) windows[name] = metric(m.windows[name], WINDOW_MINUTES[name]);
  // Ratios from the unrounded rates: rounding a $0.004/min rate to 0.00 first would make it "zero".
  const r = (name: WindowName) => rawRate(m.windows[name], WINDOW_MINUTES[name]);
  return {
    windows,
    accelerations: { a1: rateRatio(r('m5'), r('h1')), a2: rateRatio(r('h1'), r('h6')), a3: rateRatio(r('h6'), r('h24')) },
  };
}
