import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Timestamp, withDefault } from '../../registry/fields.js';
import { AlertsSchema } from './launchpad-alerts/schema.js';
import { alertsAnswer } from './launchpad-alerts/answer.js';
import { alertsBriefing } from './launchpad-alerts/briefing.js';

export default defineEndpoint({
  key: 'launchpad-alerts',
  family: 'launchpad',
  price: '0.02',
  summary: 'Poll up to 25 reward coins for payout, trading and holder events since a timestamp',
  description:
    'Events since `since` (older than 31 days is clamped) for 1 to 25 reward coins: payout_landed, payout_stale ' +
    '(PAYING to STALE after stale_after_hours without a payout), stopped_trading, holders_change (at least ' +
    'min_holders_change_pct since the daily snapshot nearest `since`) and rewards_since; plus coins[] (payout ' +
    'status, hours since last payout, 24h volume, holders, market cap), not_found[] and checked_at, which the ' +
    'caller passes back as `since` on the next poll.',
  input: Type.Object(
    {
      mints: Type.Array(Address(), { minItems: 1, maxItems: 25, description: 'Reward coin mints (1 to 25)' }),
      since: Timestamp('Return events after this moment (ISO 8601 UTC ending in Z; older than 31 days is clamped)'),
      min_holders_change_pct: withDefault(Type.Number({ description: 'Holder change in percent that fires holders_change' }), 10),
      stale_after_hours: withDefault(
        Type.Number({ minimum: 1, maximum: 168, description: 'Hours without a payout before a coin is STALE' }),
        24,
      ),
    },
    { additionalProperties: false },
  ),
  output: AlertsSchema,
  cacheTtlSeconds: 60,
  example: {
    mints: ['J4RvXMpAsnHvvf4br4g8WBWNwYFCipK28pCXhTAkyyqc', '5m7kYvWNu6jsjzCMQ2N9Wqc8oJjFMhuQCWjku7VUrp1j'],
    since: '2026-11-01T00:00Z',
    min_holders_change_pct: 10,
    stale_after_hours: 24,
  },
  handler: (input, ctx) => alertsAnswer(input, ctx),
  briefing: alertsBriefing,
});
