/**
 * Embedded SQLite store (the default). WAL mode so readers never block the writer and a crash
 * mid-write leaves the database consistent. better-sqlite3 is synchronous; each call is one short
 * statement, so the event loop is held for microseconds. Payment claim writes are group-committed: those of
 * one event-loop turn share one transaction (`groupCommit`).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations/index.js';
import { claimOf, outcomeValues, hourBucket, launchpadIndexRowOf as lpRow, observationOf, type ClaimRow, type LaunchpadIndexTableRow, type LaunchpadStateRow, type ObservationRow, launchpadRefreshStateOf } from './rows.js';
import type { ClaimOutcome, EntityCount, JobLease, LaunchpadDailyRow, LaunchpadIndexRow, LaunchpadRefreshState, ObservationRecord, PaymentClaim, QueryEvent, SnapshotRecord, Store } from './types.js';

export function openSqliteStore(file: string): Store {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  migrate(db);

  const insertClaim = db.prepare(
    `INSERT INTO payment_claims (idempotency_key, endpoint, network, payer, amount_atomic, request_id, claimed_at, payment_id, call_key)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
  );
  // The answer and lookup are kept only while a state needs them: a final state clears them (COALESCE
  // keeps what is there when the outcome brings none, so `undelivered` → `delivered` keeps the answer).
  const finish = db.prepare(
    `UPDATE payment_claims SET status = ?, tx = COALESCE(?, tx), reason = ?, referral_code = COALESCE(?, referral_code), finished_at = ?,
     answer = COALESCE(?, answer), lookup = ?, amount_atomic = COALESCE(?, amount_atomic) WHERE idempotency_key = ?`,
  );
  const select = db.prepare(`SELECT * FROM payment_claims WHERE idempotency_key = ?`);
  const selectByPaymentId = db.prepare(`SELECT * FROM payment_claims WHERE payment_id = ? ORDER BY claimed_at DESC LIMIT 1`);
  const selectByStatus = db.prepare(`SELECT * FROM payment_claims WHERE status = ? AND claimed_at <= ? ORDER BY claimed_at LIMIT ?`);
  // Latest observation of the day wins; ISO timestamps compare correctly as text.
  const upsertSnapshot = db.prepare(
    `INSERT INTO snapshots (subject_type, subject, day, taken_at, data) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (subject_type, subject, day) DO UPDATE SET taken_at = excluded.taken_at, data = excluded.data
     WHERE excluded.taken_at >= snapshots.taken_at`,
  );
  // A series comes back as ONE JSON text (an array of [day, taken_at, data] triples, built by SQLite):
  // one string to cross into JS and one JSON.parse, instead of a row object and a parse per point. Day
  // and taken_at are ISO strings (no characters to escape); data is the JSON text putSnapshot wrote.
  const selectSeries = db.prepare(
    `SELECT '[' || group_concat('["' || day || '","' || taken_at || '",' || data || ']', ',' ORDER BY day) || ']'
     FROM snapshots WHERE subject_type = ? AND subject = ? AND day >= ? AND day <= ?`,
  ).pluck();
  const selectSubjects = db.prepare(`SELECT DISTINCT subject FROM snapshots WHERE subject_type = ? AND day >= ? ORDER BY subject`);
  const deleteSnapshots = db.prepare(`DELETE FROM snapshots WHERE day < ?`);
  // ISO timestamps with milliseconds compare correctly as text.
  const insertObservation = db.prepare(
    `INSERT INTO observations (subject_type, subject, observed_at, data) VALUES (?, ?, ?, ?)
     ON CONFLICT (subject_type, subject, observed_at) DO NOTHING`,
  );
  const selectObservationAtOrBefore = db.prepare(
    `SELECT * FROM observations WHERE subject_type = ? AND subject = ? AND observed_at <= ? ORDER BY observed_at DESC LIMIT 1`,
  );
  const selectObservationsBetween = db.prepare(
    `SELECT * FROM observations WHERE subject_type = ? AND subject = ? AND observed_at > ? AND observed_at <= ?
     ORDER BY observed_at LIMIT ?`,
  );
  const deleteObservations = db.prepare(`DELETE FROM observations WHERE observed_at < ?`);
  const countQuery = db.prepare(
    `INSERT INTO query_stream (entity_type, entity, endpoint, hour, count) VALUES (?, ?, ?, ?, 1)
     ON CONFLICT (entity_type, entity, endpoint, hour) DO UPDATE SET count = query_stream.count + 1`,
  );
  const selectCounts = db.prepare(
    `SELECT entity, SUM(count) AS count FROM query_stream WHERE entity_type = ? AND hour >= ? AND hour < ?
     GROUP BY entity ORDER BY count DESC, entity`,
  );
  const deleteQueries = db.prepare(`DELETE FROM query_stream WHERE hour < ?`);
  const ensureJob = db.prepare(`INSERT INTO job_runs (name) VALUES (?) ON CONFLICT (name) DO NOTHING`);
  const takeLease = db.prepare(
    `UPDATE job_runs SET holder = ?, lease_until = ?, last_started_at = ?
     WHERE name = ? AND (holder IS NULL OR lease_until IS NULL OR lease_until <= ? OR holder = ?)
       AND (? IS NULL OR last_started_at IS NULL OR last_started_at < ?)`,
  );
  const endLease = db.prepare(
    `UPDATE job_runs SET holder = NULL, lease_until = NULL, last_finished_at = ?, last_result = ? WHERE name = ? AND holder = ?`,
  );

  // The launchpad index (migration 5): one state row, named so a second index could share the table.
  const LP = 'launchpad';
  const ensureLpState = db.prepare(`INSERT INTO launchpad_index_state (name) VALUES (?) ON CONFLICT (name) DO NOTHING`);
  const selectLpState = db.prepare(`SELECT * FROM launchpad_index_state WHERE name = ?`);
  const countLpIndex = db.prepare(`SELECT COUNT(*) AS n FROM launchpad_index`).pluck();
  const clearLpStaging = db.prepare(`DELETE FROM launchpad_index_staging`);
  const startLp = db.prepare(`UPDATE launchpad_index_state SET cursor = NULL, refresh_started_at = ?, pages = 0 WHERE name = ?`);
  const stageLp = db.prepare(
    `INSERT INTO launchpad_index_staging (mint, data, fetched_at) VALUES (?, ?, ?)
     ON CONFLICT (mint) DO UPDATE SET data = excluded.data, fetched_at = excluded.fetched_at`,
  );
  const advanceLp = db.prepare(`UPDATE launchpad_index_state SET cursor = ?, pages = pages + 1 WHERE name = ?`);
  const errorLp = db.prepare(`UPDATE launchpad_index_state SET last_error = ?, last_error_at = ? WHERE name = ?`);
  const clearLpIndex = db.prepare(`DELETE FROM launchpad_index`);
  const publishLp = db.prepare(`INSERT INTO launchpad_index (mint, data, refreshed_at) SELECT mint, data, ? FROM launchpad_index_staging`);
  const finishLp = db.prepare(
    `UPDATE launchpad_index_state SET cursor = NULL, refresh_started_at = NULL, pages = 0, refreshed_at = ?, last_error = NULL, last_error_at = NULL WHERE name = ?`,
  );
  const selectLpCoins = db.prepare(`SELECT mint, data, refreshed_at FROM launchpad_index ORDER BY mint`);
  const selectLpCoin = db.prepare(`SELECT mint, data, refreshed_at FROM launchpad_index WHERE mint = ?`);
  const upsertLpDaily = db.prepare(
    `INSERT INTO launchpad_daily (mint, day, data) VALUES (?, ?, ?) ON CONFLICT (mint, day) DO UPDATE SET data = excluded.data`,
  );
  const selectLpDaily = db.prepare(`SELECT mint, day, data FROM launchpad_daily WHERE mint = ? AND day >= ? AND day <= ? ORDER BY day`);
  const deleteLpDaily = db.prepare(`DELETE FROM launchpad_daily WHERE day < ?`);
  const beginLp = db.transaction((startedAt: string) => {
    ensureLpState.run(LP);
    clearLpStaging.run();
    startLp.run(startedAt, LP);
  });
  const stageLpPage = db.transaction((rows: readonly LaunchpadIndexRow[], nextCursor: string | null) => {
    ensureLpState.run(LP);
    for (const r of rows) stageLp.run(r.mint, JSON.stringify(r.data), r.at.toISOString());
    advanceLp.run(nextCursor, LP);
  });
  const publishLpIndex = db.transaction((refreshedAt: string): number => {
    ensureLpState.run(LP);
    clearLpIndex.run();
    const n = publishLp.run(refreshedAt).changes;
    clearLpStaging.run();
    finishLp.run(refreshedAt, LP);
    return n;
  });

  const claimWrites = groupCommit(db);

  return {
    kind: 'sqlite',
    async claimPayment(c: PaymentClaim) {
      const values = [
        c.idempotencyKey, c.endpoint, c.network, c.payer, c.amountAtomic.toString(), c.requestId, c.claimedAt.toISOString(),
        c.paymentId ?? null, c.callKey ?? null,
      ];
      return claimWrites.write(() => insertClaim.run(...values).changes === 1);
    },
    async finishClaim(key: string, o: ClaimOutcome) {
      const values = [...outcomeValues(o), key];
      return claimWrites.write(() => {
        finish.run(...values);
      });
    },
    async getClaim(key: string) {
      const row = select.get(key) as ClaimRow | undefined;
      if (!row) return undefined;
      return claimOf(row);
    },
    async findClaimByPaymentId(paymentId: string) {
      const row = selectByPaymentId.get(paymentId) as ClaimRow | undefined;
      return row ? claimOf(row) : undefined;
    },
    async listClaims(status, claimedBefore, limit) {
      return (selectByStatus.all(status, claimedBefore.toISOString(), limit) as ClaimRow[]).map(claimOf);
    },
    async putSnapshot(r: SnapshotRecord) {
      upsertSnapshot.run(r.subjectType, r.subject, r.day, r.takenAt.toISOString(), JSON.stringify(r.data));
    },
    async getSnapshots(subjectType, subject, fromDay, toDay) {
      const series = selectSeries.get(subjectType, subject, fromDay, toDay) as string | null;
      if (series === null) return [];
      return (JSON.parse(series) as [string, string, Record<string, unknown>][]).map(([day, takenAt, data]) => ({
        subjectType, subject, day, takenAt: new Date(takenAt), data,
      }));
    },
    async snapshotSubjects(subjectType, sinceDay) {
      return (selectSubjects.all(subjectType, sinceDay) as { subject: string }[]).map((r) => r.subject);
    },
    async deleteSnapshotsBefore(day) {
      return deleteSnapshots.run(day).changes;
    },
    async putObservation(o: ObservationRecord) {
      insertObservation.run(o.subjectType, o.subject, o.observedAt.toISOString(), JSON.stringify(o.data));
    },
    async observationAtOrBefore(subjectType, subject, at) {
      const row = selectObservationAtOrBefore.get(subjectType, subject, at.toISOString()) as ObservationRow | undefined;
      return row ? observationOf(row) : undefined;
    },
    async observationsBetween(subjectType, subject, after, to, limit) {
      return (selectObservationsBetween.all(subjectType, subject, after.toISOString(), to.toISOString(), limit) as ObservationRow[]).map(observationOf);
    },
    async deleteObservationsBefore(before) {
      return deleteObservations.run(before.toISOString()).changes;
    },
    async recordQuery(e: QueryEvent) {
      countQuery.run(e.entityType, e.entity, e.endpoint, hourBucket(e.at));
    },
    async queryCounts(entityType, from, to) {
      return (selectCounts.all(entityType, hourBucket(from), hourBucket(to)) as EntityCount[]).map((r) => ({ entity: r.entity, count: Number(r.count) }));
    },
    async deleteQueriesBefore(before) {
      return deleteQueries.run(hourBucket(before)).changes;
    },
    async acquireJobLease(l: JobLease) {
      ensureJob.run(l.name);
      const now = l.now.toISOString();
      const notStartedSince = l.notStartedSince?.toISOString() ?? null;
      return takeLease.run(l.holder, new Date(l.now.getTime() + l.leaseMs).toISOString(), now, l.name, now, l.holder, notStartedSince, notStartedSince).changes === 1;
    },
    async releaseJobLease(name, holder, finishedAt, result) {
      endLease.run(finishedAt.toISOString(), result, name, holder);
    },
    async launchpadRefreshState(): Promise<LaunchpadRefreshState> {
      return launchpadRefreshStateOf(selectLpState.get(LP) as LaunchpadStateRow | undefined, Number(countLpIndex.get()));
    },
    async beginLaunchpadRefresh(startedAt) {
      beginLp(startedAt.toISOString());
    },
    async stageLaunchpadPage(rows, nextCursor) {
      stageLpPage(rows, nextCursor);
    },
    async recordLaunchpadRefreshError(error, at) {
      ensureLpState.run(LP);
      errorLp.run(error, at.toISOString(), LP);
    },
    async publishLaunchpadIndex(refreshedAt) {
      return publishLpIndex(refreshedAt.toISOString());
    },
    async launchpadCoins() {
      return (selectLpCoins.all() as LaunchpadIndexTableRow[]).map(lpRow);
    },
    async launchpadCoin(mint) {
      const row = selectLpCoin.get(mint) as { mint: string; data: string; refreshed_at: string } | undefined;
      return row ? lpRow(row) : undefined;
    },
    async putLaunchpadDailyPoint(r: LaunchpadDailyRow) {
      upsertLpDaily.run(r.mint, r.day, JSON.stringify(r.data));
    },
    async launchpadDailyPoints(mint, fromDay, toDay) {
      return (selectLpDaily.all(mint, fromDay, toDay) as { mint: string; day: string; data: string }[]).map((r) => ({
        mint: r.mint, day: r.day, data: JSON.parse(r.data) as Record<string, unknown>,
      }));
    },
    async deleteLaunchpadDailyPointsBefore(day) {
      return deleteLpDaily.run(day).changes;
    },
    async ping() {
      return db.prepare('SELECT 1 AS ok').get() !== undefined;
    },
    async close() {
      claimWrites.flush(); // claims asked for before the close are written, not lost
      db.close();
    },
  };
}

interface PendingWrite {
  run(): unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit of the payment claim writes: every claim insert and outcome of one event-loop turn runs in ONE
 * transaction, at the end of the turn (setImmediate), and each caller's promise settles once that transaction
 * committed — so a claim is durable (as durable as WAL with synchronous=NORMAL makes any commit) before anyone
 * acts on it, exactly as with one transaction per write. Under load a turn carries several paid calls' writes:
 * one commit instead of one per write (each commit appends the modified pages to the WAL, and every ~1,000 pages
 * a checkpoint fsyncs). Writes run in the order they were asked for, so two claims of one key still give one
 * winner, the first. A statement that fails fails only its own caller; a commit that fails fails them all
 * (nothing of the transaction was kept).
 */
function groupCommit(db: Database.Database): { write<T>(run: () => T): Promise<T>; flush(): void } {
  let queue: PendingWrite[] = [];
  const flush = () => {
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      db.transaction(() => {
        for (const w of batch) {
          try {
            outcomes.push({ ok: true, value: w.run() });
          } catch (error) {
            outcomes.push({ ok: false, error });
            // Some errors (I/O, a full disk) end the transaction: what would follow is no longer part of it.
            if (!db.inTransaction) throw error;
          }
        }
      })();
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) w.resolve(outcome.value);
      else w.reject(outcome.error);
    });
  };
  return {
    write: <T>(run: () => T) => new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
    }),
    flush,
  };
}

function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sqlite ?? m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
    })();
  }
}
