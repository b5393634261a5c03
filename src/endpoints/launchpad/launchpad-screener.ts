import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';
import { coinFilterFields } from './shared/coin-filters.js';

export default defineEndpoint({
  key: 'launchpad-screener',
  family: 'launchpad',
  price: '0.01',
  summary: 'Screen launchpad reward coins by quote, category, holders, age, volume, market cap and payouts',
  description:
    'Ranked screener rows from a 10-minute index of launchpad reward coins: payout status, hours since last payout, ' +
    'live flag (traded and paid in 24h), round-trip tax cost, holders, rewards USD, trailing yields, volume, market ' +
    'cap and 24h change.',
  input: Type.Object(
    {
      ...coinFilterFields(),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 100, description: 'Maximum results' }), 25),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Ranked screener rows from a 10-minute index'),
  cacheTtlSeconds: 600,
  example: { category: 'solana', min_holders: 50, paying_only: true, sort: 'yield7d', limit: 25 },
});
