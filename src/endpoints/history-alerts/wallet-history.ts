import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Lookback, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'wallet-history',
  family: 'history-alerts',
  price: '0.006',
  summary: 'Wallet deltas over a lookback: value, balance, risk score, added and removed positions',
  description:
    'Two-point deltas between the wallet\'s snapshot at the start of the lookback (7d, 14d or 30d) and now: ' +
    'portfolio value, native balance and risk score, each with a direction (improving, declining or stable), plus ' +
    'the positions added and removed. Snapshots accumulate as a side effect of every enrichment call.',
  input: Type.Object(
    {
      address: Address('Wallet address'),
      lookback: withDefault(Lookback(), '7d'),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Two-point deltas and position changes'),
  cacheTtlSeconds: 300,
  example: { address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', lookback: '7d' },
});
