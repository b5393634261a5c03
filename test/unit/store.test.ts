import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { openSqliteStore } from '../../src/store/sqlite.js';

const claim = (key: string) => ({
  idempotencyKey: key, endpoint: 'test-echo', network: 'eip155:8453', payer: '0xabc', amountAtomic: 2000n, requestId: 'req_1', claimedAt: new Date('2026-11-22T00:00:00Z'),
});

test('a payment key is claimed exactly once, even by concurrent claims', async () => {
  const store = openSqliteStore(':memory:');
  const results = await Promise.all(Array.from({ length: 20 }, () => store.claimPayment(claim('evm:0xabc:0x1'))));
  assert.equal(results.filter(Boolean).length, 1);
  assert.equal(await store.claimPayment(claim('evm:0xabc:0x2')), true);
  await store.close();
});

test('claim outcomes are recorded and survive reopening (migrations run once)', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'oea-store-')), 'db.sqlite');
  const store = openSqliteStore(file);
  await store.claimPayment(claim('k1'));
  await store.finishClaim('k1', { status: 'settled', transaction: '0xtx', referralCode: 'ref', at: new Date('2026-11-22T00:00:01Z') });
  await store.close();
  const reopened = openSqliteStore(file);
  const stored = await reopened.getClaim('k1');
  assert.equal(stored?.status, 'settled');
  assert.equal(stored?.transaction, '0xtx');
  assert.equal(stored?.referralCode, 'ref');
  assert.equal(stored?.amountAtomic, 2000n);
  assert.equal(await reopened.claimPayment(claim('k1')), false, 'still claimed after a restart');
  assert.equal(await reopened.getClaim('missing'), undefined);
  await reopened.close();
});

test('snapshots: one row per subject and UTC day, the latest observation wins, ranges read oldest first', async () => {
  const store = openSqliteStore(':memory:');
  const snap = (day: string, takenAt: string, price: number) => ({ subjectType: 'token' as const, subject: 'MINT', day, takenAt: new Date(takenAt), data: { price } });
  await store.putSnapshot(snap('2026-11-20', '2026-11-20T08:00:00Z', 1));
  await store.putSnapshot(snap('2026-11-20', '2026-11-20T20:00:00Z', 2));
  await store.putSnapshot(snap('2026-11-20', '2026-11-20T10:00:00Z', 3)); // older than the kept one: ignored
  await store.putSnapshot(snap('2026-11-22', '2026-11-22T01:00:00Z', 5));
  await store.putSnapshot(snap('2026-11-21', '2026-11-21T01:00:00Z', 4));
  await store.putSnapshot({ ...snap('2026-11-21', '2026-11-21T01:00:00Z', 9), subject: 'OTHER' });
  const rows = await store.getSnapshots('token', 'MINT', '2026-11-20', '2026-11-21');
  assert.deepEqual(rows.map((r) => [r.day, r.data.price]), [['2026-11-20', 2], ['2026-11-21', 4]]);
  assert.deepEqual(await store.getSnapshots('wallet', 'MINT', '2026-01-01', '2026-12-31'), []);
  assert.deepEqual(await store.snapshotSubjects('token', '2026-11-21'), ['MINT', 'OTHER']);
  assert.equal(await store.deleteSnapshotsBefore('2026-11-21'), 1);
  assert.deepEqual((await store.getSnapshots('token', 'MINT', '2026-01-01', '2026-12-31')).map((r) => r.day), ['2026-11-21', '2026-11-22']);
  await store.close();
});

test('snapshots: data of any JSON shape reads back exactly as written, taken_at to the millisecond', async () => {
  const store = openSqliteStore(':memory:');
  const data = {
    name: 'quote " backslash \\ newline \n ☃ 🚀 ]},[', nested: { positions: [{ mint: 'M1', value_usd: null }, { mint: 'M2', value_usd: 1e-9 }] },
    big: 12345678901234567890, neg: -0.5, flag: false, empty: [], none: null,
  };
  const takenAt = new Date('2026-11-20T23:59:59.987Z');
  await store.putSnapshot({ subjectType: 'wallet', subject: 'W', day: '2026-11-20', takenAt, data });
  await store.putSnapshot({ subjectType: 'wallet', subject: 'W', day: '2026-11-21', takenAt: new Date('2026-11-21T00:00:00.000Z'), data: {} });
  const rows = await store.getSnapshots('wallet', 'W', '2026-11-01', '2026-11-30');
  assert.deepEqual(rows, [
    { subjectType: 'wallet', subject: 'W', day: '2026-11-20', takenAt, data },
    { subjectType: 'wallet', subject: 'W', day: '2026-11-21', takenAt: new Date('2026-11-21T00:00:00.000Z'), data: {} },
  ]);
  await store.close();
});

test('migration 4 keeps every snapshot of an older database and clusters the table by subject', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'oea-store-')), 'db.sqlite');
  const old = new Database(file);
  old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  for (const m of MIGRATIONS.filter((m) => m.version <= 3)) {
    old.exec(m.sqlite ?? m.sql);
    old.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, '2026-11-01T00:00:00.000Z');
  }
  const insert = old.prepare('INSERT INTO snapshots VALUES (?, ?, ?, ?, ?)');
  for (const day of ['2026-11-19', '2026-11-20']) for (const subject of ['A', 'B']) insert.run('token', subject, day, `${day}T12:00:00.000Z`, JSON.stringify({ subject, day }));
  old.close();

  const store = openSqliteStore(file);
  assert.deepEqual((await store.getSnapshots('token', 'B', '2026-11-01', '2026-11-30')).map((r) => r.data), [
    { subject: 'B', day: '2026-11-19' }, { subject: 'B', day: '2026-11-20' },
  ]);
  await store.putSnapshot({ subjectType: 'token', subject: 'A', day: '2026-11-20', takenAt: new Date('2026-11-20T13:00:00Z'), data: { later: true } });
  assert.deepEqual((await store.getSnapshots('token', 'A', '2026-11-20', '2026-11-20'))[0]?.data, { later: true }, 'the primary key still upserts');
  assert.equal(await store.deleteSnapshotsBefore('2026-11-20'), 2);
  await store.close();

  const db = new Database(file, { readonly: true });
  const ddl = (db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'snapshots'`).pluck().get() as string);
  assert.match(ddl, /WITHOUT ROWID/);
  assert.deepEqual(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all(), MIGRATIONS.map((m) => m.version));
  assert.ok(db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'snapshots_day'`).get(), 'the retention index is back');
  db.close();
});

test('query stream: counted per entity, endpoint and hour; totals per window, most asked first', async () => {
  const store = openSqliteStore(':memory:');
  const at = (iso: string) => new Date(iso);
  for (const [entity, endpoint, when] of [
    ['A', 'enrich-token-light', '2026-11-22T10:05:00Z'], ['A', 'due-diligence', '2026-11-22T10:59:59Z'], ['A', 'enrich-token-light', '2026-11-22T10:30:00Z'],
    ['B', 'enrich-token-light', '2026-11-22T10:10:00Z'], ['B', 'enrich-token-light', '2026-11-22T11:00:00Z'], ['C', 'whale-watch', '2026-11-22T09:59:00Z'],
  ] as const) await store.recordQuery({ entityType: 'token', entity, endpoint, at: at(when) });
  assert.deepEqual(await store.queryCounts('token', at('2026-11-22T10:00:00Z'), at('2026-11-22T11:00:00Z')), [{ entity: 'A', count: 3 }, { entity: 'B', count: 1 }]);
  assert.deepEqual(await store.queryCounts('token', at('2026-11-22T09:00:00Z'), at('2026-11-22T12:00:00Z')), [{ entity: 'A', count: 3 }, { entity: 'B', count: 2 }, { entity: 'C', count: 1 }]);
  assert.deepEqual(await store.queryCounts('wallet', at('2026-11-22T00:00:00Z'), at('2026-11-23T00:00:00Z')), []);
  assert.equal(await store.deleteQueriesBefore(at('2026-11-22T10:00:00Z')), 1);
  await store.close();
});

test('job leases: one holder at a time; a lease expires; only the holder releases it', async () => {
  const store = openSqliteStore(':memory:');
  const now = new Date('2026-11-22T00:00:00Z');
  const lease = (holder: string, t = now) => store.acquireJobLease({ name: 'retention', holder, now: t, leaseMs: 60_000 });
  assert.equal(await lease('p1'), true);
  assert.equal(await lease('p2'), false);
  await store.releaseJobLease('retention', 'p2', now, 'ignored');
  assert.equal(await lease('p2'), false, 'p2 could not release p1\'s lease');
  assert.equal(await lease('p2', new Date(now.getTime() + 60_000)), true, 'expired');
  await store.releaseJobLease('retention', 'p2', now, 'ok');
  assert.equal(await lease('p1'), true);
  await store.close();
});
