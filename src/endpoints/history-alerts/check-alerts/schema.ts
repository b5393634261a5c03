/**
 * check-alerts' output schema and briefing (the alert record: docs/alerts.md, "Answer").
 */
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../../lib/typebox.js';
import type { HandlerResult } from '../../../registry/types.js';


export const ALERT_KINDS = [
  'price_spike', 'price_drop', 'whale_inflow', 'whale_outflow', 'concentration_shift', 'risk_score_change',
  'risk_increase', 'risk_decrease', 'portfolio_value_change', 'new_positions', 'removed_positions',
  'perp_position_added', 'perp_position_closed', 'perp_at_risk', 'liquidation_approaching', 'pnl_swing',
] as const;

const AlertSchema = Type.Object({
  id: Type.String({ description: 'Stable hash of the crossing: the same alert has the same id in every poll (dedupe on it)' }),
  kind: Type.String({ enum: [...ALERT_KINDS] }),
  severity: Type.String({ enum: ['low', 'medium', 'high'], description: 'Move in multiples of its threshold: ≥ 3× high, ≥ 2× medium, else low (positions: share of the portfolio ≥ 50 % high, ≥ 10 % medium; perps kinds: see the alerts documentation)' }),
  subject: Type.Object({ type: Type.String({ enum: ['token', 'wallet'] }), address: Type.String() }),
  fired_at: Type.String({ description: 'The observation (or whale transfer) at which the threshold was first crossed' }),
  message: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown(), { description: 'The compared values, the move, the threshold; baseline_at and observed_at for deltas; position_key (venue:position account) for perps kinds, one alert per position' }),
});

const SubjectSchema = Type.Object({
  type: Type.String({ enum: ['token', 'wallet'] }),
  address: Type.String(),
  status: Type.String({ enum: ['compared', 'no_baseline', 'unavailable', 'not_checked'], description: 'no_baseline: no observation at or before since that is ≥ 5 min old (no delta alerts); not_checked: since is in the future' }),
  baseline_at: Nullable(Type.String({ description: 'The observation the deltas were measured from' })),
  observed_at: Nullable(Type.String({ description: 'This poll\'s observation (recorded: the next poll\'s baseline)' })),
  alerts: Type.Integer({ description: 'Alerts of this subject in this answer (a wallet\'s spot and perps alerts)' }),
  perps: Type.Optional(Type.Object({
    status: Type.String({ enum: ['compared', 'no_baseline', 'unavailable', 'not_checked'] }),
    baseline_at: Nullable(Type.String({ description: 'The perps observation the positions were compared with' })),
    observed_at: Nullable(Type.String()),
    venues_read: Type.Array(Type.String({ enum: ['A', 'B'] }), { description: 'Pool venues whose positions this poll read' }),
    alerts: Type.Integer({ description: 'Perps alerts of this wallet in this answer' }),
  }, { description: 'Wallets only: how its perps positions (pool venues A and B) were observed and compared; `status` above is about its spot holdings' })),
});

export const CheckAlertsSchema = Type.Object({
  since: Type.String(),
  checked_at: Type.String({ description: 'Pass it back as `since` on the next poll' }),
  alerts: Type.Array(AlertSchema, { description: 'Fired after `since`, oldest first, at most 200' }),
  truncated: Type.Boolean({ description: 'More than 200 alerts fired: poll again with since = the last alert\'s fired_at' }),
  criteria: Type.Object({
    min_price_change_pct: Type.Number(),
    min_risk_score_delta: Type.Number(),
    min_whale_volume_usd: Type.Number(),
    min_portfolio_change_pct: Type.Number(),
    min_concentration_shift_pct: Type.Number(),
    perp_max_leverage: Type.Number(),
    perp_min_pnl_swing_pts: Type.Number(),
    perp_liquidation_buffer_pct: Type.Number(),
  }, { description: 'The thresholds applied (documented defaults filled in)' }),
  counts: Type.Object({
    total: Type.Integer({ minimum: 0, description: 'Alerts listed in `alerts` (at most 200; see `truncated`)' }),
    by_severity: Type.Object({
      high: Type.Integer({ minimum: 0 }),
      medium: Type.Integer({ minimum: 0 }),
      low: Type.Integer({ minimum: 0 }),
    }, { additionalProperties: false, description: 'Listed alerts per severity; sums to total' }),
    by_kind: Type.Object(Object.fromEntries(ALERT_KINDS.map((k) => [k, Type.Optional(Type.Integer({ minimum: 1 }))])), {
      additionalProperties: false,
      description: 'Listed alerts per kind, only the kinds that fired (in the documented kind order); sums to total',
    }),
  }, { additionalProperties: false, description: 'Counts of the listed alerts, recomputed from `alerts` itself' }),
  subjects: Type.Array(SubjectSchema),
}, { additionalProperties: false });

// Reads this endpoint's own answer (the schema above); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

export function checkAlertsBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const alerts = d.alerts as Data[];
  const counts = d.counts as Data;
  const kinds = Object.entries(counts.by_kind as Record<string, number>).map(([k, n]) => `${n} ${k}`).join(', ');
  const waiting = (d.subjects as Data[]).flatMap((s) => [
    ...(s.status !== 'compared' ? [`${s.address} (${s.status})`] : []),
    ...(s.perps && s.perps.status !== 'compared' ? [`${s.address} perps (${s.perps.status})`] : []),
  ]);
  const kept = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data' && c.code !== 'no_baseline');
  return [
    `## Alerts since ${d.since} (checked ${d.checked_at})`,
    alerts.length === 0
      ? '- **No alert fired.**'
      : `- **${counts.total} alert(s)${d.truncated ? ' (truncated at 200)' : ''}**: ${counts.by_severity.high} high, ${counts.by_severity.medium} medium, ${counts.by_severity.low} low; by kind: ${kinds}`,
    ...alerts.slice(0, 10).map((a) => `- ${a.fired_at} **${a.kind}** (${a.severity}) ${a.subject.type} ${a.subject.address}: ${a.message}`),
    ...(alerts.length > 10 ? [`- … and ${alerts.length - 10} more`] : []),
    ...(waiting.length > 0 ? [`- Not compared: ${waiting.join(', ')}`] : []),
    `- Next poll: since = ${d.checked_at}`,
    ...(kept.length > 0 ? [`- Caveats: ${kept.map((c) => c.message).join(' ')}`] : []),
  ].join('\n');
}
