import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { withDefault } from '../../registry/fields.js';
import { trenchesScanAnswer } from './shared/trenches-scan.js';
import { trenchesScanBriefing } from './shared/trenches-briefing.js';
import { TrenchesScanSchema } from './shared/trenches-schema.js';

export default defineEndpoint({
  key: 'trenches-scan',
  family: 'discovery',
  price: '0.08',
  summary: 'Fresh tokens ranked by confluence of runner, smart-money and attention signals',
  description:
    'Fresh tokens from the market-data source\'s latest token profiles and top boosts (only tokens that paid for a ' +
    'profile or boost are seen; stated in a caveat) no older than max_token_age_hours with at least ' +
    'min_liquidity_usd of liquidity (an unknown age or liquidity passes), ranked by a three-signal composite 0 to 1: ' +
    'runner 0.45 (the velocity score; 0 when FADING or when wash trading is suspected), smart money 0.45 (distinct buyers in the last 24 h still holding ' +
    'it, weighted by recency, among the smart wallets qualifying as winners as in smart-money-flow: win rate at least ' +
    '0.55 over at least 5 closed trades in 14 days; a buyer that sold out since is listed as exited and does not ' +
    'count), attention 0.10 (paid calls naming the token in this service\'s query stream over the last 6 hours; 0, ' +
    'and the signal unknown, while that window holds fewer than 10 tokens or 30 calls). Each token carries its factors, a confluence verdict (HIGH_CONFLUENCE 3 ' +
    'signals present, MODERATE 2, SINGLE_SIGNAL 1; tokens with none are left out) with the count, each signal\'s ' +
    'evidence and reasoning, its runner stage with velocity, wash and rug flags, its smart buyers and its call ' +
    'count. The legs degrade independently: a failed leg is a caveat, its signal unknown (not counted), and the ' +
    'composite is renormalized over the other legs, so the scan still ranks.',
  input: Type.Object(
    {
      max_token_age_hours: withDefault(Type.Number({ minimum: 1, maximum: 72, description: 'Maximum token age in hours' }), 24),
      min_liquidity_usd: withDefault(
        Type.Number({ minimum: 0, maximum: 10000000, description: 'Minimum liquidity in USD (unknown liquidity passes)' }),
        5000,
      ),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 20, description: 'Maximum results' }), 10),
    },
    { additionalProperties: false },
  ),
  output: TrenchesScanSchema,
  cacheTtlSeconds: 60,
  example: { max_token_age_hours: 24, min_liquidity_usd: 5000, limit: 10 },
  handler: (input, ctx) => trenchesScanAnswer(input, ctx),
  briefing: trenchesScanBriefing,
});
