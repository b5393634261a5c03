import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { coinFilterFields } from './shared/coin-filters.js';
import { YieldBatchSchema } from './shared/yield-schema.js';
import { yieldBatchAnswer } from './launchpad-yield-batch/answer.js';
import { yieldBatchBriefing } from './launchpad-yield-batch/briefing.js';

export default defineEndpoint({
  key: 'launchpad-yield-batch',
  family: 'launchpad',
  price: '0.05',
  summary: 'Yield of up to 25 reward coins, by mint list or by screener filters, ranked',
  description:
    'Per coin the same object as launchpad-yield plus `rank` and `sort_value`, for up to 25 coins ranked by `sort` ' +
    '(highest first, unknown last, ties by mint). When `mints` is given all filters are ignored, and mints not in ' +
    'the 10-minute coin index (no trade in 24h, or launched since its last refresh) are returned in `not_found`; ' +
    'otherwise the screener\'s filters choose the coins. Read from the index only, so a coin younger than a window ' +
    'may differ slightly from launchpad-yield (which reads a not-yet-indexed coin live). Flat price per call.',
  input: Type.Object(
    {
      mints: Type.Optional(Type.Array(Address(), { maxItems: 25, description: 'Reward coin mints (up to 25); when given, filters are ignored' })),
      ...coinFilterFields(),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 25, description: 'Maximum results (whole number)' }), 25),
    },
    { additionalProperties: false },
  ),
  output: YieldBatchSchema,
  cacheTtlSeconds: 600,
  example: {
    mints: ['J4RvXMpAsnHvvf4br4g8WBWNwYFCipK28pCXhTAkyyqc', '4zkYB1pH72CsUgZ9LuGek59APU6n2XKSh9KYXVunQiHF', '5Q9x4xVrCe281ReMWNsaw159jT1u1QbodnNno5PEcXa3'],
    sort: 'yield7d',
    limit: 25,
  },
  handler: (input, ctx) => yieldBatchAnswer(input, ctx),
  briefing: yieldBatchBriefing,
});
