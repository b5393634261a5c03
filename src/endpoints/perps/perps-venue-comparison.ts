import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { PerpsMarket, StringEnum, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'perps-venue-comparison',
  family: 'perps',
  price: '0.020',
  summary: 'Where to open a perps position of a given size: entry cost, borrow, headroom per venue',
  description:
    'Per venue: spot slippage at the requested size, fee, OI cap headroom, first-hour borrow cost and total entry ' +
    'cost; rankings by entry cost, borrow APR and headroom; a recommended venue; and warnings ' +
    'insufficient_headroom, elevated_borrow_rate, high_slippage and stressed or tilted health. Size 100 to ' +
    '10,000,000 USD. Coverage: ETH is unsupported on pool venue B, BONK is not tradable on pool venue A.',
  input: Type.Object(
    {
      market: PerpsMarket({ description: 'Market' }),
      size_usd: Type.Number({ minimum: 100, maximum: 10000000, description: 'Position size in USD' }),
      side: withDefault(StringEnum(['long', 'short'] as const, { description: 'Position side' }), 'long'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Venue comparison'),
  cacheTtlSeconds: 30,
  example: { market: 'SOL', size_usd: 25000, side: 'long' },
});
