/**
 * Directional bias of a set of positions from the long share of their notional (pool trader profile,
 * reference trader profile and smart-money consensus all use this one rule).
 */
import { BIAS_LONG_MIN_PCT, BIAS_SHORT_MAX_PCT } from './thresholds.js';
import { shareOf, usd } from './units.js';

export type DirectionalBias = 'long' | 'short' | 'neutral';

export interface BiasResult {
  /** Null when there is no notional at all. */
  bias: DirectionalBias | null;
  long_notional_usd: number;
  short_notional_usd: number;
  /** Long notional ÷ (long + short) × 100; null when both are 0. */
  long_pct: number | null;
  reason: string;
}

/** `long` when the long share is ≥ 60 %, `short` when ≤ 40 %, else `neutral` (both bounds inclusive). */
export function directionalBias(longUsd: number, shortUsd: number): BiasResult {
  const longPct = shareOf(longUsd, longUsd + shortUsd);
  const base = { long_notional_usd: usd(longUsd), short_notional_usd: usd(shortUsd), long_pct: longPct };
  if (longPct === null) return { ...base, bias: null, reason: 'no open notional' };
  if (longPct >= BIAS_LONG_MIN_PCT) return { ...base, bias: 'long', reason: `long share ${longPct} % ≥ ${BIAS_LONG_MIN_PCT} %` };
  if (longPct <= BIAS_SHORT_MAX_PCT) return { ...base, bias: 'short', reason: `long share ${longPct} % ≤ ${BIAS_SHORT_MAX_PCT} %` };
  return { ...base, bias: 'neutral', reason: `long share ${longPct} % between ${BIAS_SHORT_MAX_PCT} % and ${BIAS_LONG_MIN_PCT} %` };
}
