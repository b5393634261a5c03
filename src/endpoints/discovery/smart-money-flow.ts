import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'smart-money-flow',
  family: 'discovery',
  price: '0.100',
  summary: 'Winning wallets, the tokens they accumulate, and their clusters',
  description:
    'From up to 30 seed wallets (a curated default list when omitted), the wallets qualifying as winners over ' +
    'lookback_days (win rate at least min_win_rate), the top_n_tokens they are accumulating, and wallet clusters ' +
    'from the transaction graph (include_graph, adds latency).',
  input: Type.Object(
    {
      wallets: Type.Optional(Type.Array(Address(), { maxItems: 30, description: 'Seed wallets (at most 30); curated list when omitted' })),
      lookback_days: withDefault(Type.Integer({ minimum: 1, maximum: 90, description: 'Lookback window in days' }), 14),
      min_win_rate: withDefault(Type.Number({ minimum: 0, maximum: 1, description: 'Minimum win rate (0 to 1)' }), 0.55),
      top_n_tokens: withDefault(Type.Integer({ minimum: 1, maximum: 20, description: 'Tokens to return' }), 10),
      include_graph: withDefault(Type.Boolean({ description: 'Detect wallet clusters (adds latency)' }), true),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Qualifying winner wallets, tokens they accumulate, wallet clusters'),
  cacheTtlSeconds: 600,
  example: { lookback_days: 14, min_win_rate: 0.55, top_n_tokens: 10, include_graph: true },
});
