/**
 * The store contract, run on every engine (test/store/sqlite.test.ts, test/store/postgres.test.ts): one suite
 * per repository (test/store/contract/*.ts) — the behaviour each repository's types.ts documents, plus what
 * several instances sharing one database rely on. `open` returns a new store (a new instance: for PostgreSQL a
 * new pool on the same schema); `cleanup` runs once after the suites.
 */
import { after, describe } from 'node:test';
import type { Store } from '../../src/store/types.js';
import { claimsContract } from './contract/claims.js';
import { healthContract } from './contract/health.js';
import { jobLeasesContract } from './contract/job-leases.js';
import type { Backend } from './contract/kit.js';
import { launchpadIndexContract } from './contract/launchpad-index.js';
import { observationsContract } from './contract/observations.js';
import { queryStreamContract } from './contract/query-stream.js';
import { snapshotsContract } from './contract/snapshots.js';
import { subscriptionsContract } from './contract/subscriptions.js';

export interface ContractOptions {
  /** Several stores opened by `open` share one database (PostgreSQL); false for per-open databases. */
  shared: boolean;
}

export function storeContract(name: string, open: () => Promise<Store>, cleanup: () => Promise<void>, options: ContractOptions): void {
  describe(`store contract: ${name}`, () => {
    after(cleanup);
    const backend: Backend<Store> = { name, open, shared: options.shared };
    healthContract(backend);
    claimsContract(backend);
    snapshotsContract(backend);
    observationsContract(backend);
    queryStreamContract(backend);
    jobLeasesContract(backend);
    launchpadIndexContract(backend);
    subscriptionsContract(backend);
  });
}
