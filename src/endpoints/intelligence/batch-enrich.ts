import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Depth, StringEnum, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'batch-enrich',
  family: 'intelligence',
  price: '0.015',
  summary: 'Enrich 1 to 25 wallets or tokens in parallel in one call',
  description:
    'Parallel enrichment of each address: for type wallet, the wallet profile at the requested depth (light or ' +
    'full); for type token, the token analysis at that depth. 1 to 25 addresses per call, all of one type; one flat ' +
    'price per call.',
  input: Type.Object(
    {
      addresses: Type.Array(Address(), { minItems: 1, maxItems: 25, description: 'Addresses to enrich (1 to 25)' }),
      type: StringEnum(['wallet', 'token'] as const, { description: 'Whether the addresses are wallets or token mints' }),
      depth: withDefault(Depth(), 'light'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Parallel enrichment of each address'),
  cacheTtlSeconds: 60,
  example: {
    addresses: ['7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg'],
    type: 'wallet',
    depth: 'light',
  },
});
