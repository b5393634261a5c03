/** The observation log on SQLite (ISO timestamps with milliseconds compare correctly as text). */
import { observationOf, type ObservationRow } from '../sql/row-mapping.js';
import type { SqliteDatabase } from '../sql/sqlite-database.js';
import type { ObservationLog, ObservationRecord } from './types.js';

export function sqliteObservations(db: SqliteDatabase): ObservationLog {
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

  return {
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
  };
}
