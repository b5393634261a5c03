/** The job leases contract (src/store/job-leases/types.ts): one holder, expiry, one run per interval, races. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JobLeases } from '../../../src/store/types.js';
import { contractSuite, unique } from './kit.js';

export const jobLeasesContract = contractSuite<JobLeases>('job leases', ({ withStore, open, onSharedDatabase }) => {
  test('job leases: one holder at a time; a lease expires; only the holder releases it', () => withStore(async (store) => {
    const name = unique('retention');
    const now = new Date('2026-11-22T00:00:00Z');
    const lease = (holder: string, t = now) => store.acquireJobLease({ name, holder, now: t, leaseMs: 60_000 });
    assert.equal(await lease('p1'), true);
    assert.equal(await lease('p2'), false);
    await store.releaseJobLease(name, 'p2', now, 'ignored');
    assert.equal(await lease('p2'), false, 'p2 could not release p1\'s lease');
    assert.equal(await lease('p2', new Date(now.getTime() + 60_000)), true, 'expired');
    await store.releaseJobLease(name, 'p2', now, 'ok');
    assert.equal(await lease('p1'), true);
  }));

  test('job leases: notStartedSince gives one run per interval', () => withStore(async (store) => {
    const name = unique('sweep');
    const t = (iso: string) => new Date(iso);
    const lease = (holder: string, now: Date, since: Date) => store.acquireJobLease({ name, holder, now, leaseMs: 60_000, notStartedSince: since });
    assert.equal(await lease('p1', t('2026-11-22T00:10:00Z'), t('2026-11-22T00:00:00Z')), true);
    await store.releaseJobLease(name, 'p1', t('2026-11-22T00:11:00Z'), 'ok');
    assert.equal(await lease('p2', t('2026-11-22T00:20:00Z'), t('2026-11-22T00:00:00Z')), false, 'already ran this interval');
    assert.equal(await lease('p2', t('2026-11-23T00:01:00Z'), t('2026-11-23T00:00:00Z')), true, 'next interval');
  }));

  test('job leases: of 20 concurrent takers exactly one wins', () => withStore(async (store) => {
    const name = unique('race');
    const now = new Date('2026-11-22T00:00:00Z');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store.acquireJobLease({ name, holder: `h${i}`, now, leaseMs: 60_000, notStartedSince: now })));
    assert.equal(results.filter(Boolean).length, 1);
  }));

  onSharedDatabase(() => {
    test('two instances racing for a job lease: exactly one wins', async () => {
      const [a, b] = await Promise.all([open(), open()]);
      try {
        for (let round = 0; round < 5; round++) {
          const name = unique('lease-race');
          const now = new Date('2026-11-22T00:00:00Z');
          const results = await Promise.all(Array.from({ length: 10 }, (_, i) =>
            (i % 2 ? a : b).acquireJobLease({ name, holder: `i${i}`, now, leaseMs: 60_000, notStartedSince: now })));
          assert.equal(results.filter(Boolean).length, 1, `round ${round}`);
        }
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
});
