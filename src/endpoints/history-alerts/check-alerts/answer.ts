/**
 * check-alerts' answer: every watched subject observed now against its baseline, the alerts ordered and
 * bounded (docs/alerts.md, "Baseline, crossings, ids" and "Answer").
 */
import type { HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { alertCounts, DEFAULT_ALERT_CRITERIA, orderAlerts, type AlertCriteria } from '../../../analytics/alerts.js';
import type { PerpAlertCriteria, PerpAlertKind } from '../../../analytics/perps/alerts.js';
import { DEFAULT_PERP_ALERT_CRITERIA } from '../../../analytics/perps/thresholds.js';
import { ALERT_KINDS } from './schema.js';
import { watchToken, watchWallet, type SubjectReading } from './watch-subject.js';

const MAX_ALERTS = 200;

const PERP_ALERT_KINDS: ReadonlySet<string> = new Set<PerpAlertKind>(['perp_position_added', 'perp_position_closed', 'perp_at_risk', 'liquidation_approaching', 'pnl_swing']);

interface CheckAlertsInput {
  tokens?: string[];
  wallets?: string[];
  since: string;
  criteria?: Partial<AlertCriteria> & Partial<PerpAlertCriteria>;
}

export async function checkAlertsAnswer(input: CheckAlertsInput, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const since = new Date(input.since);
  const given = input.criteria ?? {};
  // Thresholds without a spec default get documented ones (docs/alerts.md): a caller passing only `since` gets alerts.
  const criteria: AlertCriteria = { ...DEFAULT_ALERT_CRITERIA, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
  const perpCriteria: PerpAlertCriteria = {
    perp_max_leverage: given.perp_max_leverage ?? DEFAULT_PERP_ALERT_CRITERIA.perp_max_leverage,
    perp_min_pnl_swing_pts: given.perp_min_pnl_swing_pts ?? DEFAULT_PERP_ALERT_CRITERIA.perp_min_pnl_swing_pts,
    perp_liquidation_buffer_pct: given.perp_liquidation_buffer_pct ?? DEFAULT_PERP_ALERT_CRITERIA.perp_liquidation_buffer_pct,
  };
  const applied = { ...criteria, ...perpCriteria };
  const tokens = [...new Set(input.tokens ?? [])];
  const wallets = [...new Set(input.wallets ?? [])];
  const base = { since: since.toISOString(), checked_at: now.toISOString(), criteria: applied };

  // Nothing can have fired after a moment that has not come yet; nothing is observed either.
  if (since.getTime() > now.getTime()) {
    const notChecked = (type: 'token' | 'wallet') => (address: string) => ({ type, address, status: 'not_checked', baseline_at: null, observed_at: null, alerts: 0 });
    const perpsNotChecked = { status: 'not_checked', baseline_at: null, observed_at: null, venues_read: [], alerts: 0 };
    return {
      data: { ...base, alerts: [], truncated: false, counts: alertCounts([], ALERT_KINDS), subjects: [...tokens.map(notChecked('token')), ...wallets.map((w) => ({ ...notChecked('wallet')(w), perps: perpsNotChecked }))] },
      caveats: [{ code: 'since_in_future', message: `since ${base.since} is after now (${base.checked_at}): no alert can have fired yet.` }],
      next_steps: [{ endpoint: 'check-alerts', input: { ...input, since: base.checked_at }, reason: 'Poll from now' }],
    };
  }

  const args = { sinceMs: since.getTime(), nowMs: now.getTime(), criteria, perpCriteria, ctx };
  const readings: SubjectReading[] = await Promise.all([...tokens.map((m) => watchToken(m, args)), ...wallets.map((w) => watchWallet(w, args))]);
  // An answer that observed nothing is not worth charging for: the first subject's error stands for all.
  const failed = readings.find((r) => r.error);
  if (failed?.error && readings.every((r) => r.error)) throw failed.error;

  const { alerts, truncated } = orderAlerts(readings.flatMap((r) => r.alerts), MAX_ALERTS);
  const firstOf = new Map<string, NextStep>();
  for (const a of alerts) {
    if (firstOf.has(a.subject.address) || firstOf.size >= 3) continue;
    firstOf.set(a.subject.address, a.subject.type === 'token'
      ? { endpoint: 'due-diligence', input: { mint: a.subject.address }, reason: `Re-assess ${a.subject.address} after its ${a.kind} alert` }
      : PERP_ALERT_KINDS.has(a.kind)
        ? { endpoint: 'perps-trader-profile', input: { address: a.subject.address }, reason: `The perps positions of ${a.subject.address} after its ${a.kind} alert` }
        : { endpoint: 'enrich-wallet-full', input: { address: a.subject.address }, reason: `Profile ${a.subject.address} after its ${a.kind} alert` });
  }
  const last = alerts[alerts.length - 1];
  return {
    data: { ...base, alerts, truncated, counts: alertCounts(alerts, ALERT_KINDS), subjects: readings.map((r) => r.status) },
    caveats: readings.flatMap((r) => r.caveats),
    next_steps: [
      truncated && last
        ? { endpoint: 'check-alerts', input: { ...input, since: last.fired_at }, reason: 'More than 200 alerts fired: read the rest' }
        : { endpoint: 'check-alerts', input: { ...input, since: base.checked_at }, reason: 'Next poll (at least 5 minutes from now, so this poll is the baseline)' },
      ...firstOf.values(),
    ],
  };
}
