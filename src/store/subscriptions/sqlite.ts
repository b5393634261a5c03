/**
 * Alert subscriptions on SQLite. One process holds the database's write lock, so each multi-statement
 * operation is one `db.transaction` and nothing can interleave with it; appends are set-based (one INSERT ...
 * SELECT per event over the group's subscribers), so fanning an event out to 1,000 subscribers is two statements.
 */
import type { SqliteDatabase } from '../sql/sqlite-database.js';
import {
  ATTEMPT_COLUMNS, CHARGE_COLUMNS, EVENT_COLUMNS, FUNDING_ORDER, PENDING_TOP_UPS_FROM, SUBSCRIPTION_COLUMNS,
  attemptOf, attemptValues, chargeOf, detectionGroupOf, fundsOf, pendingTopUpOf, storedEventOf, subscriptionOf, subscriptionValues, webhookStateOf,
  type AttemptTableRow, type ChargeTableRow, type DetectionGroupTableRow, type EventTableRow, type FundsChargeTableRow,
  type FundsCreditTableRow, type PendingTopUpTableRow, type SubscriptionTableRow, type WebhookStateTableRow,
} from './rows.js';
import type { CreditRecord, DeliveryAttempt, FundingSource, GroupEvent, ReserveOutcome, SubscriptionRepository } from './types.js';

export function sqliteSubscriptions(db: SqliteDatabase): SubscriptionRepository {
  const insertSubscription = db.prepare(
    `INSERT INTO subscriptions (id, token_hash, source, input, group_key, delivery, webhook_url, webhook_secret, price_atomic, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const selectSubscription = db.prepare(`SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE id = ?`);
  const cancel = db.prepare(`UPDATE subscriptions SET status = 'cancelled', cancelled_at = ? WHERE id = ? AND status = 'active'`);

  const selectGroups = db.prepare(
    `SELECT s.group_key, MIN(s.source) AS source, MIN(s.input) AS input, MIN(s.created_at) AS first_subscribed_at, d.state
     FROM subscriptions s LEFT JOIN stream_detection_state d ON d.group_key = s.group_key
     WHERE s.status = 'active' AND (@since IS NULL OR s.created_at >= @since
       OR EXISTS (SELECT 1 FROM subscription_credits c WHERE c.subscription_id = s.id AND c.available_atomic >= s.price_atomic)
       OR EXISTS (SELECT 1 FROM subscription_credit_payments p WHERE p.subscription_id = s.id AND p.at >= @since)
       OR EXISTS (SELECT 1 FROM subscription_charges ch WHERE ch.subscription_id = s.id AND ch.reserved_at >= @since))
     GROUP BY s.group_key, d.state ORDER BY s.group_key`,
  );
  const upsertState = db.prepare(
    `INSERT INTO stream_detection_state (group_key, state, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (group_key) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
  );
  // The event goes to each active subscriber of the group that existed at detection time and lacks it, at
  // last_seq + 1; the UPDATE then advances exactly those (the ones now holding an event at last_seq + 1).
  const insertGroupEvent = db.prepare(
    `INSERT INTO subscription_events (subscription_id, seq, event_id, type, occurred_at, stored_at, body)
     SELECT s.id, s.last_seq + 1, @eventId, @type, @occurredAt, @storedAt, @body FROM subscriptions s
     WHERE s.group_key = @groupKey AND s.status = 'active' AND s.created_at <= @storedAt
       AND NOT EXISTS (SELECT 1 FROM subscription_events e WHERE e.subscription_id = s.id AND e.event_id = @eventId)`,
  );
  const advanceGroupSeqs = db.prepare(
    `UPDATE subscriptions SET last_seq = last_seq + 1
     WHERE group_key = @groupKey AND status = 'active' AND created_at <= @storedAt
       AND EXISTS (SELECT 1 FROM subscription_events e WHERE e.subscription_id = subscriptions.id AND e.seq = subscriptions.last_seq + 1)
     RETURNING id`,
  ).pluck();
  const selectEventsAfter = db.prepare(`SELECT ${EVENT_COLUMNS} FROM subscription_events WHERE subscription_id = ? AND seq > ? ORDER BY seq LIMIT ?`);
  const selectEventRange = db.prepare(`SELECT COALESCE(MIN(seq), 0) AS first, COALESCE(MAX(seq), 0) AS last FROM subscription_events WHERE subscription_id = ?`);
  const deleteEvents = db.prepare(`DELETE FROM subscription_events WHERE stored_at < ?`);

  const insertPayment = db.prepare(
    `INSERT INTO subscription_credit_payments (payment_key, subscription_id, source, channel_id, amount_atomic, network, tx, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (payment_key) DO NOTHING`,
  );
  const addCredit = db.prepare(
    `INSERT INTO subscription_credits (subscription_id, source, channel_id, available_atomic, credited_atomic) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (subscription_id, source, channel_id) DO UPDATE SET
       available_atomic = subscription_credits.available_atomic + excluded.available_atomic,
       credited_atomic = subscription_credits.credited_atomic + excluded.credited_atomic`,
  );
  const selectStatus = db.prepare(`SELECT status FROM subscriptions WHERE id = ?`).pluck();
  const selectCharge = db.prepare(`SELECT ${CHARGE_COLUMNS} FROM subscription_charges WHERE subscription_id = ? AND seq = ?`);
  const selectFunding = db.prepare(
    `SELECT source, channel_id FROM subscription_credits WHERE subscription_id = ? AND available_atomic >= ? ORDER BY ${FUNDING_ORDER} LIMIT 1`,
  );
  const debit = db.prepare(
    `UPDATE subscription_credits SET available_atomic = available_atomic - ?
     WHERE subscription_id = ? AND source = ? AND channel_id = ? AND available_atomic >= ?`,
  );
  const refund = db.prepare(
    `UPDATE subscription_credits SET available_atomic = available_atomic + ? WHERE subscription_id = ? AND source = ? AND channel_id = ?`,
  );
  const insertCharge = db.prepare(
    `INSERT INTO subscription_charges (subscription_id, seq, amount_atomic, source, channel_id, state, reserved_at) VALUES (?, ?, ?, ?, ?, 'reserved', ?)`,
  );
  const commit = db.prepare(`UPDATE subscription_charges SET state = 'charged', charged_at = ? WHERE subscription_id = ? AND seq = ? AND state = 'reserved'`);
  const selectChargeState = db.prepare(`SELECT state FROM subscription_charges WHERE subscription_id = ? AND seq = ?`).pluck();
  const deleteReserved = db.prepare(
    `DELETE FROM subscription_charges WHERE subscription_id = ? AND seq = ? AND state = 'reserved'
     RETURNING CAST(amount_atomic AS TEXT) AS amount_atomic, source, channel_id`,
  );
  const selectVoucherAvailable = db.prepare(
    `SELECT CAST(available_atomic AS TEXT) FROM subscription_credits WHERE subscription_id = ? AND source = 'voucher' AND channel_id = ?`,
  ).pluck();
  const zeroVoucher = db.prepare(`UPDATE subscription_credits SET available_atomic = 0 WHERE subscription_id = ? AND source = 'voucher' AND channel_id = ?`);
  const zeroChannel = db.prepare(`UPDATE subscription_credits SET available_atomic = 0 WHERE source = 'voucher' AND channel_id = ?`);
  const selectPendingTopUps = db.prepare(`${PENDING_TOP_UPS_FROM} ORDER BY c.claimed_at, c.idempotency_key LIMIT ?`);
  const selectChannelsWithAllowance = db.prepare(
    `SELECT DISTINCT c.channel_id FROM subscription_credits c JOIN subscriptions s ON s.id = c.subscription_id
     WHERE c.source = 'voucher' AND c.available_atomic > 0 AND s.status = 'active' ORDER BY c.channel_id`,
  ).pluck();
  const selectLastCharged = db.prepare(
    `SELECT COALESCE(MAX(seq), 0) FROM subscription_charges WHERE subscription_id = ? AND state = 'charged'`,
  ).pluck();
  const selectVoucherOutstanding = db.prepare(
    `SELECT channel_id, CAST(SUM(amount) AS TEXT) AS amount FROM (
       SELECT channel_id, available_atomic AS amount FROM subscription_credits WHERE source = 'voucher'
       UNION ALL SELECT channel_id, amount_atomic AS amount FROM subscription_charges WHERE source = 'voucher' AND state = 'reserved'
     ) GROUP BY channel_id`,
  );
  const selectCreditFunds = db.prepare(
    `SELECT source, CAST(COALESCE(SUM(available_atomic), 0) AS TEXT) AS available, CAST(COALESCE(SUM(credited_atomic), 0) AS TEXT) AS credited
     FROM subscription_credits WHERE subscription_id = ? GROUP BY source`,
  );
  const selectChargeFunds = db.prepare(
    `SELECT state, COUNT(*) AS n, CAST(COALESCE(SUM(amount_atomic), 0) AS TEXT) AS total FROM subscription_charges WHERE subscription_id = ? GROUP BY state`,
  );
  const selectCharges = db.prepare(`SELECT ${CHARGE_COLUMNS} FROM subscription_charges WHERE subscription_id = ? AND seq > ? ORDER BY seq LIMIT ?`);
  const selectStale = db.prepare(
    `SELECT ${CHARGE_COLUMNS} FROM subscription_charges WHERE state = 'reserved' AND reserved_at < ? ORDER BY reserved_at, subscription_id, seq LIMIT ?`,
  );

  const selectWebhookState = db.prepare(`SELECT acked_seq, webhook_attempts, next_attempt_at FROM subscriptions WHERE id = ?`);
  const insertAttempt = db.prepare(
    `INSERT INTO webhook_attempts (${ATTEMPT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (subscription_id, seq, attempt) DO NOTHING`,
  );
  const ack = db.prepare(
    `UPDATE subscriptions SET acked_seq = ?, webhook_attempts = 0, next_attempt_at = NULL WHERE id = ? AND acked_seq < ?`,
  );
  const fail = db.prepare(
    `UPDATE subscriptions SET webhook_attempts = webhook_attempts + 1, next_attempt_at = ? WHERE id = ? AND acked_seq < ?`,
  );
  const selectAttempts = db.prepare(
    `SELECT ${ATTEMPT_COLUMNS} FROM webhook_attempts WHERE subscription_id = ? ORDER BY at DESC, seq DESC, attempt DESC LIMIT ?`,
  );
  // Oldest due first: a scheduled retry is due at its next attempt, a fresh event at the time it was stored. Only
  // subscriptions that can be delivered to: a pending event still stored and funds for one event (otherwise
  // unfunded or expired subscriptions would fill `limit` and starve the deliverable ones behind them).
  const selectDue = db.prepare(
    `SELECT s.id FROM subscriptions s
     WHERE s.status = 'active' AND s.delivery = 'webhook' AND s.last_seq > s.acked_seq
       AND (s.next_attempt_at IS NULL OR s.next_attempt_at <= @now)
       AND EXISTS (SELECT 1 FROM subscription_events e WHERE e.subscription_id = s.id AND e.seq > s.acked_seq)
       AND EXISTS (SELECT 1 FROM subscription_credits c WHERE c.subscription_id = s.id AND c.available_atomic >= s.price_atomic)
     ORDER BY COALESCE(s.next_attempt_at,
       (SELECT e.stored_at FROM subscription_events e WHERE e.subscription_id = s.id AND e.seq > s.acked_seq ORDER BY e.seq LIMIT 1),
       s.created_at), s.id
     LIMIT @limit`,
  ).pluck();
  const takeLease = db.prepare(
    `UPDATE subscriptions SET lease_holder = @holder, lease_until = @until
     WHERE id = @id AND (lease_holder IS NULL OR lease_until IS NULL OR lease_until <= @now OR lease_holder = @holder)`,
  );
  const endLease = db.prepare(`UPDATE subscriptions SET lease_holder = NULL, lease_until = NULL WHERE id = ? AND lease_holder = ?`);

  const appendEvents = db.transaction((groupKey: string, events: readonly GroupEvent[], storedAt: string) => {
    let appended = 0;
    const received = new Set<string>();
    for (const e of events) {
      const params = { groupKey, storedAt, eventId: e.eventId, type: e.type, occurredAt: e.occurredAt.toISOString(), body: e.body };
      appended += insertGroupEvent.run(params).changes;
      for (const id of advanceGroupSeqs.all({ groupKey, storedAt }) as string[]) received.add(id);
    }
    return { appended, subscriptionIds: [...received].sort() };
  });
  const credit = db.transaction((c: CreditRecord): 'credited' | 'duplicate' => {
    const amount = c.amountAtomic;
    if (insertPayment.run(c.paymentKey, c.subscriptionId, c.source, c.channelId, amount, c.network, c.transaction, c.at.toISOString()).changes === 0) return 'duplicate';
    addCredit.run(c.subscriptionId, c.source, c.channelId, amount, amount);
    return 'credited';
  });
  const reserve = db.transaction((subscriptionId: string, seq: number, amount: bigint, at: string): ReserveOutcome => {
    // Inside the transaction: a cancel either committed before (and is seen here) or runs after this debit.
    if (selectStatus.get(subscriptionId) !== 'active') return { kind: 'inactive' };
    const existing = selectCharge.get(subscriptionId, seq) as ChargeTableRow | undefined;
    if (existing) return existing.state === 'charged' ? { kind: 'charged_before' } : { kind: 'reserved', source: existing.source, channelId: existing.channel_id };
    const funding = selectFunding.get(subscriptionId, amount) as { source: FundingSource; channel_id: string } | undefined;
    if (!funding || debit.run(amount, subscriptionId, funding.source, funding.channel_id, amount).changes !== 1) return { kind: 'unfunded' };
    insertCharge.run(subscriptionId, seq, amount, funding.source, funding.channel_id, at);
    return { kind: 'reserved', source: funding.source, channelId: funding.channel_id };
  });
  const release = db.transaction((subscriptionId: string, seq: number) => {
    const released = deleteReserved.get(subscriptionId, seq) as { amount_atomic: string; source: FundingSource; channel_id: string } | undefined;
    if (released) refund.run(BigInt(released.amount_atomic), subscriptionId, released.source, released.channel_id);
  });
  const voidVoucher = db.transaction((subscriptionId: string, channelId: string): bigint => {
    const held = selectVoucherAvailable.get(subscriptionId, channelId) as string | undefined;
    if (held === undefined) return 0n;
    zeroVoucher.run(subscriptionId, channelId);
    return BigInt(held);
  });
  const recordAttempt = db.transaction((a: DeliveryAttempt) => {
    // A re-recorded attempt (same event, same number) is logged once and moves the state once.
    if (insertAttempt.run(...attemptValues(a)).changes === 0) return;
    if (a.ok) ack.run(a.seq, a.subscriptionId, a.seq);
    else fail.run(a.nextAttemptAt?.toISOString() ?? null, a.subscriptionId, a.seq);
  });

  return {
    async createSubscription(row) {
      insertSubscription.run(...subscriptionValues(row));
    },
    async getSubscription(id) {
      const row = selectSubscription.get(id) as SubscriptionTableRow | undefined;
      return row ? subscriptionOf(row) : undefined;
    },
    async cancelSubscription(id, at) {
      return cancel.run(at.toISOString(), id).changes === 1;
    },

    async listDetectionGroups(activeSince) {
      return (selectGroups.all({ since: activeSince?.toISOString() ?? null }) as DetectionGroupTableRow[]).map(detectionGroupOf);
    },
    async saveDetectionState(groupKey, state, at) {
      upsertState.run(groupKey, state, at.toISOString());
    },
    async appendGroupEvents(groupKey, events, storedAt) {
      return appendEvents(groupKey, events, storedAt.toISOString());
    },
    async eventsAfter(subscriptionId, afterSeq, limit) {
      return (selectEventsAfter.all(subscriptionId, afterSeq, limit) as EventTableRow[]).map(storedEventOf);
    },
    async eventRange(subscriptionId) {
      const r = selectEventRange.get(subscriptionId) as { first: number; last: number };
      return { first: Number(r.first), last: Number(r.last) };
    },
    async deleteEventsBefore(before) {
      return deleteEvents.run(before.toISOString()).changes;
    },

    async creditSubscription(c) {
      return credit(c);
    },
    async reserveCharge(subscriptionId, seq, amountAtomic, at) {
      return reserve(subscriptionId, seq, amountAtomic, at.toISOString());
    },
    async commitCharge(subscriptionId, seq, at) {
      if (commit.run(at.toISOString(), subscriptionId, seq).changes === 1) return true;
      return selectChargeState.get(subscriptionId, seq) === 'charged';
    },
    async releaseCharge(subscriptionId, seq) {
      release(subscriptionId, seq);
    },
    async voidVoucherCredit(subscriptionId, channelId) {
      return voidVoucher(subscriptionId, channelId);
    },
    async voidChannelCredits(channelId) {
      zeroChannel.run(channelId);
    },
    async pendingTopUps(limit) {
      return (selectPendingTopUps.all(limit) as PendingTopUpTableRow[]).map(pendingTopUpOf);
    },
    async channelsWithAllowance() {
      return selectChannelsWithAllowance.all() as string[];
    },
    async lastChargedSeq(subscriptionId) {
      return Number(selectLastCharged.get(subscriptionId));
    },
    async voucherOutstanding() {
      const rows = selectVoucherOutstanding.all() as { channel_id: string; amount: string }[];
      return new Map(rows.filter((r) => BigInt(r.amount) > 0n).map((r) => [r.channel_id, BigInt(r.amount)]));
    },
    async readFunds(subscriptionId) {
      return fundsOf(selectCreditFunds.all(subscriptionId) as FundsCreditTableRow[], selectChargeFunds.all(subscriptionId) as FundsChargeTableRow[]);
    },
    async listCharges(subscriptionId, afterSeq, limit) {
      return (selectCharges.all(subscriptionId, afterSeq, limit) as ChargeTableRow[]).map(chargeOf);
    },
    async staleReservations(before, limit) {
      return (selectStale.all(before.toISOString(), limit) as ChargeTableRow[]).map(chargeOf);
    },

    async readWebhookState(subscriptionId) {
      return webhookStateOf(selectWebhookState.get(subscriptionId) as WebhookStateTableRow | undefined);
    },
    async recordDeliveryAttempt(attempt) {
      recordAttempt(attempt);
    },
    async listDeliveryAttempts(subscriptionId, limit) {
      return (selectAttempts.all(subscriptionId, limit) as AttemptTableRow[]).map(attemptOf);
    },
    async webhookSubscriptionsDue(now, limit) {
      return selectDue.all({ now: now.toISOString(), limit }) as string[];
    },
    async leaseSubscription(subscriptionId, holder, now, until) {
      return takeLease.run({ id: subscriptionId, holder, now: now.toISOString(), until: until.toISOString() }).changes === 1;
    },
    async releaseSubscriptionLease(subscriptionId, holder) {
      endLease.run(subscriptionId, holder);
    },
  };
}
