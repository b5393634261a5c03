/**
 * Market structure of one pool-venue market (perps-market-structure): open interest and its skew,
 * both sides' utilization, borrow APR, OI caps and headroom, and a health verdict with the flags that
 * explain it.
 *
 * Health: `stressed` when either side's utilization is ≥ 90 % or its headroom is < 10 % of its cap;
 * else `tilted` when one side holds ≥ 75 % of the total OI; else `healthy` (stressed wins over tilted).
 * `high_utilization`, `elevated_borrow` and `oracle_unavailable` are informational flags that do not
 * change the verdict. Every flag is listed once with a reason naming the side(s) and values.
 *
 * Limits and rates a trader sizes with: the hourly borrow rate per side is the shown APR ÷ 8,760 (the
 * program accrues the yearly rate ÷ 8,760 every hour; percent per hour, 8 decimals, so it recomputes from
 * `borrow_apr_pct`); `max_position_size_usd` is the venue's size limit of one position on the market (null:
 * none set, with the reason); `max_open_now_usd` per side is the largest position that fits now, the lower
 * of that limit and the side's headroom under its OI cap (null when neither limits it).
 */
import type { PerpsAsset, PoolMarket, PoolMarketSide, PoolVenue, PositionSide } from './venue-data.js';
import {
  ELEVATED_BORROW_APR_PCT,
  HIGH_UTILIZATION_PCT,
  HOURS_PER_YEAR,
  STRESSED_HEADROOM_PCT_OF_CAP,
  STRESSED_UTILIZATION_PCT,
  TILTED_SIDE_SHARE_PCT,
} from './thresholds.js';
import { aprPct, hourlyPct, pct, price, shareOf, usd } from './units.js';

export type MarketHealth = 'healthy' | 'tilted' | 'stressed';
export type HealthFlagName = 'stressed' | 'tilted' | 'high_utilization' | 'elevated_borrow' | 'oracle_unavailable';

export interface HealthFlag {
  flag: HealthFlagName;
  reason: string;
}

export interface BySide<T> {
  long: T;
  short: T;
}

export interface PoolMarketStructure {
  venue: PoolVenue;
  asset: PerpsAsset;
  oracle_price_usd: number | null;
  open_interest: { long_usd: number; short_usd: number; total_usd: number };
  /** Shares of the total OI; both null when the total is 0. */
  skew: { long_pct: number | null; short_pct: number | null };
  utilization_pct: BySide<number>;
  borrow_apr_pct: BySide<number>;
  /** borrow_apr_pct ÷ 8,760: percent of the position's size charged per hour (8 decimals). */
  borrow_rate_hourly_pct: BySide<number>;
  oi_caps: { long_usd: number | null; short_usd: number | null };
  /** Cap − OI, never below 0; null when the side has no cap. */
  headroom_usd: BySide<number | null>;
  /** Headroom as a percent of the cap (0 for a zero cap: nothing can open); null without a cap. */
  headroom_pct_of_cap: BySide<number | null>;
  open_fee_bps: number;
  close_fee_bps: number;
  max_leverage: number;
  /** The venue's size limit of one position on this market, either side (USD, cents); null when it sets none. */
  max_position_size_usd: number | null;
  /** What limits one position's size here, or why there is no figure. */
  max_position_size_reason: string;
  /** The largest position that fits now per side: min(max_position_size_usd, headroom_usd); null when neither limits it. */
  max_open_now_usd: BySide<number | null>;
  health: MarketHealth;
  health_flags: HealthFlag[];
  updated_at: string | null;
}

const SIDES: readonly PositionSide[] = ['long', 'short'];

/** Room left under a side's OI cap (USD, cents, ≥ 0); null when the venue sets no cap. */
export function sideHeadroomUsd(side: PoolMarketSide): number | null {
  return side.maxOpenInterestUsd === null ? null : usd(Math.max(0, side.maxOpenInterestUsd - side.openInterestUsd));
}

function headroomPctOfCap(side: PoolMarketSide): number | null {
  const headroom = sideHeadroomUsd(side);
  if (headroom === null || side.maxOpenInterestUsd === null) return null;
  return side.maxOpenInterestUsd > 0 ? pct((headroom / side.maxOpenInterestUsd) * 100) : 0;
}

/** The smaller of two limits, either of which may be absent (null: no limit). */
function tighter(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

function maxPositionReason(maxSize: number | null): string {
  return maxSize === null
    ? 'the venue sets no size limit for one position on this market: only the side\'s open-interest cap (headroom_usd) limits it'
    : 'the venue\'s size limit for one position on this market, long or short; the side\'s headroom under its open-interest cap may allow less (max_open_now_usd)';
}

export function poolMarketStructure(m: PoolMarket): PoolMarketStructure {
  const longUsd = usd(m.long.openInterestUsd);
  const shortUsd = usd(m.short.openInterestUsd);
  const totalUsd = usd(m.long.openInterestUsd + m.short.openInterestUsd);
  const longPct = shareOf(m.long.openInterestUsd, m.long.openInterestUsd + m.short.openInterestUsd);
  const skew = { long_pct: longPct, short_pct: longPct === null ? null : pct(100 - longPct) };
  const utilization = { long: pct(m.long.utilizationPct), short: pct(m.short.utilizationPct) };
  const borrow = { long: aprPct(m.long.borrowAprPct), short: aprPct(m.short.borrowAprPct) };
  const headroom = { long: sideHeadroomUsd(m.long), short: sideHeadroomUsd(m.short) };
  const headroomPct = { long: headroomPctOfCap(m.long), short: headroomPctOfCap(m.short) };
  const hourly = { long: hourlyPct(borrow.long / HOURS_PER_YEAR), short: hourlyPct(borrow.short / HOURS_PER_YEAR) };
  const maxSize = m.maxPositionSizeUsd === null ? null : usd(m.maxPositionSizeUsd);

  const flags: HealthFlag[] = [];
  const stressedBy = SIDES.flatMap((s) => {
    const why: string[] = [];
    if (utilization[s] >= STRESSED_UTILIZATION_PCT) why.push(`${s} utilization ${utilization[s]} % ≥ ${STRESSED_UTILIZATION_PCT} %`);
    const h = headroomPct[s];
    if (h !== null && h < STRESSED_HEADROOM_PCT_OF_CAP) why.push(`${s} headroom ${headroom[s]} USD is ${h} % of its cap (< ${STRESSED_HEADROOM_PCT_OF_CAP} %)`);
    return why;
  });
  if (stressedBy.length > 0) flags.push({ flag: 'stressed', reason: stressedBy.join('; ') });

  const tiltedSide = longPct === null ? null : longPct >= TILTED_SIDE_SHARE_PCT ? 'long' : skew.short_pct! >= TILTED_SIDE_SHARE_PCT ? 'short' : null;
  if (tiltedSide !== null) {
    const share = tiltedSide === 'long' ? skew.long_pct : skew.short_pct;
    flags.push({ flag: 'tilted', reason: `${tiltedSide} side holds ${share} % of open interest (≥ ${TILTED_SIDE_SHARE_PCT} %)` });
  }
  const highUtil = SIDES.filter((s) => utilization[s] >= HIGH_UTILIZATION_PCT);
  if (highUtil.length > 0) {
    flags.push({ flag: 'high_utilization', reason: highUtil.map((s) => `${s} utilization ${utilization[s]} % ≥ ${HIGH_UTILIZATION_PCT} %`).join('; ') });
  }
  const highBorrow = SIDES.filter((s) => borrow[s] >= ELEVATED_BORROW_APR_PCT);
  if (highBorrow.length > 0) {
    flags.push({ flag: 'elevated_borrow', reason: highBorrow.map((s) => `${s} borrow APR ${borrow[s]} % ≥ ${ELEVATED_BORROW_APR_PCT} %`).join('; ') });
  }
  if (m.oraclePriceUsd === null) flags.push({ flag: 'oracle_unavailable', reason: "the venue's oracle has no usable price for this asset" });

  const health: MarketHealth = stressedBy.length > 0 ? 'stressed' : tiltedSide !== null ? 'tilted' : 'healthy';
  return {
    venue: m.venue,
    asset: m.asset,
    oracle_price_usd: m.oraclePriceUsd === null ? null : price(m.oraclePriceUsd),
    open_interest: { long_usd: longUsd, short_usd: shortUsd, total_usd: totalUsd },
    skew,
    utilization_pct: utilization,
    borrow_apr_pct: borrow,
    borrow_rate_hourly_pct: hourly,
    oi_caps: {
      long_usd: m.long.maxOpenInterestUsd === null ? null : usd(m.long.maxOpenInterestUsd),
      short_usd: m.short.maxOpenInterestUsd === null ? null : usd(m.short.maxOpenInterestUsd),
    },
    headroom_usd: headroom,
    headroom_pct_of_cap: headroomPct,
    open_fee_bps: m.openFeeBps,
    close_fee_bps: m.closeFeeBps,
    max_leverage: m.maxLeverage,
    max_position_size_usd: maxSize,
    max_position_size_reason: maxPositionReason(maxSize),
    max_open_now_usd: { long: tighter(maxSize, headroom.long), short: tighter(maxSize, headroom.short) },
    health,
    health_flags: flags,
    updated_at: m.updatedAt,
  };
}
