/** Daily snapshots on PostgreSQL. */
import type { PostgresDatabase } from '../sql/postgres-database.js';
import type { SnapshotRecord, SnapshotRepository } from './types.js';

export function postgresSnapshots({ query }: PostgresDatabase): SnapshotRepository {
  return {
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
  };
}
