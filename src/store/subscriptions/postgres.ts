/**
 * Alert subscriptions on PostgreSQL, for several instances sharing one database:
 * - an append locks the group's receiving subscription rows (`FOR UPDATE`, in id order so two appends cannot
 *   deadlock) and numbers only those, so two instances appending at once queue and never reuse a seq;
 * - a reservation runs under a transaction-scoped advisory lock on the subscription, so the "already reserved
 *   or charged?" check and the debit are one step across instances; the debit itself is a conditional UPDATE
 *   (`available >= amount`), never below zero; it share-locks the subscription row to read its status, so a
 *   cancel waits for a reservation in progress and a reservation after a committed cancel sees it;
 * - commit and release are single conditional statements on the charge row (its row lock decides a race).
 */
import type pg from 'pg';
import { LOCK_NAMESPACE, type PostgresDatabase } from '../sql/postgres-database.js';
import {
  ATTEMPT_COLUMNS, CHARGE_COLUMNS, EVENT_COLUMNS, FUNDING_ORDER, PENDING_TOP_UPS_FROM, SUBSCRIPTION_COLUMNS,
  attemptOf, attemptValues, chargeOf, detectionGroupOf, fundsOf, pendingTopUpOf, storedEventOf, subscriptionOf, subscriptionValues, webhookStateOf,
  type AttemptTableRow, type ChargeTableRow, type DetectionGroupTableRow, type EventTableRow, type FundsChargeTableRow,
  type FundsCreditTableRow, type PendingTopUpTableRow, type SubscriptionTableRow, type WebhookStateTableRow,
} from './rows.js';
import type { FundingSource, ReserveOutcome, SubscriptionRepository } from './types.js';

export function postgresSubscriptions({ query, tx }: PostgresDatabase): SubscriptionRepository {
  const lockFunds = (c: pg.PoolClient, subscriptionId: string) =>
    c.query(`SELECT pg_advisory_xact_lock($1::int, hashtext($2))`, [LOCK_NAMESPACE, `subscription-funds:${subscriptionId}`]);

  return {
    async createSubscription(row) {
      await query(
        `INSERT INTO subscriptions (id, token_hash, source, input, group_key, delivery, webhook_url, webhook_secret, price_atomic, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::bigint, $10, $11)`,
        subscriptionValues(row),
      );
    },
    async getSubscription(id) {
      const { rows } = await query<SubscriptionTableRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE id = $1`, [id]);
      return rows[0] ? subscriptionOf(rows[0]) : undefined;
    },
    async cancelSubscription(id, at) {
      const result = await query(`UPDATE subscriptions SET status = 'cancelled', cancelled_at = $1 WHERE id = $2 AND status = 'active'`, [at.toISOString(), id]);
      return result.rowCount === 1;
    },

    async listDetectionGroups(activeSince) {
      const { rows } = await query<DetectionGroupTableRow>(
        `SELECT s.group_key, MIN(s.source) AS source, MIN(s.input) AS input, MIN(s.created_at) AS first_subscribed_at, d.state
         FROM subscriptions s LEFT JOIN stream_detection_state d ON d.group_key = s.group_key
         WHERE s.status = 'active' AND ($1::text IS NULL OR s.created_at >= $1::text
       OR EXISTS (SELECT 1 FROM subscription_credits c WHERE c.subscription_id = s.id AND c.available_atomic >= s.price_atomic)
       OR EXISTS (SELECT 1 FROM subscription_credit_payments p WHERE p.subscription_id = s.id AND p.at >= $1::text)
       OR EXISTS (SELECT 1 FROM subscription_charges ch WHERE ch.subscription_id = s.id AND ch.reserved_at >= $1::text))
         GROUP BY s.group_key, d.state ORDER BY s.group_key COLLATE "C"`,
        [activeSince?.toISOString() ?? null],
      );
      return rows.map(detectionGroupOf);
    },
    async saveDetectionState(groupKey, state, at) {
      await query(
        `INSERT INTO stream_detection_state (group_key, state, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (group_key) DO UPDATE SET state = EXCLUDED.state, updated_at = EXCLUDED.updated_at`,
        [groupKey, state, at.toISOString()],
      );
    },
    async appendGroupEvents(groupKey, events, storedAt) {
      const at = storedAt.toISOString();
      return tx(async (c) => {
        // Locked before numbering: a concurrent append of the same group waits here and then reads the
        // last_seq this one wrote; the re-checked status keeps a subscription cancelled meanwhile out.
        const locked = await c.query<{ id: string }>(
          `SELECT id FROM subscriptions WHERE group_key = $1 AND status = 'active' AND created_at <= $2 ORDER BY id FOR UPDATE`,
          [groupKey, at],
        );
        const ids = locked.rows.map((r) => r.id);
        let appended = 0;
        const received = new Set<string>();
        if (ids.length === 0) return { appended, subscriptionIds: [] };
        for (const e of events) {
          const inserted = await c.query(
            `INSERT INTO subscription_events (subscription_id, seq, event_id, type, occurred_at, stored_at, body)
             SELECT s.id, s.last_seq + 1, $2, $3, $4, $5, $6 FROM subscriptions s
             WHERE s.id = ANY($1::text[])
               AND NOT EXISTS (SELECT 1 FROM subscription_events e WHERE e.subscription_id = s.id AND e.event_id = $2)
             ON CONFLICT (subscription_id, event_id) DO NOTHING`,
            [ids, e.eventId, e.type, e.occurredAt.toISOString(), at, e.body],
          );
          appended += inserted.rowCount ?? 0;
          if (!inserted.rowCount) continue;
          const advanced = await c.query<{ id: string }>(
            `UPDATE subscriptions s SET last_seq = s.last_seq + 1
             WHERE s.id = ANY($1::text[])
               AND EXISTS (SELECT 1 FROM subscription_events e WHERE e.subscription_id = s.id AND e.seq = s.last_seq + 1)
             RETURNING s.id`,
            [ids],
          );
          for (const r of advanced.rows) received.add(r.id);
        }
        return { appended, subscriptionIds: [...received].sort() };
      });
    },
    async eventsAfter(subscriptionId, afterSeq, limit) {
      const { rows } = await query<EventTableRow>(
        `SELECT ${EVENT_COLUMNS} FROM subscription_events WHERE subscription_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
        [subscriptionId, afterSeq, limit],
      );
      return rows.map(storedEventOf);
    },
    async eventRange(subscriptionId) {
      const { rows } = await query<{ first: number; last: number }>(
        `SELECT COALESCE(MIN(seq), 0) AS first, COALESCE(MAX(seq), 0) AS last FROM subscription_events WHERE subscription_id = $1`,
        [subscriptionId],
      );
      return { first: Number(rows[0]?.first ?? 0), last: Number(rows[0]?.last ?? 0) };
    },
    async deleteEventsBefore(before) {
      return (await query(`DELETE FROM subscription_events WHERE stored_at < $1`, [before.toISOString()])).rowCount ?? 0;
    },

    async creditSubscription(cr) {
      const amount = cr.amountAtomic.toString();
      return tx(async (c) => {
        const payment = await c.query(
          `INSERT INTO subscription_credit_payments (payment_key, subscription_id, source, channel_id, amount_atomic, network, tx, at)
           VALUES ($1, $2, $3, $4, $5::bigint, $6, $7, $8) ON CONFLICT (payment_key) DO NOTHING`,
          [cr.paymentKey, cr.subscriptionId, cr.source, cr.channelId, amount, cr.network, cr.transaction, cr.at.toISOString()],
        );
        if (payment.rowCount === 0) return 'duplicate';
        await c.query(
          `INSERT INTO subscription_credits (subscription_id, source, channel_id, available_atomic, credited_atomic) VALUES ($1, $2, $3, $4::bigint, $4::bigint)
           ON CONFLICT (subscription_id, source, channel_id) DO UPDATE SET
             available_atomic = subscription_credits.available_atomic + EXCLUDED.available_atomic,
             credited_atomic = subscription_credits.credited_atomic + EXCLUDED.credited_atomic`,
          [cr.subscriptionId, cr.source, cr.channelId, amount],
        );
        return 'credited';
      });
    },
    async reserveCharge(subscriptionId, seq, amountAtomic, at): Promise<ReserveOutcome> {
      const amount = amountAtomic.toString();
      return tx(async (c) => {
        await lockFunds(c, subscriptionId);
        // FOR SHARE conflicts with the cancel's UPDATE: the cancel commits before this read (and is seen) or after this transaction.
        const subscription = await c.query<{ status: string }>(`SELECT status FROM subscriptions WHERE id = $1 FOR SHARE`, [subscriptionId]);
        if (subscription.rows[0]?.status !== 'active') return { kind: 'inactive' };
        const existing = await c.query<ChargeTableRow>(`SELECT ${CHARGE_COLUMNS} FROM subscription_charges WHERE subscription_id = $1 AND seq = $2`, [subscriptionId, seq]);
        const charge = existing.rows[0];
        if (charge) return charge.state === 'charged' ? { kind: 'charged_before' } : { kind: 'reserved', source: charge.source, channelId: charge.channel_id };
        const debited = await c.query<{ source: FundingSource; channel_id: string }>(
          `UPDATE subscription_credits SET available_atomic = available_atomic - $2::bigint
           WHERE (subscription_id, source, channel_id) = (
             SELECT subscription_id, source, channel_id FROM subscription_credits
             WHERE subscription_id = $1 AND available_atomic >= $2::bigint ORDER BY ${FUNDING_ORDER} LIMIT 1 FOR UPDATE)
           AND available_atomic >= $2::bigint
           RETURNING source, channel_id`,
          [subscriptionId, amount],
        );
        const funding = debited.rows[0];
        if (!funding) return { kind: 'unfunded' };
        await c.query(
          `INSERT INTO subscription_charges (subscription_id, seq, amount_atomic, source, channel_id, state, reserved_at)
           VALUES ($1, $2, $3::bigint, $4, $5, 'reserved', $6)`,
          [subscriptionId, seq, amount, funding.source, funding.channel_id, at.toISOString()],
        );
        return { kind: 'reserved', source: funding.source, channelId: funding.channel_id };
      });
    },
    async commitCharge(subscriptionId, seq, at) {
      const committed = await query(
        `UPDATE subscription_charges SET state = 'charged', charged_at = $1 WHERE subscription_id = $2 AND seq = $3 AND state = 'reserved'`,
        [at.toISOString(), subscriptionId, seq],
      );
      if (committed.rowCount === 1) return true;
      // A second statement (a fresh snapshot): sees a commit or release that won the row lock over the UPDATE above.
      const { rows } = await query<{ state: string }>(`SELECT state FROM subscription_charges WHERE subscription_id = $1 AND seq = $2`, [subscriptionId, seq]);
      return rows[0]?.state === 'charged';
    },
    async releaseCharge(subscriptionId, seq) {
      await tx(async (c) => {
        // The DELETE's row lock decides a race with a commit: whichever runs second finds nothing to do.
        const released = await c.query<{ amount_atomic: string; source: FundingSource; channel_id: string }>(
          `DELETE FROM subscription_charges WHERE subscription_id = $1 AND seq = $2 AND state = 'reserved'
           RETURNING CAST(amount_atomic AS TEXT) AS amount_atomic, source, channel_id`,
          [subscriptionId, seq],
        );
        const r = released.rows[0];
        if (!r) return;
        await c.query(
          `UPDATE subscription_credits SET available_atomic = available_atomic + $1::bigint WHERE subscription_id = $2 AND source = $3 AND channel_id = $4`,
          [r.amount_atomic, subscriptionId, r.source, r.channel_id],
        );
      });
    },
    async voidVoucherCredit(subscriptionId, channelId) {
      return tx(async (c) => {
        // Locked first: a reservation debiting this allowance meanwhile is either before (and not voided) or after (and finds 0).
        const held = await c.query<{ available: string }>(
          `SELECT CAST(available_atomic AS TEXT) AS available FROM subscription_credits
           WHERE subscription_id = $1 AND source = 'voucher' AND channel_id = $2 FOR UPDATE`,
          [subscriptionId, channelId],
        );
        const row = held.rows[0];
        if (!row) return 0n;
        await c.query(`UPDATE subscription_credits SET available_atomic = 0 WHERE subscription_id = $1 AND source = 'voucher' AND channel_id = $2`, [subscriptionId, channelId]);
        return BigInt(row.available);
      });
    },
    async voidChannelCredits(channelId) {
      await query(`UPDATE subscription_credits SET available_atomic = 0 WHERE source = 'voucher' AND channel_id = $1`, [channelId]);
    },
    async pendingTopUps(limit) {
      const { rows } = await query<PendingTopUpTableRow>(`${PENDING_TOP_UPS_FROM} ORDER BY c.claimed_at, c.idempotency_key COLLATE "C" LIMIT $1`, [limit]);
      return rows.map(pendingTopUpOf);
    },
    async channelsWithAllowance() {
      const { rows } = await query<{ channel_id: string }>(
        `SELECT DISTINCT c.channel_id COLLATE "C" AS channel_id FROM subscription_credits c JOIN subscriptions s ON s.id = c.subscription_id
         WHERE c.source = 'voucher' AND c.available_atomic > 0 AND s.status = 'active' ORDER BY 1`,
      );
      return rows.map((r) => r.channel_id);
    },
    async lastChargedSeq(subscriptionId) {
      const { rows } = await query<{ seq: number | string }>(
        `SELECT COALESCE(MAX(seq), 0) AS seq FROM subscription_charges WHERE subscription_id = $1 AND state = 'charged'`,
        [subscriptionId],
      );
      return Number(rows[0]?.seq ?? 0);
    },
    async voucherOutstanding() {
      const { rows } = await query<{ channel_id: string; amount: string }>(
        `SELECT channel_id, CAST(SUM(amount) AS TEXT) AS amount FROM (
           SELECT channel_id, available_atomic AS amount FROM subscription_credits WHERE source = 'voucher'
           UNION ALL SELECT channel_id, amount_atomic AS amount FROM subscription_charges WHERE source = 'voucher' AND state = 'reserved'
         ) t GROUP BY channel_id`,
      );
      return new Map(rows.filter((r) => BigInt(r.amount) > 0n).map((r) => [r.channel_id, BigInt(r.amount)]));
    },
    async readFunds(subscriptionId) {
      const [credits, charges] = await Promise.all([
        query<FundsCreditTableRow>(
          `SELECT source, CAST(COALESCE(SUM(available_atomic), 0) AS TEXT) AS available, CAST(COALESCE(SUM(credited_atomic), 0) AS TEXT) AS credited
           FROM subscription_credits WHERE subscription_id = $1 GROUP BY source`,
          [subscriptionId],
        ),
        query<FundsChargeTableRow>(
          `SELECT state, COUNT(*) AS n, CAST(COALESCE(SUM(amount_atomic), 0) AS TEXT) AS total FROM subscription_charges WHERE subscription_id = $1 GROUP BY state`,
          [subscriptionId],
        ),
      ]);
      return fundsOf(credits.rows, charges.rows);
    },
    async listCharges(subscriptionId, afterSeq, limit) {
      const { rows } = await query<ChargeTableRow>(
        `SELECT ${CHARGE_COLUMNS} FROM subscription_charges WHERE subscription_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
        [subscriptionId, afterSeq, limit],
      );
      return rows.map(chargeOf);
    },
    async staleReservations(before, limit) {
      const { rows } = await query<ChargeTableRow>(
        `SELECT ${CHARGE_COLUMNS} FROM subscription_charges WHERE state = 'reserved' AND reserved_at < $1
         ORDER BY reserved_at, subscription_id COLLATE "C", seq LIMIT $2`,
        [before.toISOString(), limit],
      );
      return rows.map(chargeOf);
    },

    async readWebhookState(subscriptionId) {
      const { rows } = await query<WebhookStateTableRow>(`SELECT acked_seq, webhook_attempts, next_attempt_at FROM subscriptions WHERE id = $1`, [subscriptionId]);
      return webhookStateOf(rows[0]);
    },
    async recordDeliveryAttempt(a) {
      await tx(async (c) => {
        // A re-recorded attempt (same event, same number) is logged once and moves the state once.
        const logged = await c.query(
          `INSERT INTO webhook_attempts (${ATTEMPT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (subscription_id, seq, attempt) DO NOTHING`,
          attemptValues(a),
        );
        if (logged.rowCount === 0) return;
        if (a.ok) {
          await c.query(`UPDATE subscriptions SET acked_seq = $1, webhook_attempts = 0, next_attempt_at = NULL WHERE id = $2 AND acked_seq < $1`, [a.seq, a.subscriptionId]);
        } else {
          await c.query(
            `UPDATE subscriptions SET webhook_attempts = webhook_attempts + 1, next_attempt_at = $1 WHERE id = $2 AND acked_seq < $3`,
            [a.nextAttemptAt?.toISOString() ?? null, a.subscriptionId, a.seq],
          );
        }
      });
    },
    async listDeliveryAttempts(subscriptionId, limit) {
      const { rows } = await query<AttemptTableRow>(
        `SELECT ${ATTEMPT_COLUMNS} FROM webhook_attempts WHERE subscription_id = $1 ORDER BY at DESC, seq DESC, attempt DESC LIMIT $2`,
        [subscriptionId, limit],
      );
      return rows.map(attemptOf);
    },
    async webhookSubscriptionsDue(now, limit) {
      // Oldest due first: a scheduled retry is due at its next attempt, a fresh event at the time it was stored. Only
      // subscriptions that can be delivered to: a pending event still stored and funds for one event (otherwise
      // unfunded or expired subscriptions would fill `limit` and starve the deliverable ones behind them).
      const { rows } = await query<{ id: string }>(
        `SELECT s.id FROM subscriptions s
         WHERE s.status = 'active' AND s.delivery = 'webhook' AND s.last_seq > s.acked_seq
           AND (s.next_attempt_at IS NULL OR s.next_attempt_at <= $1)
           AND EXISTS (SELECT 1 FROM subscription_events e WHERE e.subscription_id = s.id AND e.seq > s.acked_seq)
           AND EXISTS (SELECT 1 FROM subscription_credits c WHERE c.subscription_id = s.id AND c.available_atomic >= s.price_atomic)
         ORDER BY COALESCE(s.next_attempt_at,
           (SELECT e.stored_at FROM subscription_events e WHERE e.subscription_id = s.id AND e.seq > s.acked_seq ORDER BY e.seq LIMIT 1),
           s.created_at), s.id COLLATE "C"
         LIMIT $2`,
        [now.toISOString(), limit],
      );
      return rows.map((r) => r.id);
    },
    async leaseSubscription(subscriptionId, holder, now, until) {
      const result = await query(
        `UPDATE subscriptions SET lease_holder = $2, lease_until = $3
         WHERE id = $1 AND (lease_holder IS NULL OR lease_until IS NULL OR lease_until <= $4 OR lease_holder = $2)`,
        [subscriptionId, holder, until.toISOString(), now.toISOString()],
      );
      return result.rowCount === 1;
    },
    async releaseSubscriptionLease(subscriptionId, holder) {
      await query(`UPDATE subscriptions SET lease_holder = NULL, lease_until = NULL WHERE id = $1 AND lease_holder = $2`, [subscriptionId, holder]);
    },
  };
}
