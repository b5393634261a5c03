import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'trending-signals',
  family: 'discovery',
  price: '0.050',
  summary: 'Trending tokens ranked by a composite signal, with reasoning and overall sentiment',
  description:
    'Trending tokens passing the liquidity and risk filters, ranked by a deterministic composite signal (optionally ' +
    'including whale-watch activity), each with its reasoning, plus an overall market sentiment: accumulation, ' +
    'distribution or mixed.',
  input: Type.Object(
    {
      min_liquidity_usd: withDefault(Type.Number({ minimum: 0, description: 'Minimum liquidity in USD' }), 10000),
      max_risk_score: withDefault(Type.Number({ minimum: 0, maximum: 1, description: 'Maximum token risk score' }), 0.7),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 20, description: 'Maximum results' }), 10),
      include_whale_watch: withDefault(Type.Boolean({ description: 'Include whale activity in the signal' }), true),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput(
    'Composite-signal ranked list with per-token reasoning and overall sentiment `accumulation`, `distribution` or `mixed`',
  ),
  cacheTtlSeconds: 120,
  example: { min_liquidity_usd: 10000, max_risk_score: 0.7, limit: 10, include_whale_watch: true },
});
