/** The launchpad index contract (src/store/launchpad-index/types.ts): staged refreshes published whole, daily points. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LaunchpadIndexStore } from '../../../src/store/types.js';
import { contractSuite, unique } from './kit.js';

export const launchpadIndexContract = contractSuite<LaunchpadIndexStore>('launchpad index', ({ withStore, open, onSharedDatabase }) => {
  test('launchpad index: staged pages publish atomically; state, coins and daily points', () => withStore(async (store) => {
    // The index is one per database: on a shared one only this test touches it.
    const t = (iso: string) => new Date(iso);
    await store.beginLaunchpadRefresh(t('2026-11-22T00:00:00.001Z'));
    let state = await store.launchpadRefreshState();
    assert.equal(state.cursor, null);
    assert.equal(state.refreshStartedAt?.toISOString(), '2026-11-22T00:00:00.001Z');
    assert.equal(state.pages, 0);
    const row = (mint: string, v: number) => ({ mint, data: { mint, v, nested: { b: 1, a: [null] } }, at: t('2026-11-22T00:00:01.000Z') });
    await store.stageLaunchpadPage([row('M2', 1), row('M1', 1)], 'c1');
    await store.stageLaunchpadPage([row('M3', 1), row('M1', 2)], 'c2');
    state = await store.launchpadRefreshState();
    assert.equal(state.cursor, 'c2');
    assert.equal(state.pages, 2);
    assert.deepEqual(await store.launchpadCoins(), [], 'staging is not the index');
    await store.recordLaunchpadRefreshError('boom', t('2026-11-22T00:00:02Z'));
    state = await store.launchpadRefreshState();
    assert.equal(state.lastError, 'boom');
    assert.equal(state.cursor, 'c2', 'staging and cursor stay');
    assert.equal(await store.publishLaunchpadIndex(t('2026-11-22T00:00:03.456Z')), 3);
    const coins = await store.launchpadCoins();
    assert.deepEqual(coins.map((c) => [c.mint, c.data.v, c.at.toISOString()]), [['M1', 2, '2026-11-22T00:00:03.456Z'], ['M2', 1, '2026-11-22T00:00:03.456Z'], ['M3', 1, '2026-11-22T00:00:03.456Z']]);
    assert.deepEqual((await store.launchpadCoin('M1'))?.data, { mint: 'M1', v: 2, nested: { b: 1, a: [null] } });
    assert.equal(await store.launchpadCoin('nope'), undefined);
    state = await store.launchpadRefreshState();
    assert.deepEqual(state, { cursor: null, refreshStartedAt: null, pages: 0, refreshedAt: t('2026-11-22T00:00:03.456Z'), lastError: null, lastErrorAt: null, coins: 3 });
    // A second complete refresh replaces the index exactly.
    await store.beginLaunchpadRefresh(t('2026-11-23T00:00:00Z'));
    await store.stageLaunchpadPage([row('M9', 1)], null);
    assert.equal(await store.publishLaunchpadIndex(t('2026-11-23T00:01:00Z')), 1);
    assert.deepEqual((await store.launchpadCoins()).map((c) => c.mint), ['M9']);

    const mint = unique('DAILY');
    await store.putLaunchpadDailyPoint({ mint, day: '2021-01-02', data: { v: 1 } });
    await store.putLaunchpadDailyPoint({ mint, day: '2021-01-02', data: { v: 2 } });
    await store.putLaunchpadDailyPoint({ mint, day: '2021-01-01', data: { v: 0 } });
    assert.deepEqual(await store.launchpadDailyPoints(mint, '2021-01-01', '2021-01-02'), [{ mint, day: '2021-01-01', data: { v: 0 } }, { mint, day: '2021-01-02', data: { v: 2 } }]);
    assert.equal(await store.deleteLaunchpadDailyPointsBefore('2021-01-02'), 1);
    assert.deepEqual((await store.launchpadDailyPoints(mint, '2021-01-01', '2021-01-02')).map((p) => p.day), ['2021-01-02']);
  }));

  onSharedDatabase(() => {
    test('another instance reading while the index is published sees the old index or the new one, never a mix', async () => {
      const [a, b] = await Promise.all([open(), open()]);
      try {
        const page = (prefix: string, count: number) =>
          Array.from({ length: count }, (_, i) => ({ mint: `${prefix}${String(i).padStart(3, '0')}`, data: { i }, at: new Date('2026-11-22T00:00:00Z') }));
        await a.beginLaunchpadRefresh(new Date('2026-11-22T00:00:00Z'));
        await a.stageLaunchpadPage(page('OLD', 50), null);
        await a.publishLaunchpadIndex(new Date('2026-11-22T00:01:00Z'));
        await a.beginLaunchpadRefresh(new Date('2026-11-22T01:00:00Z'));
        await a.stageLaunchpadPage(page('NEW', 10), null);
        let publishing = true;
        const reads: string[][] = [];
        const reader = (async () => {
          while (publishing) reads.push((await b.launchpadCoins()).map((c) => c.mint.slice(0, 3)));
        })();
        await a.publishLaunchpadIndex(new Date('2026-11-22T01:01:00Z'));
        publishing = false;
        await reader;
        reads.push((await b.launchpadCoins()).map((c) => c.mint.slice(0, 3)));
        for (const r of reads) {
          const kinds = new Set(r);
          assert.ok(kinds.size === 1 && ((kinds.has('OLD') && r.length === 50) || (kinds.has('NEW') && r.length === 10)), `a mixed read: ${r.length} rows`);
        }
        assert.equal(reads.at(-1)?.length, 10);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
});
