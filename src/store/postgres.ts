/**
 * PostgreSQL store (issue 10): the same `Store` contract and the same migrations as the SQLite store, for
 * several service instances sharing one database.
 *
 * SQL decisions (docs/deploy.md):
 * - The shipped migrations' column types are kept as they are (TEXT everywhere): timestamps are ISO-8601
 *   UTC strings with milliseconds, exactly as SQLite stores them, so they round-trip to the millisecond and
 *   compare correctly as text; JSON `data` is the text `JSON.stringify` wrote, so any JSON shape (key order,
 *   number spelling, big numbers) reads back exactly — jsonb would reorder keys and normalise numbers.
 * - Orderings of names (subjects, entities, mints) use `COLLATE "C"` (byte order), so orderings and ties
 *   match SQLite's BINARY collation whatever the database's default collation is. Days and timestamps are
 *   compared in the column's own collation so the primary-key and day indexes serve the range reads: they
 *   are fixed-format strings (separators at the same positions), which every collation orders by their
 *   digits, i.e. chronologically.
 * - Migration 4 (SQLite's WITHOUT ROWID rebuild) is `SELECT 1` here: PostgreSQL's primary-key index already
 *   serves a subject's day range; nothing to rebuild.
 */
import pg from 'pg';
import { MIGRATIONS } from './migrations/index.js';
import { claimOf, outcomeValues, hourBucket, launchpadIndexRowOf as lpRow, observationOf, type ClaimRow, type LaunchpadIndexTableRow as LpIndexRow, type LaunchpadStateRow, type ObservationRow, launchpadRefreshStateOf } from './rows.js';
import type { ClaimOutcome, EntityCount, JobLease, LaunchpadDailyRow, LaunchpadIndexRow, LaunchpadRefreshState, ObservationRecord, PaymentClaim, QueryEvent, SnapshotRecord, Store } from './types.js';

export interface PostgresStoreOptions {
  /** Connection string, e.g. `postgres://user@host:5432/db`. */
  url: string;
  /** Schema holding the tables (created if missing); every pooled connection's `search_path`. */
  schema?: string;
  poolSize?: number;
}

/** First key of the two-int advisory locks this store takes (the second is a hash of what is locked). */
const LOCK_NAMESPACE = 0x0ea10;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const { schema } = options;
  // The name goes into DDL and the connection's startup options unquoted, so only plain identifiers.
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`postgres schema must match ${SCHEMA_NAME.source}: ${schema}`);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // With the server down a call fails after this instead of waiting for a connection forever.
    connectionTimeoutMillis: 5_000,
    // Set at connection startup, so every pooled connection (including ones opened later) uses the schema.
    ...(schema !== undefined ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);

  try {
    await migrate(pool, schema);
  } catch (err) {
    await pool.end();
    throw err;
  }

  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => pool.query<R>(text, values);
  const tx = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };

  const LP = 'launchpad';
  const ensureLpState = (c: pg.PoolClient | pg.Pool) =>
    c.query(`INSERT INTO launchpad_index_state (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [LP]);

  return {
    kind: 'postgres',
    async claimPayment(c: PaymentClaim) {
      // The primary key decides: of concurrent inserts of one key exactly one inserts a row.
      const result = await query(
        `INSERT INTO payment_claims (idempotency_key, endpoint, network, payer, amount_atomic, request_id, claimed_at, payment_id, call_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (idempotency_key) DO NOTHING`,
        [c.idempotencyKey, c.endpoint, c.network, c.payer, c.amountAtomic.toString(), c.requestId, c.claimedAt.toISOString(), c.paymentId ?? null, c.callKey ?? null],
      );
      return result.rowCount === 1;
    },
    async finishClaim(key: string, o: ClaimOutcome) {
      // As in the SQLite store: a final state keeps the answer only if one was kept before.
      await query(
        `UPDATE payment_claims SET status = $1, tx = COALESCE($2, tx), reason = $3, referral_code = COALESCE($4, referral_code), finished_at = $5,
         answer = COALESCE($6, answer), lookup = $7, amount_atomic = COALESCE($8, amount_atomic) WHERE idempotency_key = $9`,
        [...outcomeValues(o), key],
      );
    },
    async getClaim(key: string) {
      const row = (await query<ClaimRow>(`SELECT * FROM payment_claims WHERE idempotency_key = $1`, [key])).rows[0];
      if (!row) return undefined;
      return claimOf(row);
    },
    async findClaimByPaymentId(paymentId: string) {
      const row = (await query<ClaimRow>(`SELECT * FROM payment_claims WHERE payment_id = $1 ORDER BY claimed_at DESC LIMIT 1`, [paymentId])).rows[0];
      return row ? claimOf(row) : undefined;
    },
    async listClaims(status, claimedBefore, limit) {
      const rows = (await query<ClaimRow>(`SELECT * FROM payment_claims WHERE status = $1 AND claimed_at <= $2 ORDER BY claimed_at LIMIT $3`, [status, claimedBefore.toISOString(), limit])).rows;
      return rows.map(claimOf);
    },
    async putSnapshot(r: SnapshotRecord) {
      // Latest observation of the day wins (same-format ISO strings compare correctly in byte order).
      await query(
        `INSERT INTO snapshots (subject_type, subject, day, taken_at, data) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (subject_type, subject, day) DO UPDATE SET taken_at = excluded.taken_at, data = excluded.data
         WHERE excluded.taken_at >= snapshots.taken_at`,
        [r.subjectType, r.subject, r.day, r.takenAt.toISOString(), JSON.stringify(r.data)],
      );
    },
    async getSnapshots(subjectType, subject, fromDay, toDay) {
      const { rows } = await query<{ day: string; taken_at: string; data: string }>(
        `SELECT day, taken_at, data FROM snapshots
         WHERE subject_type = $1 AND subject = $2 AND day >= $3 AND day <= $4 ORDER BY day`,
        [subjectType, subject, fromDay, toDay],
      );
      return rows.map((r) => ({ subjectType, subject, day: r.day, takenAt: new Date(r.taken_at), data: JSON.parse(r.data) as Record<string, unknown> }));
    },
    async snapshotSubjects(subjectType, sinceDay) {
      const { rows } = await query<{ subject: string }>(
        `SELECT DISTINCT subject COLLATE "C" AS subject FROM snapshots WHERE subject_type = $1 AND day >= $2 ORDER BY 1`,
        [subjectType, sinceDay],
      );
      return rows.map((r) => r.subject);
    },
    async deleteSnapshotsBefore(day) {
      return (await query(`DELETE FROM snapshots WHERE day < $1`, [day])).rowCount ?? 0;
    },
    async putObservation(o: ObservationRecord) {
      await query(
        `INSERT INTO observations (subject_type, subject, observed_at, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT (subject_type, subject, observed_at) DO NOTHING`,
        [o.subjectType, o.subject, o.observedAt.toISOString(), JSON.stringify(o.data)],
      );
    },
    async observationAtOrBefore(subjectType, subject, at) {
      const { rows } = await query<ObservationRow>(
        `SELECT * FROM observations WHERE subject_type = $1 AND subject = $2 AND observed_at <= $3
         ORDER BY observed_at DESC LIMIT 1`,
        [subjectType, subject, at.toISOString()],
      );
      return rows[0] ? observationOf(rows[0]) : undefined;
    },
    async observationsBetween(subjectType, subject, after, to, limit) {
      const { rows } = await query<ObservationRow>(
        `SELECT * FROM observations WHERE subject_type = $1 AND subject = $2
           AND observed_at > $3 AND observed_at <= $4
         ORDER BY observed_at LIMIT $5`,
        [subjectType, subject, after.toISOString(), to.toISOString(), limit],
      );
      return rows.map(observationOf);
    },
    async deleteObservationsBefore(before) {
      return (await query(`DELETE FROM observations WHERE observed_at < $1`, [before.toISOString()])).rowCount ?? 0;
    },
    async recordQuery(e: QueryEvent) {
      await query(
        `INSERT INTO query_stream (entity_type, entity, endpoint, hour, count) VALUES ($1, $2, $3, $4, 1)
         ON CONFLICT (entity_type, entity, endpoint, hour) DO UPDATE SET count = query_stream.count + 1`,
        [e.entityType, e.entity, e.endpoint, hourBucket(e.at)],
      );
    },
    async queryCounts(entityType, from, to): Promise<EntityCount[]> {
      // SUM of an integer column is a bigint, which pg returns as a string.
      const { rows } = await query<{ entity: string; count: string }>(
        `SELECT entity COLLATE "C" AS entity, SUM(count) AS count FROM query_stream
         WHERE entity_type = $1 AND hour >= $2 AND hour < $3
         GROUP BY 1 ORDER BY 2 DESC, 1`,
        [entityType, hourBucket(from), hourBucket(to)],
      );
      return rows.map((r) => ({ entity: r.entity, count: Number(r.count) }));
    },
    async deleteQueriesBefore(before) {
      return (await query(`DELETE FROM query_stream WHERE hour < $1`, [hourBucket(before)])).rowCount ?? 0;
    },
    async acquireJobLease(l: JobLease) {
      // The `job_runs` row is the source of truth, as in SQLite: it carries the expiry (a holder that died
      // loses the lease after leaseMs) and the interval's start. A session advisory lock cannot be: a
      // pooled connection outlives the run and is shared by unrelated queries, so the lock would leak to
      // whoever gets the connection next (or vanish with a reconnect). The transaction-scoped advisory lock
      // only serialises the check-and-take across instances, and is freed at COMMIT/ROLLBACK — also when
      // the instance dies, since the server ends its transaction.
      const now = l.now.toISOString();
      const notStartedSince = l.notStartedSince?.toISOString() ?? null;
      return tx(async (c) => {
        await c.query(`SELECT pg_advisory_xact_lock($1::int, hashtext($2))`, [LOCK_NAMESPACE, `job:${l.name}`]);
        await c.query(`INSERT INTO job_runs (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [l.name]);
        const result = await c.query(
          `UPDATE job_runs SET holder = $1, lease_until = $2, last_started_at = $3
           WHERE name = $4 AND (holder IS NULL OR lease_until IS NULL OR lease_until <= $3 OR holder = $1)
             AND ($5::text IS NULL OR last_started_at IS NULL OR last_started_at < $5::text)`,
          [l.holder, new Date(l.now.getTime() + l.leaseMs).toISOString(), now, l.name, notStartedSince],
        );
        return result.rowCount === 1;
      });
    },
    async releaseJobLease(name, holder, finishedAt, result) {
      await query(
        `UPDATE job_runs SET holder = NULL, lease_until = NULL, last_finished_at = $1, last_result = $2 WHERE name = $3 AND holder = $4`,
        [finishedAt.toISOString(), result, name, holder],
      );
    },
    async launchpadRefreshState(): Promise<LaunchpadRefreshState> {
      const { rows } = await query<LaunchpadStateRow & { coins: string }>(
        // One statement, so the state and the count come from one snapshot of the database.
        `SELECT s.cursor, s.refresh_started_at, s.pages, s.refreshed_at, s.last_error, s.last_error_at,
                (SELECT COUNT(*) FROM launchpad_index) AS coins
         FROM (SELECT 1) AS one LEFT JOIN launchpad_index_state s ON s.name = $1`,
        [LP],
      );
      // COUNT is a bigint, which pg returns as a string.
      return launchpadRefreshStateOf(rows[0], Number(rows[0]?.coins ?? 0));
    },
    async beginLaunchpadRefresh(startedAt) {
      await tx(async (c) => {
        await ensureLpState(c);
        await c.query(`DELETE FROM launchpad_index_staging`);
        await c.query(`UPDATE launchpad_index_state SET cursor = NULL, refresh_started_at = $1, pages = 0 WHERE name = $2`, [startedAt.toISOString(), LP]);
      });
    },
    async stageLaunchpadPage(rows, nextCursor) {
      await tx(async (c) => {
        await ensureLpState(c);
        if (rows.length > 0) {
          // One statement for the page; a mint repeated within the page keeps its last row, as the SQLite
          // store's row-by-row upsert does (ON CONFLICT cannot touch one row twice in a statement).
          const last = new Map<string, LaunchpadIndexRow>();
          for (const r of rows) last.set(r.mint, r);
          const page = [...last.values()];
          await c.query(
            `INSERT INTO launchpad_index_staging (mint, data, fetched_at)
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
             ON CONFLICT (mint) DO UPDATE SET data = excluded.data, fetched_at = excluded.fetched_at`,
            [page.map((r) => r.mint), page.map((r) => JSON.stringify(r.data)), page.map((r) => r.at.toISOString())],
          );
        }
        await c.query(`UPDATE launchpad_index_state SET cursor = $1, pages = pages + 1 WHERE name = $2`, [nextCursor, LP]);
      });
    },
    async recordLaunchpadRefreshError(error, at) {
      await ensureLpState(pool);
      await query(`UPDATE launchpad_index_state SET last_error = $1, last_error_at = $2 WHERE name = $3`, [error, at.toISOString(), LP]);
    },
    async publishLaunchpadIndex(refreshedAt) {
      const at = refreshedAt.toISOString();
      return tx(async (c) => {
        await ensureLpState(c);
        // Lock the state row first: two instances publishing at once then run one after the other.
        await c.query(`SELECT 1 FROM launchpad_index_state WHERE name = $1 FOR UPDATE`, [LP]);
        await c.query(`DELETE FROM launchpad_index`);
        const n = (await c.query(`INSERT INTO launchpad_index (mint, data, refreshed_at) SELECT mint, data, $1 FROM launchpad_index_staging`, [at])).rowCount ?? 0;
        await c.query(`DELETE FROM launchpad_index_staging`);
        await c.query(
          `UPDATE launchpad_index_state SET cursor = NULL, refresh_started_at = NULL, pages = 0, refreshed_at = $1, last_error = NULL, last_error_at = NULL WHERE name = $2`,
          [at, LP],
        );
        return n;
      });
    },
    async launchpadCoins() {
      return (await query<LpIndexRow>(`SELECT mint, data, refreshed_at FROM launchpad_index ORDER BY mint COLLATE "C"`)).rows.map(lpRow);
    },
    async launchpadCoin(mint) {
      const row = (await query<LpIndexRow>(`SELECT mint, data, refreshed_at FROM launchpad_index WHERE mint = $1`, [mint])).rows[0];
      return row ? lpRow(row) : undefined;
    },
    async putLaunchpadDailyPoint(r: LaunchpadDailyRow) {
      await query(
        `INSERT INTO launchpad_daily (mint, day, data) VALUES ($1, $2, $3) ON CONFLICT (mint, day) DO UPDATE SET data = excluded.data`,
        [r.mint, r.day, JSON.stringify(r.data)],
      );
    },
    async launchpadDailyPoints(mint, fromDay, toDay) {
      const { rows } = await query<{ mint: string; day: string; data: string }>(
        `SELECT mint, day, data FROM launchpad_daily WHERE mint = $1 AND day >= $2 AND day <= $3 ORDER BY day`,
        [mint, fromDay, toDay],
      );
      return rows.map((r) => ({ mint: r.mint, day: r.day, data: JSON.parse(r.data) as Record<string, unknown> }));
    },
    async deleteLaunchpadDailyPointsBefore(day) {
      return (await query(`DELETE FROM launchpad_daily WHERE day < $1`, [day])).rowCount ?? 0;
    },
    async ping() {
      // A failure rejects (as SQLite's does): /status reports the error's message, health treats it as down.
      return (await query(`SELECT 1 AS ok`)).rowCount === 1;
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * Applies the pending migrations, each in its own transaction under a transaction-scoped advisory lock
 * (keyed by the schema), so instances starting at once apply each migration exactly once: a waiter sees
 * the version recorded when it gets the lock and skips it. The migrations table mirrors SQLite's.
 */
async function migrate(pool: pg.Pool, schema: string | undefined): Promise<void> {
  const client = await pool.connect();
  const lockKey = `migrate:${schema ?? ''}`;
  const inLockedTx = async (fn: () => Promise<void>) => {
    await client.query('BEGIN');
    try {
      await client.query(`SELECT pg_advisory_xact_lock($1::int, hashtext($2))`, [LOCK_NAMESPACE, lockKey]);
      await fn();
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  };
  try {
    // CREATE ... IF NOT EXISTS is not safe against a concurrent CREATE (unique violation), hence the lock.
    await inLockedTx(async () => {
      if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    });
    for (const m of MIGRATIONS) {
      await inLockedTx(async () => {
        const applied = await client.query(`SELECT 1 FROM schema_migrations WHERE version = $1`, [m.version]);
        if (applied.rowCount) return;
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, new Date().toISOString()]);
      });
    }
  } finally {
    client.release();
  }
}
