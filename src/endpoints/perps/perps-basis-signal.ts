import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { PerpsMarket, withDefault } from '../../registry/fields.js';
import { basisSignal } from './shared/funding-answers.js';
import { basisSignalBriefing } from './shared/funding-briefings.js';
import { BasisSignalSchema } from './shared/funding-schema.js';

export default defineEndpoint({
  key: 'perps-basis-signal',
  family: 'perps',
  price: '0.015',
  summary: 'Basis / funding carry trades for an asset, filtered by minimum yield',
  description:
    'The cash-and-carry trade on the asset (buy spot, short the same notional as a perp: the short\'s funding is ' +
    'the yield) on each of the four venues. Per venue: funding APR the short receives (hourly × 8760 × 100), round-' +
    'trip fees (2 × (perp taker + spot fee) in bps) annualized over the holding period, net yield APR, viable or ' +
    'not and why; the opportunities netting at least min_yield_apr_pct, best first; and the best trade. Funding-' +
    'rate venues (reference venues C and D) can yield; pool venues A and B are never viable (borrow_on_both_sides: ' +
    'a pool short pays its borrow APR instead of receiving funding); negative funding is negative_funding; fees ' +
    'taking the whole yield is fees_exceed_funding. Assumptions echoed in the answer: 30-day hold, perp taker fees ' +
    'C 4.5 bps and D 5 bps, spot leg 10 bps. Venues not listing the asset (ETH on B, BONK on A) or failing now are ' +
    'listed under unavailable with the reason.',
  input: Type.Object(
    {
      asset: PerpsMarket({ description: 'Asset' }),
      min_yield_apr_pct: withDefault(Type.Number({ minimum: 0, maximum: 100, description: 'Minimum yield APR in percent' }), 5),
    },
    { additionalProperties: false },
  ),
  output: BasisSignalSchema,
  cacheTtlSeconds: 60,
  example: { asset: 'SOL', min_yield_apr_pct: 5 },
  handler: (input, ctx) => basisSignal(input, ctx),
  briefing: basisSignalBriefing,
});
