/**
 * The stored rows as both SQL backends read them (the same TEXT columns in SQLite and PostgreSQL), and
 * their mapping to the repositories' records: one place, so the two backends cannot drift apart. Columns
 * are TEXT on both (docs/deploy.md, 'PostgreSQL store'): timestamps are ISO-8601 UTC strings with
 * milliseconds, JSON `data` is the text `JSON.stringify` wrote.
 */
import type { ClaimOutcome, StoredAnswer, StoredClaim } from '../claims/types.js';
import type { LaunchpadDailyRow, LaunchpadIndexRow, LaunchpadRefreshState } from '../launchpad-index/types.js';
import type { ObservationRecord } from '../observations/types.js';
import type { SnapshotSubjectType } from '../snapshots/types.js';

export interface ObservationRow {
  subject_type: SnapshotSubjectType;
  subject: string;
  observed_at: string;
  data: string;
}

export interface ClaimRow {
  idempotency_key: string;
  endpoint: string;
  network: string;
  payer: string;
  amount_atomic: string;
  request_id: string;
  claimed_at: string;
  status: StoredClaim['status'];
  tx: string | null;
  reason: string | null;
  referral_code: string | null;
  finished_at: string | null;
  payment_id: string | null;
  call_key: string | null;
  answer: string | null;
  lookup: string | null;
}

export interface LaunchpadIndexTableRow {
  mint: string;
  data: string;
  refreshed_at: string;
}

export interface LaunchpadDailyTableRow {
  mint: string;
  day: string;
  data: string;
}

/** The start of the UTC hour of `at`, as stored in the query stream. */
export function hourBucket(at: Date): string {
  return `${at.toISOString().slice(0, 13)}:00:00.000Z`;
}

export const observationOf = (row: ObservationRow): ObservationRecord => ({
  subjectType: row.subject_type,
  subject: row.subject,
  observedAt: new Date(row.observed_at),
  data: JSON.parse(row.data) as Record<string, unknown>,
});

export const claimOf = (row: ClaimRow): StoredClaim => ({
  idempotencyKey: row.idempotency_key,
  endpoint: row.endpoint,
  network: row.network,
  payer: row.payer,
  amountAtomic: BigInt(row.amount_atomic),
  requestId: row.request_id,
  claimedAt: new Date(row.claimed_at),
  status: row.status,
  ...(row.tx ? { transaction: row.tx } : {}),
  ...(row.reason ? { reason: row.reason } : {}),
  ...(row.referral_code ? { referralCode: row.referral_code } : {}),
  ...(row.finished_at ? { finishedAt: new Date(row.finished_at) } : {}),
  ...(row.payment_id ? { paymentId: row.payment_id } : {}),
  ...(row.call_key ? { callKey: row.call_key } : {}),
  ...(row.answer ? { answer: JSON.parse(row.answer) as StoredAnswer } : {}),
  ...(row.lookup ? { lookup: row.lookup } : {}),
});

/** The values of a claim row's outcome columns, in the order both stores' UPDATE takes them. */
export const outcomeValues = (o: ClaimOutcome): (string | null)[] => [
  o.status, o.transaction ?? null, o.reason ?? null, o.referralCode ?? null, o.at.toISOString(),
  o.answer ? JSON.stringify(o.answer) : null, o.lookup ?? null, o.chargedAtomic !== undefined ? o.chargedAtomic.toString() : null,
];

export const launchpadDailyRowOf = (r: LaunchpadDailyTableRow): LaunchpadDailyRow => ({
  mint: r.mint, day: r.day, data: JSON.parse(r.data) as Record<string, unknown>,
});

/** The launchpad index's state row: one, named, so a second index could share the table (migration 5). */
export const LAUNCHPAD_STATE_NAME = 'launchpad';

export const launchpadIndexRowOf = (r: LaunchpadIndexTableRow): LaunchpadIndexRow => ({
  mint: r.mint, data: JSON.parse(r.data) as Record<string, unknown>, at: new Date(r.refreshed_at),
});

export interface LaunchpadStateRow {
  cursor: string | null;
  refresh_started_at: string | null;
  pages: number | null;
  refreshed_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
}

/** The refresh state from its row (absent before the first refresh) and the index's coin count. */
export function launchpadRefreshStateOf(row: LaunchpadStateRow | undefined, coins: number): LaunchpadRefreshState {
  const date = (v: string | null | undefined) => (v ? new Date(v) : null);
  return {
    cursor: row?.cursor ?? null,
    refreshStartedAt: date(row?.refresh_started_at),
    pages: Number(row?.pages ?? 0),
    refreshedAt: date(row?.refreshed_at),
    lastError: row?.last_error ?? null,
    lastErrorAt: date(row?.last_error_at),
    coins,
  };
}
