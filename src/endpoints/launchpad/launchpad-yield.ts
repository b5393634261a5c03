import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { YieldSchema } from './shared/yield-schema.js';
import { yieldAnswer } from './launchpad-yield/answer.js';
import { yieldBriefing } from './launchpad-yield/briefing.js';

export default defineEndpoint({
  key: 'launchpad-yield',
  family: 'launchpad',
  price: '0.005',
  summary: 'Reward coin yield: trailing 7d, 30d and lifetime, in quote asset and USD',
  description:
    'Trailing 7d, 30d and lifetime yield of a launchpad reward coin. Rewards of a window are the platform\'s lifetime ' +
    'distributed total now minus at the window\'s start (its launch when younger, else the index\'s daily point at or ' +
    'before the start: 10-minute ingest, kept 35 days), in the quote asset and in USD at the quote\'s current ' +
    'aggregator price, divided by the average market cap of the daily points in the span, as a percent. Each window ' +
    'states the span actually observed (history_days, observed_from); lifetime runs from the launch. Annualized ' +
    '(yield × 365 ÷ span) only from 7 observed days on, else null; caution flag under 7 days or on a partial ' +
    'window. Basis: the shortest window with 6.5 days observed, else lifetime. Also quote_exposure, the reward ' +
    'asset and its price; payout count (the platform\'s lifetime count), holders (those its distributor pays; null ' +
    'when unknown) and age (days since launch, 2 decimals), the same figures the screener shows for the coin. Caveats: partial_history, short_history, unpriced_quote, ' +
    'index_stale, not_indexed. An unknown mint is a 404, not charged.',
  input: Type.Object(
    {
      mint: Address('Reward coin mint'),
    },
    { additionalProperties: false },
  ),
  output: YieldSchema,
  cacheTtlSeconds: 600,
  example: { mint: '4zkYB1pH72CsUgZ9LuGek59APU6n2XKSh9KYXVunQiHF' },
  handler: (input, ctx) => yieldAnswer(input, ctx),
  briefing: yieldBriefing,
});
