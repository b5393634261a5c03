/**
 * The daily brief's composite trending score (feed-latest; trending-signals builds on it). Each factor maps
 * one market or attention reading onto 0–1 and carries a weight; the score is the weighted mean of the
 * factors that are known (an unknown factor is reported as null and left out, never counted as a zero).
 * A token whose trades look washed (runner-stage.ts `washTrade`) has its volume and buy-pressure factors
 * counted 0: washed volume is not demand. Pure; the thresholds are documented in docs/consensus-and-feed.md.
 */

export interface TrendingInputs {
  volume24hUsd: number | null;
  liquidityUsd: number | null;
  /** 24 h price change in percent (−2.5 = −2.5 %). */
  priceChange24hPct: number | null;
  buys24h: number | null;
  sells24h: number | null;
  /** Holder-count change in percent between the oldest and newest of the token's recent daily snapshots. */
  holderGrowthPct: number | null;
  /** Paid calls about the token in the last 24 h, and the most any candidate received (query stream). */
  attentionCalls: number;
  maxAttentionCalls: number;
}

export type TrendingFactorName = 'volume_24h' | 'liquidity' | 'price_momentum' | 'buy_pressure' | 'holder_growth' | 'attention';

export interface TrendingFactor {
  name: TrendingFactorName;
  /** 0–1, 4 decimals; null when the reading is unknown. */
  value: number | null;
  weight: number;
}

export interface TrendingScore {
  /** 0–1, 4 decimals: weighted mean of the known factors (after the wash penalty). */
  score: number;
  factors: TrendingFactor[];
  /** False when some factor is unknown (the score then rests on the others' weights only). */
  data_complete: boolean;
  unknown_factors: TrendingFactorName[];
  /** Set when wash trading is suspected: the distrusted factors count 0. */
  wash_penalty: WashPenalty | null;
}

/**
 * The factors a suspected wash trade makes worthless: washed volume and washed buys are not demand. The one
 * rule for every trending score (the daily brief here, trending-signals through `applyWashPenalty`), so the
 * two agree on every token, washed or not.
 */
export const WASH_DISTRUSTED_FACTORS: readonly TrendingFactorName[] = ['volume_24h', 'buy_pressure'];

export interface WashPenalty {
  /** The factors counted 0 (those that were known). */
  factors: TrendingFactorName[];
  /** The score with those factors at their face value: what the wash flag took away. */
  score_without_penalty: number;
  reason: string;
}

/** A weighted factor of a trending score (the daily brief's, or trending-signals' with whale flow). */
export interface ScoreFactor {
  name: string;
  value: number | null;
  weight: number;
}

export const TRENDING_WEIGHTS: Record<TrendingFactorName, number> = {
  volume_24h: 0.25,
  price_momentum: 0.2,
  liquidity: 0.15,
  buy_pressure: 0.15,
  attention: 0.15,
  holder_growth: 0.1,
};

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** log10 position of `x` between `low` (→ 0) and `high` (→ 1). */
function logScale(x: number, low: number, high: number): number {
  if (x <= low) return 0;
  return clamp01(Math.log10(x / low) / Math.log10(high / low));
}

/** Linear position of `x` between `low` (→ 0) and `high` (→ 1). */
const linear = (x: number, low: number, high: number) => clamp01((x - low) / (high - low));

export function trendingFactorValues(i: TrendingInputs): Record<TrendingFactorName, number | null> {
  const trades = i.buys24h !== null && i.sells24h !== null ? i.buys24h + i.sells24h : 0;
  return {
    // $1k a day is no market; $100M a day is as busy as memecoins get.
    volume_24h: i.volume24hUsd === null ? null : logScale(i.volume24hUsd, 1_000, 100_000_000),
    liquidity: i.liquidityUsd === null ? null : logScale(i.liquidityUsd, 10_000, 10_000_000),
    // −50 % → 0, flat → 0.5, +50 % → 1.
    price_momentum: i.priceChange24hPct === null ? null : linear(i.priceChange24hPct, -50, 50),
    // Buyers' share of the 24 h trades: 0.5 is balanced.
    buy_pressure: trades > 0 ? i.buys24h! / trades : null,
    // −10 % → 0, flat → 0.5, +10 % holders → 1.
    holder_growth: i.holderGrowthPct === null ? null : linear(i.holderGrowthPct, -10, 10),
    // Relative to the most-asked candidate; no calls at all is a known 0, not unknown.
    attention: i.maxAttentionCalls > 0 ? i.attentionCalls / i.maxAttentionCalls : 0,
  };
}

/** Weighted mean of the known factors (an unknown one is left out, the others re-weighted), 4 decimals; 0 with none known. */
export function weightedMean(factors: readonly ScoreFactor[]): number {
  const known = factors.filter((f) => f.value !== null);
  const weight = known.reduce((sum, f) => sum + f.weight, 0);
  return weight > 0 ? round4(known.reduce((sum, f) => sum + f.weight * f.value!, 0) / weight) : 0;
}

/**
 * The wash penalty on a trending score's factors: when wash trading is suspected, each KNOWN factor of
 * WASH_DISTRUSTED_FACTORS counts 0 (an unknown one stays unknown, left out), and the penalty states what that
 * took away (the score at face value). Without the flag, or with no distrusted factor known, no penalty.
 */
export function applyWashPenalty<F extends ScoreFactor>(faceValue: readonly F[], washTradeSuspected: boolean): { factors: F[]; penalty: WashPenalty | null } {
  const distrusted = (f: F) => washTradeSuspected && f.value !== null && (WASH_DISTRUSTED_FACTORS as readonly string[]).includes(f.name);
  const factors = faceValue.map((f) => (distrusted(f) ? { ...f, value: 0 } : f));
  const zeroed = faceValue.filter(distrusted).map((f) => f.name as TrendingFactorName);
  const penalty: WashPenalty | null = zeroed.length === 0 ? null : {
    factors: zeroed,
    score_without_penalty: weightedMean(faceValue),
    reason: `wash trading suspected: ${zeroed.join(' and ')} count 0 (washed volume and buys are not demand)`,
  };
  return { factors, penalty };
}

/** The daily brief's score; `washTradeSuspected` (the token's runner reading) applies the wash penalty. */
export function trendingScore(inputs: TrendingInputs, washTradeSuspected = false): TrendingScore {
  const values = trendingFactorValues(inputs);
  const names = Object.keys(TRENDING_WEIGHTS) as TrendingFactorName[];
  const faceValue = names.map((name): TrendingFactor => {
    const value = values[name];
    return { name, value: value === null ? null : round4(value), weight: TRENDING_WEIGHTS[name] };
  });
  const { factors, penalty } = applyWashPenalty(faceValue, washTradeSuspected);
  const unknown = factors.filter((f) => f.value === null).map((f) => f.name);
  return { score: weightedMean(factors), factors, data_complete: unknown.length === 0, unknown_factors: unknown, wash_penalty: penalty };
}

/** Holder growth in percent from the oldest to the newest count; null with fewer than two counts or a zero start. */
export function holderGrowthPct(counts: readonly number[]): number | null {
  if (counts.length < 2) return null;
  const first = counts[0]!;
  const last = counts[counts.length - 1]!;
  if (first <= 0) return null;
  return Math.round(((last - first) / first) * 100 * 100) / 100;
}
