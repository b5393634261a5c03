import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { LaunchCategory, StringEnum, withDefault } from '../../registry/fields.js';
import { LaunchIntelSchema } from './launchpad-launch-intel/schema.js';
import { SORTS, launchIntelAnswer } from './launchpad-launch-intel/answer.js';
import { launchIntelBriefing } from './launchpad-launch-intel/briefing.js';

export default defineEndpoint({
  key: 'launchpad-launch-intel',
  family: 'launchpad',
  price: '0.02',
  summary: 'Which quote asset to launch against: demand, survival, crowding and tax mix per quote',
  description:
    'Per quote asset with at least min_coins reward coins (launched with a transfer fee): coins, launches in 24h ' +
    'and 7d, share trading and paying today, survival (coins older than 3 days that still trade), volume, median ' +
    'holders and market cap, tax mix 100 vs 300 bps with trading and paying rates, crowding (7d launches per coin ' +
    'trading today), a demand score 0 to 100 with its factors (traded share 40 + survival 40 + paying share 20 ' +
    'minus a crowding penalty; quotes with no coin past day 3 are flagged is_new and capped at 80); plus overall ' +
    'survival and tax-level stats and recommendations. Sorted highest first (unknown last, ties by quote mint). ' +
    'Read from the 10-minute coin index (caveat index_stale once it is 30 minutes old).',
  input: Type.Object(
    {
      category: Type.Optional(LaunchCategory({ description: 'Only quotes of this category' })),
      min_coins: withDefault(Type.Integer({ minimum: 1, description: 'Only quotes with at least this many reward coins' }), 5),
      sort: withDefault(StringEnum(SORTS, { description: 'Sort key' }), 'demand'),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 100, description: 'Maximum results' }), 20),
    },
    { additionalProperties: false },
  ),
  output: LaunchIntelSchema,
  cacheTtlSeconds: 600,
  example: { min_coins: 5, sort: 'demand', limit: 20 },
  handler: (input, ctx) => launchIntelAnswer(input, ctx),
  briefing: launchIntelBriefing,
});
