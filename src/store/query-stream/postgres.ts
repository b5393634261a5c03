/** The query stream on PostgreSQL. */
import type { PostgresDatabase } from '../sql/postgres-database.js';
import { hourBucket } from '../sql/row-mapping.js';
import type { EntityCount, QueryEvent, QueryStream } from './types.js';

export function postgresQueryStream({ query }: PostgresDatabase): QueryStream {
  return {
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
  };
}
