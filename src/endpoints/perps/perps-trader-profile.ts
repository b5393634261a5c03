import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'perps-trader-profile',
  family: 'perps',
  price: '0.010',
  summary: 'Perps positions of a wallet on pool venues A and B with risk flags and trader classification',
  description:
    'Open positions on pool venues A and B, each with size, leverage, entry, unrealized PnL, position age, risk flags ' +
    'and a `venue` tag; a `by_venue` breakdown and combined `totals`; classification scalper, swing or position; ' +
    'directional bias; and the flag `multi_venue: true` for traders active on both venues. Pool venue B uses ' +
    'wrapped collateral (SOL via a wrapped staked-SOL token, BTC via wrapped BTC; ETH unsupported) and its PnL is ' +
    'null when collateral mark prices are unavailable.',
  input: Type.Object(
    {
      address: Address('Wallet address'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Perps trader profile (pool venues A and B)'),
  cacheTtlSeconds: 30,
  example: { address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' },
});
