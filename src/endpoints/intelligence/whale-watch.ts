import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'whale-watch',
  family: 'intelligence',
  price: '0.008',
  summary: 'Top holders of a token with accumulation / distribution tracking over a lookback window',
  description:
    'The token\'s top holders with accumulation and distribution tracking over the last lookback_hours (1 to 168), ' +
    'each with balance context and supply percentage. Only movements worth at least threshold_usd (minimum 100 USD) ' +
    'count as whale activity. Known entities are tagged.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
      threshold_usd: withDefault(Type.Number({ minimum: 100, description: 'Minimum USD value of a whale movement' }), 10000),
      lookback_hours: withDefault(Type.Number({ minimum: 1, maximum: 168, description: 'Lookback window in hours' }), 24),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Whale-watch result'),
  cacheTtlSeconds: 120,
  example: { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', threshold_usd: 10000, lookback_hours: 24 },
});
