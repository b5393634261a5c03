/**
 * Output schemas (`data` fields) of launchpad-screener and launchpad-gems. Units (docs/launchpad.md, introduction): `*_pct`
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
  tax_round_trip_pct: Type.Number({ description: 'Lost to tax buying then selling at an unchanged price, percent (2 decimals): 1 − (1 − tax)², price impact excluded (launchpad-quote\'s round_trip_pct adds it); 0 without a collectable transfer fee' }),
});

const ScreenerRowSchema = Open({
  ...coinFields(),
  hours_since_last_payout: Nullable(Type.Number()),
  last_payout_at: Nullable(Type.String()),
  live: Type.Boolean({ description: 'Traded (24 h volume > 0) and paid holders in the last 24 h' }),
  rewards_usd: Nullable(Type.Number({ description: 'Lifetime rewards: the platform\'s total since launch at the quote\'s current price, as launchpad-yield\'s lifetime rewards_usd (2 decimals); null when the quote is unpriced' })),
  yield_7d_pct: Nullable(Type.Number({ description: 'Trailing 7d yield from the index\'s daily points (as launchpad-yield)' })),
  yield_7d_history_days: Type.Number({ description: 'Days the 7d yield actually covers (as launchpad-yield\'s history_days)' }),
  yield_7d_partial: Type.Boolean({ description: 'The index has no point as old as the 7d window start: the yield covers fewer days than named and reads low (caveat partial_history)' }),
  yield_30d_pct: Nullable(Type.Number({ description: 'Trailing 30d yield from the index\'s daily points (as launchpad-yield)' })),
  yield_30d_history_days: Type.Number({ description: 'Days the 30d yield actually covers' }),
  yield_30d_partial: Type.Boolean({ description: 'The index has no point as old as the 30d window start (caveat partial_history)' }),
});

export const ScreenerSchema = Type.Object({
  rows: Type.Array(ScreenerRowSchema),
  matched: Type.Integer({ description: 'Coins that passed the filters, before the limit' }),
  indexed: Type.Integer({ description: 'Coins in the index' }),
  sort: Type.String(),
  as_of: Type.String(),
}, { additionalProperties: false });

const GemRowSchema = Open({
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
