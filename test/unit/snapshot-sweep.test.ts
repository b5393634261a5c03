/**
 * The snapshot sweep over stand-in enrichment endpoints: only watched subjects (a snapshot in the last 7
 * days) without one today are enriched, plus pool venue A's perps markets every day (first in a run);
 * the per-run bound alternates types and defers the rest to the next run; concurrency is bounded; a
 * degraded answer or a failing subject records nothing and stays due.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { snapshotSweepJob } from '../../src/jobs/snapshot-sweep.js';
import { buildRegistry } from '../../src/registry/index.js';
import { defineEndpoint, type HandlerContext, type HandlerResult } from '../../src/registry/types.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/types.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Job budgets on manual time: they pass only when a test moves it (src/lib/timers.ts). */
const timers = new ManualTimers();

const NOW = new Date('2026-03-10T10:15:00.000Z');
const TODAY = '2026-03-10';
const never = new AbortController().signal;

interface Behaviour { degraded?: Set<string>; failing?: Set<string>; delayMs?: number }

function fakeRegistry(calls: string[], b: Behaviour, inFlight = { now: 0, peak: 0 }) {
  const handler = (field: 'mint' | 'address' | null) => async (input: Record<string, unknown>, ctx: HandlerContext): Promise<HandlerResult> => {
    // The perps stand-in records the input it got beyond the registry's `format` default: none.
    const subject = field === null ? `perps:${JSON.stringify({ ...input, format: undefined })}` : String(input[field]);
    calls.push(subject);
    assert.equal(ctx.requestId.startsWith('job:snapshot-sweep:'), true);
    inFlight.now++;
    inFlight.peak = Math.max(inFlight.peak, inFlight.now);
    await new Promise((r) => setTimeout(r, b.delayMs ?? 0));
    inFlight.now--;
    if (b.failing?.has(subject)) throw new Error(`no data for ${subject}`);
    return { data: { value: subject.length }, caveats: b.degraded?.has(subject) ? [{ code: 'leg_failed', leg: 'market_data', message: 'down' }] : [] };
  };
  const def = (key: string, field: 'mint' | 'address', type: 'token' | 'wallet') => defineEndpoint({
    key, family: 'wallet-token', price: '0.001', summary: key, description: key,
    input: Type.Object({ [field]: Type.String() }, { additionalProperties: false }),
    output: Type.Object({}), cacheTtlSeconds: 60, example: { [field]: 'x' },
    handler: handler(field),
    snapshot: (input, result) => [{ subjectType: type, subject: String(input[field]), data: { ...result.data, by: key } }],
  });
  const perps = defineEndpoint({
    key: 'perps-market-structure', family: 'perps', price: '0.001', summary: 'perps', description: 'perps',
    input: Type.Object({}, { additionalProperties: false }), output: Type.Object({}), cacheTtlSeconds: 30, example: {},
    handler: handler(null),
    snapshot: (_input, result) => [{ subjectType: 'perps_market', subject: 'A', data: { ...result.data, by: 'perps-market-structure' } }],
  });
  return buildRegistry([def('enrich-token-full', 'mint', 'token'), def('enrich-wallet-light', 'address', 'wallet'), perps]);
}

const context = (requestId: string, signal: AbortSignal) => ({ requestId, signal, now: () => NOW }) as unknown as HandlerContext;

async function seed(store: Store, type: 'token' | 'wallet', subject: string, day: string, data: Record<string, unknown> = { seeded: true }) {
  await store.putSnapshot({ subjectType: type, subject, day, takenAt: new Date(`${day}T08:00:00.000Z`), data });
}

test('sweep: watched subjects without a snapshot today get one from their endpoint; the others are left alone', async () => {
  const store = openSqliteStore(':memory:');
  await seed(store, 'token', 'tok-yesterday', '2026-03-09');
  await seed(store, 'token', 'tok-7-days-ago', '2026-03-03');
  await seed(store, 'token', 'tok-8-days-ago', '2026-03-02'); // not watched any more
  await seed(store, 'token', 'tok-done-today', '2026-03-08');
  await seed(store, 'token', 'tok-done-today', TODAY, { paid: 'call' });
  await seed(store, 'wallet', 'wal-3-days-ago', '2026-03-07');
  const calls: string[] = [];
  const job = snapshotSweepJob({ store, registry: fakeRegistry(calls, {}), context });

  const summary = await job.run({ now: NOW, signal: never, timers });
  assert.equal(summary, '4 due, 4 recorded, 0 degraded (retried next run), 0 failed, 0 timed out, 0 deferred');
  assert.deepEqual(calls.sort(), ['perps:{}', 'tok-7-days-ago', 'tok-yesterday', 'wal-3-days-ago']);
  const [swept] = await store.getSnapshots('token', 'tok-yesterday', TODAY, TODAY);
  assert.deepEqual(swept, { subjectType: 'token', subject: 'tok-yesterday', day: TODAY, takenAt: NOW, data: { value: 13, by: 'enrich-token-full' } });
  assert.deepEqual((await store.getSnapshots('wallet', 'wal-3-days-ago', TODAY, TODAY))[0]?.data, { value: 14, by: 'enrich-wallet-light' });
  assert.equal((await store.observationAtOrBefore('wallet', 'wal-3-days-ago', NOW))?.observedAt.toISOString(), NOW.toISOString(), 'also an observation');
  assert.deepEqual((await store.getSnapshots('token', 'tok-done-today', TODAY, TODAY))[0]?.data, { paid: 'call' }, 'today\'s snapshot untouched');
  assert.deepEqual(await store.getSnapshots('token', 'tok-8-days-ago', TODAY, TODAY), []);

  assert.equal(await job.run({ now: new Date(NOW.getTime() + 3_600_000), signal: never, timers }), '0 due, 0 recorded, 0 degraded (retried next run), 0 failed, 0 timed out, 0 deferred');
  assert.equal(calls.length, 4, 'nothing is enriched twice in a day');
  await store.close();
});

test('sweep: at most maxPerRun per run, types alternating, the rest deferred to the next run; concurrency bounded', async () => {
  const store = openSqliteStore(':memory:');
  for (const t of ['t1', 't2', 't3', 't4', 't5']) await seed(store, 'token', t, '2026-03-09');
  for (const w of ['w1', 'w2']) await seed(store, 'wallet', w, '2026-03-09');
  const calls: string[] = [];
  const inFlight = { now: 0, peak: 0 };
  const job = snapshotSweepJob({ store, registry: fakeRegistry(calls, { delayMs: 10 }, inFlight), context, maxPerRun: 4, concurrency: 2 });

  assert.match(await job.run({ now: NOW, signal: never, timers }), /^8 due, 4 recorded, .* 4 deferred$/);
  assert.deepEqual(calls, ['perps:{}', 't1', 'w1', 't2'], 'the daily perps market first, then interleaved: wallets are not starved by a long token list');
  assert.equal(inFlight.peak, 2);
  assert.match(await job.run({ now: new Date(NOW.getTime() + 3_600_000), signal: never, timers }), /^4 due, 4 recorded, .* 0 deferred$/);
  assert.deepEqual(calls.slice(4), ['t3', 'w2', 't4', 't5']);
  await store.close();
});

test('sweep: a degraded answer or a failing subject records nothing, does not stop the others, and stays due', async () => {
  const store = openSqliteStore(':memory:');
  for (const t of ['bad', 'degraded', 'good']) await seed(store, 'token', t, '2026-03-09');
  const calls: string[] = [];
  const behaviour: Behaviour = { degraded: new Set(['degraded']), failing: new Set(['bad']) };
  const job = snapshotSweepJob({ store, registry: fakeRegistry(calls, behaviour), context });

  assert.equal(await job.run({ now: NOW, signal: never, timers }),
    '4 due, 2 recorded, 1 degraded (retried next run), 1 failed, 0 timed out, 0 deferred, first failure bad: no data for bad');
  assert.deepEqual(await store.getSnapshots('token', 'degraded', TODAY, TODAY), []);
  assert.deepEqual(await store.getSnapshots('token', 'bad', TODAY, TODAY), []);
  assert.equal((await store.getSnapshots('token', 'good', TODAY, TODAY)).length, 1);

  behaviour.degraded!.clear();
  assert.match(await job.run({ now: new Date(NOW.getTime() + 3_600_000), signal: never, timers }), /^2 due, 1 recorded, 0 degraded .* 1 failed/);
  assert.equal((await store.getSnapshots('token', 'degraded', TODAY, TODAY)).length, 1, 'recorded once it recovered');
  await store.close();
});

test('sweep: pool venue A\'s perps markets are swept every day without being watched (input {}), not twice a day', async () => {
  const store = openSqliteStore(':memory:');
  const calls: string[] = [];
  const job = snapshotSweepJob({ store, registry: fakeRegistry(calls, {}), context });
  assert.equal(await job.run({ now: NOW, signal: never, timers }), '1 due, 1 recorded, 0 degraded (retried next run), 0 failed, 0 timed out, 0 deferred');
  assert.deepEqual(calls, ['perps:{}']);
  assert.deepEqual(await store.getSnapshots('perps_market', 'A', TODAY, TODAY), [
    { subjectType: 'perps_market', subject: 'A', day: TODAY, takenAt: NOW, data: { value: 8, by: 'perps-market-structure' } },
  ]);
  assert.match(await job.run({ now: new Date(NOW.getTime() + 3_600_000), signal: never, timers }), /^0 due/);
  // The next day it is due again, with no watch list at all.
  assert.match(await job.run({ now: new Date(NOW.getTime() + 86_400_000), signal: never, timers }), /^1 due, 1 recorded/);
  assert.equal(calls.length, 2);
  await store.close();
});
