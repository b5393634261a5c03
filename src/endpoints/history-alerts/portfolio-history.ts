import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Lookback, withDefault } from '../../registry/fields.js';
import { PortfolioHistorySchema } from './shared/history-schemas.js';
import { portfolioHistoryBriefing } from './shared/history-briefings.js';
import { portfolioHistoryAnswer } from './portfolio-history/answer.js';

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
  output: PortfolioHistorySchema,
  cacheTtlSeconds: 300,
  example: { address: '57yajeqeQu1y43Tn3GL7ycs5HNDLsdkjbKqt44s3WGbz', period: '30d' },
  handler: (input, ctx) => portfolioHistoryAnswer(input, ctx),
  briefing: portfolioHistoryBriefing,
});
