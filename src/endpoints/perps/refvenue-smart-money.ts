import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'refvenue-smart-money',
  family: 'perps',
  price: '0.05',
  summary: 'Smart-money consensus on the reference venue: long/short counts, net notional, bias, conviction',
  description:
    'Per coin (or only the `market` coin when given): long and short trader counts, net notional, bias and ' +
    'conviction among consistent directional traders of the reference venue\'s leaderboard, plus a drill-down of ' +
    'the top_traders ranked by month PnL. The scan excludes market-makers and high-frequency accounts (turnover ' +
    'filter) and dust or mega accounts (account band), and keeps only traders with week and month PnL both above 0.',
  input: Type.Object(
    {
      market: Type.Optional(Type.String({ minLength: 1, maxLength: 12, description: 'Coin focus (1 to 12 characters)' })),
      top_traders: withDefault(Type.Integer({ minimum: 1, maximum: 25, description: 'Top traders in the drill-down' }), 10),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Smart-money consensus'),
  cacheTtlSeconds: 300,
  example: { market: 'SOL', top_traders: 10 },
});
