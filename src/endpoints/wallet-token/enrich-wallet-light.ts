import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Depth, withDefault } from '../../registry/fields.js';
import { walletProfile } from '../shared/wallet-profile.js';
import { WalletProfileLightSchema } from '../shared/wallet-token-schemas.js';
import { walletBriefing } from './shared/briefings.js';
import { walletSnapshot } from '../shared/snapshots.js';

export default defineEndpoint({
  key: 'enrich-wallet-light',
  family: 'wallet-token',
  price: '0.002',
  summary: 'Light wallet profile: balances, holdings, NFT summary, labels and risk score',
  description:
    'Native balance, token holdings (the 20 most valuable listed; portfolio_value_usd and holdings_count count ' +
    'them all, and caveat holdings_listed_top says what was left out), nft_count and nft_summary (collected / airdropped / suspected_spam, and rows ' +
    'per collection: address null groups the assets of a bucket that have no verified collection), ' +
    'behavioural and known-entity labels, and a deterministic wallet risk_score with its factors.',
  input: Type.Object(
    {
      address: Address('Wallet address'),
      depth: withDefault(Depth(), 'light'),
    },
    { additionalProperties: false },
  ),
  output: WalletProfileLightSchema,
  cacheTtlSeconds: 60,
  example: { address: 'FLJ2HsJUYjxRsKWVcwLbatomDTRAEsQKR9vSRQbLu5eU', depth: 'light' },
  handler: async (input, ctx) => {
    const result = await walletProfile(input.address, { full: false }, ctx);
    // The full profile has its own endpoint and price; here depth=full says where to get it.
    if (input.depth === 'full') {
      result.caveats = [...(result.caveats ?? []), { code: 'depth_on_full_endpoint', message: 'This is the light profile; depth "full" is served by enrich-wallet-full.' }];
    }
    return result;
  },
  briefing: walletBriefing,
  snapshot: walletSnapshot,
});
