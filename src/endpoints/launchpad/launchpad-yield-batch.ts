import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';
import { coinFilterFields } from './shared/coin-filters.js';

export default defineEndpoint({
  key: 'launchpad-yield-batch',
  family: 'launchpad',
  price: '0.05',
  summary: 'Yield of up to 25 reward coins, by mint list or by screener filters, ranked',
  description:
    'Per coin the same object as launchpad-yield plus `rank`, for up to 25 coins. When `mints` is given all filters ' +
    'are ignored, and mints not in the index (no trade in 24h) are returned in `not_found`. A coin younger than a ' +
    'window may differ slightly from launchpad-yield. Flat price per call.',
  input: Type.Object(
    {
      mints: Type.Optional(Type.Array(Address(), { maxItems: 25, description: 'Reward coin mints (up to 25); when given, filters are ignored' })),
      ...coinFilterFields(),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 25, description: 'Maximum results (whole number)' }), 25),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Per coin: the same object as `launchpad-yield` plus `rank`; `not_found` for unknown mints'),
  cacheTtlSeconds: 600,
  example: {
    mints: ['DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN'],
    sort: 'yield7d',
    limit: 25,
  },
});
