/** ManualTimers: the time tests run deadlines on moves only when told, and fires what falls due in order. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualTimers, systemTimers } from '../../src/lib/timers.js';

test('advance fires what falls due, in due order (ties in the order set), each seeing its own due time', () => {
  const timers = new ManualTimers();
  const fired: string[] = [];
  timers.setTimeout(() => fired.push(`b@${timers.now()}`), 200);
  timers.setTimeout(() => fired.push(`a@${timers.now()}`), 100);
  timers.setTimeout(() => fired.push(`c@${timers.now()}`), 200);
  timers.advance(99);
  assert.deepEqual(fired, []);
  timers.advance(101);
  assert.deepEqual(fired, ['a@100', 'b@200', 'c@200']);
  assert.equal(timers.now(), 200);
  assert.equal(timers.pendingCount, 0);
});

test('a timer set by a firing timer fires in the same advance when it falls due within it, not otherwise', () => {
  const timers = new ManualTimers();
  const fired: number[] = [];
  timers.setTimeout(() => {
    fired.push(timers.now());
    timers.setTimeout(() => fired.push(timers.now()), 50);
    timers.setTimeout(() => fired.push(timers.now()), 500);
  }, 100);
  timers.advance(200);
  assert.deepEqual(fired, [100, 150]);
  timers.advance(400);
  assert.deepEqual(fired, [100, 150, 600]);
});

test('cancel removes a timer; a 0 ms timer fires on the next turn without any advance', async () => {
  const timers = new ManualTimers();
  let fired = 0;
  const cancel = timers.setTimeout(() => fired++, 10);
  cancel();
  timers.advance(20);
  assert.equal(fired, 0);
  timers.setTimeout(() => fired++, 0);
  assert.equal(fired, 0);
  await new Promise((r) => setImmediate(r));
  assert.equal(fired, 1);
});

test('timeout aborts with a TimeoutError at its time; sleep resolves at its time and rejects on abort', async () => {
  const timers = new ManualTimers();
  const signal = timers.timeout(1_000);
  timers.advance(999);
  assert.equal(signal.aborted, false);
  timers.advance(1);
  assert.equal(signal.aborted, true);
  assert.equal((signal.reason as DOMException).name, 'TimeoutError');

  let woke = false;
  const sleeping = timers.sleep(300).then(() => (woke = true));
  timers.advance(300);
  await sleeping;
  assert.equal(woke, true);

  const controller = new AbortController();
  const aborted = timers.sleep(300, controller.signal);
  controller.abort(new Error('stop'));
  await assert.rejects(aborted, /stop/);
  assert.equal(timers.pendingCount, 0, 'the aborted sleep left no timer behind');
});

test('advance refuses a negative or non-numeric step', () => {
  const timers = new ManualTimers();
  assert.throws(() => timers.advance(-1), RangeError);
  assert.throws(() => timers.advance(Number.NaN), RangeError);
});

test('systemTimers: a real 0 ms sleep and an already-aborted signal', async () => {
  await systemTimers.sleep(0);
  const controller = new AbortController();
  controller.abort(new Error('gone'));
  await assert.rejects(systemTimers.sleep(10, controller.signal), /gone/);
});
