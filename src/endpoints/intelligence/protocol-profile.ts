import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { protocolInputIssues } from './protocol-profile/directory.js';
import { protocolProfile } from './protocol-profile/profile.js';
import { protocolBriefing, ProtocolProfileSchema } from './protocol-profile/output.js';

export default defineEndpoint({
  key: 'protocol-profile',
  family: 'intelligence',
  price: '0.008',
  summary: 'DeFi protocol profile: TVL, yield pools, on-chain activity, health and automated-activity share',
  description:
    'TVL, yield pools (unless include_yields is false), on-chain activity, health signals and automated_activity_pct ' +
    '(percent of top signers with regular-interval or high-frequency transaction patterns) for a protocol given ' +
    'by slug or program id. A set of major protocols is supported by slug.',
  input: Type.Object(
    {
      protocol: Type.String({ minLength: 1, maxLength: 64, description: 'Protocol slug or program id (1 to 64 characters)' }),
      include_yields: withDefault(Type.Boolean({ description: 'Include yield pools' }), true),
    },
    { additionalProperties: false },
  ),
  output: ProtocolProfileSchema,
  cacheTtlSeconds: 600,
  example: { protocol: 'jupiter', include_yields: true },
  crossFieldCheck: protocolInputIssues,
  handler: protocolProfile,
  briefing: protocolBriefing,
});
