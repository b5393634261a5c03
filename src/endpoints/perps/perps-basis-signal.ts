import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { PerpsMarket, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'perps-basis-signal',
  family: 'perps',
  price: '0.015',
  summary: 'Basis / funding carry trades for an asset, filtered by minimum yield',
  description:
    'Per-venue trade economics of a basis (spot versus perp) trade on the asset, the opportunities yielding at ' +
    'least min_yield_apr_pct, and the best trade. Funding-rate venues (reference venues C and D) can yield; pool ' +
    'venues A and B are flagged not viable because they charge borrow on both sides.',
  input: Type.Object(
    {
      asset: PerpsMarket({ description: 'Asset' }),
      min_yield_apr_pct: withDefault(Type.Number({ minimum: 0, maximum: 100, description: 'Minimum yield APR in percent' }), 5),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Basis signal'),
  cacheTtlSeconds: 60,
  example: { asset: 'SOL', min_yield_apr_pct: 5 },
});
