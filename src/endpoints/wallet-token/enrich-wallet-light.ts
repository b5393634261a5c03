import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Depth, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'enrich-wallet-light',
  family: 'wallet-token',
  price: '0.002',
  summary: 'Light wallet profile: balances, holdings, NFT summary, labels and risk score',
  description:
    'Native balance, token holdings, nft_count and nft_summary (collected / airdropped / suspected_spam), ' +
    'behavioural and known-entity labels, and a deterministic wallet risk_score with its factors.',
  input: Type.Object(
    {
      address: Address('Wallet address'),
      depth: withDefault(Depth(), 'light'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Wallet profile (light)'),
  cacheTtlSeconds: 60,
  example: { address: 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg', depth: 'light' },
});
