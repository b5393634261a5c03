import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'wallet-graph',
  family: 'intelligence',
  price: '0.010',
  summary: 'Transaction graph of a wallet at depth 1 or 2 with suspicious-cluster detection',
  description:
    'The wallet\'s transaction connections at depth 1 (direct counterparties) or 2 (their counterparties too), ' +
    'keeping only edges with at least min_interactions interactions, with known-entity tags and detection of ' +
    'suspicious wallet clusters.',
  input: Type.Object(
    {
      address: Address('Wallet address'),
      depth: withDefault(Type.Integer({ minimum: 1, maximum: 2, description: 'Graph depth: 1 or 2 (a whole number: no other depth exists)' }), 1),
      min_interactions: withDefault(Type.Number({ minimum: 1, description: 'Minimum interactions for an edge' }), 1),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Wallet graph'),
  cacheTtlSeconds: 300,
  example: { address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', depth: 1, min_interactions: 1 },
});
