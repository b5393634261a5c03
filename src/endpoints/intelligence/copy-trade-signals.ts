import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'copy-trade-signals',
  family: 'intelligence',
  price: '0.010',
  summary: 'Copy-trade metrics of a wallet: PnL, win rate, Sharpe, Sortino, drawdown, profit factor',
  description:
    'Trading performance of a wallet over the last lookback_days (1 to 90): trading PnL, win rate, Sharpe ratio, ' +
    'Sortino ratio, max drawdown, profit factor and consistency, to judge whether it is worth copying.',
  input: Type.Object(
    {
      address: Address('Wallet address'),
      lookback_days: withDefault(Type.Number({ minimum: 1, maximum: 90, description: 'Lookback window in days' }), 30),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Copy-trade metrics'),
  cacheTtlSeconds: 300,
  example: { address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', lookback_days: 30 },
});
