/** Job leases on SQLite: one process holds the database's write lock, so one UPDATE decides. */
import type { SqliteDatabase } from '../sql/sqlite-database.js';
import type { JobLease, JobLeases } from './types.js';

export function sqliteJobLeases(db: SqliteDatabase): JobLeases {
  const ensureJob = db.prepare(`INSERT INTO job_runs (name) VALUES (?) ON CONFLICT (name) DO NOTHING`);
  const takeLease = db.prepare(
    `UPDATE job_runs SET holder = ?, lease_until = ?, last_started_at = ?
     WHERE name = ? AND (holder IS NULL OR lease_until IS NULL OR lease_until <= ? OR holder = ?)
       AND (? IS NULL OR last_started_at IS NULL OR last_started_at < ?)`,
  );
  const endLease = db.prepare(
    `UPDATE job_runs SET holder = NULL, lease_until = NULL, last_finished_at = ?, last_result = ? WHERE name = ? AND holder = ?`,
  );

  return {
    async acquireJobLease(l: JobLease) {
      ensureJob.run(l.name);
      const now = l.now.toISOString();
      const notStartedSince = l.notStartedSince?.toISOString() ?? null;
      return takeLease.run(l.holder, new Date(l.now.getTime() + l.leaseMs).toISOString(), now, l.name, now, l.holder, notStartedSince, notStartedSince).changes === 1;
    },
    async releaseJobLease(name, holder, finishedAt, result) {
      endLease.run(finishedAt.toISOString(), result, name, holder);
    },
  };
}
