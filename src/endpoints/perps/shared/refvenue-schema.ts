/**
 * Output schemas (`data` fields) of refvenue-trader-profile and refvenue-smart-money (reference venue C).
 * Units (docs/perps.md, "Units and rounding"): money `*_usd` in cents, `*_pct` 0–100 (2 decimals), prices
 * `*_price_usd` per one unit of the asset (10 significant digits), leverage 2 decimals, scores 0–1
 * (4 decimals) with their factors; null = unknown. Rules: src/analytics/perps/ref-trader.ts and
 * smart-money.ts.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const Side = Type.String({ enum: ['long', 'short'] });
const Bias = Nullable(Type.String({ enum: ['long', 'short', 'neutral'], description: 'From the long share of notional: ≥ 60 % long, ≤ 40 % short, else neutral; null without notional' }));
const Asset = Nullable(Type.String({ enum: ['SOL', 'BTC', 'ETH', 'BONK'], description: 'The service asset the coin stands for (kBONK → BONK); null for any other coin' }));
const RiskFlag = Type.String({ enum: ['high_leverage', 'extreme_leverage', 'approaching_liquidation', 'losing'] });

// ---------------------------------------------------------------------------------------------
// refvenue-trader-profile

const RefPosition = Open({
  coin: Type.String({ description: "The venue's coin name (SOL, BTC, ETH, kBONK, …)" }),
  asset: Asset,
  side: Side,
  size: Type.Number({ description: 'Units of the asset (kBONK sizes × 1000), always positive' }),
  notional_usd: Type.Number(),
  entry_price_usd: Type.Number(),
  mark_price_usd: Nullable(Type.Number({ description: 'notional ÷ size' })),
  unrealized_pnl_usd: Type.Number(),
  leverage: Type.Number(),
  liquidation_price_usd: Nullable(Type.Number({ description: "The venue's liquidation price; null when it reports none" })),
  margin_used_usd: Type.Number({ description: "The venue's margin held for the position now" }),
  initial_margin_usd: Nullable(Type.Number({ description: 'entry_price_usd × size ÷ leverage: the margin the position was opened with (USD, cents); null when leverage or size is 0' })),
  roe_pct: Nullable(Type.Number({ description: 'Return on equity: unrealized_pnl_usd ÷ initial_margin_usd × 100 (percent, 2 decimals; negative when losing); null without a positive initial margin' })),
  distance_to_liquidation_pct: Nullable(Type.Number({ description: '|mark − liquidation| ÷ mark × 100; null without a liquidation price' })),
  risk_flags: Type.Array(RiskFlag, { description: 'high_leverage: leverage ≥ 10; extreme_leverage: ≥ 25 (also high_leverage); approaching_liquidation: distance < 10 %; losing: unrealized PnL < 0' }),
}, 'An open position on reference venue C');

export const RefTraderProfileSchema = Open({
  address: Type.String({ description: 'The account, lower-case hex' }),
  venue: Type.Literal('C'),
  venue_name: Type.String({ description: 'reference venue C' }),
  account_empty: Type.Boolean({ description: 'True when the venue holds nothing for the address (no position, account value 0): a valid, empty profile' }),
  account_value_usd: Type.Number(),
  total_notional_usd: Type.Number({ description: "The venue's total open notional" }),
  withdrawable_usd: Type.Number(),
  positions: Type.Array(RefPosition, { description: 'Largest notional first (ties by coin)' }),
  unrealized_pnl_usd: Type.Number({ description: 'Σ unrealized PnL of the positions' }),
  long_notional_usd: Type.Number(),
  short_notional_usd: Type.Number(),
  long_pct: Nullable(Type.Number({ description: 'Long share of gross notional; null without positions' })),
  directional_bias: Bias,
  directional_bias_reason: Type.String(),
  profile: Nullable(Type.String({ enum: ['directional', 'market-neutral', 'diversified'], description: 'market-neutral: both sides held and |long − short| ≤ 20 % of gross; directional: one side ≥ 80 % of gross; diversified otherwise; null without positions' })),
  profile_reason: Type.String(),
  profile_factors: Open({
    coins: Type.Integer({ description: 'Distinct coins held' }),
    gross_notional_usd: Type.Number(),
    net_pct_of_gross: Nullable(Type.Number({ description: '|long − short| ÷ gross × 100' })),
    largest_side_pct: Nullable(Type.Number({ description: 'The larger side’s share of gross notional' })),
  }),
  weighted_leverage: Nullable(Type.Number({ description: 'Σ(notional × leverage) ÷ Σ notional; null without positions' })),
  pnl: Nullable(Open({
    week_usd: Type.Number(),
    month_usd: Type.Number(),
    all_time_usd: Type.Number(),
  }, "Realized + unrealized PnL per window as the venue's portfolio reports it; null when the portfolio could not be read")),
  risk_flags: Type.Array(RiskFlag, { description: 'Every flag any position carries' }),
  thresholds: Open({
    high_leverage: Type.Number(),
    extreme_leverage: Type.Number(),
    approaching_liquidation_distance_pct: Type.Number(),
    market_neutral_max_net_pct: Type.Number(),
    directional_min_side_pct: Type.Number(),
    bias_long_min_pct: Type.Number(),
    bias_short_max_pct: Type.Number(),
  }, 'The thresholds the flags and classifications used'),
}, 'Reference venue C trader profile');

// ---------------------------------------------------------------------------------------------
// refvenue-smart-money

const ExclusionCounts = Open({
  market_maker_or_hft: Type.Integer({ description: 'Month volume ÷ account value > 50' }),
  dust_account: Type.Integer({ description: 'Account value < 25,000 USD' }),
  mega_account: Type.Integer({ description: 'Account value > 50,000,000 USD' }),
  inconsistent: Type.Integer({ description: 'Week PnL ≤ 0 or month PnL ≤ 0' }),
});

const ScannedTrader = Open({
  rank: Type.Integer({ description: '1 = highest month PnL among the kept traders' }),
  address: Type.String(),
  display_name: Nullable(Type.String()),
  account_value_usd: Type.Number(),
  week_pnl_usd: Type.Number(),
  month_pnl_usd: Type.Number(),
  month_roi_pct: Type.Number({ description: "The leaderboard's month return on equity × 100" }),
  month_turnover: Nullable(Type.Number({ description: 'Month volume ÷ account value (2 decimals)' })),
  status: Type.String({ enum: ['read', 'skipped'], description: 'skipped: its account could not be read (see caveats); it counts in no consensus' }),
  open_positions: Nullable(Type.Integer({ description: 'null when skipped' })),
  gross_notional_usd: Nullable(Type.Number({ description: 'Σ notional of its open positions; null when skipped' })),
}, 'A kept trader whose account was scanned');

const TopTrader = Open({
  address: Type.String(),
  display_name: Nullable(Type.String()),
  side: Side,
  notional_usd: Type.Number(),
  leverage: Type.Number(),
  entry_price_usd: Type.Number(),
  unrealized_pnl_usd: Type.Number(),
  month_pnl_usd: Type.Number(),
  account_value_usd: Type.Number(),
});

const CoinConsensus = Open({
  coin: Type.String({ description: "The service asset (SOL, BTC, ETH, BONK — kBONK counts as BONK), else the venue's coin name" }),
  long_traders: Type.Integer(),
  short_traders: Type.Integer(),
  long_notional_usd: Type.Number(),
  short_notional_usd: Type.Number(),
  net_notional_usd: Type.Number({ description: 'long − short' }),
  long_pct: Nullable(Type.Number()),
  bias: Bias,
  bias_reason: Type.String(),
  conviction: Type.Number({ minimum: 0, maximum: 1, description: 'count agreement × notional agreement × breadth; 0 when the count and notional majorities disagree' }),
  conviction_factors: Type.Array(Open({
    name: Type.String({ enum: ['count_agreement', 'notional_agreement', 'breadth', 'sides_agree'] }),
    value: Type.Number(),
  })),
  top_traders: Type.Array(TopTrader, { description: 'Traders holding the coin, ranked by month PnL, the first top_traders' }),
}, 'Consensus of the scanned traders on one coin');

export const RefSmartMoneySchema = Open({
  venue: Type.Literal('C'),
  venue_name: Type.String({ description: 'reference venue C' }),
  market: Nullable(Type.String({ description: 'The coin focus as given; null for every coin' })),
  market_coin: Nullable(Type.String({ description: 'The coin the focus matched (BONK for kBONK, case-insensitive); null without a focus or when no scanned trader holds it' })),
  top_traders: Type.Integer({ description: 'How many kept traders (by month PnL) were scanned, as requested' }),
  filter: Open({
    leaderboard_rows: Type.Integer(),
    kept: Type.Integer({ description: 'Rows passing every rule (bounds kept)' }),
    excluded: Type.Integer(),
    excluded_by_reason: ExclusionCounts,
    rules: Open({
      max_month_turnover: Type.Number(),
      min_account_value_usd: Type.Number(),
      max_account_value_usd: Type.Number(),
      min_week_pnl_usd_exclusive: Type.Number(),
      min_month_pnl_usd_exclusive: Type.Number(),
    }, 'Each row is excluded for the first rule it fails, in the order of excluded_by_reason'),
  }),
  traders_scanned: Type.Integer({ description: 'min(top_traders, kept)' }),
  traders_read: Type.Integer({ description: 'Scanned traders whose account was read (the consensus counts these)' }),
  traders_skipped: Type.Integer(),
  traders: Type.Array(ScannedTrader, { description: 'The scanned traders by month PnL, highest first' }),
  coins: Type.Array(CoinConsensus, { description: 'Largest gross notional first; empty when no scanned trader holds the focus coin' }),
  thresholds: Open({
    bias_long_min_pct: Type.Number(),
    bias_short_max_pct: Type.Number(),
    conviction_full_breadth_traders: Type.Number(),
  }),
}, 'Smart-money consensus on reference venue C');
