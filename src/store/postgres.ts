/**
 * The PostgreSQL store, for several service instances sharing one database: every repository over one pool
 * (./sql/postgres-database.ts), the same contract and the same migrations as the SQLite store
 * (docs/deploy.md, 'PostgreSQL store').
 */
import { postgresClaims } from './claims/postgres.js';
import { postgresHealth } from './health/postgres.js';
import { postgresJobLeases } from './job-leases/postgres.js';
import { postgresLaunchpadIndex } from './launchpad-index/postgres.js';
import { postgresObservations } from './observations/postgres.js';
import { postgresQueryStream } from './query-stream/postgres.js';
import { postgresSnapshots } from './snapshots/postgres.js';
import { postgresSubscriptions } from './subscriptions/postgres.js';
import { openPostgresDatabase, type PostgresStoreOptions } from './sql/postgres-database.js';
import type { Store } from './types.js';

export type { PostgresStoreOptions } from './sql/postgres-database.js';

export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const db = await openPostgresDatabase(options);
  return {
    ...postgresHealth(db),
    ...postgresClaims(db),
    ...postgresSnapshots(db),
    ...postgresObservations(db),
    ...postgresQueryStream(db),
    ...postgresJobLeases(db),
    ...postgresLaunchpadIndex(db),
    ...postgresSubscriptions(db),
  };
}
