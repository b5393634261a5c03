/**
 * Volatility from the 1h, 6h and 24h percent price changes (spec "Scoring definitions").
 *
 * Formula. Under a random walk the standard deviation of a return over h hours is σ_hour·√h, so
 * each observed change c_h is one estimate of the hourly σ:  σ̂_h = |c_h| / √h  (h = 1, 6, 24).
 * The estimates are pooled by root-mean-square over the windows available,
 *     σ_hour = √( mean( σ̂_h² ) ),
 * and scaled to a day:  daily_std_pct = σ_hour · √24.
 * E.g. c1h = 1, c6h = −3, c24h = 6 → σ̂ = 1, 1.2247, 1.2247 → σ_hour = √((1 + 1.5 + 1.5)/3) =
 * 1.1547 → daily 5.6569 %.
 * Missing (null/absent/non-finite) changes are skipped. With none available the result is
 * `daily_std_pct: null`, level `UNKNOWN` — never LOW: no data is not calm data.
 *
 * Levels (lower-inclusive): LOW < 3 ≤ MODERATE < 8 ≤ HIGH ≤ 15 < EXTREME, applied to the
 * 2-decimal value that is reported.
 */
import { isFiniteNumber, round2, round4 } from './round.js';
import type { PriceChanges } from './types.js';

export type VolatilityLevel = 'LOW' | 'MODERATE' | 'HIGH' | 'EXTREME' | 'UNKNOWN';

export interface VolatilityResult {
  daily_std_pct: number | null;
  level: VolatilityLevel;
  estimates_used: { window: '1h' | '6h' | '24h'; change_pct: number; hourly_sigma_pct: number }[];
  method: 'rms_random_walk';
}

/** Level of a daily standard deviation in percent (null → UNKNOWN). */
export function volatilityLevel(dailyStdPct: number | null): VolatilityLevel {
  if (dailyStdPct === null || !Number.isFinite(dailyStdPct)) return 'UNKNOWN';
  const v = round2(dailyStdPct);
  if (v < 3) return 'LOW';
  if (v < 8) return 'MODERATE';
  if (v <= 15) return 'HIGH';
  return 'EXTREME';
}

export function estimateVolatility(changes: PriceChanges): VolatilityResult {
  const windows = [
    ['1h', 1, changes.change_1h_pct],
    ['6h', 6, changes.change_6h_pct],
    ['24h', 24, changes.change_24h_pct],
  ] as const;
  const used: VolatilityResult['estimates_used'] = [];
  const sigmas: number[] = [];
  for (const [window, hours, change] of windows) {
    if (!isFiniteNumber(change)) continue;
    const sigma = Math.abs(change) / Math.sqrt(hours);
    sigmas.push(sigma);
    used.push({ window, change_pct: change, hourly_sigma_pct: round4(sigma) });
  }
  if (sigmas.length === 0) return { daily_std_pct: null, level: 'UNKNOWN', estimates_used: [], method: 'rms_random_walk' };
  const hourly = Math.sqrt(sigmas.reduce((s, x) => s + x * x, 0) / sigmas.length);
  const daily = round2(hourly * Math.sqrt(24));
  return { daily_std_pct: daily, level: volatilityLevel(daily), estimates_used: used, method: 'rms_random_walk' };
}
