/** The store contract on SQLite (each `open` is a fresh in-memory database), plus SQLite-only behaviour. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { storeContract } from './contract.js';

storeContract('sqlite', async () => openSqliteStore(':memory:'), async () => undefined, { shared: false });

const claim = (key: string) => ({
  idempotencyKey: key, endpoint: 'test-echo', network: 'eip155:8453', payer: '0xabc', amountAtomic: 2000n, requestId: 'req_1', claimedAt: new Date('2026-11-22T00:00:00Z'),
});

test('sqlite: claims and observations survive reopening the file (migrations run once)', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'oea-store-')), 'db.sqlite');
  const store = openSqliteStore(file);
  await store.claimPayment(claim('k1'));
  await store.finishClaim('k1', { status: 'settled', transaction: '0xtx', referralCode: 'ref', at: new Date('2026-11-22T00:00:01Z') });
  await store.putObservation({ subjectType: 'token', subject: 'MINT', observedAt: new Date('2026-11-20T10:00:00.000Z'), data: { price: 1 } });
  await store.close();
  const reopened = openSqliteStore(file);
  const stored = await reopened.getClaim('k1');
  assert.equal(stored?.status, 'settled');
  assert.equal(stored?.transaction, '0xtx');
  assert.equal(await reopened.claimPayment(claim('k1')), false, 'still claimed after a restart');
  assert.equal((await reopened.observationAtOrBefore('token', 'MINT', new Date('2026-11-21T00:00:00Z')))?.data.price, 1);
  await reopened.close();
  const db = new Database(file, { readonly: true });
  assert.deepEqual(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all(), MIGRATIONS.map((m) => m.version));
  db.close();
});

test('sqlite: migration 4 keeps every snapshot of an older database and clusters the table by subject', async () => {
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

test('sqlite: migration 7 drops the launchpad index of the old format (its points were per-day sums, its cursor opaque)', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'oea-store-')), 'db.sqlite');
  const old = new Database(file);
  old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  for (const m of MIGRATIONS.filter((m) => m.version <= 6)) {
    old.exec(m.sqlite ?? m.sql);
    old.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, '2026-11-01T00:00:00.000Z');
  }
  old.prepare('INSERT INTO launchpad_index VALUES (?, ?, ?)').run('MintA', JSON.stringify({ mint: 'MintA', payouts: [] }), '2026-11-20T12:00:00.000Z');
  old.prepare('INSERT INTO launchpad_index_staging VALUES (?, ?, ?)').run('MintA', '{}', '2026-11-20T12:00:00.000Z');
  old.prepare('INSERT INTO launchpad_index_state (name, cursor, refresh_started_at, pages) VALUES (?, ?, ?, ?)').run('launchpad', 'b2Zmc2V0OjE', '2026-11-20T12:00:00.000Z', 1);
  old.prepare('INSERT INTO launchpad_daily VALUES (?, ?, ?)').run('MintA', '2026-11-20', JSON.stringify({ distributions_quote: 1 }));
  old.close();

  const store = openSqliteStore(file);
  assert.deepEqual(await store.launchpadCoins(), []);
  assert.deepEqual(await store.launchpadDailyPoints('MintA', '2026-11-01', '2026-11-30'), []);
  const state = await store.launchpadRefreshState();
  assert.deepEqual([state.cursor, state.refreshStartedAt, state.refreshedAt], [null, null, null]);
  await store.close();
});

test('sqlite: claim writes asked for in one turn are group-committed: in order, each settled only once committed', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'oea-store-')), 'db.sqlite');
  const store = openSqliteStore(file);
  const reader = new Database(file, { readonly: true });
  const status = (key: string) => reader.prepare('SELECT status FROM payment_claims WHERE idempotency_key = ?').pluck().get(key);
  // All asked for in the same turn: two claims of each key (the first asked wins), then an outcome for k1.
  const claims = ['k1', 'k2', 'k3', 'k1', 'k2', 'k3'].map((key) => store.claimPayment(claim(key)));
  const finished = store.finishClaim('k1', { status: 'settled', transaction: '0xtx', at: new Date('2026-11-22T00:00:01Z') }).then(() => status('k1'));
  const firstSettled = claims[0]!.then(() => status('k1'));
  assert.deepEqual(await Promise.all(claims), [true, true, true, false, false, false]);
  assert.equal(await firstSettled, 'settled', 'a write resolves once the whole group is committed (visible to another connection)');
  assert.equal(await finished, 'settled');
  reader.close();
  await store.close();
});

test('sqlite: a claim write that fails fails only its own caller; the rest of its group is committed', async () => {
  const store = openSqliteStore(':memory:');
  // endpoint is NOT NULL: this insert fails inside the group.
  const broken = store.claimPayment({ ...claim('bad'), endpoint: null as unknown as string });
  const good = [store.claimPayment(claim('g1')), store.claimPayment(claim('g2'))];
  await assert.rejects(broken, /NOT NULL/);
  assert.deepEqual(await Promise.all(good), [true, true]);
  assert.equal((await store.getClaim('g2'))?.status, 'claimed');
  assert.equal(await store.getClaim('bad'), undefined);
  await store.close();
});

test('sqlite: claims asked for before close() are written, not lost', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'oea-store-')), 'db.sqlite');
  const store = openSqliteStore(file);
  const pending = store.claimPayment(claim('late'));
  await store.close();
  assert.equal(await pending, true);
  const reopened = openSqliteStore(file);
  assert.equal((await reopened.getClaim('late'))?.status, 'claimed');
  await reopened.close();
});
