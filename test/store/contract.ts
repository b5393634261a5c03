/**
 * The store contract, run on every engine (test/store/sqlite.test.ts, test/store/postgres.test.ts): the
 * behaviour `src/store/types.ts` documents, plus what several instances sharing one database rely on.
 * `open` returns a new store (a new instance: for PostgreSQL a new pool on the same schema); `cleanup`
 * runs once after the suite.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Store } from '../../src/store/types.js';

export interface ContractOptions {
  /** Several stores opened by `open` share one database (PostgreSQL); false for per-open databases. */
  shared: boolean;
}

const claim = (key: string) => ({
  idempotencyKey: key, endpoint: 'test-echo', network: 'eip155:8453', payer: '0xabc', amountAtomic: 2000n, requestId: 'req_1', claimedAt: new Date('2026-11-22T00:00:00Z'),
});

const obs = (observedAt: string, price: number, subject = 'MINT') => ({ subjectType: 'token' as const, subject, observedAt: new Date(observedAt), data: { price } });

export function storeContract(name: string, open: () => Promise<Store>, cleanup: () => Promise<void>, options: ContractOptions): void {
  describe(`store contract: ${name}`, () => {
    after(cleanup);

    /** Opens a store for one test and closes it after. */
    const withStore = async (fn: (store: Store) => Promise<void>) => {
      const store = await open();
      try {
        await fn(store);
      } finally {
        await store.close();
      }
    };
    // Each test uses its own keys/subjects: on a shared database earlier tests' rows are still there.
    let n = 0;
    const unique = (base: string) => `${base}-${Date.now().toString(36)}-${(n++).toString(36)}`;

    test('ping answers', () => withStore(async (store) => {
      assert.equal(await store.ping(), true);
    }));

    test('a payment key is claimed exactly once, even by 100 concurrent claims', () => withStore(async (store) => {
      const key = unique('evm:0xabc:0x1');
      const results = await Promise.all(Array.from({ length: 100 }, () => store.claimPayment(claim(key))));
      assert.equal(results.filter(Boolean).length, 1);
      assert.equal(await store.claimPayment(claim(unique('evm:0xabc:0x2'))), true);
    }));

    test('claim outcomes are recorded', () => withStore(async (store) => {
      const key = unique('k1');
      await store.claimPayment({ ...claim(key), amountAtomic: 123456789012345678901234567890n });
      assert.equal((await store.getClaim(key))?.status, 'claimed');
      await store.finishClaim(key, { status: 'settled', transaction: '0xtx', referralCode: 'ref', at: new Date('2026-11-22T00:00:01.234Z') });
      const stored = await store.getClaim(key);
      assert.deepEqual(stored, {
        ...claim(key), amountAtomic: 123456789012345678901234567890n, status: 'settled', transaction: '0xtx', referralCode: 'ref', finishedAt: new Date('2026-11-22T00:00:01.234Z'),
      });
      assert.equal(await store.claimPayment(claim(key)), false, 'a key stays claimed');
      assert.equal(await store.getClaim(unique('missing')), undefined);
    }));

    test('the payment lifecycle: identifier and call recorded, answers kept while a state needs them, listed by state', () => withStore(async (store) => {
      const key = unique('svm:msg');
      const paymentId = unique('pay_identifier_0123456789');
      const claimedAt = new Date('2020-01-01T00:00:00Z'); // older than every other test's claims: listed first
      await store.claimPayment({ ...claim(key), claimedAt, paymentId, callKey: 'endpoint:test-echo:{"value":"x"}' });
      const answer = { status: 200, headers: { 'PAYMENT-RESPONSE': 'abc' }, json: '{"data":{"echo":"x"}}' };
      await store.finishClaim(key, { status: 'unconfirmed', reason: 'settlement_unconfirmed', at: new Date('2020-01-01T00:00:01Z'), answer, lookup: '{"mark":1}' });
      const unconfirmed = await store.getClaim(key);
      assert.equal(unconfirmed?.paymentId, paymentId);
      assert.equal(unconfirmed?.callKey, 'endpoint:test-echo:{"value":"x"}');
      assert.deepEqual(unconfirmed?.answer, answer);
      assert.equal(unconfirmed?.lookup, '{"mark":1}');
      assert.equal((await store.findClaimByPaymentId(paymentId))?.idempotencyKey, key);
      assert.equal(await store.findClaimByPaymentId(unique('pay_nobody_012345678')), undefined);
      const listed = await store.listClaims('unconfirmed', new Date('2020-01-02T00:00:00Z'), 1000);
      assert.ok(listed.some((c) => c.idempotencyKey === key));
      assert.ok(!(await store.listClaims('unconfirmed', new Date('2019-12-31T00:00:00Z'), 1000)).some((c) => c.idempotencyKey === key), 'claimed after the bound');
      // Found on chain: the answer is kept (a later outcome without one does not erase it), the lookup is done.
      await store.finishClaim(key, { status: 'undelivered', transaction: '0xtx', reason: 'confirmed_on_chain', at: new Date('2020-01-01T00:00:02Z') });
      const undelivered = await store.getClaim(key);
      assert.equal(undelivered?.status, 'undelivered');
      assert.deepEqual(undelivered?.answer, answer);
      assert.equal(undelivered?.lookup, undefined);
      assert.ok(!(await store.listClaims('unconfirmed', new Date('2020-01-02T00:00:00Z'), 1000)).some((c) => c.idempotencyKey === key));
      // A later outcome without a transaction keeps the one recorded.
      await store.finishClaim(key, { status: 'delivered', reason: 'retry', at: new Date('2020-01-01T00:00:03Z') });
      assert.equal((await store.getClaim(key))?.transaction, '0xtx');
      assert.equal((await store.getClaim(key))?.amountAtomic, claim(key).amountAtomic, 'an outcome without a charge keeps the amount');
    }));

    test('an upto outcome records what was charged in place of the maximum authorised', () => withStore(async (store) => {
      const key = unique('permit2:owner:nonce');
      await store.claimPayment({ ...claim(key), amountAtomic: 15_000n });
      await store.finishClaim(key, { status: 'delivered', transaction: '0xtx', chargedAtomic: 8_571n, at: new Date('2020-01-01T00:00:01Z') });
      assert.equal((await store.getClaim(key))?.amountAtomic, 8_571n);
    }));

    test('snapshots: one row per subject and UTC day, the latest observation wins, ranges read oldest first', () => withStore(async (store) => {
      const mint = unique('MINT');
      const other = `${mint}-OTHER`;
      const snap = (day: string, takenAt: string, price: number) => ({ subjectType: 'token' as const, subject: mint, day, takenAt: new Date(takenAt), data: { price } });
      await store.putSnapshot(snap('2025-11-20', '2025-11-20T08:00:00Z', 1));
      await store.putSnapshot(snap('2025-11-20', '2025-11-20T20:00:00Z', 2));
      await store.putSnapshot(snap('2025-11-20', '2025-11-20T10:00:00Z', 3)); // older than the kept one: ignored
      await store.putSnapshot(snap('2025-11-22', '2025-11-22T01:00:00Z', 5));
      await store.putSnapshot(snap('2025-11-21', '2025-11-21T01:00:00Z', 4));
      await store.putSnapshot({ ...snap('2025-11-21', '2025-11-21T01:00:00Z', 9), subject: other });
      const rows = await store.getSnapshots('token', mint, '2025-11-20', '2025-11-21');
      assert.deepEqual(rows.map((r) => [r.day, r.data.price]), [['2025-11-20', 2], ['2025-11-21', 4]]);
      assert.deepEqual(await store.getSnapshots('wallet', mint, '2025-01-01', '2025-12-31'), []);
      assert.deepEqual((await store.snapshotSubjects('token', '2025-11-21')).filter((s) => s.startsWith(mint)), [mint, other]);
      // Retention deletes every subject's old days; on a shared database only this test writes 2025 days
      // before 2025-11-21 that are not already deleted.
      assert.equal(await store.deleteSnapshotsBefore('2025-11-21'), 1);
      assert.deepEqual((await store.getSnapshots('token', mint, '2025-01-01', '2025-12-31')).map((r) => r.day), ['2025-11-21', '2025-11-22']);
    }));

    test('snapshot subjects are ordered by byte order (ties and case as SQLite)', () => withStore(async (store) => {
      const base = unique('ord');
      const subjects = [`${base}-b`, `${base}-B`, `${base}-a`, `${base}-_`, `${base}-A`];
      for (const s of subjects) await store.putSnapshot({ subjectType: 'perps_market', subject: s, day: '2099-01-01', takenAt: new Date('2099-01-01T00:00:00Z'), data: {} });
      const got = (await store.snapshotSubjects('perps_market', '2099-01-01')).filter((s) => s.startsWith(base));
      assert.deepEqual(got, [...subjects].sort());
    }));

    test('snapshots: data of any JSON shape reads back exactly as written, taken_at to the millisecond', () => withStore(async (store) => {
      const w = unique('W');
      const data = {
        zeta: 1, alpha: 2, name: 'quote " backslash \\ newline \n ☃ 🚀 ]},[ \u0000 nul', nested: { positions: [{ mint: 'M1', value_usd: null }, { mint: 'M2', value_usd: 1e-9 }] },
        big: 12345678901234567890, neg: -0.5, flag: false, empty: [], none: null,
      };
      const takenAt = new Date('2026-11-20T23:59:59.987Z');
      await store.putSnapshot({ subjectType: 'wallet', subject: w, day: '2026-11-20', takenAt, data });
      await store.putSnapshot({ subjectType: 'wallet', subject: w, day: '2026-11-21', takenAt: new Date('2026-11-21T00:00:00.000Z'), data: {} });
      const rows = await store.getSnapshots('wallet', w, '2026-11-01', '2026-11-30');
      assert.deepEqual(rows, [
        { subjectType: 'wallet', subject: w, day: '2026-11-20', takenAt, data },
        { subjectType: 'wallet', subject: w, day: '2026-11-21', takenAt: new Date('2026-11-21T00:00:00.000Z'), data: {} },
      ]);
      assert.deepEqual(Object.keys(rows[0]!.data), Object.keys(data), 'key order kept');
    }));

    test('observations: the first at a moment stays, the latest at or before a moment is found, ranges are exclusive-inclusive', () => withStore(async (store) => {
      const m = unique('MINT');
      await store.putObservation(obs('2024-11-20T10:00:00.000Z', 1, m));
      await store.putObservation(obs('2024-11-20T10:00:00.000Z', 99, m)); // same moment: ignored, ids derived from it stay valid
      await store.putObservation(obs('2024-11-20T10:05:00.000Z', 2, m));
      await store.putObservation(obs('2024-11-20T10:07:30.500Z', 3, m));
      await store.putObservation(obs('2024-11-20T10:06:00.000Z', 9, `${m}-OTHER`));
      const at = (iso: string) => new Date(iso);
      assert.equal((await store.observationAtOrBefore('token', m, at('2024-11-20T10:00:00.000Z')))?.data.price, 1, 'at the moment itself');
      assert.equal((await store.observationAtOrBefore('token', m, at('2024-11-20T10:04:59.999Z')))?.data.price, 1);
      assert.equal((await store.observationAtOrBefore('token', m, at('2024-11-20T10:06:00.000Z')))?.data.price, 2);
      assert.equal(await store.observationAtOrBefore('token', m, at('2024-11-20T09:59:59.999Z')), undefined);
      assert.equal(await store.observationAtOrBefore('wallet', m, at('2024-11-21T00:00:00.000Z')), undefined, 'per subject type');
      const between = await store.observationsBetween('token', m, at('2024-11-20T10:00:00.000Z'), at('2024-11-20T10:07:30.500Z'), 10);
      assert.deepEqual(between.map((o) => [o.observedAt.toISOString(), o.data.price]), [['2024-11-20T10:05:00.000Z', 2], ['2024-11-20T10:07:30.500Z', 3]]);
      assert.equal((await store.observationsBetween('token', m, at('2024-11-20T09:00:00.000Z'), at('2024-11-21T00:00:00.000Z'), 2)).length, 2, 'limit');
      assert.equal(await store.deleteObservationsBefore(at('2024-11-20T10:05:00.000Z')), 1);
      assert.equal(await store.observationAtOrBefore('token', m, at('2024-11-20T10:04:00.000Z')), undefined);
    }));

    test('query stream: counted per entity, endpoint and hour; totals per window, most asked first', () => withStore(async (store) => {
      // A window of its own far in the past, so a shared database's other rows do not count.
      const at = (iso: string) => new Date(iso);
      const [A, B, C] = ['A', 'B', 'C'].map((x) => unique(x)) as [string, string, string];
      for (const [entity, endpoint, when] of [
        [A, 'enrich-token-light', '2023-11-22T10:05:00Z'], [A, 'due-diligence', '2023-11-22T10:59:59Z'], [A, 'enrich-token-light', '2023-11-22T10:30:00Z'],
        [B, 'enrich-token-light', '2023-11-22T10:10:00Z'], [B, 'enrich-token-light', '2023-11-22T11:00:00Z'], [C, 'whale-watch', '2023-11-22T09:59:00Z'],
      ] as const) await store.recordQuery({ entityType: 'token', entity, endpoint, at: at(when) });
      const mine = (rows: { entity: string; count: number }[]) => rows.filter((r) => [A, B, C].includes(r.entity));
      assert.deepEqual(mine(await store.queryCounts('token', at('2023-11-22T10:00:00Z'), at('2023-11-22T11:00:00Z'))), [{ entity: A, count: 3 }, { entity: B, count: 1 }]);
      assert.deepEqual(mine(await store.queryCounts('token', at('2023-11-22T09:00:00Z'), at('2023-11-22T12:00:00Z'))), [{ entity: A, count: 3 }, { entity: B, count: 2 }, { entity: C, count: 1 }]);
      assert.deepEqual(mine(await store.queryCounts('wallet', at('2023-11-22T00:00:00Z'), at('2023-11-23T00:00:00Z'))), []);
      assert.equal(await store.deleteQueriesBefore(at('2023-11-22T10:00:00Z')), 1);
    }));

    test('query counts: ties are ordered by entity', () => withStore(async (store) => {
      const base = unique('tie');
      const at = new Date('2022-01-01T05:00:00Z');
      for (const e of [`${base}-b`, `${base}-a`, `${base}-B`]) await store.recordQuery({ entityType: 'wallet', entity: e, endpoint: 'x', at });
      const rows = (await store.queryCounts('wallet', at, new Date('2022-01-01T06:00:00Z'))).filter((r) => r.entity.startsWith(base));
      assert.deepEqual(rows.map((r) => r.entity), [`${base}-B`, `${base}-a`, `${base}-b`]);
    }));

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

    if (options.shared) {
      describe('several instances on one database', () => {
        test('two instances see each other\'s claims and snapshots; 100 claims across them, one winner', async () => {
          const [a, b] = await Promise.all([open(), open()]);
          try {
            const key = unique('shared-claim');
            assert.equal(await a.claimPayment(claim(key)), true);
            assert.equal(await b.claimPayment(claim(key)), false);
            assert.equal((await b.getClaim(key))?.requestId, 'req_1');
            const raced = unique('raced-claim');
            const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).claimPayment(claim(raced))));
            assert.equal(results.filter(Boolean).length, 1);
            const subject = unique('S');
            await a.putSnapshot({ subjectType: 'token', subject, day: '2026-11-20', takenAt: new Date('2026-11-20T01:00:00Z'), data: { from: 'a' } });
            assert.deepEqual((await b.getSnapshots('token', subject, '2026-11-20', '2026-11-20')).map((r) => r.data), [{ from: 'a' }]);
          } finally {
            await Promise.all([a.close(), b.close()]);
          }
        });

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

        test('instances opening at once migrate once and all open fine', async () => {
          const stores = await Promise.all(Array.from({ length: 4 }, () => open()));
          try {
            for (const s of stores) assert.equal(await s.ping(), true);
          } finally {
            await Promise.all(stores.map((s) => s.close()));
          }
        });
      });
    }
  });
}
