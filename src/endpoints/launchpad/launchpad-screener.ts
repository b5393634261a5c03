import { Type } from '@sinclair/typebox';
import { defineEndpoint, type Caveat } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { coinFilterFields } from './shared/coin-filters.js';
import { ScreenerSchema } from './shared/screener-schema.js';
import { screenerAnswer } from './launchpad-screener/answer.js';
import { screenerBriefing } from './launchpad-screener/briefing.js';

export default defineEndpoint({
  key: 'launchpad-screener',
  family: 'launchpad',
  price: '0.01',
  summary: 'Screen launchpad reward coins by quote, category, holders, age, volume, market cap and payouts',
  description:
    'Ranked screener rows from a 10-minute index of launchpad reward coins: payout status, hours since last payout, ' +
    'live flag (traded and paid in 24h), round-trip tax cost, holders, rewards USD, trailing yields, volume, market ' +
    'cap and 24h change. Each yield states the days it covers and whether its window is partial (the index holds no ' +
    'point as old as its start, so it reads low); a caveat partial_history names such rows. Filters are inclusive; a coin whose filtered figure is unknown is left out. Sorts are ' +
    'highest first, unknown values last, ties by mint. Caveat index_stale once the index is 30 minutes old.',
  input: Type.Object(
    {
      ...coinFilterFields(),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 100, description: 'Maximum results' }), 25),
    },
    { additionalProperties: false },
  ),
  output: ScreenerSchema,
  cacheTtlSeconds: 600,
  example: { category: 'solana', min_holders: 50, paying_only: true, sort: 'yield7d', limit: 25 },
  handler: (input, ctx) => screenerAnswer(input, ctx),
  briefing: screenerBriefing,
});
