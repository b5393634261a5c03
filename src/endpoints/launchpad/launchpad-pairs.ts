import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { LaunchCategory, withDefault } from '../../registry/fields.js';
import { PairsSchema } from './launchpad-pairs/schema.js';
import { pairsAnswer } from './launchpad-pairs/answer.js';
import { pairsBriefing } from './launchpad-pairs/briefing.js';

export default defineEndpoint({
  key: 'launchpad-pairs',
  family: 'launchpad',
  price: null,
  summary: 'Free: quote assets a launchpad launch can be paired against',
  description:
    'Free and unauthenticated. The quote assets a launch on the launchpad can be paired against, with normalized ' +
    'categories and `is_agent_launchable`: launchable (the platform lets new launches use the quote), ' +
    'launch_protocol_ready (the platform says the LaunchLab program is ready for the quote, and its token program is ' +
    'SPL Token or Token-2022) and category_allowed (solana, ' +
    'currency, xstock, prestock). `reasons` lists every condition a pair fails. launchable_only keeps only ' +
    'agent-launchable pairs. A launch quote mint must be one of these. Cached 5 minutes.',
  input: Type.Object(
    {
      category: Type.Optional(LaunchCategory({ description: 'Only pairs of this category' })),
      launchable_only: withDefault(Type.Boolean({ description: 'Only pairs with is_agent_launchable true' }), false),
    },
    { additionalProperties: false },
  ),
  output: PairsSchema,
  cacheTtlSeconds: 300,
  example: { launchable_only: true },
  handler: (input, ctx) => pairsAnswer(input, ctx),
  briefing: pairsBriefing,
});
