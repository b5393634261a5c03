import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { newTokensAnswer } from './shared/new-tokens.js';
import { newTokensBriefing } from './shared/new-tokens-briefing.js';
import { NewTokensSchema } from './shared/new-tokens-schema.js';

export default defineEndpoint({
  key: 'new-tokens',
  family: 'discovery',
  price: '0.012',
  summary: 'Recently launched tokens filtered by liquidity and risk, safest first',
  description:
    'Recently launched tokens from the market-data source\'s fresh-launch feed (the newest tokens with a DEX Screener ' +
    'profile; its bias is stated in a caveat), kept when the liquidity of their deepest pair is known and at least ' +
    'min_liquidity_usd and their token risk score (0 to 1, due-diligence\'s score over the light token analysis with top ' +
    'holders; whale activity not read, so a lower bound by at most 0.05) is known and at most max_risk_score. Ordered ' +
    'safest first (risk score ascending, then liquidity descending), up to `limit` (1 to 20, default 10). Per token: ' +
    'mint, symbol, name, pair, launch time and age, price, liquidity, market cap, 24 h volume and change, risk score ' +
    'with its factors, unknown factors and flags, and the verdict SAFE / CAUTION / RISKY. Every other candidate is ' +
    'listed under `excluded` with its reason (liquidity_unknown, liquidity_below_min, risk_unknown, risk_above_max): a ' +
    'token whose risk could not be read is excluded, never listed as safe.',
  input: Type.Object(
    {
      min_liquidity_usd: withDefault(Type.Number({ description: 'Minimum liquidity in USD' }), 1000),
      max_risk_score: withDefault(Type.Number({ minimum: 0, maximum: 1, description: 'Maximum token risk score' }), 0.8),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 20, description: 'Maximum results (whole number)' }), 10),
    },
    { additionalProperties: false },
  ),
  output: NewTokensSchema,
  cacheTtlSeconds: 60,
  example: { min_liquidity_usd: 1000, max_risk_score: 0.8, limit: 10 },
  handler: (input, ctx) => newTokensAnswer(input, ctx),
  briefing: newTokensBriefing,
});
