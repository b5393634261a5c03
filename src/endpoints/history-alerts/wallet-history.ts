import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Lookback, withDefault } from '../../registry/fields.js';
import { WalletHistorySchema } from './shared/history-schemas.js';
import { walletHistoryBriefing } from './shared/history-briefings.js';
import { walletHistoryAnswer } from './wallet-history/answer.js';

export default defineEndpoint({
  key: 'wallet-history',
  family: 'history-alerts',
  price: '0.006',
  summary: 'Wallet deltas over a lookback: value, balance, risk score, added and removed positions',
  description:
    'Two-point deltas between the wallet\'s snapshot at the start of the lookback (7d, 14d or 30d) and now: ' +
    'portfolio value, native balance and risk score, each with a direction (improving, declining or stable), plus ' +
    'the positions added and removed. The direction follows each metric\'s direction of goodness (`polarity` in the ' +
    'answer): value and balance are higher-is-better, the risk score lower-is-better (a rise is declining, i.e. ' +
    'worsening); the token count is neutral (direction null, `movement` rising or falling only). Snapshots ' +
    'accumulate as a side effect of every enrichment call.',
  input: Type.Object(
    {
      address: Address('Wallet address'),
      lookback: withDefault(Lookback(), '7d'),
    },
    { additionalProperties: false },
  ),
  output: WalletHistorySchema,
  cacheTtlSeconds: 300,
  example: { address: '57yajeqeQu1y43Tn3GL7ycs5HNDLsdkjbKqt44s3WGbz', lookback: '7d' },
  handler: (input, ctx) => walletHistoryAnswer(input, ctx),
  briefing: walletHistoryBriefing,
});
