import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Lookback, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'token-trend',
  family: 'history-alerts',
  price: '0.006',
  summary: 'Daily snapshot series of a token with improving / declining / stable direction per metric',
  description:
    'Daily snapshots of a token over the lookback (7d, 14d or 30d) with a direction indicator (improving, declining ' +
    'or stable) for price, liquidity, holder concentration and risk score. Snapshots accumulate as a side effect ' +
    'of every enrichment call.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
      lookback: withDefault(Lookback(), '7d'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Snapshot series with direction indicators'),
  cacheTtlSeconds: 300,
  example: { mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', lookback: '7d' },
});
