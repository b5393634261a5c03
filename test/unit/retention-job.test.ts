/**
 * Retention deletes exactly what is older than its cut-offs: snapshots of days before today − N days
 * (hand-computed across a leap day), observations before that day's start, query-stream hours before
 * now − 8 days; everything on or after a cut-off stays.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { QUERY_RETENTION_DAYS, retentionJob } from '../../src/jobs/retention.js';
import { createJobRunner } from '../../src/jobs/runner.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Job budgets on manual time: they pass only when a test moves it (src/lib/timers.ts). */
const timers = new ManualTimers();

// 2024-03-05 − 35 days = 2024-01-30 (Mar 5 → Feb 29 is 5 days, → Jan 31 is 29 more, → Jan 30 is the 35th).
const NOW = new Date('2024-03-05T05:30:00.000Z');
const CUTOFF_DAY = '2024-01-30';
// NOW − 8 days = 2024-02-26T05:30Z: hours before 05:00 that day go.
const QUERY_CUTOFF_HOUR = new Date('2024-02-26T05:00:00.000Z');

test('retention: snapshots, observations and query-stream hours older than their cut-offs go; the rest stays', async () => {
  assert.equal(QUERY_RETENTION_DAYS, 8);
  const store = openSqliteStore(':memory:');
  const snap = (subject: string, day: string) =>
    store.putSnapshot({ subjectType: 'token', subject, day, takenAt: new Date(`${day}T12:00:00.000Z`), data: { price_usd: 1 } });
  await snap('old', '2024-01-29');
  await snap('old', '2023-12-31');
  await snap('kept', CUTOFF_DAY);
  await snap('kept', '2024-02-29');
  await snap('kept', '2024-03-05');
  const obs = (subject: string, iso: string) => store.putObservation({ subjectType: 'wallet', subject, observedAt: new Date(iso), data: {} });
  await obs('w', '2024-01-29T23:59:59.999Z');
  await obs('w', '2024-01-30T00:00:00.000Z');
  const query = (entity: string, at: Date) => store.recordQuery({ entityType: 'token', entity, endpoint: 'enrich-token-full', at });
  await query('gone', new Date(QUERY_CUTOFF_HOUR.getTime() - 1)); // 04:59:59.999 → the 04:00 hour
  await query('stays', QUERY_CUTOFF_HOUR);
  await query('stays', new Date('2024-03-05T05:00:00.000Z'));

  const job = retentionJob({ store, snapshotRetentionDays: 35 });
  const summary = await job.run({ now: NOW, signal: new AbortController().signal, timers });
  assert.equal(summary, 'deleted 2 snapshots and 1 observations before 2024-01-30, 1 query-stream hours before 2024-02-26T05:30:00.000Z');

  assert.deepEqual(await store.getSnapshots('token', 'old', '2000-01-01', '2100-01-01'), []);
  assert.deepEqual((await store.getSnapshots('token', 'kept', '2000-01-01', '2100-01-01')).map((s) => s.day), [CUTOFF_DAY, '2024-02-29', '2024-03-05']);
  const left = await store.observationsBetween('wallet', 'w', new Date(0), NOW, 10);
  assert.deepEqual(left.map((o) => o.observedAt.toISOString()), ['2024-01-30T00:00:00.000Z']);
  assert.deepEqual(await store.queryCounts('token', new Date(0), NOW), [{ entity: 'stays', count: 1 }], 'the current hour is outside [from, to)');
  assert.deepEqual(await store.queryCounts('token', new Date(0), new Date('2024-03-06T00:00:00.000Z')), [{ entity: 'stays', count: 2 }]);

  // A second run the same day deletes nothing more.
  assert.match(await job.run({ now: NOW, signal: new AbortController().signal, timers }), /^deleted 0 snapshots and 0 observations .*, 0 query-stream/);
  await store.close();
});

test('retention runs daily through the runner: once per UTC day', async () => {
  const store = openSqliteStore(':memory:');
  const runner = createJobRunner({ store, jobs: [retentionJob({ store, snapshotRetentionDays: 1 })], logger: pino({ level: 'silent' }), now: () => NOW, holder: 'A' });
  await store.putSnapshot({ subjectType: 'wallet', subject: 'w', day: '2024-03-03', takenAt: NOW, data: {} });
  assert.equal((await runner.tick(new Date('2024-03-05T00:00:30.000Z')))[0]!.status, 'ran');
  assert.deepEqual(await store.getSnapshots('wallet', 'w', '2000-01-01', '2100-01-01'), [], 'before 2024-03-04 deleted');
  assert.equal((await runner.tick(new Date('2024-03-05T23:59:00.000Z')))[0]!.status, 'not_due');
  assert.equal((await runner.tick(new Date('2024-03-06T00:00:00.000Z')))[0]!.status, 'ran');
  await store.close();
});
