/** The SQLite store's health and close. */
import type { GroupCommit } from '../claims/group-commit.js';
import type { SqliteDatabase } from '../sql/sqlite-database.js';
import type { StoreHealth } from './types.js';

export function sqliteHealth(db: SqliteDatabase, claimWrites: GroupCommit): StoreHealth {
  return {
    kind: 'sqlite',
    async ping() {
      return db.prepare('SELECT 1 AS ok').get() !== undefined;
    },
    async close() {
      claimWrites.flush(); // claims asked for before the close are written, not lost
      db.close();
    },
  };
}
