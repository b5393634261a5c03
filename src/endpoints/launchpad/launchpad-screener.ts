import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { LaunchCategory, StringEnum, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

const SORTS = ['yield7d', 'yield30d', 'rewardsUsd', 'volume24h', 'lastPayout', 'holders', 'priceChange24h'] as const;

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
      quote_mint: Type.Optional(Type.String({ description: 'Only coins paired against this quote mint' })),
      category: Type.Optional(LaunchCategory({ description: 'Only coins of this quote category' })),
      min_holders: Type.Optional(Type.Integer({ minimum: 0, description: 'Minimum holders' })),
      min_age_days: Type.Optional(Type.Number({ minimum: 0, description: 'Minimum age in days' })),
      max_age_days: Type.Optional(Type.Number({ minimum: 0, description: 'Maximum age in days' })),
      min_volume_24h_usd: Type.Optional(Type.Number({ minimum: 0, description: 'Minimum 24h volume in USD' })),
      max_market_cap_usd: Type.Optional(Type.Number({ minimum: 0, description: 'Maximum market cap in USD' })),
      paying_only: withDefault(Type.Boolean({ description: 'Only coins that paid holders in the last 24h' }), false),
      live_only: withDefault(Type.Boolean({ description: 'Only coins traded and paid in the last 24h' }), false),
      sort: withDefault(StringEnum(SORTS, { description: 'Sort key' }), 'volume24h'),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 100, description: 'Maximum results' }), 25),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Ranked screener rows from a 10-minute index'),
  cacheTtlSeconds: 600,
  example: { category: 'solana', min_holders: 50, paying_only: true, sort: 'yield7d', limit: 25 },
});
