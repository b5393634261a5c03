/**
 * Real time in tests that run real processes (child services, CLIs, the soak, a browser): docs/testing.md,
 * rules 3 and 4. A wait is for an event (a log line, a row, an exit), polled without a limit of its own (the
 * runner's hang detector ends a file that never gets there); a bound on real time is a multiple of a
 * duration measured in the same test on the same machine, never a constant.
 */

/** What `fn` resolved to and how long it took, in milliseconds. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

/**
 * `promise`'s outcome, or a rejection saying `what` did not happen within `ms`. `ms` is derived from a
 * measured duration (e.g. 10 × the time one call took), so a slower machine gets a longer bound.
 */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${Math.round(ms)} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Polls `check` until it gives a value (anything but undefined, null or false) and returns it. `everyMs` is
 * pacing only: there is no time limit.
 */
export async function until<T>(check: () => T | undefined | null | false | Promise<T | undefined | null | false>, everyMs = 25): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
