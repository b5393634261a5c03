/** The PostgreSQL store's health and close. */
import type { PostgresDatabase } from '../sql/postgres-database.js';
import type { StoreHealth } from './types.js';

export function postgresHealth({ pool, query }: PostgresDatabase): StoreHealth {
  return {
    kind: 'postgres',
    async ping() {
      // A failure rejects (as SQLite's does): /status shows it as unreachable (its message goes to the logs), health treats it as down.
      return (await query(`SELECT 1 AS ok`)).rowCount === 1;
    },
    async close() {
      await pool.end();
    },
  };
}
