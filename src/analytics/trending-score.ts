/**
 * The daily brief's composite trending score (feed-latest). Each factor maps one market or attention
 * reading onto 0–1 and carries a weight; the score is the weighted mean of the factors that are known
 * (an unknown factor is reported as null and left out, never counted as a zero). Pure; the thresholds
 * are documented in docs/consensus-and-feed.md.
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
  /** 0–1, 4 decimals: weighted mean of the known factors. */
  score: number;
  factors: TrendingFactor[];
  /** False when some factor is unknown (the score then rests on the others' weights only). */
  data_complete: boolean;
  unknown_factors: TrendingFactorName[];
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

export function trendingScore(inputs: TrendingInputs): TrendingScore {
  const values = trendingFactorValues(inputs);
  const names = Object.keys(TRENDING_WEIGHTS) as TrendingFactorName[];
  const factors = names.map((name) => {
    const value = values[name];
    return { name, value: value === null ? null : round4(value), weight: TRENDING_WEIGHTS[name] };
  });
  const known = factors.filter((f) => f.value !== null);
  const weight = known.reduce((sum, f) => sum + f.weight, 0);
  const score = weight > 0 ? known.reduce((sum, f) => sum + f.weight * f.value!, 0) / weight : 0;
  const unknown = factors.filter((f) => f.value === null).map((f) => f.name);
  return { score: round4(score), factors, data_complete: unknown.length === 0, unknown_factors: unknown };
}

/** Holder growth in percent from the oldest to the newest count; null with fewer than two counts or a zero start. */
export function holderGrowthPct(counts: readonly number[]): number | null {
  if (counts.length < 2) return null;
  const first = counts[0]!;
  const last = counts[counts.length - 1]!;
  if (first <= 0) return null;
  return Math.round(((last - first) / first) * 100 * 100) / 100;
}
