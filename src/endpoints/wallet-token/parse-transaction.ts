import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Signature } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'parse-transaction',
  family: 'wallet-token',
  price: '0.001',
  summary: 'Parse a transaction: type, protocol, transfer breakdown and account roles',
  description:
    'Decodes one confirmed transaction by signature into its transaction type, the protocol it interacted with, ' +
    'a breakdown of native and token transfers, and the role of each account involved. Known entities are tagged.',
  input: Type.Object(
    {
      signature: Signature(),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Transaction parse'),
  cacheTtlSeconds: 600,
  example: {
    signature: '5UfDuX7WXY18keiz9mZ6zKkY8JyNuLDFz2QycQcr7skRkgVaNmo6tgFbsePRrX5C6crvycJ2A3txSdGgjPHvPbTZ',
  },
});
