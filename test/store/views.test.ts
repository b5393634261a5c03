/**
 * The store's views (src/store/views.ts) keep callers to their part: a handler's store has no payment claims
 * and no retention, the payments' has no history. The `@ts-expect-error` lines are the proof (`tsc --noEmit`,
 * part of `npm test`, fails if one of them compiles); the runtime test checks the full store fills every view.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HandlerContext } from '../../src/registry/types.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import type { ClaimRepository, JobLeases, LaunchpadIndexStore, Store } from '../../src/store/types.js';
import type { HandlerStore, RecorderStore, RetentionStore, SnapshotSweepStore, StoreStatus } from '../../src/store/views.js';

/** Compile-time only: never called. */
function handlersReachOnlyTheirViews(handlerStore: HandlerContext['store'], claims: ClaimRepository): void {
  // @ts-expect-error a handler cannot claim a payment
  void handlerStore.claimPayment;
  // @ts-expect-error nor finish one
  void handlerStore.finishClaim;
  // @ts-expect-error nor delete history
  void handlerStore.deleteSnapshotsBefore;
  // @ts-expect-error nor count queries (the recorder does)
  void handlerStore.recordQuery;
  // @ts-expect-error nor refresh the launchpad index (its job does)
  void handlerStore.publishLaunchpadIndex;
  // @ts-expect-error payments read no history
  void claims.getSnapshots;
}

test('the composed store fills every view', async () => {
  const store: Store = openSqliteStore(':memory:');
  try {
    const views: [HandlerStore, ClaimRepository, RecorderStore, RetentionStore, SnapshotSweepStore, JobLeases, LaunchpadIndexStore, StoreStatus] = [
      store, store, store, store, store, store, store, store,
    ];
    const methods = ['getSnapshots', 'queryCounts', 'observationAtOrBefore', 'observationsBetween', 'putObservation', 'launchpadRefreshState', 'launchpadCoins', 'launchpadCoin', 'launchpadDailyPoints'] as const;
    for (const m of methods) assert.equal(typeof views[0][m], 'function', m);
    assert.equal(await views[7].ping(), true);
    assert.equal(views[7].kind, 'sqlite');
  } finally {
    await store.close();
  }
});
