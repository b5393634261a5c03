import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Lookback, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'perps-market-trend',
  family: 'perps',
  price: '0.008',
  summary: 'Perps market deltas over a lookback: mark price, open interest, skew, utilization, borrow APR',
  description:
    'Per symbol, the change over the lookback (7d, 14d or 30d) of mark price, total open interest, long/short skew, ' +
    'utilization and borrow APR, with a direction per metric and per market. The overall direction excludes mark ' +
    'price.',
  input: Type.Object(
    {
      lookback: withDefault(Lookback(), '7d'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Perps trend'),
  cacheTtlSeconds: 300,
  example: { lookback: '7d' },
});
