import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'launchpad-quote',
  family: 'launchpad',
  price: '0.005',
  summary: 'Round-trip cost versus expected payout of holding a reward coin (no swap executed)',
  description:
    'Trade quote for holding size_usd of a reward coin for hold_days (no swap executed): entry and exit cost ' +
    '(transfer tax plus price impact), round-trip percent, breakeven price move, pro-rata payout share with a dust ' +
    'warning, expected payout over the hold, verdict (PAYS when the payout is at least 1.5 times the round-trip ' +
    'cost, MARGINAL at least 1 times, otherwise COSTS; NOT_PAYING) and breakeven hold days. Composes the ' +
    'reward-risk, yield and token-light analyses.',
  input: Type.Object(
    {
      mint: Address('Reward coin mint'),
      size_usd: withDefault(Type.Number({ minimum: 1, maximum: 1000000, description: 'Position size in USD' }), 100),
      hold_days: withDefault(Type.Number({ minimum: 0.25, maximum: 365, description: 'Holding period in days' }), 7),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Trade quote (no swap executed)'),
  cacheTtlSeconds: 60,
  example: { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', size_usd: 100, hold_days: 7 },
});
