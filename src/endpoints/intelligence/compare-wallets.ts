import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Depth, withDefault } from '../../registry/fields.js';
import { compareWallets } from './compare-wallets/wallet-columns.js';
import { CompareWalletsSchema } from './shared/comparison-schemas.js';
import { compareWalletsBriefing } from './shared/comparison-briefings.js';
import { duplicateIssues } from './shared/duplicates.js';

export default defineEndpoint({
  key: 'compare-wallets',
  family: 'intelligence',
  price: '0.006',
  summary: 'Compare 2 or 3 wallets side by side: value, activity, risk, labels, holdings',
  description:
    'Side-by-side comparison of 2 or 3 wallets from their profiles at the requested depth (the enrich-wallet-light ' +
    'or -full profile): portfolio value, native balance, token and NFT counts, transaction activity (transactions ' +
    'per day over the up to 100 most recent transactions read), wallet risk score and level with its factors, ' +
    'labels and the 5 largest holdings. Rankings per metric: lower risk ranks first, more value, balance, tokens, ' +
    'NFTs and activity rank first; tied values share a rank; unknown values (e.g. a risk score with incomplete ' +
    'data) rank last and are listed. Summary picks: lowest_risk, largest_portfolio, most_active, with reasons. A ' +
    'token mint given as a wallet, or a wallet that cannot be read, becomes a column with its error when 2 others ' +
    'remain; otherwise the call fails (404 not_found for an address that cannot be found) and is not charged. Each ' +
    'address may appear once.',
  input: Type.Object(
    {
      addresses: Type.Array(Address(), { minItems: 2, maxItems: 3, description: 'Wallet addresses to compare (2 or 3)' }),
      depth: withDefault(Depth(), 'light'),
    },
    { additionalProperties: false },
  ),
  output: CompareWalletsSchema,
  cacheTtlSeconds: 120,
  example: {
    addresses: ['8PXSN3TYynn68wYKLbyJ6T7JNjX1cyWYw7fx3dCt7d2t', 'GabCpmgZfyJdaaxT7PBFxiuKLDauUEcYbEVqKMeggTfi'],
    depth: 'light',
  },
  crossFieldCheck: (input) => duplicateIssues(input.addresses, '/addresses', 'address'),
  handler: (input, ctx) => compareWallets(input.addresses, input.depth ?? 'light', ctx),
  briefing: compareWalletsBriefing,
});
