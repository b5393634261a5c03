import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, AttentionWindow, StringEnum, withDefault } from '../../registry/fields.js';
import { ConsensusSignalSchema, consensusSignal } from './consensus-signal/answer.js';
import { consensusBriefing } from './consensus-signal/briefing.js';

export default defineEndpoint({
  key: 'consensus-signal',
  family: 'history-alerts',
  price: '0.005',
  summary: 'Agent-attention signal from the service\'s own query stream: one entity\'s rank or the top-N',
  description:
    'Derived from the service\'s own query stream (paid calls about each token or wallet, per hour; the operator\'s ' +
    'own test traffic excluded). With `address`: that token\'s or wallet\'s rank (ties share a rank), percentile and ' +
    'trend against the previous window of the same length (1h, 6h or 24h). Without: the top-N most-queried entities ' +
    'of the type with their counts and shares. Every answer carries a sample_quality flag. A percentile needs a sample: ' +
    'below 10 entities asked about or 30 calls in the window (the attention signal\'s minimum, the same query stream) every ' +
    'percentile is null, sample_sufficient is false and an insufficient_sample caveat says so — a percentile among two ' +
    'tokens is a few callers\' own calls, not a crowd.',
  input: Type.Object(
    {
      type: withDefault(StringEnum(['token', 'wallet'] as const, { description: 'Entity type' }), 'token'),
      address: Type.Optional(Address('Token mint or wallet to rank; omit for the top-N list')),
      window: withDefault(AttentionWindow(), '1h'),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 50, description: 'Entries in the top-N list' }), 10),
    },
    { additionalProperties: false },
  ),
  output: ConsensusSignalSchema,
  cacheTtlSeconds: 60,
  example: { type: 'token', window: '1h', limit: 10 },
  handler: (input, ctx) =>
    consensusSignal({ type: input.type ?? 'token', address: input.address, window: input.window ?? '1h', limit: input.limit ?? 10 }, ctx),
  briefing: consensusBriefing,
});
