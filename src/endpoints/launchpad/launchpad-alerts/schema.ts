/**
 * Output schema (`data` fields) of launchpad-alerts: the events of src/analytics/launchpad/alerts.ts for up
 * to 25 coins, a summary per coin, the mints not found and `checked_at` (the next poll's `since`).
 * Units (docs/launchpad.md, introduction): `*_pct` 0–100, money `*_usd`, times ISO 8601 UTC.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const AlertEventSchema = Open({
  kind: Type.String({ enum: ['payout_landed', 'payout_stale', 'stopped_trading', 'holders_change', 'rewards_since'] }),
  severity: Type.String({ enum: ['low', 'medium', 'high'] }),
  mint: Type.String(),
  symbol: Type.String(),
  at: Type.String({ description: 'When the event happened (ISO 8601 UTC); the poll time for state events' }),
  message: Type.String(),
  data: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null()]), {
    description: 'Kind-specific figures; rewards_since carries `approximate` (the snapshot is over 1 h from since)',
  }),
});

const AlertCoinSchema = Open({
  mint: Type.String(),
  symbol: Type.String(),
  payout_status: Type.String({ enum: ['PAYING', 'STALE', 'NEVER', 'NOT_REWARD'] }),
  hours_since_last_payout: Nullable(Type.Number()),
  volume_24h_usd: Nullable(Type.Number()),
  holders: Nullable(Type.Number()),
  market_cap_usd: Nullable(Type.Number()),
  source: Type.String({ enum: ['index', 'live'] }),
});

export const AlertsSchema = Type.Object({
  events: Type.Array(AlertEventSchema, { description: 'Ordered by time, then kind' }),
  coins: Type.Array(AlertCoinSchema),
  not_found: Type.Array(Type.String(), { description: 'Mints that are not coins of the launch platform' }),
  since: Type.String({ description: 'The effective since (after the 31-day clamp)' }),
  since_clamped: Type.Boolean(),
  checked_at: Type.String({ description: 'Pass back as `since` on the next poll' }),
}, { additionalProperties: false });
