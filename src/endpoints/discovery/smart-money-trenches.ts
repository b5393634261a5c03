import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { smartMoneyTrenches } from './smart-money-trenches/answer.js';
import { smartMoneyTrenchesBriefing } from './shared/smart-money-briefing.js';
import { SmartMoneyTrenchesSchema } from './shared/smart-money-schema.js';

export default defineEndpoint({
  key: 'smart-money-trenches',
  family: 'discovery',
  price: '0.05',
  summary: 'Fresh tokens bought and still held by smart-money wallets, ranked by smart holders and recency',
  description:
    'Tokens at most max_token_age_hours old (age from the token\'s oldest DEX pair) that at least min_buyers ' +
    'distinct smart wallets bought in the last hours_back hours and still hold, ranked by the number of those holders, ' +
    'then their latest buy. Smart money present means holding now (as in trenches-scan and trenches-check): a buyer whose ' +
    'trades over the 14-day lookback show it sold out since is listed as exited (holding false, exited_at) and adds nothing ' +
    'to the score, the min_buyers count or the rank. Smart wallets are the seed list\'s winners (the operator\'s curated list, else the seed smart-money-flow ' +
    'derives from recent trading) as smart-money-flow measures them by ' +
    'default (win rate at least 0.55 over at least 5 closed trades in 14 days); losing seed wallets do not count. ' +
    'Each token lists its buyers (win rate, buys, USD at trade time, first and last buy, whether they sold some since, whether ' +
    'they still hold and when they exited) and a 0-1 smart-money score from the recency of the buyers still holding (three ' +
    'holders who bought right now make 1), with the market read.',
  input: Type.Object(
    {
      hours_back: withDefault(Type.Integer({ minimum: 1, maximum: 48, description: 'Buy window in hours' }), 12),
      max_token_age_hours: withDefault(Type.Number({ minimum: 1, maximum: 72, description: 'Maximum token age in hours' }), 6),
      min_buyers: withDefault(Type.Integer({ minimum: 1, maximum: 14, description: 'Minimum distinct smart buyers' }), 1),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 25, description: 'Maximum results' }), 10),
    },
    { additionalProperties: false },
  ),
  output: SmartMoneyTrenchesSchema,
  cacheTtlSeconds: 60,
  example: { hours_back: 12, max_token_age_hours: 6, min_buyers: 2, limit: 10 },
  handler: (input, ctx) => smartMoneyTrenches({
    hours_back: input.hours_back ?? 12,
    max_token_age_hours: input.max_token_age_hours ?? 6,
    min_buyers: input.min_buyers ?? 1,
    limit: input.limit ?? 10,
  }, ctx),
  briefing: smartMoneyTrenchesBriefing,
});
