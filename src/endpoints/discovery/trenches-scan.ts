import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'trenches-scan',
  family: 'discovery',
  price: '0.08',
  summary: 'Fresh tokens ranked by confluence of runner, smart-money and attention signals',
  description:
    'Fresh tokens ranked by a three-signal composite (runner 0.45, smart-money 0.45, attention 0.10) with a ' +
    'confluence verdict (HIGH_CONFLUENCE, MODERATE, SINGLE_SIGNAL), confluence count and reasoning. Tokens with ' +
    'unknown liquidity pass the liquidity filter. Each leg degrades independently and is reported in caveats.',
  input: Type.Object(
    {
      max_token_age_hours: withDefault(Type.Number({ minimum: 1, maximum: 72, description: 'Maximum token age in hours' }), 24),
      min_liquidity_usd: withDefault(
        Type.Number({ minimum: 0, maximum: 10000000, description: 'Minimum liquidity in USD (unknown liquidity passes)' }),
        5000,
      ),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 20, description: 'Maximum results' }), 10),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Ranked confluence list; legs degrade independently'),
  cacheTtlSeconds: 60,
  example: { max_token_age_hours: 24, min_liquidity_usd: 5000, limit: 10 },
});
