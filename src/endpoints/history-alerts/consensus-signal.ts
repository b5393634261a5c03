import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, AttentionWindow, StringEnum, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'consensus-signal',
  family: 'history-alerts',
  price: '0.005',
  summary: 'Agent-attention signal from the service\'s own query stream: one entity\'s rank or the top-N',
  description:
    'Derived from the service\'s own query stream. With `address`: that token\'s or wallet\'s rank, percentile and ' +
    'trend in the window (1h, 6h or 24h). Without: the top-N most-queried entities of the type. Entries carry a ' +
    'sample_quality flag and divergence classes (early_signal, confirmed_momentum, distribution_risk, fading).',
  input: Type.Object(
    {
      type: withDefault(StringEnum(['token', 'wallet'] as const, { description: 'Entity type' }), 'token'),
      address: Type.Optional(Address('Token mint or wallet to rank; omit for the top-N list')),
      window: withDefault(AttentionWindow(), '1h'),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 50, description: 'Entries in the top-N list' }), 10),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('With address: rank, percentile, trend for that entity. Without: top-N most-queried entities'),
  cacheTtlSeconds: 60,
  example: { type: 'token', window: '1h', limit: 10 },
});
