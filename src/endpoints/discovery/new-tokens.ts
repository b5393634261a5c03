import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'new-tokens',
  family: 'discovery',
  price: '0.012',
  summary: 'Recently launched tokens filtered by liquidity and risk, safest first',
  description:
    'Recently launched tokens with at least min_liquidity_usd of liquidity and a token risk score at most ' +
    'max_risk_score (0 to 1), ordered safest first; up to `limit` (1 to 20, default 10) results.',
  input: Type.Object(
    {
      min_liquidity_usd: withDefault(Type.Number({ description: 'Minimum liquidity in USD' }), 1000),
      max_risk_score: withDefault(Type.Number({ minimum: 0, maximum: 1, description: 'Maximum token risk score' }), 0.8),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 20, description: 'Maximum results (whole number)' }), 10),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Recently launched tokens filtered by liquidity and risk, safest first'),
  cacheTtlSeconds: 60,
  example: { min_liquidity_usd: 1000, max_risk_score: 0.8, limit: 10 },
});
