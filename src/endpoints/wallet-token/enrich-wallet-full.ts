import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Depth, withDefault } from '../../registry/fields.js';
import { walletProfile } from '../shared/wallet-profile.js';
import { WalletProfileFullSchema } from '../shared/wallet-token-schemas.js';
import { walletBriefing } from './shared/briefings.js';
import { walletSnapshot } from '../shared/snapshots.js';

export default defineEndpoint({
  key: 'enrich-wallet-full',
  family: 'wallet-token',
  price: '0.005',
  summary: 'Full wallet profile: light fields plus DeFi positions, connected wallets, history and behaviour',
  description:
    'Everything in the light profile (native balance, token holdings, nft_count, nft_summary, labels, risk_score) ' +
    'plus DeFi positions, connected wallets, enhanced transaction history, automated-activity behavioural signals ' +
    'and a wider NFT collection breakdown; up to 100 holdings listed, most valuable first (caveat holdings_listed_top beyond). Known entities (exchanges, protocols, bridges, foundations) are tagged ' +
    'automatically. depth defaults to full.',
  input: Type.Object(
    {
      address: Address('Wallet address'),
      depth: withDefault(Depth(), 'full'),
    },
    { additionalProperties: false },
  ),
  output: WalletProfileFullSchema,
  cacheTtlSeconds: 120,
  example: { address: '57yajeqeQu1y43Tn3GL7ycs5HNDLsdkjbKqt44s3WGbz', depth: 'full' },
  handler: (input, ctx) => walletProfile(input.address, { full: input.depth !== 'light' }, ctx),
  briefing: walletBriefing,
  snapshot: walletSnapshot,
});
