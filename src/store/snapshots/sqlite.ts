/** Daily snapshots on SQLite. */
import type { SqliteDatabase } from '../sql/sqlite-database.js';
import type { SnapshotRecord, SnapshotRepository } from './types.js';

export function sqliteSnapshots(db: SqliteDatabase): SnapshotRepository {
  // Latest observation of the day wins; ISO timestamps compare correctly as text.
  const upsertSnapshot = db.prepare(
    `INSERT INTO snapshots (subject_type, subject, day, taken_at, data) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (subject_type, subject, day) DO UPDATE SET taken_at = excluded.taken_at, data = excluded.data
     WHERE excluded.taken_at >= snapshots.taken_at`,
  );
  // A series comes back as ONE JSON text (an array of [day, taken_at, data] triples, built by SQLite):
  // one string to cross into JS and one JSON.parse, instead of a row object and a parse per point
  // (docs/history.md, 'Performance'). Day and taken_at are ISO strings (no characters to escape); data is
  // the JSON text putSnapshot wrote.
  const selectSeries = db.prepare(
    `SELECT '[' || group_concat('["' || day || '","' || taken_at || '",' || data || ']', ',' ORDER BY day) || ']'
     FROM snapshots WHERE subject_type = ? AND subject = ? AND day >= ? AND day <= ?`,
  ).pluck();
  const selectSubjects = db.prepare(`SELECT DISTINCT subject FROM snapshots WHERE subject_type = ? AND day >= ? ORDER BY subject`);
  const deleteSnapshots = db.prepare(`DELETE FROM snapshots WHERE day < ?`);

  return {
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
  };
}
