import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { PerpsMarket, StringEnum, withDefault } from '../../registry/fields.js';
import { venueComparisonBriefing } from './shared/funding-briefings.js';
import { VenueComparisonSchema } from './perps-venue-comparison/schema.js';
import { venueComparison } from './perps-venue-comparison/venue-entry.js';

export default defineEndpoint({
  key: 'perps-venue-comparison',
  family: 'perps',
  price: '0.020',
  summary: 'Where to open a perps position of a given size: entry cost, borrow, headroom per venue',
  description:
    'Opening size_usd (100 to 10,000,000 USD) on side on each pool venue (A, B) listing the market: spot slippage ' +
    "at that size (a long posts the asset custody's token as collateral — A: SOL, WBTC, WETH; B: jitoSOL, WBTC, " +
    "BONK — so its slippage is the price impact of the price aggregator's quote from USDC into that token; a short " +
    'is collateralized in USDC: 0; no quote → null, excluded from the total and warned), open fee, headroom under ' +
    "the side's open-interest cap, first-hour borrow cost (size × borrow APR / 100 / 8760) and total entry cost in " +
    'USD and percent of size; rankings by entry cost, borrow APR and headroom; the recommended venue (cheapest ' +
    'with headroom for the size) with its reason; and per-venue warnings insufficient_headroom, ' +
    'elevated_borrow_rate (≥ 30 % APR), high_slippage (≥ 1 %), stressed_health or tilted_health, slippage_unknown. ' +
    'Coverage: ETH is unsupported on pool venue B, BONK is not tradable on pool venue A — the absent venue is ' +
    'listed under unavailable with the reason; a venue that cannot be read is a caveat while the other answers.',
  input: Type.Object(
    {
      market: PerpsMarket({ description: 'Market' }),
      size_usd: Type.Number({ minimum: 100, maximum: 10000000, description: 'Position size in USD' }),
      side: withDefault(StringEnum(['long', 'short'] as const, { description: 'Position side' }), 'long'),
    },
    { additionalProperties: false },
  ),
  output: VenueComparisonSchema,
  cacheTtlSeconds: 30,
  example: { market: 'SOL', size_usd: 25000, side: 'long' },
  handler: (input, ctx) => venueComparison(input, ctx),
  briefing: venueComparisonBriefing,
});
