import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { analyzeToken } from '../shared/token-analysis.js';
import { EnrichTokenFullSchema, withPriceRange7d } from '../shared/token-price-range.js';
import { tokenBriefing } from './shared/briefings.js';
import { tokenSnapshot } from '../shared/snapshots.js';

export default defineEndpoint({
  key: 'enrich-token-full',
  family: 'wallet-token',
  price: '0.004',
  summary: 'Full token analysis: light fields plus top 20 holders, HHI concentration and volatility',
  description:
    'Everything in the light token analysis (median price, market cap, volume, liquidity, slippage at 100 / 1K / ' +
    '10K / 100K USD, risk flags, verification status) plus the top 20 holders, the HHI concentration index (sum of ' +
    'squared holder percentages: below 1500 well distributed, up to 2500 moderately, above 2500 highly ' +
    'concentrated) and volatility metrics from the 1h, 6h and 24h price changes (LOW, MODERATE, HIGH, EXTREME). ' +
    'Shares of supply are never above 100: when the largest accounts listed together hold more than the supply read ' +
    '(the two readings disagree), every share and HHI is null with band unknown and the caveat holders_exceed_supply. ' +
    'include_holders defaults to true. price_range_7d: the 7-day high and low price in USD, derived (no configured ' +
    'provider sends candles) from one DefiLlama historical price per hour over the last 168 hours plus the ' +
    'answer\'s current price, with the source, the sampling, the span covered and the time of each extreme; moves ' +
    'inside an hour that no sample caught are not seen. A token with prices for less than the 7 days gets the range ' +
    'over the span it has (complete false, caveat price_range_partial); none at all, or the source down: null with ' +
    'a caveat.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
      include_holders: withDefault(Type.Boolean({ description: 'Include the top 20 holders' }), true),
    },
    { additionalProperties: false },
  ),
  output: EnrichTokenFullSchema,
  cacheTtlSeconds: 120,
  example: { mint: 'Fx65HmRFsFVVnnGhs499Tr9y56v5QjwJYNvSJNAi9dp2', include_holders: true },
  handler: (input, ctx) => withPriceRange7d(input.mint, (c) => analyzeToken(input.mint, { includeHolders: input.include_holders ?? true, full: true }, c), ctx),
  briefing: tokenBriefing,
  snapshot: tokenSnapshot('mint'),
});
