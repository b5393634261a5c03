import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { LaunchCategory, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'launchpad-pairs',
  family: 'launchpad',
  price: null,
  summary: 'Free: quote assets a launchpad launch can be paired against',
  description:
    'Free and unauthenticated. The quote assets a launch on the launchpad can be paired against, with normalized ' +
    'categories and `is_agent_launchable` (launchable, launch-protocol-ready and in an allowed category); ' +
    'launchable_only keeps only those. A launch quote mint must be one of these. Cached 5 minutes.',
  input: Type.Object(
    {
      category: Type.Optional(LaunchCategory({ description: 'Only pairs of this category' })),
      launchable_only: withDefault(Type.Boolean({ description: 'Only pairs with is_agent_launchable true' }), false),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Quote assets a launch can be paired against, with normalized categories and `is_agent_launchable`'),
  cacheTtlSeconds: 300,
  example: { launchable_only: true },
});
