import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { trendingSignalsAnswer } from './trending-signals/answer.js';
import { trendingSignalsBriefing } from './trending-signals/briefing.js';
import { TrendingSignalsSchema } from './trending-signals/schema.js';

export default defineEndpoint({
  key: 'trending-signals',
  family: 'discovery',
  price: '0.050',
  summary: 'Trending tokens ranked by a composite signal, with reasoning and overall sentiment',
  description:
    'Trending tokens from the market-data source\'s most-boosted list and latest token profiles (the pool\'s bias is ' +
    'stated in a caveat), kept when their liquidity is at least min_liquidity_usd and their token risk score (due-' +
    'diligence\'s score over the light analysis with top holders) is known and at most max_risk_score, ranked by a ' +
    'deterministic composite (0 to 1): the daily brief\'s trending score (24 h volume 0.25, price momentum 0.2, ' +
    'liquidity 0.15, buy pressure 0.15, attention from this service\'s query stream 0.15, 7-day holder growth 0.1) plus, ' +
    'with include_whale_watch, whale flow 0.15 from whale-watch for the top 5 (accumulation 1, neutral 0.5, ' +
    'distribution 0; a failed read is a caveat and an unknown factor); the weighted mean of the known factors. A ' +
    'token whose deepest pair shows the wash-trade pattern is penalised: its 24 h volume and buy pressure factors ' +
    'count 0 (washed volume is not demand; wash_penalty shows the score without it). Ties go to the higher runner ' +
    'velocity. Per token: score with every factor, reasoning in words, market figures, runner stage and velocity of ' +
    'its deepest pair, whale read, risk with factors, and its lean (buy share 24 h ≥ 0.55 or ≤ 0.45, and the whale ' +
    'signal, vote; a suspected wash trade\'s buy share does not vote and it leans at most neutral; a FADING token, ' +
    'sellers in control or liquidity pulled, leans distribution). ' +
    'Overall sentiment of the list: accumulation or distribution when at least 60 percent of the tokens lean that ' +
    'way, else mixed.',
  input: Type.Object(
    {
      min_liquidity_usd: withDefault(Type.Number({ minimum: 0, description: 'Minimum liquidity in USD' }), 10000),
      max_risk_score: withDefault(Type.Number({ minimum: 0, maximum: 1, description: 'Maximum token risk score' }), 0.7),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 20, description: 'Maximum results' }), 10),
      include_whale_watch: withDefault(Type.Boolean({ description: 'Include whale activity in the signal' }), true),
    },
    { additionalProperties: false },
  ),
  output: TrendingSignalsSchema,
  cacheTtlSeconds: 120,
  example: { min_liquidity_usd: 10000, max_risk_score: 0.7, limit: 10, include_whale_watch: true },
  handler: (input, ctx) => trendingSignalsAnswer(input, ctx),
  briefing: trendingSignalsBriefing,
});
