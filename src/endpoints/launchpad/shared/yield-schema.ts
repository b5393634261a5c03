/**
 * Output schema (`data` fields) of launchpad-yield: the trailing yields of
 * src/analytics/launchpad/yield.ts with the coin's quote exposure and reward asset. Units (DESIGN §3):
 * `*_pct` 0–100, money `*_usd`, rewards in the quote asset's UI units, times ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

export const WindowYieldSchema = Open({
  window: Type.String({ enum: ['7d', '30d', 'lifetime'] }),
  history_days: Type.Number({ description: 'Days of real history inside the window (now − the coin\'s first daily point, capped at the window), 2 decimals' }),
  partial: Type.Boolean({ description: 'The window reaches back before the coin\'s first daily point (never for lifetime)' }),
  rewards_quote: Type.Number({ description: 'Distributed to holders in the window, quote units (6 decimals)' }),
  rewards_usd: Type.Number({ description: 'The same in USD at payout time (2 decimals)' }),
  avg_market_cap_usd: Nullable(Type.Number({ description: 'Mean of the window\'s daily market caps; null without any' })),
  yield_pct: Nullable(Type.Number({ description: 'rewards_usd ÷ avg_market_cap_usd × 100 (4 decimals); null without a cap or history' })),
  annualized_pct: Nullable(Type.Number({ description: 'yield_pct × 365 ÷ history_days (2 decimals)' })),
  caution: Type.Boolean({ description: 'History under 7 days or a partial window: the annualized figure multiplies noise' }),
});

export const QuoteExposureSchema = Open({
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
  }, 'The asset payouts are made in (the quote asset)'),
  daily_points: Type.Integer({ description: 'Daily points of the index the yields were computed from' }),
  source: Type.String({ enum: ['index', 'live'], description: 'live: the coin is not in the index, so there is no history (yields are null)' }),
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
