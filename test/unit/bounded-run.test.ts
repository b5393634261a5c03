/** The batch runner: concurrency bound, outcomes per job, the time budget, and member error mapping. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBounded, withinBudget } from '../../src/lib/bounded-run.js';
import { callFailure, errorOfOutcome, type FailedMember } from '../../src/endpoints/shared/member-errors.js';
import { ApiError } from '../../src/errors/api-error.js';
import { SourceError } from '../../src/sources/errors.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Lets every promise continuation that is ready run (no I/O is involved in these jobs). */
const settle = () => new Promise<void>((r) => setImmediate(r));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const never = new AbortController().signal;

test('runBounded: never more than `concurrency` jobs at once; outcomes in input order; a failure is an outcome', async () => {
  let running = 0;
  let peak = 0;
  // The jobs pace in real time; the budget is on manual time that never moves: none of them may time out.
  const outcomes = await runBounded([30, 10, 20, 5, 15, 25], async (ms) => {
    running++;
    peak = Math.max(peak, running);
    await sleep(ms);
    running--;
    if (ms === 20) throw new Error('boom');
    return ms * 2;
  }, { concurrency: 2, budgetMs: 5_000, signal: never, timers: new ManualTimers() });
  assert.equal(peak, 2);
  assert.deepEqual(outcomes.map((o) => (o.status === 'done' ? o.value : o.status)), [60, 20, 'failed', 10, 30, 50]);
});

test('runBounded: at the budget, running jobs are timed_out (started) and waiting ones timed_out (not started)', async () => {
  // Jobs and budget on one manual time: what is running at the budget is decided by due times, not speed.
  const timers = new ManualTimers();
  let settled = false;
  const run = runBounded([10, 400, 400, 10], (ms) => timers.sleep(ms).then(() => ms), { concurrency: 2, budgetMs: 100, signal: never, timers });
  void run.then(() => (settled = true));
  timers.advance(10);
  await settle();
  timers.advance(89);
  await settle();
  assert.equal(settled, false, 'still running 1 ms before the budget');
  timers.advance(1);
  const outcomes = await run;
  assert.equal(timers.now(), 100, 'answered at the budget, not after the slow jobs');
  // Lane 1: 10 ms job, then the 400 ms job (running at the budget); lane 2: the other 400 ms job. The last never starts.
  assert.deepEqual(outcomes.map((o) => (o.status === 'timed_out' ? `timed_out:${o.started}` : o.status)), ['done', 'timed_out:true', 'timed_out:true', 'timed_out:false']);
});

test("runBounded: the caller's abort ends the run like the budget", async () => {
  const timers = new ManualTimers();
  const controller = new AbortController();
  const run = runBounded([1, 500], (ms) => timers.sleep(ms).then(() => ms), { concurrency: 2, budgetMs: 5_000, signal: controller.signal, timers });
  timers.advance(1);
  await settle();
  controller.abort();
  const outcomes = await run;
  assert.deepEqual(outcomes.map((o) => o.status), ['done', 'timed_out']);
});

test('withinBudget: the value in time, the fallback after', async () => {
  const timers = new ManualTimers();
  const inTime = withinBudget(timers.sleep(199).then(() => 'v'), 200, null, timers);
  const late = withinBudget(timers.sleep(201).then(() => 'v'), 200, null, timers);
  timers.advance(199);
  await settle();
  timers.advance(1);
  assert.deepEqual([await inTime, await late], ['v', null]);
});

test('errorOfOutcome: ApiError and SourceError keep their codes without "You were not charged"; others are internal', () => {
  const notFound = errorOfOutcome({ status: 'failed', durationMs: 1, error: new ApiError('not_found', 'X is not a token mint on chain. You were not charged.') });
  assert.deepEqual(notFound, { code: 'not_found', message: 'X is not a token mint on chain.', retryable: false });
  const upstream = errorOfOutcome({ status: 'failed', durationMs: 1, error: new SourceError('wallet_assets', 'unavailable', 'down') });
  assert.equal(upstream.code, 'upstream_unavailable');
  assert.equal(upstream.retryable, true);
  assert.doesNotMatch(upstream.message, /not charged/);
  assert.equal(errorOfOutcome({ status: 'failed', durationMs: 1, error: new SourceError('chain_rpc', 'timeout', 'slow') }).code, 'upstream_timeout');
  const bug = errorOfOutcome({ status: 'failed', durationMs: 1, error: new TypeError('secret detail') });
  assert.equal(bug.code, 'internal');
  assert.doesNotMatch(bug.message, /secret/);
  assert.equal(errorOfOutcome({ status: 'timed_out', started: false }).code, 'upstream_timeout');
});

test('callFailure: 404 when all not_found, 504 when the upstream failures are all timeouts, else 502; lists each item', () => {
  const f = (address: string, code: 'not_found' | 'upstream_unavailable' | 'upstream_timeout' | 'internal'): FailedMember => ({ address, error: { code, message: 'm', retryable: code !== 'not_found' } });
  assert.equal(callFailure([f('a', 'not_found'), f('b', 'not_found')], 'x').status, 404);
  assert.equal(callFailure([f('a', 'upstream_timeout'), f('b', 'not_found')], 'x').status, 504);
  assert.equal(callFailure([f('a', 'upstream_timeout'), f('b', 'upstream_unavailable')], 'x').status, 502);
  assert.equal(callFailure([f('a', 'internal'), f('b', 'upstream_timeout')], 'x').code, 'upstream_unavailable');
  const internal = callFailure([f('a', 'internal')], 'x');
  assert.equal(internal.status, 500);
  assert.deepEqual((internal.extra as { items: unknown[] }).items, [{ address: 'a', error: { code: 'internal', message: 'm', retryable: true } }]);
  assert.match(internal.message, /not charged/);
});
