/**
 * trending-signals (docs/discovery.md "Trending signals"): the per-token composite and the overall
 * market sentiment of the ranked list.
 *
 * Composite: the daily brief's trending score (trending-score.ts, its factors and weights unchanged) plus,
 * when the whale-watch leg is requested, a `whale_flow` factor of weight 0.15 (accumulation 1, neutral 0.5,
 * distribution 0, unknown null). The score is the weighted mean of the known factors, so the whale factor
 * carries 0.15 ÷ 1.15 ≈ 13 % when known, and without the whale leg the score IS the daily brief's score.
 *
 * Wash trading suspected (runner-stage.ts `washTrade`): the token's volume and trades are not evidence of
 * demand, so its `volume_24h` and `buy_pressure` factors count 0 (WASH_DISTRUSTED_FACTORS; the score is still
 * the weighted mean of the factors as listed, and `wash_penalty` shows the score they would have given). The
 * rule is the daily brief's own (trending-score.ts `applyWashPenalty`), so without the whale leg the score is
 * the brief's for every token, washed or not.
 *
 * Sentiment: each ranked token leans by two votes — buy share h24 ≥ 0.55 (+1) or ≤ 0.45 (−1), and whale
 * signal accumulation (+1) or distribution (−1); the lean is the sign of the sum (0 = neutral). Then the
 * lean is made to agree with the token's runner stage and wash flag (a label never contradicts a flag in
 * the same row), in this order:
 *  1. wash trading suspected: the buy share does not vote (washed trades), and the lean is at most neutral
 *     (washed volume cannot show accumulation);
 *  2. runner stage FADING (sellers in control over 5 min and 1 h, or liquidity pulled): distribution — the
 *     current reading of who trades overrides the day's buy share.
 * (A RUNNING or IGNITING token keeps its votes: buyers over 5 minutes do not deny a day of selling.)
 * The market is `accumulation` when ≥ 60 % of the ranked tokens lean to accumulation, `distribution` when
 * ≥ 60 % lean to distribution, `mixed` otherwise (and for an empty list).
 */
import { round2, round4 } from '../round.js';
import { applyWashPenalty, trendingScore, weightedMean, type TrendingFactorName, type TrendingInputs, type WashPenalty } from '../trending-score.js';
import type { WhaleSignal } from '../whale-activity.js';
import type { RunnerStage } from './runner-stage.js';
import { SENTIMENT_BUY_SHARE, SENTIMENT_MAJORITY_PCT, SENTIMENT_SELL_SHARE, WHALE_FLOW_WEIGHT } from './thresholds.js';

export type TrendingSignalFactorName = TrendingFactorName | 'whale_flow';

export interface TrendingSignalScore {
  score: number;
  factors: { name: TrendingSignalFactorName; value: number | null; weight: number }[];
  data_complete: boolean;
  unknown_factors: TrendingSignalFactorName[];
  /** The factors in words, strongest first. */
  reasons: string[];
  /** Set when wash trading is suspected: the distrusted factors count 0. */
  wash_penalty: WashPenalty | null;
}

const WHALE_VALUE: Record<WhaleSignal, number | null> = { accumulation: 1, neutral: 0.5, distribution: 0, unknown: null };

type Factor = TrendingSignalScore['factors'][number];
type KnownFactor = { name: TrendingSignalFactorName; value: number; weight: number };

/**
 * `whale` undefined = the whale-watch leg was not requested (no factor); null = it failed (unknown factor).
 * `washTradeSuspected`: the volume_24h and buy_pressure factors count 0 (known ones only; an unknown stays
 * unknown), and `wash_penalty` says what that took away.
 */
export function trendingSignalScore(inputs: TrendingInputs, whale?: WhaleSignal | null, washTradeSuspected = false): TrendingSignalScore {
  // The daily brief's factors at face value, plus whale flow; then the brief's own wash rule over all of them.
  const base = trendingScore(inputs);
  const faceValue: Factor[] = [...base.factors];
  if (whale !== undefined) faceValue.push({ name: 'whale_flow', value: whale === null ? null : WHALE_VALUE[whale], weight: WHALE_FLOW_WEIGHT });
  const { factors, penalty } = applyWashPenalty(faceValue, washTradeSuspected);
  const zeroed = penalty?.factors ?? [];
  const score = weightedMean(factors);
  const known = factors.filter((f): f is KnownFactor => f.value !== null);
  const unknown = factors.filter((f) => f.value === null).map((f) => f.name);
  const reasons = [...known]
    .sort((a, b) => b.value - a.value || b.weight - a.weight)
    .map((f) => zeroed.includes(f.name as TrendingFactorName)
      ? `${f.name} 0 (weight ${f.weight}): wash trading suspected, not counted as demand`
      : `${f.name} ${f.value} (weight ${f.weight})${f.value >= 0.7 ? ': strong' : f.value <= 0.3 ? ': weak' : ''}`);
  if (unknown.length > 0) reasons.push(`unknown, left out: ${unknown.join(', ')}`);
  return { score, factors, data_complete: unknown.length === 0, unknown_factors: unknown, reasons, wash_penalty: penalty };
}

export type TokenLean = 'accumulation' | 'distribution' | 'neutral';
export type MarketSentimentLabel = 'accumulation' | 'distribution' | 'mixed';

export interface SentimentEntry {
  mint: string;
  /** buys ÷ (buys + sells) over 24 h, 0–1; null when unknown. */
  buyShareH24: number | null;
  /** whale-activity.ts signal; null/undefined when the whale leg was not run or failed. */
  whaleSignal?: WhaleSignal | null;
  /** The runner stage of its deepest pair; null/undefined when unknown. */
  stage?: RunnerStage | null;
  /** The runner reading's wash-trade flag. */
  washTradeSuspected?: boolean;
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
  const wash = e.washTradeSuspected === true;
  const bs = e.buyShareH24 === null ? null : round4(e.buyShareH24);
  let buyVote = 0;
  if (bs === null) reasons.push('buy share h24 unknown');
  else if (wash) reasons.push(`buy share h24 ${bs} not counted: wash trading suspected`);
  else {
    if (bs >= SENTIMENT_BUY_SHARE) buyVote = 1;
    else if (bs <= SENTIMENT_SELL_SHARE) buyVote = -1;
    reasons.push(`buy share h24 ${bs}${buyVote > 0 ? ` ≥ ${SENTIMENT_BUY_SHARE}` : buyVote < 0 ? ` ≤ ${SENTIMENT_SELL_SHARE}` : ' (balanced)'}`);
  }
  const whale = e.whaleSignal ?? null;
  const whaleVote = whale === 'accumulation' ? 1 : whale === 'distribution' ? -1 : 0;
  reasons.push(whale === null ? 'whale flow not read' : `whale signal ${whale}`);
  const votes = buyVote + whaleVote;
  let lean: TokenLean = votes > 0 ? 'accumulation' : votes < 0 ? 'distribution' : 'neutral';
  // The lean never contradicts the row's flags: washed volume cannot show accumulation, and the runner
  // stage's current reading of who trades overrides the day's votes.
  if (wash && lean === 'accumulation') {
    lean = 'neutral';
    reasons.push('wash trading suspected: at most neutral');
  }
  const stage = e.stage ?? null;
  if (stage === 'FADING' && lean !== 'distribution') {
    lean = 'distribution';
    reasons.push('runner stage FADING (sellers in control, or liquidity pulled): distribution');
  }
  return { mint: e.mint, lean, reasons };
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
