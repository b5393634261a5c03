import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { EvmAddress } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'refvenue-trader-profile',
  family: 'perps',
  price: '0.012',
  summary: 'Reference-venue trader profile: positions, liquidation distance, risk flags, PnL, style',
  description:
    'For an account (EVM address) on the reference venue: per position the coin, side, leverage, notional, entry, unrealized PnL, ' +
    'distance to liquidation and risk flags (high_leverage, extreme_leverage, approaching_liquidation, losing); ' +
    'account value; directional bias; profile directional, market-neutral or diversified; weighted leverage; and ' +
    'realized plus unrealized PnL over the week, month and all time.',
  input: Type.Object(
    {
      address: EvmAddress(),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Reference-venue trader profile'),
  cacheTtlSeconds: 30,
  example: { address: '0x5b5d51203a0f9079f8aeb098a6523a13f298c060' },
});
