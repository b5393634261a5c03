/** The observation log on PostgreSQL. */
import type { PostgresDatabase } from '../sql/postgres-database.js';
import { observationOf, type ObservationRow } from '../sql/row-mapping.js';
import type { ObservationLog, ObservationRecord } from './types.js';

export function postgresObservations({ query }: PostgresDatabase): ObservationLog {
  return {
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
  };
}
