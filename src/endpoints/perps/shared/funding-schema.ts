/**
 * Output schemas (`data` fields) of perps-cross-venue-funding and perps-basis-signal, and the venue pieces
 * perps-venue-comparison shares. Units (docs/perps.md "Units and rounding"): APRs and APR points in percent
 * per year, 4 decimals; money `*_usd` in cents; prices 10 significant digits; times ISO. Venues are the
 * neutral tags 'A'–'D' (pool venues A and B, reference venues C and D); a venue added later is one more tag.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

export const VenueTag = (description = "Venue tag: 'A', 'B' (pool venues), 'C', 'D' (reference venues); more as venues are added") =>
  Type.String({ description });
export const VenueName = () => Type.String({ description: "The venue's neutral name, e.g. 'pool venue A', 'reference venue C'" });
const VenueKind = Type.String({ enum: ['pool', 'funding'], description: 'pool: both sides pay a borrow APR; funding: one side pays the other an hourly funding rate' });
const Apr = (description: string) => Type.Number({ description: `${description} (percent per year, 4 decimals)` });

export const UnavailableVenueSchema = Open({
  venue: VenueTag(),
  venue_name: VenueName(),
  reason: Type.String({ enum: ['not_listed', 'leg_failed'], description: 'not_listed: the venue does not list the asset (coverage rules); leg_failed: its data could not be read now' }),
  message: Type.String(),
}, 'A venue without a quote, and why (never zeros)');

export const AsOf = () => Type.String({ description: 'The moment the venues were read (ISO 8601 UTC)' });

// ---------------------------------------------------------------------------------------------
// perps-cross-venue-funding

const FundingQuote = Open({
  venue: VenueTag(),
  venue_name: VenueName(),
  kind: VenueKind,
  long_cost_apr_pct: Apr('What holding a long costs; positive = the holder pays. Pool: the long side\'s borrow APR; funding: hourly funding × 8760 × 100'),
  short_cost_apr_pct: Apr('What holding a short costs; positive = the holder pays. Pool: the short side\'s borrow APR; funding: − funding APR (negative = the short earns)'),
  open_interest_usd: Type.Number({ description: 'Pool: long + short open interest; funding: the venue\'s open interest' }),
  price_usd: Nullable(Type.Number({ description: 'Pool: oracle price (null when the oracle has no usable price); funding: mark price' })),
  funding_rate_hourly: Nullable(Type.Number({ description: 'Funding venues: the hourly funding fraction as reported (positive = longs pay shorts); null on pool venues' })),
  basis_vs_c_apr_pts: Nullable(Type.Number({ description: "This venue's long cost − reference venue C's long cost, APR points; null when C is not in the answer" })),
}, 'One venue quote');

const SideEntry = Nullable(Open({
  venue: VenueTag(),
  venue_name: VenueName(),
  cost_apr_pct: Apr('The cost of that side on that venue'),
}, 'The cheapest venue for the side (ties: venue order); null when no venue quotes'));

export const FundingComparisonSchema = Open({
  market: Type.String({ enum: ['SOL', 'BTC', 'ETH', 'BONK'] }),
  include_reference: Type.Boolean({ description: 'Whether reference venues C and D were read' }),
  venues_considered: Type.Array(VenueTag(), { description: 'The venues this answer covers: A and B, plus C and D unless include_reference is false' }),
  quotes: Type.Array(FundingQuote, { description: 'One per venue that answered with the market, in venue order' }),
  best_entry: Open({ long: SideEntry, short: SideEntry }),
  basis_reference: Open({
    venue: VenueTag('The venue basis is measured against (reference venue C)'),
    available: Type.Boolean(),
    note: Type.String({ description: 'Why basis_vs_c_apr_pts is null when it is' }),
  }),
  arbitrage: Type.Array(Open({
    long_venue: VenueTag(),
    short_venue: VenueTag(),
    long_cost_apr_pct: Apr('The long leg\'s cost'),
    short_cost_apr_pct: Apr('The short leg\'s cost'),
    net_apr_pct: Apr('−(long cost + short cost): what holding both legs earns'),
  }), { description: 'Long on one venue and short on another, net ≥ thresholds.arbitrage_min_net_apr_pts, best first' }),
  unavailable: Type.Array(UnavailableVenueSchema, { description: 'Venues considered that have no quote: not listing the market, or failed now' }),
  thresholds: Open({ arbitrage_min_net_apr_pts: Type.Number() }),
  as_of: AsOf(),
}, 'Funding comparison');

// ---------------------------------------------------------------------------------------------
// perps-basis-signal

const BasisVenue = Open({
  venue: VenueTag(),
  venue_name: VenueName(),
  kind: VenueKind,
  funding_rate_hourly: Nullable(Type.Number({ description: 'Funding venues: the hourly funding fraction as reported; null on pool venues' })),
  funding_apr_pct: Nullable(Apr('Funding venues: the APR a short receives (negative: the short pays); null on pool venues')),
  short_borrow_apr_pct: Nullable(Apr('Pool venues: the borrow APR a short pays; null on funding venues')),
  round_trip_fee_bps: Nullable(Type.Number({ description: '2 × (perp taker fee + spot fee), basis points of the notional; null on pool venues' })),
  fee_drag_apr_pct: Nullable(Apr('The round trip annualized over the holding period (bps / 100 × 365 / hold days); null on pool venues')),
  net_yield_apr_pct: Apr('Funding: funding APR − fee drag; pool: − short borrow APR'),
  viable: Type.Boolean(),
  reason: Nullable(Type.String({ enum: ['borrow_on_both_sides', 'negative_funding', 'fees_exceed_funding'], description: 'Why the trade is not viable; null when it is' })),
  message: Type.String(),
}, 'The cash-and-carry (long spot, short perp) on one venue');

export const BasisSignalSchema = Open({
  asset: Type.String({ enum: ['SOL', 'BTC', 'ETH', 'BONK'] }),
  min_yield_apr_pct: Type.Number({ description: 'The minimum net yield an opportunity needs (inclusive)' }),
  assumptions: Open({
    hold_days: Type.Number({ description: 'Holding period the round-trip fees are spread over' }),
    spot_fee_bps: Type.Number({ description: 'Spot leg fee per fill' }),
    taker_fee_bps: Type.Record(Type.String(), Type.Number(), { description: 'Perp taker fee per fill, by funding venue' }),
  }, 'Fee and holding assumptions (not read from the venues)'),
  venues: Type.Array(BasisVenue, { description: 'Every venue that answered with the asset, in venue order' }),
  opportunities: Type.Array(BasisVenue, { description: 'Viable venues with net yield ≥ min_yield_apr_pct, best first' }),
  best_trade: Nullable(Open({ venue: VenueTag(), venue_name: VenueName(), net_yield_apr_pct: Type.Number() }, 'The first opportunity; null when there is none')),
  best_trade_reason: Type.String(),
  unavailable: Type.Array(UnavailableVenueSchema),
  as_of: AsOf(),
}, 'Basis signal');
