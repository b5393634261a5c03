/** Job leases on PostgreSQL: the check-and-take is serialised across instances by an advisory lock. */
import { LOCK_NAMESPACE, type PostgresDatabase } from '../sql/postgres-database.js';
import type { JobLease, JobLeases } from './types.js';

export function postgresJobLeases({ query, tx }: PostgresDatabase): JobLeases {
  return {
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
  };
}
