/**
 * The embedded SQLite store (the default): every repository over one database file (./sql/sqlite-database.ts).
 * Payment claim writes are group-committed: those of one event-loop turn share one transaction
 * (./claims/group-commit.ts), and closing the store writes those still queued.
 */
import { groupCommit } from './claims/group-commit.js';
import { sqliteClaims } from './claims/sqlite.js';
import { sqliteHealth } from './health/sqlite.js';
import { sqliteJobLeases } from './job-leases/sqlite.js';
import { sqliteLaunchpadIndex } from './launchpad-index/sqlite.js';
import { sqliteObservations } from './observations/sqlite.js';
import { sqliteQueryStream } from './query-stream/sqlite.js';
import { sqliteSnapshots } from './snapshots/sqlite.js';
import { sqliteSubscriptions } from './subscriptions/sqlite.js';
import { openSqliteDatabase } from './sql/sqlite-database.js';
import type { Store } from './types.js';

export function openSqliteStore(file: string): Store {
  const db = openSqliteDatabase(file);
  const claimWrites = groupCommit(db);
  return {
    ...sqliteHealth(db, claimWrites),
    ...sqliteClaims(db, claimWrites),
    ...sqliteSnapshots(db),
    ...sqliteObservations(db),
    ...sqliteQueryStream(db),
    ...sqliteJobLeases(db),
    ...sqliteLaunchpadIndex(db),
    ...sqliteSubscriptions(db),
  };
}
