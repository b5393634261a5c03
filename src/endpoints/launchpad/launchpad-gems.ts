import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { LaunchCategory, withDefault } from '../../registry/fields.js';
import { GemsSchema } from './shared/screener-schema.js';
import { gemsAnswer } from './launchpad-gems/answer.js';
import { gemsBriefing } from './launchpad-gems/briefing.js';

export default defineEndpoint({
  key: 'launchpad-gems',
  family: 'launchpad',
  price: '0.03',
  summary: 'Young launchpad reward coins scored 0-100 and staged GEM / WATCH / NOISE / DEAD',
  description:
    'Gem rows: a score 0 to 100 (recent payout 25, holders 12, size 15, turnover 15, age 10, momentum 10 - negative ' +
    'once already run, quote strength 10, flywheel 3), stage GEM at 80 or above, WATCH at 62 or above, DEAD with no ' +
    '24h volume, otherwise NOISE; with reasons, warnings and the round-trip tax cost. Read from the 10-minute coin ' +
    'index (caveat index_stale once it is 30 minutes old); filters are inclusive and a coin with unknown holders or ' +
    'market cap is left out; best score first, ties by mint.',
  input: Type.Object(
    {
      quote_mint: Type.Optional(Type.String({ description: 'Only coins paired against this quote mint' })),
      category: Type.Optional(LaunchCategory({ description: 'Only coins of this quote category' })),
      max_age_days: withDefault(Type.Number({ minimum: 0, maximum: 90, description: 'Maximum age in days' }), 14),
      min_holders: withDefault(Type.Integer({ minimum: 0, description: 'Minimum holders' }), 25),
      max_market_cap_usd: withDefault(Type.Number({ minimum: 0, description: 'Maximum market cap in USD' }), 5000000),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 50, description: 'Maximum results' }), 15),
    },
    { additionalProperties: false },
  ),
  output: GemsSchema,
  cacheTtlSeconds: 600,
  example: { max_age_days: 14, min_holders: 25, max_market_cap_usd: 5000000, limit: 15 },
  handler: (input, ctx) => gemsAnswer(input, ctx),
  briefing: gemsBriefing,
});
