import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { PerpsMarket, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'perps-cross-venue-funding',
  family: 'perps',
  price: '0.015',
  summary: 'Funding and borrow rates of one market across perps venues, best entry per side, basis, arbitrage',
  description:
    'Per-venue quotes (borrow or funding APR, open interest) for the market across pool venues A and B and, unless ' +
    'include_reference is false, reference venues C and D; the best entry per side, basis versus reference venue C ' +
    'and arbitrage opportunities. Coverage: ETH is unsupported on pool venue B, BONK is not tradable on pool venue A. ' +
    'New venues are added as they launch.',
  input: Type.Object(
    {
      market: PerpsMarket({ description: 'Market' }),
      include_reference: withDefault(Type.Boolean({ description: 'Include reference venues C and D' }), true),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Funding comparison'),
  cacheTtlSeconds: 60,
  example: { market: 'SOL', include_reference: true },
});
