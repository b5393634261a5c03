import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { copyTradeSignals } from './copy-trade-signals/signals.js';
import { copyTradeBriefing } from './copy-trade-signals/briefing.js';
import { CopyTradeSchema } from './copy-trade-signals/schema.js';

const DEFAULT_LOOKBACK_DAYS = 30;

export default defineEndpoint({
  key: 'copy-trade-signals',
  family: 'intelligence',
  price: '0.010',
  summary: 'Copy-trade metrics of a wallet: PnL, win rate, Sharpe, Sortino, drawdown, profit factor',
  description:
    'Trading performance of a wallet over the last lookback_days (1 to 90): trading PnL, win rate, Sharpe ratio, ' +
    'Sortino ratio, max drawdown, profit factor and consistency, to judge whether it is worth copying. ' +
    'Realized PnL comes from the wallet\'s swaps matched first-in first-out, each valued in USD at its own time ' +
    '(stablecoin legs at $1, SOL legs at SOL\'s price then, never today\'s). Ratios are per trade and not annualised; ' +
    'below 5 closed trades they are null with an insufficient_data caveat. The max drawdown is the deepest ' +
    'peak-to-trough fall in USD of the realized equity curve over the window (not the current drawdown); its amount, ' +
    'peak, trough and percent describe that one episode (percent = amount ÷ that peak × 100).',
  input: Type.Object(
    {
      address: Address('Wallet address'),
      lookback_days: withDefault(Type.Number({ minimum: 1, maximum: 90, description: 'Lookback window in days' }), DEFAULT_LOOKBACK_DAYS),
    },
    { additionalProperties: false },
  ),
  output: CopyTradeSchema,
  cacheTtlSeconds: 300,
  example: { address: '8PXSN3TYynn68wYKLbyJ6T7JNjX1cyWYw7fx3dCt7d2t', lookback_days: 30 },
  handler: (input, ctx) => copyTradeSignals(input.address, input.lookback_days ?? DEFAULT_LOOKBACK_DAYS, ctx),
  briefing: copyTradeBriefing,
});
