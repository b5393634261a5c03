/**
 * Every threshold and assumption the perps analytics apply, in one place so that docs/perps.md, the
 * endpoints' `thresholds` echoes and the tests all read the same numbers.
 *
 * Boundaries follow the service rule (docs/perps.md, 'Units and rounding'): comparisons are made on the ROUNDED value a caller
 * sees, and the comparison each threshold uses (≥, >, <, ≤) is stated beside it because the spec
 * fixes some of them strictly (leverage > 10 on pool venues, ≥ 10 on reference venue C).
 */

export const HOURS_PER_YEAR = 8760;

// ── Pool market structure (poolMarketStructure) ────────────────────────────────────────────────────
/** `stressed` when either side's utilization is ≥ this (percent). */
export const STRESSED_UTILIZATION_PCT = 90;
/** `stressed` when either side's headroom is < this share of its OI cap (percent). */
export const STRESSED_HEADROOM_PCT_OF_CAP = 10;
/** `tilted` when one side holds ≥ this share of the total open interest (percent). */
export const TILTED_SIDE_SHARE_PCT = 75;
/** `high_utilization` when either side's utilization is ≥ this (percent). */
export const HIGH_UTILIZATION_PCT = 80;
/** `elevated_borrow` (market) / `elevated_borrow_rate` (entry cost) when a borrow APR is ≥ this (percent). */
export const ELEVATED_BORROW_APR_PCT = 30;

// ── Market trend (perpsMarketTrend) ────────────────────────────────────────────────────────────────
/** Mark price and total OI move when their relative change is ≥ this (percent), either way. */
export const TREND_RELATIVE_THRESHOLD_PCT = 2;
/** long_pct, utilization_pct and borrow_apr_pct move when their absolute change is ≥ this (points). */
export const TREND_ABSOLUTE_THRESHOLD_PTS = 1;

// ── Pool positions and trader profile (poolPositionView, poolTraderProfile) ────────────────────────
/** `high_leverage` on a pool position when leverage is > this (strict, as the spec says "above"). */
export const POOL_HIGH_LEVERAGE = 10;
/** `near_liquidation` when the collateral buffer is < this (percent of collateral). */
export const NEAR_LIQUIDATION_BUFFER_PCT = 15;
/** Classification by size-weighted median position age: `scalper` < 4 h ≤ `swing` < 168 h (7 d) ≤ `position`. */
export const SCALPER_MAX_AGE_HOURS = 4;
export const SWING_MAX_AGE_HOURS = 7 * 24;
/** Directional bias from the long share of notional: `long` ≥ 60 %, `short` ≤ 40 %, else `neutral`. */
export const BIAS_LONG_MIN_PCT = 60;
export const BIAS_SHORT_MAX_PCT = 40;

// ── Reference venue C trader (refTraderProfile) ────────────────────────────────────────────────────
/** `high_leverage` when leverage is ≥ 10, `extreme_leverage` when ≥ 25 (both inclusive). */
export const REF_HIGH_LEVERAGE = 10;
export const REF_EXTREME_LEVERAGE = 25;
/** `approaching_liquidation` when the distance to the liquidation price is < this (percent of mark). */
export const APPROACHING_LIQUIDATION_DISTANCE_PCT = 10;
/** `market-neutral` when both sides are held and |long − short| ≤ this share of gross notional (percent). */
export const MARKET_NEUTRAL_MAX_NET_PCT = 20;
/** `directional` when one side holds ≥ this share of gross notional (percent). */
export const DIRECTIONAL_MIN_SIDE_PCT = 80;

// ── Smart money (leaderboardFilter, smartMoneyConsensus) ───────────────────────────────────────────
/** Month volume ÷ account value above this (strict) is a market maker or HFT account. */
export const MAX_MONTH_TURNOVER = 50;
/** Account value band, both bounds kept (inclusive). */
export const MIN_ACCOUNT_VALUE_USD = 25_000;
export const MAX_ACCOUNT_VALUE_USD = 50_000_000;
/** Conviction's breadth factor reaches 1 at this many traders holding the coin. */
export const CONVICTION_FULL_BREADTH_TRADERS = 5;
/** Default size of the per-coin top-trader drill-down (the endpoint's `top_traders` default). */
export const DEFAULT_TOP_TRADERS = 10;

// ── Funding comparison (fundingComparison) ─────────────────────────────────────────────────────────
/** An arbitrage pair is listed when its net APR is ≥ this (APR points). */
export const ARBITRAGE_MIN_NET_APR_PTS = 5;

// ── Venue entry cost (venueEntryCost) ──────────────────────────────────────────────────────────────
/** `high_slippage` when the estimated slippage is ≥ this (percent of size). */
export const HIGH_SLIPPAGE_PCT = 1;

// ── Basis trade (basisTrade) — assumptions, not venue facts read live ──────────────────────────────
export const DEFAULT_BASIS_HOLD_DAYS = 30;
/** Taker fees of the funding venues' perp leg (basis points per fill), their base fee tiers. */
export const DEFAULT_TAKER_FEE_BPS: Readonly<Record<'C' | 'D', number>> = { C: 4.5, D: 5 };
/** Fee of the spot leg (basis points per fill), a typical spot DEX/CEX taker fee. */
export const SPOT_LEG_FEE_BPS = 10;

// ── Perps wallet alerts (perpsWalletAlerts) ────────────────────────────────────────────────────────
/** The spec's defaults of check-alerts' perps criteria. */
export const DEFAULT_PERP_ALERT_CRITERIA = {
  perp_max_leverage: 10,
  perp_min_pnl_swing_pts: 25,
  perp_liquidation_buffer_pct: 15,
} as const;
/** `perp_at_risk` when a position's PnL is ≤ this (percent of collateral). */
export const PERP_AT_RISK_PNL_PCT = -50;
/** `perp_at_risk` is high severity at PnL ≤ this or at leverage ≥ this multiple of perp_max_leverage. */
export const PERP_AT_RISK_HIGH_PNL_PCT = -75;
export const PERP_AT_RISK_HIGH_LEVERAGE_MULTIPLE = 2;
