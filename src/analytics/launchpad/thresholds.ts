/**
 * Every threshold, weight and curve end-point of the launchpad analytics, in one place so that
 * docs/launchpad.md, the endpoints, the sandbox world and the tests read the same numbers. Boundaries are
 * lower-inclusive (docs/launchpad.md, opening paragraph): "≥ X" is in the upper band. Comparisons are made on rounded values
 * (scores and percentages 2 decimals).
 */
import type { QuoteCategory } from './types.js';

// ── Payout status (payoutStatus) ───────────────────────────────────────────────────────────────────
/** PAYING while the last payout is < this many hours old; STALE from this age on (spec default 24). */
export const STALE_AFTER_HOURS_DEFAULT = 24;

// ── Health score (healthScore) — weights sum to 100 ────────────────────────────────────────────────
export const HEALTH_WEIGHTS = {
  fee: 10,
  withdraw_authority: 20,
  fee_immutable: 10,
  reward_live: 10,
  distributions: 15,
  flywheel: 5,
  holders: 10,
  concentration: 10,
  quote_category: 5,
  age: 5,
} as const;
/** The platform's tax tiers are 100 and 300 bps: a fee ≤ this gets the full fee factor … */
export const HEALTH_FULL_FEE_MAX_BPS = 300;
/** … ≤ this gets half (a heavy tax eats the yield); above it, none. */
export const HEALTH_HALF_FEE_MAX_BPS = 1_000;
/** A STALE coin keeps this share of the distributions factor (it has paid, just not lately). */
export const HEALTH_STALE_DISTRIBUTIONS_SHARE = 0.4;
/** Holders factor rises linearly from 0 holders to full at this many. */
export const HEALTH_FULL_HOLDERS = 500;
/** Top-10 share ≤ this percent gets the full concentration factor, ≥ HEALTH_ZERO_TOP10_PCT none, linear between. */
export const HEALTH_FULL_TOP10_PCT = 30;
export const HEALTH_ZERO_TOP10_PCT = 80;
/** Age factor rises linearly from 0 days to full at this many days. */
export const HEALTH_FULL_AGE_DAYS = 14;
/** Levels on the score: HEALTHY ≥ 75, MIXED ≥ 50, WEAK ≥ 25, BROKEN below (or any hard failure). */
export const HEALTH_HEALTHY_MIN = 75;
export const HEALTH_MIXED_MIN = 50;
export const HEALTH_WEAK_MIN = 25;

/** Quote strength 0–1 by category: deep, liquid quotes pay rewards that are worth holding. */
export const QUOTE_STRENGTH: Record<QuoteCategory, number> = {
  solana: 1,
  currency: 1,
  xstock: 0.8,
  prestock: 0.6,
  leverage: 0.4,
  collectible: 0.4,
  custom: 0.2,
};

// ── Yields (trailingYields, yieldBasis) ────────────────────────────────────────────────────────────
/** Annualized yields carry `caution: true` when the window has under this many days of real history. */
export const YIELD_CAUTION_MIN_DAYS = 7;
/** The yield basis is the shortest window with ≥ this many days of real history, else lifetime (spec). */
export const YIELD_BASIS_MIN_DAYS = 6.5;
export const DAYS_PER_YEAR = 365;
/**
 * A yield is annualized only over at least this many observed days; before that `annualized_pct` is null
 * (multiplying two days of payouts by 182 reads as a promise nobody can keep).
 */
export const YIELD_ANNUALIZE_MIN_DAYS = 7;
/** A window's start point may be at most this many days older than the window start (daily points are a day apart). */
export const YIELD_START_SLACK_DAYS = 1;

// ── Gem score (gemScore) — weights sum to 100 ──────────────────────────────────────────────────────
export const GEM_WEIGHTS = {
  payout: 25,
  holders: 12,
  size: 15,
  turnover: 15,
  age: 10,
  momentum: 10,
  quote_strength: 10,
  flywheel: 3,
} as const;
/** Payout factor is full while the last payout is < STALE_AFTER_HOURS_DEFAULT old, then falls linearly to 0 at this age. */
export const GEM_PAYOUT_ZERO_HOURS = 72;
/** Holders factor rises linearly to full at this many holders. */
export const GEM_FULL_HOLDERS = 300;
/** Size (market cap): 0 below GEM_SIZE_FLOOR_USD, linear up to full at GEM_SIZE_FULL_MIN_USD, full up to GEM_SIZE_FULL_MAX_USD, linear down to 0 at GEM_SIZE_CEILING_USD. */
export const GEM_SIZE_FLOOR_USD = 10_000;
export const GEM_SIZE_FULL_MIN_USD = 50_000;
export const GEM_SIZE_FULL_MAX_USD = 1_000_000;
export const GEM_SIZE_CEILING_USD = 5_000_000;
/** Turnover = 24 h volume ÷ market cap; full at this ratio. */
export const GEM_FULL_TURNOVER = 0.5;
/** Age: full when GEM_AGE_FULL_MIN_DAYS ≤ age < GEM_AGE_FULL_MAX_DAYS; half when GEM_AGE_HALF_MIN_DAYS ≤ age < GEM_AGE_FULL_MIN_DAYS or GEM_AGE_FULL_MAX_DAYS ≤ age < GEM_AGE_HALF_MAX_DAYS; else 0. */
export const GEM_AGE_HALF_MIN_DAYS = 1;
export const GEM_AGE_FULL_MIN_DAYS = 3;
export const GEM_AGE_FULL_MAX_DAYS = 14;
export const GEM_AGE_HALF_MAX_DAYS = 30;
/** Momentum: 24 h price change rising linearly from 0 % to full at GEM_FULL_MOMENTUM_PCT; ≥ GEM_ALREADY_RAN_PCT is −weight (already run). */
export const GEM_FULL_MOMENTUM_PCT = 30;
export const GEM_ALREADY_RAN_PCT = 100;
/** Stages: GEM ≥ 80, WATCH ≥ 62 (spec); DEAD without 24 h volume; NOISE otherwise. */
export const GEM_STAGE_GEM_MIN = 80;
export const GEM_STAGE_WATCH_MIN = 62;
/** Warning when the top 10 hold ≥ this percent. */
export const GEM_WARN_TOP10_PCT = 50;

// ── Demand score (demandScore) ─────────────────────────────────────────────────────────────────────
export const DEMAND_WEIGHTS = { traded_share: 40, survival: 40, paying_share: 20 } as const;
/** A coin "survives" when older than this many days (strictly) and still trading; `is_new` when no coin is. */
export const DEMAND_SURVIVAL_AGE_DAYS = 3;
/** An `is_new` quote's demand is capped at this (spec). */
export const DEMAND_NEW_CAP = 80;
/** Crowding = 7 d launches ÷ coins trading today (÷ 1 when none trade). Penalty 0 up to this … */
export const DEMAND_CROWDING_FREE = 1;
/** … then this many points per unit of crowding above it … */
export const DEMAND_CROWDING_PENALTY_PER_UNIT = 10;
/** … capped at this. */
export const DEMAND_CROWDING_MAX_PENALTY = 30;

// ── Trade quote (tradeQuote) ───────────────────────────────────────────────────────────────────────
/** PAYS when expected payout ≥ 1.5 × round-trip cost; MARGINAL when ≥ 1 × (spec). */
export const QUOTE_PAYS_RATIO = 1.5;
export const QUOTE_MARGINAL_RATIO = 1;
/** Dust warning when the position's expected payout is < this many USD per day. */
export const QUOTE_DUST_USD_PER_DAY = 0.01;

// ── Alerts (launchpadAlerts) ───────────────────────────────────────────────────────────────────────
/** `since` older than this many days is clamped (spec). */
export const ALERT_SINCE_MAX_DAYS = 31;
export const ALERT_MIN_HOLDERS_CHANGE_PCT_DEFAULT = 10;
/** rewards_since is `approximate` when the snapshot used is more than this many hours from `since`. */
export const ALERT_SNAPSHOT_EXACT_HOURS = 1;

// ── Screener (isLive) ──────────────────────────────────────────────────────────────────────────────
/** `live` = traded (24 h volume > 0) and paid within this many hours. */
export const LIVE_WINDOW_HOURS = 24;
