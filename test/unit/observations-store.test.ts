/** The observation log (migration 3): append-only per subject and moment, range reads oldest first, retention. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../src/store/sqlite.js';

const obs = (observedAt: string, price: number, subject = 'MINT') => ({ subjectType: 'token' as const, subject, observedAt: new Date(observedAt), data: { price } });

test('observations: the first at a moment stays, the latest at or before a moment is found, ranges are exclusive-inclusive', async () => {
  const store = openSqliteStore(':memory:');
  await store.putObservation(obs('2026-11-20T10:00:00.000Z', 1));
  await store.putObservation(obs('2026-11-20T10:00:00.000Z', 99)); // same moment: ignored, ids derived from it stay valid
  await store.putObservation(obs('2026-11-20T10:05:00.000Z', 2));
  await store.putObservation(obs('2026-11-20T10:07:30.500Z', 3));
  await store.putObservation(obs('2026-11-20T10:06:00.000Z', 9, 'OTHER'));
  const at = (iso: string) => new Date(iso);
  assert.equal((await store.observationAtOrBefore('token', 'MINT', at('2026-11-20T10:00:00.000Z')))?.data.price, 1, 'at the moment itself');
  assert.equal((await store.observationAtOrBefore('token', 'MINT', at('2026-11-20T10:04:59.999Z')))?.data.price, 1);
  assert.equal((await store.observationAtOrBefore('token', 'MINT', at('2026-11-20T10:06:00.000Z')))?.data.price, 2);
  assert.equal(await store.observationAtOrBefore('token', 'MINT', at('2026-11-20T09:59:59.999Z')), undefined);
  assert.equal(await store.observationAtOrBefore('wallet', 'MINT', at('2026-11-21T00:00:00.000Z')), undefined, 'per subject type');
  const between = await store.observationsBetween('token', 'MINT', at('2026-11-20T10:00:00.000Z'), at('2026-11-20T10:07:30.500Z'), 10);
  assert.deepEqual(between.map((o) => [o.observedAt.toISOString(), o.data.price]), [['2026-11-20T10:05:00.000Z', 2], ['2026-11-20T10:07:30.500Z', 3]]);
  assert.equal((await store.observationsBetween('token', 'MINT', at('2026-11-20T09:00:00.000Z'), at('2026-11-21T00:00:00.000Z'), 2)).length, 2, 'limit');
  assert.equal(await store.deleteObservationsBefore(at('2026-11-20T10:05:00.000Z')), 1);
  assert.equal(await store.observationAtOrBefore('token', 'MINT', at('2026-11-20T10:04:00.000Z')), undefined);
  await store.close();
});

test('observations survive reopening (migration 3 runs once)', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'oea-obs-')), 'db.sqlite');
  const store = openSqliteStore(file);
  await store.putObservation(obs('2026-11-20T10:00:00.000Z', 1));
  await store.close();
  const reopened = openSqliteStore(file);
  assert.equal((await reopened.observationAtOrBefore('token', 'MINT', new Date('2026-11-21T00:00:00Z')))?.data.price, 1);
  await reopened.close();
});
