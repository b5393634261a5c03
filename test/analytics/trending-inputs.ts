/**
 * Trending-score inputs with every factor known, chosen so each factor and the score can be checked by
 * hand (trending-score.test.ts spells the factors out; discovery/sentiment.test.ts builds on the score).
 */
import type { TrendingInputs } from '../../src/analytics/trending-score.js';

export const FULL_TRENDING_INPUTS: TrendingInputs = {
  volume24hUsd: 100_000,
  liquidityUsd: 100_000,
  priceChange24hPct: 10,
  buys24h: 60,
  sells24h: 40,
  holderGrowthPct: 5,
  attentionCalls: 2,
  maxAttentionCalls: 4,
};
