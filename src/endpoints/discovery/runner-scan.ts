import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'runner-scan',
  family: 'discovery',
  price: '0.04',
  summary: 'Young tokens classified by runner stage with a velocity score',
  description:
    'Tokens younger than max_token_age_hours passing the liquidity and 1h-volume filters, each with a runner stage ' +
    '(RUNNING accelerating across 2+ windows, IGNITING 1 window unconfirmed, PARABOLIC_LATE, FADING, QUIET), a ' +
    'velocity score 0 to 1, reasoning, a wash-trade heuristic flag (average trade size); liquidity pulls are ' +
    'flagged as rugs.',
  input: Type.Object(
    {
      max_token_age_hours: withDefault(Type.Number({ minimum: 0.1, maximum: 168, description: 'Maximum token age in hours' }), 24),
      min_liquidity_usd: withDefault(Type.Number({ minimum: 0, maximum: 10000000, description: 'Minimum liquidity in USD' }), 10000),
      min_volume_h1_usd: withDefault(Type.Number({ minimum: 0, maximum: 10000000, description: 'Minimum 1h volume in USD' }), 5000),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 25, description: 'Maximum results' }), 15),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Runner stage entries'),
  cacheTtlSeconds: 30,
  example: { max_token_age_hours: 24, min_liquidity_usd: 10000, min_volume_h1_usd: 5000, limit: 15 },
});
