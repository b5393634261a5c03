/**
 * What every repository's contract suite shares: the backend it runs on, a store per test, names unique across
 * the run (on a shared database earlier tests' rows are still there) and the fixtures several suites use.
 */
import { describe } from 'node:test';
import type { StoreHealth } from '../../../src/store/types.js';

/** A repository under test: its interface plus `close`, since each test opens and closes its own. */
export type Opened<R> = R & Pick<StoreHealth, 'close'>;

export interface Backend<R> {
  /** `sqlite` or `postgres`, in the suites' names. */
  name: string;
  /** A new store (a new instance: for PostgreSQL a new pool on the same schema). */
  open: () => Promise<Opened<R>>;
  /** Several stores opened by `open` share one database (PostgreSQL); false for per-open databases. */
  shared: boolean;
}

/** What the tests of a suite are given. */
export interface SuiteKit<R> {
  /** Runs `fn` on a store opened for it, and closes the store after. */
  withStore: (fn: (store: Opened<R>) => Promise<void>) => Promise<void>;
  /** Opens one more store (the tests that open several close them). */
  open: () => Promise<Opened<R>>;
  /** Declares tests of several instances sharing one database: only on a backend whose stores share one (PostgreSQL). */
  onSharedDatabase: (define: () => void) => void;
}

/** One repository's contract: a suite named `<title>: <backend>` with the tests `define` declares, run on any backend. */
export function contractSuite<R>(title: string, define: (kit: SuiteKit<R>) => void): (backend: Backend<R>) => void {
  return (backend) => {
    describe(`${title}: ${backend.name}`, () => {
      define({
        withStore: withStoreOf(backend),
        open: backend.open,
        onSharedDatabase: (tests) => {
          if (backend.shared) describe('several instances on one database', tests);
        },
      });
    });
  };
}

/** Opens a store for one test and closes it after. */
function withStoreOf<R>(backend: Backend<R>): SuiteKit<R>['withStore'] {
  return async (fn) => {
    const store = await backend.open();
    try {
      await fn(store);
    } finally {
      await store.close();
    }
  };
}

let n = 0;
/** A name no other test of this run uses. */
export const unique = (base: string) => `${base}-${Date.now().toString(36)}-${(n++).toString(36)}`;

export const claim = (key: string) => ({
  idempotencyKey: key, endpoint: 'test-echo', network: 'eip155:8453', payer: '0xabc', amountAtomic: 2000n, requestId: 'req_1', claimedAt: new Date('2026-11-22T00:00:00Z'),
});

export const obs = (observedAt: string, price: number, subject = 'MINT') => ({ subjectType: 'token' as const, subject, observedAt: new Date(observedAt), data: { price } });
