/**
 * perps-cross-venue-funding: what holding a long or a short of one asset costs per year on each venue,
 * the cheapest entry per side, each venue's basis against reference venue C, and cross-venue arbitrage.
 *
 * Costs are APR in percent, positive = the holder pays:
 *  - pool venues (`kind: 'pool'`): each side pays its own borrow APR, so both costs are positive;
 *  - funding venues (`kind: 'funding'`): long = funding APR (hourly × 8760 × 100), short = − funding
 *    APR (positive funding: longs pay shorts, the short's cost is negative, it earns).
 * Best entry per side: the lowest cost (ties: venue order A, B, C, D…). Basis vs C: a venue's long cost
 * − C's long cost, in APR points (null when C is unavailable). Arbitrage: every pair of two different
 * venues, long on one and short on the other, with net APR = −(long cost + short cost); listed when
 * ≥ 5 APR points, best first. The pair of the cheapest long and the best-paid short is the first one
 * whenever they are different venues.
 * A venue that does not list the asset or whose data failed is passed as `unavailable` and listed with
 * its reason; any further venue is one more input, nothing else changes.
 */
import type { PerpsAsset, PerpsVenue, PoolMarket, PositionSide, RefMarket } from './venue-data.js';
import { fundingAprPct } from './rates.js';
import { ARBITRAGE_MIN_NET_APR_PTS } from './thresholds.js';
import { aprPct, byText, price, usd } from './units.js';

export type VenueKind = 'pool' | 'funding';
export type VenueUnavailableReason = 'not_listed' | 'leg_failed';

export type FundingVenueInput =
  | { kind: 'pool'; market: PoolMarket }
  | { kind: 'funding'; market: RefMarket }
  | { kind: 'unavailable'; venue: PerpsVenue; reason: VenueUnavailableReason; message: string };

export interface VenueQuote {
  venue: PerpsVenue;
  kind: VenueKind;
  long_cost_apr_pct: number;
  short_cost_apr_pct: number;
  open_interest_usd: number;
  /** Pool venues: the oracle price (null when missing); funding venues: the mark price. */
  price_usd: number | null;
  /** Funding venues only: the hourly funding fraction as the venue reports it. */
  funding_rate_hourly: number | null;
  /** This venue's long cost − venue C's, APR points; null when C is unavailable. */
  basis_vs_c_apr_pts: number | null;
}

export interface SideEntry {
  venue: PerpsVenue;
  cost_apr_pct: number;
}

export interface ArbitrageOpportunity {
  long_venue: PerpsVenue;
  short_venue: PerpsVenue;
  long_cost_apr_pct: number;
  short_cost_apr_pct: number;
  net_apr_pct: number;
}

export interface FundingComparison {
  asset: PerpsAsset;
  quotes: VenueQuote[];
  best_entry: Record<PositionSide, SideEntry | null>;
  arbitrage: ArbitrageOpportunity[];
  unavailable: { venue: PerpsVenue; reason: VenueUnavailableReason; message: string }[];
  thresholds: { arbitrage_min_net_apr_pts: number };
}

const byVenue = (a: { venue: string }, b: { venue: string }) => byText(a.venue, b.venue);

function quoteOf(input: Exclude<FundingVenueInput, { kind: 'unavailable' }>): Omit<VenueQuote, 'basis_vs_c_apr_pts'> {
  if (input.kind === 'pool') {
    const m = input.market;
    return {
      venue: m.venue,
      kind: 'pool',
      long_cost_apr_pct: aprPct(m.long.borrowAprPct),
      short_cost_apr_pct: aprPct(m.short.borrowAprPct),
      open_interest_usd: usd(m.long.openInterestUsd + m.short.openInterestUsd),
      price_usd: m.oraclePriceUsd === null ? null : price(m.oraclePriceUsd),
      funding_rate_hourly: null,
    };
  }
  const m = input.market;
  const apr = fundingAprPct(m.fundingRateHourly);
  return {
    venue: m.venue,
    kind: 'funding',
    long_cost_apr_pct: aprPct(apr),
    short_cost_apr_pct: aprPct(-apr),
    open_interest_usd: usd(m.openInterestUsd),
    price_usd: price(m.markPriceUsd),
    funding_rate_hourly: m.fundingRateHourly,
  };
}

function bestEntry(quotes: readonly VenueQuote[], side: PositionSide): SideEntry | null {
  const cost = (q: VenueQuote) => (side === 'long' ? q.long_cost_apr_pct : q.short_cost_apr_pct);
  let best: VenueQuote | null = null;
  for (const q of quotes) if (best === null || cost(q) < cost(best)) best = q;
  return best === null ? null : { venue: best.venue, cost_apr_pct: cost(best) };
}

export function arbitrageOpportunities(quotes: readonly VenueQuote[], minNetAprPts = ARBITRAGE_MIN_NET_APR_PTS): ArbitrageOpportunity[] {
  const out: ArbitrageOpportunity[] = [];
  for (const long of quotes) {
    for (const short of quotes) {
      if (long.venue === short.venue) continue;
      const net = aprPct(-(long.long_cost_apr_pct + short.short_cost_apr_pct));
      if (net >= minNetAprPts) {
        out.push({ long_venue: long.venue, short_venue: short.venue, long_cost_apr_pct: long.long_cost_apr_pct, short_cost_apr_pct: short.short_cost_apr_pct, net_apr_pct: net });
      }
    }
  }
  return out.sort((a, b) => b.net_apr_pct - a.net_apr_pct || byText(a.long_venue, b.long_venue) || byText(a.short_venue, b.short_venue));
}

export function fundingComparison(asset: PerpsAsset, venues: readonly FundingVenueInput[]): FundingComparison {
  const raw = venues.flatMap((v) => (v.kind === 'unavailable' ? [] : [quoteOf(v)])).sort(byVenue);
  const c = raw.find((q) => q.venue === 'C');
  const quotes: VenueQuote[] = raw.map((q) => ({ ...q, basis_vs_c_apr_pts: c === undefined ? null : aprPct(q.long_cost_apr_pct - c.long_cost_apr_pct) }));
  const unavailable = venues
    .flatMap((v) => (v.kind === 'unavailable' ? [{ venue: v.venue, reason: v.reason, message: v.message }] : []))
    .sort(byVenue);
  return {
    asset,
    quotes,
    best_entry: { long: bestEntry(quotes, 'long'), short: bestEntry(quotes, 'short') },
    arbitrage: arbitrageOpportunities(quotes),
    unavailable,
    thresholds: { arbitrage_min_net_apr_pts: ARBITRAGE_MIN_NET_APR_PTS },
  };
}
