/** The daily snapshots contract (src/store/snapshots/types.ts): one row per subject and day, byte-order subjects, exact JSON. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SnapshotRepository } from '../../../src/store/types.js';
import { contractSuite, unique } from './kit.js';

export const snapshotsContract = contractSuite<SnapshotRepository>('snapshots repository', ({ withStore, open, onSharedDatabase }) => {
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

  onSharedDatabase(() => {
    test('two instances see each other\'s snapshots', async () => {
      const [a, b] = await Promise.all([open(), open()]);
      try {
        const subject = unique('S');
        await a.putSnapshot({ subjectType: 'token', subject, day: '2026-11-20', takenAt: new Date('2026-11-20T01:00:00Z'), data: { from: 'a' } });
        assert.deepEqual((await b.getSnapshots('token', subject, '2026-11-20', '2026-11-20')).map((r) => r.data), [{ from: 'a' }]);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
});
