/**
 * The jobs runner: one run per interval across runners sharing a store (the lease guard), a run never
 * overlaps itself (in one runner or across runners), failures are logged and retried next interval,
 * a holder that died mid-run is replaced after its lease, and stop() aborts and waits for runs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createJobRunner, intervalStart, type Job, type JobRun } from '../../src/jobs/runner.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import type { JobLease, Store } from '../../src/store/types.js';
import { ManualTimers } from '../../src/lib/timers.js';

const HOUR = 3_600_000;
const T0 = new Date('2026-03-10T10:15:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const silent = pino({ level: 'silent' });

/** A job that counts its runs and, when `gate` is set, waits for it before finishing. */
function countingJob(name = 'count', intervalMs = HOUR): Job & { runs: JobRun[]; gate?: Promise<void> } {
  const job: Job & { runs: JobRun[]; gate?: Promise<void> } = {
    name, intervalMs, leaseMs: 10 * 60_000, runs: [],
    async run(run) {
      job.runs.push(run);
      await job.gate;
      return `run ${job.runs.length}`;
    },
  };
  return job;
}

function runner(store: Store, jobs: Job[], holder: string, logger = silent) {
  return createJobRunner({ store, jobs, logger, now: () => T0, holder });
}

test('intervalStart: epoch-aligned (a day starts at UTC midnight)', () => {
  assert.equal(intervalStart(new Date('2026-03-10T23:59:59.999Z'), 86_400_000).toISOString(), '2026-03-10T00:00:00.000Z');
  assert.equal(intervalStart(new Date('2026-03-11T00:00:00.000Z'), 86_400_000).toISOString(), '2026-03-11T00:00:00.000Z');
  assert.equal(intervalStart(T0, HOUR).toISOString(), '2026-03-10T10:00:00.000Z');
});

test('two runners on one store: exactly one runs the job per interval; the next interval runs it again', async () => {
  const store = openSqliteStore(':memory:');
  const jobA = countingJob();
  const jobB = countingJob();
  const a = runner(store, [jobA], 'A');
  const b = runner(store, [jobB], 'B');

  const [first] = await a.tick(at(0));
  assert.equal(first!.status, 'ran');
  assert.equal((first as { summary: string }).summary, 'run 1');
  // The lease is free again (released), but the job already started in this interval.
  assert.deepEqual(await b.tick(at(30 * 60_000)), [{ job: 'count', status: 'leased' }]);
  assert.deepEqual(await a.tick(at(40 * 60_000)), [{ job: 'count', status: 'not_due' }], 'A remembers its own run');
  assert.equal(jobA.runs.length + jobB.runs.length, 1);

  // Next interval (11:00): whichever ticks first runs it, once.
  const [bNext] = await b.tick(at(45 * 60_000)); // 11:00
  assert.equal(bNext!.status, 'ran');
  assert.deepEqual(await a.tick(at(50 * 60_000)), [{ job: 'count', status: 'leased' }]);
  assert.equal(jobA.runs.length, 1);
  assert.equal(jobB.runs.length, 1);
  assert.equal(jobB.runs[0]!.now.toISOString(), at(45 * 60_000).toISOString(), 'the job sees the tick\'s moment');

  // Concurrent ticks of both runners in a new interval: still one run.
  const both = await Promise.all([a.tick(at(2 * HOUR)), b.tick(at(2 * HOUR))]);
  assert.deepEqual(both.flat().map((r) => r.status).sort(), ['leased', 'ran']);
  assert.equal(jobA.runs.length + jobB.runs.length, 3);
  await store.close();
});

test('a run never overlaps itself: in its runner ("running"), nor in another runner in the next interval ("leased")', async () => {
  const store = openSqliteStore(':memory:');
  const job = countingJob();
  job.leaseMs = 3 * HOUR; // a lease outlives any run (the runner's contract)
  let open!: () => void;
  job.gate = new Promise((resolve) => (open = resolve));
  const a = runner(store, [job], 'A');
  const other = countingJob();
  const b = runner(store, [other], 'B');

  const firstTick = a.tick(at(0));
  await new Promise((r) => setImmediate(r));
  assert.equal(job.runs.length, 1, 'started');
  assert.deepEqual(await a.tick(at(HOUR)), [{ job: 'count', status: 'running' }], 'next interval, same runner, still running');
  assert.deepEqual(await b.tick(at(HOUR)), [{ job: 'count', status: 'leased' }], 'next interval, other runner: A\'s lease is live');
  assert.equal(other.runs.length, 0);

  open();
  assert.equal((await firstTick)[0]!.status, 'ran');
  assert.equal((await a.tick(at(HOUR)))[0]!.status, 'ran', 'after it ended, the skipped interval runs');
  assert.equal(job.runs.length, 2);
  await store.close();
});

test('a failing job is logged, does not stop the other jobs, and is retried in the next interval', async () => {
  const store = openSqliteStore(':memory:');
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } }));
  let fail = true;
  const flaky: Job = {
    name: 'flaky', intervalMs: HOUR, leaseMs: 60_000,
    async run() {
      if (fail) throw new Error('upstream exploded');
      return 'fine';
    },
  };
  const steady = countingJob('steady');
  const r = runner(store, [flaky, steady], 'A', logger);

  const results = await r.tick(at(0));
  assert.deepEqual(results.map((x) => x.status), ['failed', 'ran']);
  assert.equal((results[0] as { error: string }).error, 'upstream exploded');
  const logged = lines.map((l) => JSON.parse(l) as { msg: string; job: string; level: number; err?: { message: string } });
  const failure = logged.find((l) => l.msg === 'job failed');
  assert.ok(failure && failure.job === 'flaky' && failure.level === 50 && failure.err?.message === 'upstream exploded');

  assert.deepEqual((await r.tick(at(10 * 60_000))).map((x) => x.status), ['not_due', 'not_due'], 'not retried within the interval');
  fail = false;
  assert.deepEqual((await r.tick(at(HOUR))).map((x) => x.status), ['ran', 'ran'], 'retried next interval; the failed lease was released');
  await store.close();
});

test('a holder that died mid-run (lease never released) is replaced in a later interval, once its lease expired', async () => {
  const store = openSqliteStore(':memory:');
  // The dead process: took the lease at 10:15 for 10 minutes and never released it.
  assert.equal(await store.acquireJobLease({ name: 'count', holder: 'dead', now: at(0), leaseMs: 10 * 60_000, notStartedSince: intervalStart(at(0), HOUR) }), true);
  const job = countingJob();
  const b = runner(store, [job], 'B');
  assert.equal((await b.tick(at(20 * 60_000)))[0]!.status, 'leased', 'same interval: it already started there');
  assert.equal((await b.tick(at(HOUR)))[0]!.status, 'ran', 'next interval, lease expired');
  assert.equal(job.runs.length, 1);
  await store.close();
});

test('start() ticks at once and on its timer; stop() aborts the running job\'s signal, waits for it, and ends ticking', async () => {
  const store = openSqliteStore(':memory:');
  // Ticks on manual time; a tick asks for each due job's lease synchronously, so the leases asked for
  // tell when the runner ticked, with no wait for it.
  const timers = new ManualTimers();
  const leases: string[] = [];
  let countReleased!: () => void;
  const countDone = new Promise<void>((resolve) => (countReleased = resolve));
  const watched = new Proxy(store, {
    get(target, prop) {
      if (prop === 'acquireJobLease') return (lease: JobLease) => (leases.push(lease.name), target.acquireJobLease(lease));
      if (prop === 'releaseJobLease') {
        return async (...args: Parameters<Store['releaseJobLease']>) => {
          await target.releaseJobLease(...args);
          if (args[0] === 'count') countReleased();
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  let clock = T0;
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let sawAbort!: () => void;
  const abortSeen = new Promise<void>((resolve) => (sawAbort = resolve));
  let finish!: () => void;
  const finishing = new Promise<void>((resolve) => (finish = resolve));
  let finished = false;
  const slow: Job = {
    name: 'slow', intervalMs: HOUR, leaseMs: 3 * HOUR,
    async run({ signal }) {
      started();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      sawAbort();
      await finishing; // still winding down after the abort: stop() must wait for this
      finished = true;
      return 'stopped';
    },
  };
  const count = countingJob();
  const r = createJobRunner({ store: watched, jobs: [slow, count], logger: silent, now: () => clock, holder: 'A', tickMs: 60_000, timers });

  r.start();
  assert.deepEqual(leases, ['slow', 'count'], 'ticked at once');
  await running;
  await countDone; // the other job's first run has ended (its lease released)
  await new Promise((resolve) => setImmediate(resolve)); // and the runner has seen it end
  clock = at(HOUR);
  timers.advance(59_999);
  assert.deepEqual(leases, ['slow', 'count'], 'no tick before tickMs');
  timers.advance(1);
  assert.deepEqual(leases, ['slow', 'count', 'count'], 'ticked on its timer: the slow job is still running, the other one is due again');

  let stopped = false;
  const stopping = r.stop().then(() => (stopped = true));
  await abortSeen;
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(stopped, false, 'stop() waits for the running job');
  finish();
  await stopping;
  assert.equal(finished, true, 'stop() waited for the run to end');
  assert.equal(count.runs.length, 2);

  clock = at(5 * HOUR);
  timers.advance(10 * 60_000);
  assert.deepEqual(leases, ['slow', 'count', 'count'], 'no more ticks after stop()');
  assert.deepEqual(await r.tick(at(6 * HOUR)), [], 'a stopped runner runs nothing');
  await store.close();
});

test('a lease taken with notStartedSince is refused once the job started in that interval, even when free', async () => {
  const store = openSqliteStore(':memory:');
  const lease = (holder: string, now: Date) => store.acquireJobLease({ name: 'j', holder, now, leaseMs: 60_000, notStartedSince: intervalStart(now, HOUR) });
  assert.equal(await lease('A', at(0)), true);
  await store.releaseJobLease('j', 'A', at(1000), 'ok');
  assert.equal(await lease('B', at(2000)), false);
  assert.equal(await lease('A', at(3000)), false, 'the holder itself neither');
  assert.equal(await store.acquireJobLease({ name: 'j', holder: 'B', now: at(4000), leaseMs: 60_000 }), true, 'without it: free lease, taken');
  await store.close();
});

test('JOBS_ENABLED: on by default, "false"/"0" turn it off, anything else is refused at start-up', async () => {
  const { loadConfig } = await import('../../src/config/index.js');
  assert.equal(loadConfig({}).jobsEnabled, true);
  assert.equal(loadConfig({ JOBS_ENABLED: 'false' }).jobsEnabled, false);
  assert.equal(loadConfig({ JOBS_ENABLED: '0' }).jobsEnabled, false);
  assert.equal(loadConfig({ JOBS_ENABLED: 'true' }).jobsEnabled, true);
  assert.throws(() => loadConfig({ JOBS_ENABLED: 'yes' }), /JOBS_ENABLED must be "true" or "false"/);
});
