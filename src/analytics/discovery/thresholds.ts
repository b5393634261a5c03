/**
 * Every threshold, weight and scale the discovery analytics apply, in one place so that
 * docs/discovery.md, the endpoints and the tests (including the sandbox world's designed launches) read
 * the same numbers. The comparison each threshold uses (≥, >, <, ≤) is stated beside it: the stage rules
 * are shared with the sandbox world and must hold exactly. Comparisons are made on the ROUNDED value a
 * caller sees (buy shares and ratios 4 decimals, percentages and USD 2 decimals; docs/discovery.md, opening 'Units').
 */

// ── Windows and acceleration (windowMetrics) ───────────────────────────────────────────────────────
/** A window pair is "accelerating" when rate(shorter) ÷ rate(longer) is ≥ this. */
export const ACCELERATION_RATIO = 1.5;
/** Buying is "decelerating" (PARABOLIC_LATE) when a1 = rate_m5 ÷ rate_h1 is < this. */
export const DECELERATION_RATIO = 1;

// ── Runner stage (runnerStage) ─────────────────────────────────────────────────────────────────────
/** RUNNING / IGNITING need buy share m5 ≥ this. */
export const RUNNER_MIN_BUY_SHARE_M5 = 0.55;
/** Sellers in control (FADING): buy share m5 < this AND buy share h1 < SELLERS_MAX_BUY_SHARE_H1. */
export const SELLERS_MAX_BUY_SHARE_M5 = 0.45;
export const SELLERS_MAX_BUY_SHARE_H1 = 0.5;
/** A drained pool (rug): liquidity < this (USD) while the h1 price change is ≤ RUG_MAX_H1_PRICE_CHANGE_PCT. */
export const RUG_MAX_LIQUIDITY_USD = 1_000;
export const RUG_MAX_H1_PRICE_CHANGE_PCT = -50;
/** Liquidity pulled vs a prior reading: down by ≥ this percent (change ≤ −25 %). Also an exit hard trigger. */
export const LIQUIDITY_PULL_PCT = 25;
/** A prior reading counts (deltas, liquidity pull) only when it is ≥ this many minutes old ("repeat spacing"). */
export const REPEAT_SPACING_MINUTES = 5;
/** Already ran: h6 price change ≥ this percent … */
export const PARABOLIC_H6_CHANGE_PCT = 100;
/** … or h1 price change ≥ this percent when the pool is younger than PARABOLIC_YOUNG_POOL_HOURS (< 6 h). */
export const PARABOLIC_H1_CHANGE_PCT = 100;
export const PARABOLIC_YOUNG_POOL_HOURS = 6;

// ── Wash-trade heuristic (washTrade) ───────────────────────────────────────────────────────────────
/** Round trips: h1 trades ≥ WASH_MIN_H1_TRADES with average trade ≥ WASH_MIN_AVG_TRADE_USD on liquidity < WASH_MAX_LIQUIDITY_USD. */
export const WASH_MIN_H1_TRADES = 20;
export const WASH_MIN_AVG_TRADE_USD = 2_000;
export const WASH_MAX_LIQUIDITY_USD = 100_000;
/** Bot spam: h1 trades ≥ BOT_SPAM_MIN_H1_TRADES with average trade < BOT_SPAM_MAX_AVG_TRADE_USD. */
export const BOT_SPAM_MIN_H1_TRADES = 2_000;
export const BOT_SPAM_MAX_AVG_TRADE_USD = 15;

// ── Velocity score (velocityScore) ─────────────────────────────────────────────────────────────────
export const VELOCITY_WEIGHTS = { acceleration: 0.35, buy_pressure: 0.3, turnover: 0.15, trade_growth: 0.2 } as const;
/** A ratio (a1, a2, trade growth) maps linearly onto 0–1 from 1 (→ 0, no growth) to this (→ 1). */
export const RATIO_FULL_SCALE = 3;
/** Turnover = volume h1 ÷ liquidity; this turnover per hour (the whole pool traded once an hour) → 1. */
export const TURNOVER_FULL_SCALE = 1;

// ── Trenches composite, smart money, attention (trenchesComposite, smartMoneySignal, attentionSignal) ─
export const TRENCHES_WEIGHTS = { runner: 0.45, smart_money: 0.45, attention: 0.1 } as const;
/** Smart buys count when at most this many hours old; a buy's recency falls linearly from 1 (now) to 0 (this age). */
export const SMART_MONEY_WINDOW_HOURS = 24;
/** The recency-weighted count of distinct smart buyers at which the smart-money signal is 1. */
export const SMART_MONEY_FULL_BUYERS = 3;
/** Attention window for the trenches signals (hours of the query stream read). */
export const ATTENTION_WINDOW_HOURS = 6;
/** Paid calls about a token in the attention window at which the attention signal is 1. */
export const ATTENTION_FULL_CALLS = 10;

// ── Confluence (confluence) ────────────────────────────────────────────────────────────────────────
/** The attention signal is present with ≥ this many calls in the attention window … */
export const ATTENTION_MIN_CALLS = 3;
/** … or at percentile ≥ this (top decile) among at least ATTENTION_DECILE_MIN_ENTITIES asked-about tokens. */
export const ATTENTION_TOP_PERCENTILE = 90;
export const ATTENTION_DECILE_MIN_ENTITIES = 10;
/**
 * The minimum sample for any attention signal (confluence, the trenches composite, attention-momentum's
 * percentile): the window's query stream must hold at least this many distinct tokens asked about …
 */
export const ATTENTION_MIN_STREAM_TOKENS = 10;
/** … and at least this many paid calls in all (3 calls, the presence bar, for each of 10 tokens). Below it one caller's calls are the whole stream. */
export const ATTENTION_MIN_STREAM_CALLS = 30;
/** The smart-money signal is present with ≥ this many distinct smart buyers inside SMART_MONEY_WINDOW_HOURS. */
export const CONFLUENCE_MIN_SMART_BUYERS = 1;

// ── Exit signal (exitSignal) ───────────────────────────────────────────────────────────────────────
export const EXIT_WEIGHTS = {
  sellers_in_control: 0.25,
  momentum: 0.2,
  liquidity_delta: 0.1,
  holder_delta: 0.1,
  stage_fading: 0.25,
  parabolic_exhaustion: 0.1,
} as const;
/** Verdict on the 4-decimal score: EXIT ≥ 0.7, DERISK ≥ 0.4, HOLD below. */
export const EXIT_SCORE_EXIT = 0.7;
export const EXIT_SCORE_DERISK = 0.4;
/** Sell share (1 − buy share) at which sellers_in_control is 0 (balanced) … and 1 (this share sells). */
export const EXIT_SELL_SHARE_FLOOR = 0.5;
export const EXIT_SELL_SHARE_FULL = 0.7;
/** A price fall of this percent (m5 or h1) makes momentum 1. */
export const EXIT_MOMENTUM_FULL_DROP_PCT = 30;
/** A holder-count fall of this percent vs the prior reading makes holder_delta 1. */
export const EXIT_HOLDER_FULL_DROP_PCT = 10;
/** Active dump (hard trigger): m5 price change ≤ −15 % with m5 sells ≥ 2 × m5 buys (and at least one sell). */
export const DUMP_M5_PRICE_CHANGE_PCT = -15;
export const DUMP_SELL_BUY_RATIO = 2;

// ── Attention momentum (attentionMomentum) ─────────────────────────────────────────────────────────
/** Attention rising when w3 ≥ 1.5 × w2 (and w3 > w2); falling when w3 × 1.5 ≤ w2 (and w3 < w2). */
export const ATTENTION_TREND_RATIO = 1.5;
/** sample_quality is `low` when w1 + w2 + w3 < this. */
export const ATTENTION_MIN_SAMPLE_CALLS = 10;
/** Price "rising" at ≥ +5 %; below it is flat or down. */
export const PRICE_RISING_PCT = 5;
/** Price "falling hard" at ≤ −20 % (rising attention into a hard fall is distribution_risk). */
export const PRICE_FALLING_HARD_PCT = -20;

// ── New tokens and trending sentiment (newTokenFilter, marketSentiment, trendingSignalScore) ───────
/** A token leans to accumulation with buy share h24 ≥ this, to distribution with ≤ SENTIMENT_SELL_SHARE. */
export const SENTIMENT_BUY_SHARE = 0.55;
export const SENTIMENT_SELL_SHARE = 0.45;
/** The market is `accumulation` (or `distribution`) when ≥ this percent of the ranked tokens lean that way. */
export const SENTIMENT_MAJORITY_PCT = 60;
/** trending-signals adds the whale-flow factor with this weight to the daily brief's weights (which sum to 1). */
export const WHALE_FLOW_WEIGHT = 0.15;
