import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Depth, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'compare-wallets',
  family: 'intelligence',
  price: '0.006',
  summary: 'Compare 2 or 3 wallets side by side: value, activity, risk, labels, holdings',
  description:
    'Side-by-side comparison of 2 or 3 wallets from their profiles at the requested depth: portfolio value, ' +
    'activity, risk score, labels and holdings, with rankings per metric and summary picks.',
  input: Type.Object(
    {
      addresses: Type.Array(Address(), { minItems: 2, maxItems: 3, description: 'Wallet addresses to compare (2 or 3)' }),
      depth: withDefault(Depth(), 'light'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Side-by-side portfolio value, activity, risk, labels, holdings; rankings and summary picks'),
  cacheTtlSeconds: 120,
  example: {
    addresses: ['7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg'],
    depth: 'light',
  },
});
