/**
 * Output schema (`data` fields) of launchpad-quote: the trade quote of src/analytics/launchpad/quote.ts for
 * holding size_usd of a reward coin for hold_days. Units (docs/launchpad.md, introduction): `*_pct` 0–100, money `*_usd`.
 */
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../../lib/typebox.js';

export const QuoteSchema = Type.Object({
  mint: Type.String(),
  symbol: Type.String(),
  quote_symbol: Type.String(),
  size_usd: Type.Number(),
  hold_days: Type.Number(),
  payout_status: Type.String({ enum: ['PAYING', 'STALE', 'NEVER', 'NOT_REWARD'] }),
  transfer_tax_bps: Nullable(Type.Number()),
  basis: Type.String({ enum: ['7d', '30d', 'lifetime'], description: 'Yield window the payout rate comes from' }),
  payout_per_day_per_usd: Nullable(Type.Number({ description: 'Expected payout per day per USD held, from the basis window' })),
  entry_cost_usd: Type.Number(),
  exit_cost_usd: Type.Number(),
  round_trip_cost_usd: Type.Number(),
  round_trip_pct: Type.Number(),
  breakeven_price_move_pct: Type.Number(),
  position_usd: Type.Number(),
  payout_share_pct: Nullable(Type.Number()),
  expected_payout_usd: Type.Number(),
  expected_payout_per_day_usd: Type.Number(),
  dust_warning: Type.Boolean(),
  payout_to_cost_ratio: Nullable(Type.Number()),
  verdict: Type.String({ enum: ['PAYS', 'MARGINAL', 'COSTS', 'NOT_PAYING'] }),
  breakeven_hold_days: Nullable(Type.Number()),
  reasons: Type.Array(Type.String()),
  source: Type.String({ enum: ['index', 'live'] }),
  as_of: Type.String(),
}, { additionalProperties: false });
