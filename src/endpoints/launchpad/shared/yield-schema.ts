/**
 * Output schema (`data` fields) of launchpad-yield: the trailing yields of
 * src/analytics/launchpad/yield.ts with the coin's quote exposure and reward asset. Units (docs/launchpad.md, introduction):
 * `*_pct` 0–100, money `*_usd`, rewards in the quote asset's UI units, times ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const WindowYieldSchema = Open({
  window: Type.String({ enum: ['7d', '30d', 'lifetime'] }),
  history_days: Type.Number({ description: 'Days actually observed: from observed_from to now (2 decimals). The launch when the coin is younger than the window; else the index\'s last daily point at or before the window start (may exceed the window by under a day), or its earliest point when it has none that old (partial)' }),
  observed_from: Nullable(Type.String({ description: 'Start of the observed span (ISO 8601): the launch, or the daily point the difference starts from' })),
  partial: Type.Boolean({ description: 'The index has no point as old as the window start, so the span is shorter than the window (never for lifetime)' }),
  rewards_quote: Type.Number({ description: 'Distributed to holders over the span: the platform\'s lifetime total now minus at observed_from, quote units (6 decimals)' }),
  rewards_usd: Nullable(Type.Number({ description: 'rewards_quote at the quote\'s current aggregator price (2 decimals); null when unpriced' })),
  avg_market_cap_usd: Nullable(Type.Number({ description: 'Mean of the window\'s daily market caps; null without any' })),
  yield_pct: Nullable(Type.Number({ description: 'rewards_usd ÷ avg_market_cap_usd × 100 (4 decimals); null without a cap or history' })),
  annualized_pct: Nullable(Type.Number({ description: 'yield_pct × 365 ÷ history_days (2 decimals); null under 7 observed days (not extrapolated)' })),
  caution: Type.Boolean({ description: 'Under 7 observed days, or a partial window' }),
});

const QuoteExposureSchema = Open({
  quote_mint: Type.String(),
  quote_symbol: Type.String(),
  quote_category: Type.String({ enum: ['xstock', 'prestock', 'currency', 'leverage', 'solana', 'collectible', 'custom'] }),
}, 'What holders are paid in, and so exposed to');

export const YieldSchema = Type.Object({
  mint: Type.String(),
  symbol: Type.String(),
  yields: Open({ '7d': WindowYieldSchema, '30d': WindowYieldSchema, lifetime: WindowYieldSchema }),
  basis: Type.String({ enum: ['7d', '30d', 'lifetime'], description: 'The shortest window with ≥ 6.5 days of real history, else lifetime' }),
  quote_exposure: QuoteExposureSchema,
  reward_asset: Open({
    mint: Type.String(),
    symbol: Type.String(),
    price_usd: Nullable(Type.Number({ description: 'The quote asset\'s current USD price (price aggregator); null when unpriced' })),
  }, 'The asset payouts are made in (the quote asset)'),
  payout_count: Type.Integer({ description: 'The platform\'s lifetime payout count' }),
  holders: Nullable(Type.Integer({ description: 'Holders the platform\'s distributor pays (its own count)' })),
  age_days: Type.Number({ description: 'Days since launch (2 decimals)' }),
  daily_points: Type.Integer({ description: 'Daily points of the index the yields were computed from' }),
  source: Type.String({ enum: ['index', 'live'], description: 'live: the coin is not in the index (no daily points; windows longer than its age are null)' }),
  as_of: Type.String(),
}, { additionalProperties: false });

export const YieldBatchSchema = Type.Object({
  coins: Type.Array(Type.Object({
    ...YieldSchema.properties,
    rank: Type.Integer({ minimum: 1, description: '1 = first by `sort` (highest first, unknown last, ties by mint)' }),
    sort_value: Nullable(Type.Number({ description: 'The figure ranked on (last payout as epoch ms); null = unknown' })),
  }, { additionalProperties: false })),
  not_found: Type.Array(Type.String(), { description: 'Requested mints the index does not hold (no trade in 24 h, or not a platform coin)' }),
  matched: Type.Integer({ description: 'Coins found (mints) or past the filters, before `limit`' }),
  indexed: Type.Integer({ description: 'Coins in the index' }),
  sort: Type.String(),
  as_of: Type.String(),
}, { additionalProperties: false });
