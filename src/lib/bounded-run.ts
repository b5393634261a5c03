/**
 * Running many independent jobs (batch items, comparison members) with a concurrency bound and a time
 * budget, keeping every job's outcome: one failing job is an outcome, not a failed run.
 *
 * When the budget ends (or the caller's signal aborts), jobs still running are reported `timed_out` and
 * jobs not yet started are reported `timed_out` with `started: false` — so the caller can still answer,
 * before its own deadline, with what finished.
 *
 * Running jobs are NOT aborted at the budget's end: they run under the caller's signal and finish (or time
 * out) on their sources' own budgets, their results unused. Aborting them would make every source
 * request in flight count as a failure of that source (HttpSource cannot tell a caller's abort from a
 * slow source) and could open its circuit breaker for everyone over what was only our time budget.
 */

import type { Timers } from './timers.js';

export type JobOutcome<R> =
  | { status: 'done'; value: R; durationMs: number }
  | { status: 'failed'; error: unknown; durationMs: number }
  | { status: 'timed_out'; started: boolean };

export interface BoundedRunOptions {
  concurrency: number;
  /** Time allowed for the whole run, from the call. */
  budgetMs: number;
  /** The caller's signal (the answer deadline): aborting it ends the run like the budget does. */
  signal: AbortSignal;
  /** What the budget is measured on (the handler's `ctx.timers`). */
  timers: Timers;
}

export async function runBounded<T, R>(
  inputs: readonly T[],
  job: (input: T) => Promise<R>,
  options: BoundedRunOptions,
): Promise<JobOutcome<R>[]> {
  const outcomes: (JobOutcome<R> | undefined)[] = new Array(inputs.length).fill(undefined);
  const budget = new AbortController();
  const budgetEnded = new Promise<'expired'>((resolve) => budget.signal.addEventListener('abort', () => resolve('expired'), { once: true }));
  const expire = () => budget.abort(new Error('time budget ended'));
  const cancelBudget = options.timers.setTimeout(expire, options.budgetMs);
  if (options.signal.aborted) expire();
  else options.signal.addEventListener('abort', expire, { once: true });
  let next = 0;

  async function lane(): Promise<void> {
    while (!budget.signal.aborted && next < inputs.length) {
      const index = next++;
      const started = performance.now();
      const settled = job(inputs[index]!).then(
        (value): JobOutcome<R> => ({ status: 'done', value, durationMs: performance.now() - started }),
        (error: unknown): JobOutcome<R> => ({ status: 'failed', error, durationMs: performance.now() - started }),
      );
      const outcome = await Promise.race([settled, budgetEnded]);
      outcomes[index] = outcome === 'expired' ? { status: 'timed_out', started: true } : outcome;
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, inputs.length)) }, lane));
  } finally {
    cancelBudget();
    options.signal.removeEventListener('abort', expire);
  }
  return outcomes.map((o) => o ?? { status: 'timed_out', started: false });
}

/** The promise's value, or `fallback` if it has not settled within `ms` (the promise is left to finish). */
export async function withinBudget<V, F>(promise: Promise<V>, ms: number, fallback: F, timers: Timers): Promise<V | F> {
  let cancel: (() => void) | undefined;
  const expired = new Promise<F>((resolve) => {
    cancel = timers.setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    cancel?.();
  }
}
