/**
 * perps-trader-profile: a wallet's open positions on pool venues A and B, per venue and combined, with
 * a holding-style classification, a directional bias and profile-level risk flags.
 *
 * - Classification from the size-weighted median position age (the age at which positions holding half
 *   the total size are at most that old: sort by age, the first age whose cumulative size reaches half):
 *   `scalper` < 4 h ≤ `swing` < 7 d (168 h) ≤ `position`; null without positions.
 * - Directional bias: long notional share ≥ 60 % `long`, ≤ 40 % `short`, else `neutral` (bias.ts).
 * - `multi_venue`: open positions on both A and B.
 * - Profile risk flags: `high_leverage` / `near_liquidation` when any position has that flag, `losing`
 *   when the combined unrealized PnL is known and below 0, `multi_venue` as above.
 * - Unrealized PnL sums (per venue and total) are null when any position in them has no PnL: a partial
 *   sum would read as the whole. A venue without positions sums to 0.
 */
import type { PoolVenue } from './venue-data.js';
import { directionalBias, type DirectionalBias } from './bias.js';
import type { PoolPositionRiskFlag, PoolPositionView } from './pool-position.js';
import { SCALPER_MAX_AGE_HOURS, SWING_MAX_AGE_HOURS } from './thresholds.js';
import { byText, lev, pct, sumUsd } from './units.js';

export type TraderClassification = 'scalper' | 'swing' | 'position';
export type TraderRiskFlag = PoolPositionRiskFlag | 'multi_venue';

export interface VenueBreakdown {
  positions: number;
  notional_usd: number;
  collateral_usd: number;
  unrealized_pnl_usd: number | null;
}

export interface PoolTraderTotals extends VenueBreakdown {
  long_notional_usd: number;
  short_notional_usd: number;
  /** Long share of notional; null without positions. */
  long_pct: number | null;
  /** Total notional ÷ total collateral; null without collateral. */
  leverage: number | null;
  /** Total unrealized PnL ÷ total collateral × 100; null when either is unknown or 0 collateral. */
  pnl_pct: number | null;
}

export interface PoolTraderProfile {
  positions: PoolPositionView[];
  by_venue: Record<PoolVenue, VenueBreakdown>;
  totals: PoolTraderTotals;
  classification: TraderClassification | null;
  weighted_median_age_hours: number | null;
  classification_reason: string;
  directional_bias: DirectionalBias | null;
  directional_bias_reason: string;
  multi_venue: boolean;
  risk_flags: TraderRiskFlag[];
}

function breakdown(views: readonly PoolPositionView[]): VenueBreakdown {
  const pnls = views.map((v) => v.unrealized_pnl_usd);
  return {
    positions: views.length,
    notional_usd: sumUsd(views.map((v) => v.size_usd)),
    collateral_usd: sumUsd(views.map((v) => v.collateral_usd)),
    unrealized_pnl_usd: pnls.every((x): x is number => x !== null) ? sumUsd(pnls) : null,
  };
}

/** The size-weighted median of the positions' ages (hours); null without positions. */
export function weightedMedianAgeHours(views: readonly Pick<PoolPositionView, 'position_age_hours' | 'size_usd'>[]): number | null {
  if (views.length === 0) return null;
  const sorted = [...views].sort((a, b) => a.position_age_hours - b.position_age_hours);
  const total = sorted.reduce((s, v) => s + v.size_usd, 0);
  // Without any size (cannot happen for open positions) every position weighs the same.
  const weight = (v: (typeof sorted)[number]) => (total > 0 ? v.size_usd : 1);
  const half = (total > 0 ? total : sorted.length) / 2;
  let cumulative = 0;
  for (const v of sorted) {
    cumulative += weight(v);
    if (cumulative >= half) return v.position_age_hours;
  }
  return sorted[sorted.length - 1]!.position_age_hours;
}

export function classifyByAge(medianAgeHours: number | null): { classification: TraderClassification | null; reason: string } {
  if (medianAgeHours === null) return { classification: null, reason: 'no open positions' };
  if (medianAgeHours < SCALPER_MAX_AGE_HOURS) {
    return { classification: 'scalper', reason: `size-weighted median position age ${medianAgeHours} h < ${SCALPER_MAX_AGE_HOURS} h` };
  }
  if (medianAgeHours < SWING_MAX_AGE_HOURS) {
    return { classification: 'swing', reason: `size-weighted median position age ${medianAgeHours} h is between ${SCALPER_MAX_AGE_HOURS} h and ${SWING_MAX_AGE_HOURS} h` };
  }
  return { classification: 'position', reason: `size-weighted median position age ${medianAgeHours} h ≥ ${SWING_MAX_AGE_HOURS} h (7 days)` };
}

const VENUE_ORDER: Record<PoolVenue, number> = { A: 0, B: 1 };

export function poolTraderProfile(views: readonly PoolPositionView[]): PoolTraderProfile {
  const positions = [...views].sort(
    (a, b) => VENUE_ORDER[a.venue] - VENUE_ORDER[b.venue] || byText(a.asset, b.asset) || byText(a.side, b.side) || byText(a.address, b.address),
  );
  const onA = positions.filter((v) => v.venue === 'A');
  const onB = positions.filter((v) => v.venue === 'B');
  const total = breakdown(positions);
  const longUsd = positions.filter((v) => v.side === 'long').reduce((s, v) => s + v.size_usd, 0);
  const shortUsd = positions.filter((v) => v.side === 'short').reduce((s, v) => s + v.size_usd, 0);
  const bias = directionalBias(longUsd, shortUsd);
  const median = weightedMedianAgeHours(positions);
  const byAge = classifyByAge(median);
  const multiVenue = onA.length > 0 && onB.length > 0;

  const flags: TraderRiskFlag[] = [];
  if (positions.some((v) => v.risk_flags.includes('high_leverage'))) flags.push('high_leverage');
  if (positions.some((v) => v.risk_flags.includes('near_liquidation'))) flags.push('near_liquidation');
  if (total.unrealized_pnl_usd !== null && total.unrealized_pnl_usd < 0) flags.push('losing');
  if (multiVenue) flags.push('multi_venue');

  return {
    positions,
    by_venue: { A: breakdown(onA), B: breakdown(onB) },
    totals: {
      ...total,
      long_notional_usd: bias.long_notional_usd,
      short_notional_usd: bias.short_notional_usd,
      long_pct: bias.long_pct,
      leverage: total.collateral_usd > 0 ? lev(total.notional_usd / total.collateral_usd) : null,
      pnl_pct: total.unrealized_pnl_usd !== null && total.collateral_usd > 0 ? pct((total.unrealized_pnl_usd / total.collateral_usd) * 100) : null,
    },
    classification: byAge.classification,
    weighted_median_age_hours: median,
    classification_reason: byAge.reason,
    directional_bias: bias.bias,
    directional_bias_reason: bias.reason,
    multi_venue: multiVenue,
    risk_flags: flags,
  };
}
