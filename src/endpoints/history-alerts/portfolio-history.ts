import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Lookback, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'portfolio-history',
  family: 'history-alerts',
  price: '0.006',
  summary: 'Daily portfolio series of a wallet with peak, trough, max drawdown and change',
  description:
    'Daily points of portfolio value, native balance, token count and risk score over the period (7d, 14d or 30d), ' +
    'with today\'s live point appended automatically, and summary stats: peak, trough, max drawdown, average value ' +
    'and change versus the period start.',
  input: Type.Object(
    {
      address: Address('Wallet address'),
      period: withDefault(Lookback(), '7d'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Portfolio series and summary stats'),
  cacheTtlSeconds: 300,
  example: { address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', period: '30d' },
});
