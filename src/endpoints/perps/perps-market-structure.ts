import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'perps-market-structure',
  family: 'perps',
  price: '0.012',
  summary: 'Pool venue A perps markets: open interest, utilization, borrow APR, skew, OI caps, health',
  description:
    'Per market on pool venue A (SOL, BTC, ETH; BONK is not tradable there): open interest, utilization, borrow APR, ' +
    'long/short skew, OI caps and health flags, read directly from the venue\'s on-chain program accounts. No inputs.',
  input: Type.Object({}, { additionalProperties: false }),
  output: pendingOutput('Perps market (pool venue A), read from on-chain program accounts'),
  cacheTtlSeconds: 30,
  example: {},
});
