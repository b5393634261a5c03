import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { PerpsMarket, withDefault } from '../../registry/fields.js';
import { crossVenueFunding } from './shared/funding-answers.js';
import { crossVenueFundingBriefing } from './shared/funding-briefings.js';
import { FundingComparisonSchema } from './shared/funding-schema.js';

export default defineEndpoint({
  key: 'perps-cross-venue-funding',
  family: 'perps',
  price: '0.015',
  summary: 'Funding and borrow rates of one market across perps venues, best entry per side, basis, arbitrage',
  description:
    'What holding a long or a short of the market costs per year on each venue: pool venues A and B and, unless ' +
    'include_reference is false, reference venues C and D. Per-venue quotes: long and short cost APR in percent ' +
    '(positive = the holder pays; pool venues charge each side its borrow APR, funding venues charge longs the ' +
    'funding APR = hourly rate × 8760 × 100 and pay it to shorts), open interest, price and the hourly funding rate; ' +
    'the cheapest venue per side; basis versus reference venue C (a venue\'s long cost − C\'s, APR points; null ' +
    'without C); arbitrage pairs (long on one venue, short on another) netting at least 5 APR points, best first. ' +
    'Venues without a quote are listed under unavailable with the reason: not_listed (ETH is unsupported on pool ' +
    'venue B, BONK is not tradable on pool venue A) or leg_failed (the venue could not be read now: a caveat, and ' +
    'the others still answer; the call fails uncharged only when every venue fails). New venues are added as they ' +
    'launch: each is one more quote, nothing else changes.',
  input: Type.Object(
    {
      market: PerpsMarket({ description: 'Market' }),
      include_reference: withDefault(Type.Boolean({ description: 'Include reference venues C and D' }), true),
    },
    { additionalProperties: false },
  ),
  output: FundingComparisonSchema,
  cacheTtlSeconds: 60,
  example: { market: 'SOL', include_reference: true },
  handler: (input, ctx) => crossVenueFunding(input, ctx),
  briefing: crossVenueFundingBriefing,
});
