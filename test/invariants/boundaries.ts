/**
 * Every documented boundary table the invariants suite reads a verdict against, encoded once, each with
 * where it is documented. These are the documents' words, not the service's code: a verdict that disagrees
 * with its own score under the documented table is a defect, whichever side moved.
 *
 * Tables are lower-inclusive unless written otherwise (the /docs page's "Units and conventions").
 */

/** A band: the label holds for scores in [min, max) — or [min, max] when `maxInclusive`. */
export interface Band<L extends string> {
  label: L;
  min: number;
  max: number;
  maxInclusive?: boolean;
}

export function bandOf<L extends string>(table: readonly Band<L>[], value: number): L | undefined {
  return table.find((b) => value >= b.min && (b.maxInclusive ? value <= b.max : value < b.max))?.label;
}

/** Wallet risk level — spec "Scoring definitions", the /docs page's "Units and conventions": LOW <0.25 ≤ MODERATE <0.50 ≤ ELEVATED <0.65 ≤ HIGH ≤0.80 < CRITICAL. */
export const WALLET_RISK_LEVEL: readonly Band<string>[] = [
  { label: 'LOW', min: 0, max: 0.25 },
  { label: 'MODERATE', min: 0.25, max: 0.5 },
  { label: 'ELEVATED', min: 0.5, max: 0.65 },
  { label: 'HIGH', min: 0.65, max: 0.8, maxInclusive: true },
  { label: 'CRITICAL', min: 0.8000001, max: 1, maxInclusive: true },
];

/** Token verdict — spec "Token risk score", docs/due-diligence-and-whales.md: SAFE <0.30 ≤ CAUTION ≤0.60 < RISKY. */
export const TOKEN_VERDICT: readonly Band<string>[] = [
  { label: 'SAFE', min: 0, max: 0.3 },
  { label: 'CAUTION', min: 0.3, max: 0.6, maxInclusive: true },
  { label: 'RISKY', min: 0.6000001, max: 1, maxInclusive: true },
];

/** Volatility level on the daily std % — spec "Volatility", the /docs page's "Units and conventions": LOW <3 ≤ MODERATE <8 ≤ HIGH ≤15 < EXTREME. */
export const VOLATILITY_LEVEL: readonly Band<string>[] = [
  { label: 'LOW', min: 0, max: 3 },
  { label: 'MODERATE', min: 3, max: 8 },
  { label: 'HIGH', min: 8, max: 15, maxInclusive: true },
  { label: 'EXTREME', min: 15.0000001, max: Infinity },
];

/** HHI band — spec "HHI", src/analytics/concentration.ts doc: <1500 ≤ moderate ≤2500 < high. */
export const HHI_BAND: readonly Band<string>[] = [
  { label: 'well_distributed', min: 0, max: 1500 },
  { label: 'moderately_concentrated', min: 1500, max: 2500, maxInclusive: true },
  { label: 'highly_concentrated', min: 2500.0000001, max: Infinity },
];

/** Reward-coin health level — docs/launchpad.md "Level": HEALTHY ≥75, MIXED ≥50, WEAK ≥25, BROKEN below (or on a hard failure). */
export const HEALTH_LEVEL: readonly Band<string>[] = [
  { label: 'BROKEN', min: -Infinity, max: 25 },
  { label: 'WEAK', min: 25, max: 50 },
  { label: 'MIXED', min: 50, max: 75 },
  { label: 'HEALTHY', min: 75, max: Infinity },
];

/** Gem stage — spec "Gem score", docs/launchpad.md: GEM ≥80, WATCH ≥62, NOISE below; DEAD with no 24 h volume whatever the score. */
export const GEM_STAGE: readonly Band<string>[] = [
  { label: 'NOISE', min: -Infinity, max: 62 },
  { label: 'WATCH', min: 62, max: 80 },
  { label: 'GEM', min: 80, max: Infinity },
];

/** Card-pack exit verdict on its edge % — docs/gacha.md step 7: >0 POSITIVE_EV, −15 ≤ edge ≤ 0 HOUSE_EDGE, < −15 NEGATIVE_EV. */
export const PACK_EXIT_VERDICT: readonly Band<string>[] = [
  { label: 'NEGATIVE_EV', min: -Infinity, max: -15 },
  { label: 'HOUSE_EDGE', min: -15, max: 0, maxInclusive: true },
  { label: 'POSITIVE_EV', min: 1e-12, max: Infinity },
];

/** Exit-signal verdict on its score — docs/discovery.md "Verdict": EXIT ≥0.7, DERISK ≥0.4, HOLD below (hard triggers force EXIT). */
export const EXIT_VERDICT: readonly Band<string>[] = [
  { label: 'HOLD', min: 0, max: 0.4 },
  { label: 'DERISK', min: 0.4, max: 0.7 },
  { label: 'EXIT', min: 0.7, max: 1, maxInclusive: true },
];

/** Trade-quote verdict on payout ÷ round-trip cost — spec "Trade quote verdict", docs/launchpad.md: PAYS ≥1.5, MARGINAL ≥1, COSTS below. */
export const QUOTE_VERDICT: readonly Band<string>[] = [
  { label: 'COSTS', min: -Infinity, max: 1 },
  { label: 'MARGINAL', min: 1, max: 1.5 },
  { label: 'PAYS', min: 1.5, max: Infinity },
];

/** Confluence verdict from the count of present signals — docs/discovery.md: 3 HIGH_CONFLUENCE, 2 MODERATE, 1 SINGLE_SIGNAL, 0 NO_SIGNAL. */
export const CONFLUENCE_VERDICT: Readonly<Record<number, string>> = { 3: 'HIGH_CONFLUENCE', 2: 'MODERATE', 1: 'SINGLE_SIGNAL', 0: 'NO_SIGNAL' };

/** Attention sample: docs/discovery.md "sample_quality": low when the three windows hold < 10 calls. */
export const ATTENTION_MIN_SAMPLE_CALLS = 10;

/** Consensus sample quality — docs/consensus-and-feed.md: none (0), low (1–29), adequate (30 or more). */
export const CONSENSUS_SAMPLE: readonly Band<string>[] = [
  { label: 'none', min: 0, max: 1 },
  { label: 'low', min: 1, max: 30 },
  { label: 'adequate', min: 30, max: Infinity },
];

/** Trending lean votes — docs/discovery.md "Sentiment": buy share h24 ≥0.55 is +1, ≤0.45 is −1; whale accumulation +1, distribution −1. */
export const LEAN_BUY_SHARE = 0.55;
export const LEAN_SELL_SHARE = 0.45;

/** Minimum observed span before a yield is annualized — docs/launchpad.md: `YIELD_ANNUALIZE_MIN_DAYS` = 7. */
export const YIELD_ANNUALIZE_MIN_DAYS = 7;

/**
 * Direction of goodness of each trended metric — docs/history.md "Directions": which side is better, and
 * what counts as a move (relative % or absolute). `declining` means "moved the worse way".
 */
export interface Polarity {
  better: 'higher' | 'lower' | 'none';
  /** A move is |relative change %| ≥ this (relative) or |absolute change| ≥ this (absolute). */
  move: { kind: 'relative'; pct: number } | { kind: 'absolute'; by: number };
}

export const TREND_POLARITY: Readonly<Record<string, Polarity>> = {
  price: { better: 'higher', move: { kind: 'relative', pct: 5 } },
  liquidity: { better: 'higher', move: { kind: 'relative', pct: 5 } },
  portfolio_value_usd: { better: 'higher', move: { kind: 'relative', pct: 5 } },
  native_sol: { better: 'higher', move: { kind: 'relative', pct: 5 } },
  holder_concentration: { better: 'lower', move: { kind: 'relative', pct: 5 } },
  risk_score: { better: 'lower', move: { kind: 'absolute', by: 0.05 } },
  token_count: { better: 'none', move: { kind: 'absolute', by: 0 } },
};

/** Scores on the 0–100 scale (gem, health and demand; the /docs page's "Units and conventions"); every other score is 0–1. */
export const SCORES_0_100: ReadonlySet<string> = new Set(['health_score', 'gem_score', 'demand_score']);
