import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { EvmAddress } from '../../registry/fields.js';
import { RefTraderProfileSchema } from './shared/refvenue-schema.js';
import { refTraderProfileAnswer } from './refvenue-trader-profile/trader-profile.js';
import { refTraderProfileBriefing } from './shared/refvenue-briefings.js';

export default defineEndpoint({
  key: 'refvenue-trader-profile',
  family: 'perps',
  price: '0.012',
  summary: 'Reference-venue trader profile: positions, liquidation distance, risk flags, PnL, style',
  description:
    'For an account (EVM address) on reference venue C: per open position the coin, side, size, leverage, notional, ' +
    'entry and mark price, unrealized PnL, return on equity (roe_pct = unrealized PnL ÷ initial margin × 100, the ' +
    'initial margin being entry price × size ÷ leverage, both listed; null without leverage), liquidation price, ' +
    'distance to liquidation (|mark − liquidation| ÷ mark, percent) and risk flags (high_leverage at leverage ≥ 10, extreme_leverage ≥ 25, approaching_liquidation at a ' +
    'distance < 10 %, losing); account value, open notional and withdrawable; long/short notional and directional ' +
    'bias (long share ≥ 60 % long, ≤ 40 % short); profile market-neutral (both sides held, |long − short| ≤ 20 % of ' +
    'gross), directional (one side ≥ 80 %) or diversified, with its factors; notional-weighted leverage; and ' +
    'realized plus unrealized PnL over the week, month and all time as the venue reports it (null, with a caveat, ' +
    'when the venue\'s portfolio cannot be read). An address the venue holds nothing for is a valid, empty profile ' +
    '(account_empty) with a caveat. When the account itself cannot be read the call fails and is not charged.',
  input: Type.Object(
    {
      address: EvmAddress(),
    },
    { additionalProperties: false },
  ),
  output: RefTraderProfileSchema,
  cacheTtlSeconds: 30,
  example: { address: '0x2e93ec805176653b7f085e214b50d87ea5e03323' },
  handler: (input, ctx) => refTraderProfileAnswer(input.address, ctx),
  briefing: refTraderProfileBriefing,
});
