import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'smart-money-trenches',
  family: 'discovery',
  price: '0.05',
  summary: 'Fresh tokens bought by smart-money wallets, ranked by distinct smart buyers and recency',
  description:
    'Tokens at most max_token_age_hours old that at least min_buyers distinct smart-money wallets bought in the ' +
    'last hours_back hours, ranked by the number of distinct smart buyers and recency.',
  input: Type.Object(
    {
      hours_back: withDefault(Type.Integer({ minimum: 1, maximum: 48, description: 'Buy window in hours' }), 12),
      max_token_age_hours: withDefault(Type.Number({ minimum: 1, maximum: 72, description: 'Maximum token age in hours' }), 6),
      min_buyers: withDefault(Type.Integer({ minimum: 1, maximum: 14, description: 'Minimum distinct smart buyers' }), 1),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 25, description: 'Maximum results' }), 10),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Fresh tokens ranked by distinct smart buyers and recency'),
  cacheTtlSeconds: 60,
  example: { hours_back: 12, max_token_age_hours: 6, min_buyers: 2, limit: 10 },
});
