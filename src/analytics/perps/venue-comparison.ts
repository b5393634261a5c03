/**
 * perps-venue-comparison: what opening `size_usd` on one side costs on each pool venue, and which venue
 * to use.
 *
 * Entry cost = slippage (size × slippage %, 0 when no estimate, with a `slippage_unknown` warning) + open
 * fee (size × openFeeBps / 10⁴) + the first hour of borrow (size × side's borrow APR / 100 / 8760); as
 * USD (cents, summed before rounding) and as a percent of size (4 decimals).
 * Warnings: `insufficient_headroom` (the side's headroom under its OI cap < size), `elevated_borrow_rate`
 * (side's borrow APR ≥ 30 %), `high_slippage` (slippage ≥ 1 %), `stressed_health` / `tilted_health`
 * (the market's health, market-structure.ts), `slippage_unknown`.
 * Ranking: by total entry cost (ascending), by borrow APR (ascending), by headroom (descending; a side
 * without a reported cap has no headroom figure and comes last); ties by venue letter. Recommended venue: the lowest total entry cost
 * among venues without `insufficient_headroom`; null when every venue lacks headroom.
 */
import type { PerpsAsset, PoolMarket, PoolVenue, PositionSide } from './venue-data.js';
import { poolMarketStructure, sideHeadroomUsd, type MarketHealth } from './market-structure.js';
import { hourlyCostUsd } from './rates.js';
import { ELEVATED_BORROW_APR_PCT, HIGH_SLIPPAGE_PCT } from './thresholds.js';
import { aprPct, byText, pct, usd } from './units.js';

export type EntryWarningCode = 'insufficient_headroom' | 'elevated_borrow_rate' | 'high_slippage' | 'stressed_health' | 'tilted_health' | 'slippage_unknown';

export interface EntryWarning {
  code: EntryWarningCode;
  message: string;
}

export interface VenueEntryCost {
  venue: PoolVenue;
  asset: PerpsAsset;
  side: PositionSide;
  size_usd: number;
  slippage_pct: number | null;
  slippage_usd: number | null;
  open_fee_bps: number;
  fee_usd: number;
  borrow_apr_pct: number;
  first_hour_borrow_usd: number;
  /** Null when the side has no OI cap (unlimited). */
  headroom_usd: number | null;
  health: MarketHealth;
  total_entry_cost_usd: number;
  total_entry_cost_pct: number;
  warnings: EntryWarning[];
}

export function venueEntryCost(args: { market: PoolMarket; sizeUsd: number; side: PositionSide; slippagePct: number | null }): VenueEntryCost {
  const { market, sizeUsd, side } = args;
  const book = market[side];
  const slippagePct = args.slippagePct === null ? null : pct(args.slippagePct);
  const slippageUsd = args.slippagePct === null ? null : (sizeUsd * args.slippagePct) / 100;
  const fee = (sizeUsd * market.openFeeBps) / 10_000;
  const borrowApr = aprPct(book.borrowAprPct);
  const firstHour = hourlyCostUsd(sizeUsd, book.borrowAprPct);
  const total = (slippageUsd ?? 0) + fee + firstHour;
  const headroom = sideHeadroomUsd(book);
  const health = poolMarketStructure(market).health;

  const warnings: EntryWarning[] = [];
  if (headroom !== null && headroom < sizeUsd) {
    warnings.push({ code: 'insufficient_headroom', message: `${side} headroom ${headroom} USD under the OI cap is less than the size ${usd(sizeUsd)} USD` });
  }
  if (borrowApr >= ELEVATED_BORROW_APR_PCT) warnings.push({ code: 'elevated_borrow_rate', message: `${side} borrow APR ${borrowApr} % ≥ ${ELEVATED_BORROW_APR_PCT} %` });
  if (slippagePct === null) warnings.push({ code: 'slippage_unknown', message: 'no slippage estimate: the total excludes slippage' });
  else if (slippagePct >= HIGH_SLIPPAGE_PCT) warnings.push({ code: 'high_slippage', message: `estimated slippage ${slippagePct} % ≥ ${HIGH_SLIPPAGE_PCT} %` });
  if (health === 'stressed') warnings.push({ code: 'stressed_health', message: `venue ${market.venue}'s ${market.asset} market is stressed` });
  if (health === 'tilted') warnings.push({ code: 'tilted_health', message: `venue ${market.venue}'s ${market.asset} market is tilted to one side` });

  return {
    venue: market.venue,
    asset: market.asset,
    side,
    size_usd: usd(sizeUsd),
    slippage_pct: slippagePct,
    slippage_usd: slippageUsd === null ? null : usd(slippageUsd),
    open_fee_bps: market.openFeeBps,
    fee_usd: usd(fee),
    borrow_apr_pct: borrowApr,
    first_hour_borrow_usd: usd(firstHour),
    headroom_usd: headroom,
    health,
    total_entry_cost_usd: usd(total),
    total_entry_cost_pct: sizeUsd > 0 ? aprPct((total / sizeUsd) * 100) : 0,
    warnings,
  };
}

export interface VenueRanking {
  by_total_entry_cost: PoolVenue[];
  by_borrow_apr: PoolVenue[];
  by_headroom: PoolVenue[];
  recommended_venue: PoolVenue | null;
  recommendation_reason: string;
}

export function rankVenues(costs: readonly VenueEntryCost[]): VenueRanking {
  const venues = (sorted: VenueEntryCost[]) => sorted.map((c) => c.venue);
  const byCost = [...costs].sort((a, b) => a.total_entry_cost_usd - b.total_entry_cost_usd || byText(a.venue, b.venue));
  const byApr = [...costs].sort((a, b) => a.borrow_apr_pct - b.borrow_apr_pct || byText(a.venue, b.venue));
  const byHeadroom = [...costs].sort((a, b) => {
    if (a.headroom_usd === null || b.headroom_usd === null) return (a.headroom_usd === null ? 1 : 0) - (b.headroom_usd === null ? 1 : 0) || byText(a.venue, b.venue);
    return b.headroom_usd - a.headroom_usd || byText(a.venue, b.venue);
  });
  const eligible = byCost.filter((c) => !c.warnings.some((w) => w.code === 'insufficient_headroom'));
  const pick = eligible[0];
  let reason: string;
  if (costs.length === 0) reason = 'no venue lists this market';
  else if (pick === undefined) reason = 'no venue has headroom under its open-interest cap for this size';
  else {
    const skipped = byCost.slice(0, byCost.indexOf(pick)).map((c) => c.venue);
    reason =
      `lowest total entry cost: ${pick.total_entry_cost_usd} USD (${pick.total_entry_cost_pct} % of size)` +
      (skipped.length > 0 ? `; cheaper ${skipped.join(', ')} lack${skipped.length === 1 ? 's' : ''} headroom for this size` : '');
  }
  return {
    by_total_entry_cost: venues(byCost),
    by_borrow_apr: venues(byApr),
    by_headroom: venues(byHeadroom),
    recommended_venue: pick?.venue ?? null,
    recommendation_reason: reason,
  };
}
