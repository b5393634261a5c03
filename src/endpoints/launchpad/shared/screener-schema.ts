/**
 * Output schemas (`data` fields) of launchpad-screener and launchpad-gems. Units (DESIGN §3): `*_pct`
 * 0–100, money `*_usd`, gem score 0–100 with its factor breakdown, times ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const CATEGORIES = ['xstock', 'prestock', 'currency', 'leverage', 'solana', 'collectible', 'custom'];
const STATUSES = ['PAYING', 'STALE', 'NEVER', 'NOT_REWARD'];

const coinFields = () => ({
  mint: Type.String(),
  symbol: Type.String(),
  quote_mint: Type.String(),
  quote_symbol: Type.String(),
  quote_category: Type.String({ enum: CATEGORIES }),
  age_days: Type.Number({ description: 'Days since launch (2 decimals)' }),
  holders: Nullable(Type.Integer()),
  market_cap_usd: Nullable(Type.Number()),
  volume_24h_usd: Nullable(Type.Number()),
  price_change_24h_pct: Nullable(Type.Number()),
  payout_status: Type.String({ enum: STATUSES }),
  round_trip_pct: Nullable(Type.Number({ description: 'Tax taken buying and selling (price impact excluded); null without a transfer fee' })),
});

export const ScreenerRowSchema = Open({
  ...coinFields(),
  hours_since_last_payout: Nullable(Type.Number()),
  last_payout_at: Nullable(Type.String()),
  live: Type.Boolean({ description: 'Traded (24 h volume > 0) and paid holders in the last 24 h' }),
  rewards_usd: Type.Number({ description: 'USD of every payout the platform lists for the coin, at payout time (2 decimals)' }),
  yield_7d_pct: Nullable(Type.Number({ description: 'Trailing 7d yield from the index\'s daily points (as launchpad-yield)' })),
  yield_30d_pct: Nullable(Type.Number({ description: 'Trailing 30d yield from the index\'s daily points (as launchpad-yield)' })),
});

export const ScreenerSchema = Type.Object({
  rows: Type.Array(ScreenerRowSchema),
  matched: Type.Integer({ description: 'Coins that passed the filters, before the limit' }),
  indexed: Type.Integer({ description: 'Coins in the index' }),
  sort: Type.String(),
  as_of: Type.String(),
}, { additionalProperties: false });

export const GemRowSchema = Open({
  ...coinFields(),
  gem_score: Type.Number({ minimum: 0, maximum: 100 }),
  stage: Type.String({ enum: ['GEM', 'WATCH', 'NOISE', 'DEAD'] }),
  factors: Type.Array(Open({ name: Type.String(), value: Type.Number(), max: Type.Number(), detail: Type.String() })),
  reasons: Type.Array(Type.String()),
  warnings: Type.Array(Type.String()),
});

export const GemsSchema = Type.Object({
  rows: Type.Array(GemRowSchema),
  matched: Type.Integer({ description: 'Coins that passed the filters, before the limit' }),
  indexed: Type.Integer({ description: 'Coins in the index' }),
  as_of: Type.String(),
}, { additionalProperties: false });
