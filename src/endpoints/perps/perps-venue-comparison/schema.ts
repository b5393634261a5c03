/**
 * Output schema (`data` fields) of perps-venue-comparison. Units (docs/perps.md): money `*_usd` in cents,
 * `slippage_pct` 2 decimals, APR and `total_entry_cost_pct` 4 decimals, fees in basis points of the size.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';
import { AsOf, UnavailableVenueSchema, VenueName, VenueTag } from '../shared/funding-schema.js';

const PoolVenueTag = () => VenueTag("Pool venue tag: 'A' or 'B'");

const VenueEntry = Open({
  venue: PoolVenueTag(),
  venue_name: VenueName(),
  collateral_symbol: Type.String({ description: 'The token the position is collateralized in: a long posts the asset custody\'s token (A: SOL, WBTC, WETH; B: jitoSOL, WBTC, BONK), a short USDC' }),
  collateral_mint: Type.String({ description: 'Its mint (the output of the slippage quote for a long)' }),
  slippage_source: Nullable(Type.String({
    enum: ['aggregator_price_impact', 'usdc_collateral'],
    description: "aggregator_price_impact: the price aggregator's quote of size_usd USDC into the collateral token; usdc_collateral: no swap (0); null: no estimate",
  })),
  slippage_pct: Nullable(Type.Number({ description: 'Estimated spot slippage, percent of size; null when no quote (the total then excludes it)' })),
  slippage_usd: Nullable(Type.Number()),
  open_fee_bps: Type.Number(),
  fee_usd: Type.Number({ description: 'size × open_fee_bps / 10,000' }),
  borrow_apr_pct: Type.Number({ description: "The side's borrow APR now" }),
  first_hour_borrow_usd: Type.Number({ description: 'size × borrow APR / 100 / 8,760' }),
  headroom_usd: Nullable(Type.Number({ description: "Room under the side's open-interest cap; null when the venue sets no cap" })),
  health: Type.String({ enum: ['healthy', 'tilted', 'stressed'], description: "The market's health (perps-market-structure rules)" }),
  total_entry_cost_usd: Type.Number({ description: 'slippage + fee + first-hour borrow, summed then rounded' }),
  total_entry_cost_pct: Type.Number({ description: 'total / size × 100, 4 decimals' }),
  warnings: Type.Array(Open({
    code: Type.String({ enum: ['insufficient_headroom', 'elevated_borrow_rate', 'high_slippage', 'stressed_health', 'tilted_health', 'slippage_unknown'] }),
    message: Type.String(),
  })),
}, "Opening size_usd on one pool venue");

export const VenueComparisonSchema = Open({
  market: Type.String({ enum: ['SOL', 'BTC', 'ETH', 'BONK'] }),
  size_usd: Type.Number(),
  side: Type.String({ enum: ['long', 'short'] }),
  venues: Type.Array(VenueEntry, { description: 'Each pool venue that lists the market and answered, in venue order' }),
  rankings: Open({
    by_total_entry_cost: Type.Array(PoolVenueTag(), { description: 'Cheapest first' }),
    by_borrow_apr: Type.Array(PoolVenueTag(), { description: 'Lowest first' }),
    by_headroom: Type.Array(PoolVenueTag(), { description: 'Most first; a side without a cap comes last' }),
  }, 'Ties by venue letter'),
  recommended_venue: Nullable(PoolVenueTag()),
  recommendation_reason: Type.String({ description: 'Lowest total entry cost among venues with headroom for the size' }),
  unavailable: Type.Array(UnavailableVenueSchema, { description: 'Pool venues without an entry: not listing the market, or failed now' }),
  thresholds: Open({ elevated_borrow_apr_pct: Type.Number(), high_slippage_pct: Type.Number() }),
  as_of: AsOf(),
}, 'Venue comparison');
