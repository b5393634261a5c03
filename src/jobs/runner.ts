/**
 * A small scheduler for the service's background jobs (retention, the daily snapshot sweep).
 *
 * Each job runs at most once per interval, and the intervals are aligned to the epoch, so a daily job's
 * interval is a UTC day. Guards, from the inside out:
 * - in this process, a run never overlaps itself (a tick while it runs reports `running`);
 * - across processes, each run takes the job's lease in the store (`acquireJobLease`) with the start of
 *   the current interval as `notStartedSince`: whoever takes it first runs the job, everyone else gets
 *   `leased` until the next interval. SQLite keeps the lease in `job_runs`; PostgreSQL takes a
 *   transaction-scoped advisory lock behind the same Store method around the same row update (docs/jobs.md,
 *   "The runner").
 * A run ends by releasing the lease with a one-line result (or the error), recorded in `job_runs`.
 * A failing job is logged and retried in the next interval; nothing a job does can crash the service.
 *
 * `tick(now)` decides and runs what is due at `now` and resolves when those runs end: tests drive the
 * runner with it deterministically; `start()` only calls it from a timer.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { systemTimers, type Timers } from '../lib/timers.js';
import type { JobLeases } from '../store/types.js';

export interface JobRun {
  /** The moment the run was decided at (the tick's clock): jobs compute their cut-offs and days from it. */
  now: Date;
  /** Aborted when the runner stops (service shutdown). */
  signal: AbortSignal;
  /** What a run's time budgets are measured on (src/lib/timers.ts). */
  timers: Timers;
}

export interface Job {
  name: string;
  /** One run per interval; intervals start at multiples of this since the epoch (a day: UTC midnight). */
  intervalMs: number;
  /**
   * Longer than any run: a holder that died mid-run loses the lease after this long (a run outlasting its
   * lease could be started again by another runner in a later interval).
   */
  leaseMs: number;
  /** Does the work; resolves with a one-line summary (recorded as the run's result). */
  run(run: JobRun): Promise<string>;
}

export type JobTickResult =
  | { job: string; status: 'ran'; summary: string; durationMs: number }
  | { job: string; status: 'failed'; error: string }
  /** Still running in this runner: a run never overlaps itself. */
  | { job: string; status: 'running' }
  /** This runner already ran it in the current interval. */
  | { job: string; status: 'not_due' }
  /** Another runner holds the lease or already ran it in the current interval. */
  | { job: string; status: 'leased' };

export interface JobRunner {
  /** The runner's identity in `job_runs.holder`. */
  readonly holder: string;
  tick(now?: Date): Promise<JobTickResult[]>;
  /** Ticks now and then every `tickMs` (timer unref'd: it never keeps the process alive). */
  start(): void;
  /** Stops ticking, aborts running jobs' signals and waits for them to end. Final. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  store: JobLeases;
  jobs: readonly Job[];
  logger: Logger;
  now: () => Date;
  holder?: string;
  /** How often `start()` ticks; default one minute. */
  tickMs?: number;
  /** What the ticks and the runs' budgets are timed by; default real time. */
  timers?: Timers;
}

/** The start of the interval containing `now` (epoch-aligned). */
export function intervalStart(now: Date, intervalMs: number): Date {
  return new Date(Math.floor(now.getTime() / intervalMs) * intervalMs);
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { store, jobs, logger } = options;
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`duplicate job name ${job.name}`);
    if (!(job.intervalMs > 0) || !(job.leaseMs > 0)) throw new Error(`job ${job.name}: intervalMs and leaseMs must be positive`);
    names.add(job.name);
  }
  const running = new Map<string, Promise<JobTickResult>>();
  /** The interval (its start, ms) each job was last run for by this runner: saves a store round trip per tick. */
  const ranFor = new Map<string, number>();
  const stopping = new AbortController();
  const timers = options.timers ?? systemTimers;
  let cancelTick: (() => void) | undefined;

  async function attempt(job: Job, now: Date, interval: number): Promise<JobTickResult> {
    const log = logger.child({ job: job.name, holder });
    let taken: boolean;
    try {
      taken = await store.acquireJobLease({ name: job.name, holder, now, leaseMs: job.leaseMs, notStartedSince: new Date(interval) });
    } catch (err) {
      log.error({ err }, 'job lease could not be taken');
      return { job: job.name, status: 'failed', error: `lease: ${message(err)}` };
    }
    if (!taken) return { job: job.name, status: 'leased' };
    ranFor.set(job.name, interval);
    const started = performance.now();
    let result: Extract<JobTickResult, { status: 'ran' | 'failed' }>;
    try {
      const summary = await job.run({ now, signal: stopping.signal, timers });
      result = { job: job.name, status: 'ran', summary, durationMs: Math.round(performance.now() - started) };
      // The interval in the line lets an operator (and the scale-out test) see each interval ran once across instances.
      log.info({ summary, durationMs: result.durationMs, interval: new Date(interval).toISOString() }, 'job ran');
    } catch (err) {
      log.error({ err, interval: new Date(interval).toISOString() }, 'job failed');
      result = { job: job.name, status: 'failed', error: message(err) };
    }
    try {
      await store.releaseJobLease(job.name, holder, options.now(), result.status === 'ran' ? result.summary : `failed: ${result.error}`);
    } catch (err) {
      // The lease then simply expires after leaseMs; the run itself is done.
      log.warn({ err }, 'job lease could not be released');
    }
    return result;
  }

  function runIfDue(job: Job, now: Date): Promise<JobTickResult> {
    if (running.has(job.name)) return Promise.resolve({ job: job.name, status: 'running' });
    const interval = intervalStart(now, job.intervalMs).getTime();
    if (ranFor.get(job.name) === interval) return Promise.resolve({ job: job.name, status: 'not_due' });
    // Registered before the first await, so a tick arriving meanwhile sees the run.
    const run = attempt(job, now, interval).finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  }

  return {
    holder,
    tick(now = options.now()) {
      if (stopping.signal.aborted) return Promise.resolve([]);
      return Promise.all(jobs.map((job) => runIfDue(job, now)));
    },
    start() {
      if (cancelTick || stopping.signal.aborted) return;
      const tick = () => {
        void this.tick();
        cancelTick = timers.setTimeout(tick, options.tickMs ?? 60_000, { unref: true });
      };
      tick();
    },
    async stop() {
      cancelTick?.();
      stopping.abort(new Error('job runner stopped'));
      await Promise.all(running.values());
    },
  };
}
