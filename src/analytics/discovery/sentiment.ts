/**
 * trending-signals (docs/discovery.md "Trending signals"): the per-token composite and the overall
 * market sentiment of the ranked list.
 *
 * Composite: the daily brief's trending score (trending-score.ts, its factors and weights unchanged) plus,
 * when the whale-watch leg is requested, a `whale_flow` factor of weight 0.15 (accumulation 1, neutral 0.5,
 * distribution 0, unknown null). The score is the weighted mean of the known factors, so the whale factor
 * carries 0.15 ÷ 1.15 ≈ 13 % when known, and without the whale leg the score IS the daily brief's score.
 *
 * Sentiment: each ranked token leans by two votes — buy share h24 ≥ 0.55 (+1) or ≤ 0.45 (−1), and whale
 * signal accumulation (+1) or distribution (−1); the lean is the sign of the sum (0 = neutral). The market
 * is `accumulation` when ≥ 60 % of the ranked tokens lean to accumulation, `distribution` when ≥ 60 % lean
 * to distribution, `mixed` otherwise (and for an empty list).
 */
import { round2, round4 } from '../round.js';
import { trendingScore, type TrendingFactorName, type TrendingInputs } from '../trending-score.js';
import type { WhaleSignal } from '../whale-activity.js';
import { SENTIMENT_BUY_SHARE, SENTIMENT_MAJORITY_PCT, SENTIMENT_SELL_SHARE, WHALE_FLOW_WEIGHT } from './thresholds.js';

export type TrendingSignalFactorName = TrendingFactorName | 'whale_flow';

export interface TrendingSignalScore {
  score: number;
  factors: { name: TrendingSignalFactorName; value: number | null; weight: number }[];
  data_complete: boolean;
  unknown_factors: TrendingSignalFactorName[];
  /** The factors in words, strongest first. */
  reasons: string[];
}

const WHALE_VALUE: Record<WhaleSignal, number | null> = { accumulation: 1, neutral: 0.5, distribution: 0, unknown: null };

/** `whale` undefined = the whale-watch leg was not requested (no factor); null = it failed (unknown factor). */
export function trendingSignalScore(inputs: TrendingInputs, whale?: WhaleSignal | null): TrendingSignalScore {
  const base = trendingScore(inputs);
  const factors: TrendingSignalScore['factors'] = [...base.factors];
  if (whale !== undefined) factors.push({ name: 'whale_flow', value: whale === null ? null : WHALE_VALUE[whale], weight: WHALE_FLOW_WEIGHT });
  const known = factors.filter((f): f is { name: TrendingSignalFactorName; value: number; weight: number } => f.value !== null);
  const weight = known.reduce((s, f) => s + f.weight, 0);
  const score = weight > 0 ? round4(known.reduce((s, f) => s + f.weight * f.value, 0) / weight) : 0;
  const unknown = factors.filter((f) => f.value === null).map((f) => f.name);
  const reasons = [...known]
    .sort((a, b) => b.value - a.value || b.weight - a.weight)
    .map((f) => `${f.name} ${f.value} (weight ${f.weight})${f.value >= 0.7 ? ': strong' : f.value <= 0.3 ? ': weak' : ''}`);
  if (unknown.length > 0) reasons.push(`unknown, left out: ${unknown.join(', ')}`);
  return { score, factors, data_complete: unknown.length === 0, unknown_factors: unknown, reasons };
}

export type TokenLean = 'accumulation' | 'distribution' | 'neutral';
export type MarketSentimentLabel = 'accumulation' | 'distribution' | 'mixed';

export interface SentimentEntry {
  mint: string;
  /** buys ÷ (buys + sells) over 24 h, 0–1; null when unknown. */
  buyShareH24: number | null;
  /** whale-activity.ts signal; null/undefined when the whale leg was not run or failed. */
  whaleSignal?: WhaleSignal | null;
}

export interface TokenLeanReading {
  mint: string;
  lean: TokenLean;
  reasons: string[];
}

export interface MarketSentiment {
  sentiment: MarketSentimentLabel;
  tokens: number;
  accumulation: number;
  distribution: number;
  neutral: number;
  accumulation_pct: number;
  distribution_pct: number;
  per_token: TokenLeanReading[];
  reasoning: string;
}

export function tokenLean(e: SentimentEntry): TokenLeanReading {
  const reasons: string[] = [];
  const bs = e.buyShareH24 === null ? null : round4(e.buyShareH24);
  let buyVote = 0;
  if (bs === null) reasons.push('buy share h24 unknown');
  else if (bs >= SENTIMENT_BUY_SHARE) buyVote = 1;
  else if (bs <= SENTIMENT_SELL_SHARE) buyVote = -1;
  if (bs !== null) reasons.push(`buy share h24 ${bs}${buyVote > 0 ? ` ≥ ${SENTIMENT_BUY_SHARE}` : buyVote < 0 ? ` ≤ ${SENTIMENT_SELL_SHARE}` : ' (balanced)'}`);
  const whale = e.whaleSignal ?? null;
  const whaleVote = whale === 'accumulation' ? 1 : whale === 'distribution' ? -1 : 0;
  reasons.push(whale === null ? 'whale flow not read' : `whale signal ${whale}`);
  const votes = buyVote + whaleVote;
  return { mint: e.mint, lean: votes > 0 ? 'accumulation' : votes < 0 ? 'distribution' : 'neutral', reasons };
}

export function marketSentiment(entries: readonly SentimentEntry[]): MarketSentiment {
  const per = entries.map(tokenLean);
  const n = per.length;
  const acc = per.filter((t) => t.lean === 'accumulation').length;
  const dist = per.filter((t) => t.lean === 'distribution').length;
  const accPct = n > 0 ? round2((100 * acc) / n) : 0;
  const distPct = n > 0 ? round2((100 * dist) / n) : 0;
  const sentiment: MarketSentimentLabel = n === 0 ? 'mixed' : accPct >= SENTIMENT_MAJORITY_PCT ? 'accumulation' : distPct >= SENTIMENT_MAJORITY_PCT ? 'distribution' : 'mixed';
  const reasoning =
    n === 0
      ? 'no ranked tokens: mixed'
      : `${acc} of ${n} tokens (${accPct} %) lean to accumulation, ${dist} (${distPct} %) to distribution; ${SENTIMENT_MAJORITY_PCT} % either way decides, else mixed → ${sentiment}`;
  return { sentiment, tokens: n, accumulation: acc, distribution: dist, neutral: n - acc - dist, accumulation_pct: accPct, distribution_pct: distPct, per_token: per, reasoning };
}
