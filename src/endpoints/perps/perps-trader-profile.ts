import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { traderProfileBriefing } from './perps-trader-profile/briefing.js';
import { perpsWalletObservation } from '../shared/perps-wallet-observation.js';
import { traderProfile } from './perps-trader-profile/trader-profile.js';
import { TraderProfileSchema } from './perps-trader-profile/schema.js';

export default defineEndpoint({
  key: 'perps-trader-profile',
  family: 'perps',
  price: '0.010',
  summary: 'Perps positions of a wallet on pool venues A and B with risk flags and trader classification',
  description:
    'Open positions on pool venues A and B, each with a `venue` tag and `position_key`, size, collateral, leverage, ' +
    'entry and mark price, unrealized PnL (USD and percent of collateral, net of accrued borrow), liquidation price, ' +
    'distance to it, collateral buffer, position age and risk flags (high_leverage above 10x, near_liquidation under ' +
    'a 15 percent buffer, losing); a `by_venue` breakdown (a venue that cannot be read is marked unavailable, never ' +
    'zero, and the other venue still answers) and combined `totals` (notional, collateral, PnL, long share, leverage); ' +
    'classification scalper, swing or position by the size-weighted median position age (under 4 h, under 7 days, ' +
    'older), null for a wallet without positions; directional bias; and the flag `multi_venue: true` for traders ' +
    'active on both venues. Pool venue B uses wrapped collateral (SOL via a wrapped staked-SOL token, BTC via wrapped ' +
    'BTC; ETH unsupported) and its PnL is null, with a caveat, when its mark prices are unavailable. Formulas and ' +
    'thresholds: the `thresholds` field and the perps documentation.',
  input: Type.Object(
    {
      address: Address('Wallet address'),
    },
    { additionalProperties: false },
  ),
  output: TraderProfileSchema,
  cacheTtlSeconds: 30,
  example: { address: '6xsN88qFeQ9RwPU7yNTv8SprgaUQxxDy4vxbyqzQwVGu' },
  handler: (input, ctx) => traderProfile(input.address, ctx),
  briefing: traderProfileBriefing,
  // Every answer is also an observation of the wallet's positions: check-alerts' perps kinds compare them.
  snapshot: (input, result) => [{ subjectType: 'perps_wallet', subject: String(input.address), data: { ...perpsWalletObservation(result.data) } }],
});
