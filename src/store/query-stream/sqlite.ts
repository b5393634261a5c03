/** The query stream on SQLite. */
import { hourBucket } from '../sql/row-mapping.js';
import type { SqliteDatabase } from '../sql/sqlite-database.js';
import type { EntityCount, QueryEvent, QueryStream } from './types.js';

export function sqliteQueryStream(db: SqliteDatabase): QueryStream {
  const countQuery = db.prepare(
    `INSERT INTO query_stream (entity_type, entity, endpoint, hour, count) VALUES (?, ?, ?, ?, 1)
     ON CONFLICT (entity_type, entity, endpoint, hour) DO UPDATE SET count = query_stream.count + 1`,
  );
  const selectCounts = db.prepare(
    `SELECT entity, SUM(count) AS count FROM query_stream WHERE entity_type = ? AND hour >= ? AND hour < ?
     GROUP BY entity ORDER BY count DESC, entity`,
  );
  const deleteQueries = db.prepare(`DELETE FROM query_stream WHERE hour < ?`);

  return {
    async recordQuery(e: QueryEvent) {
      countQuery.run(e.entityType, e.entity, e.endpoint, hourBucket(e.at));
    },
    async queryCounts(entityType, from, to) {
      return (selectCounts.all(entityType, hourBucket(from), hourBucket(to)) as EntityCount[]).map((r) => ({ entity: r.entity, count: Number(r.count) }));
    },
    async deleteQueriesBefore(before) {
      return deleteQueries.run(hourBucket(before)).changes;
    },
  };
}
