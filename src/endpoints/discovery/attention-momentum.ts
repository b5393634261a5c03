import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { AttentionWindow, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'attention-momentum',
  family: 'discovery',
  price: '0.02',
  summary: 'Tokens ranked by agent-attention acceleration with a price-change overlay',
  description:
    'Tokens ranked by attention acceleration across three consecutive windows of the chosen size (1h, 6h or 24h), ' +
    'with the price change overlaid, a sample_quality flag and divergence classes (early_signal, ' +
    'confirmed_momentum, distribution_risk, fading).',
  input: Type.Object(
    {
      window: withDefault(AttentionWindow(), '6h'),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 25, description: 'Maximum results' }), 10),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Tokens ranked by attention acceleration (three consecutive windows) with price change overlay'),
  cacheTtlSeconds: 60,
  example: { window: '6h', limit: 10 },
});
