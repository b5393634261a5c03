/**
 * The time that decides when to give up: answer deadlines, source budgets, batch and job budgets, circuit
 * breaker cool-downs, job schedules. Everything that waits for one of these takes it from a `Timers`, never
 * from `setTimeout`, `AbortSignal.timeout` or `performance.now` directly, so a test can run the service on
 * `ManualTimers`: there a deadline passes only when the test moves the time forward, and no verdict depends
 * on how fast the machine is (docs/testing.md).
 *
 * Pacing delays (the pause before a retry, a poll interval) are not decisions and stay in real time.
 * The calendar (`now: () => Date`, what the sandbox world and the answers' timestamps read) is separate.
 */

export interface Timers {
  /** Milliseconds on a monotonic scale: only differences mean anything. */
  now(): number;
  /**
   * Calls `callback` once, `ms` from now; returns the cancel function. `unref`: a real timer that does not
   * keep the process alive by itself (a periodic tick, a probe's bound).
   */
  setTimeout(callback: () => void, ms: number, options?: { unref?: boolean }): () => void;
  /** A signal aborted with a `TimeoutError` `ms` from now (like `AbortSignal.timeout`). */
  timeout(ms: number): AbortSignal;
  /** Resolves `ms` from now; rejects with the signal's reason if it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const timeoutError = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

function sleepOn(setTimer: Timers['setTimeout'], ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      cancel();
      reject(signal!.reason);
    };
    const cancel = setTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Real time. */
export const systemTimers: Timers = {
  now: () => performance.now(),
  setTimeout(callback, ms, options) {
    const timer = setTimeout(callback, Math.max(0, ms));
    if (options?.unref) timer.unref();
    return () => clearTimeout(timer);
  },
  timeout: (ms) => AbortSignal.timeout(Math.max(0, ms)),
  sleep: (ms, signal) => sleepOn(systemTimers.setTimeout, ms, signal),
};

interface PendingTimer {
  due: number;
  seq: number;
  callback: () => void;
}

/**
 * Time that moves only when told (`advance`). A timer whose time has come when it is set (0 ms or less)
 * fires on the next turn of the event loop, as a real one would; any other fires inside the `advance` that
 * reaches its due time, in due order (ties in the order they were set), each seeing `now()` at its due time.
 */
export class ManualTimers implements Timers {
  private current = 0;
  private seq = 0;
  private readonly pending: PendingTimer[] = [];

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): () => void {
    if (!(ms > 0)) {
      const immediate = setImmediate(callback);
      return () => clearImmediate(immediate);
    }
    const timer: PendingTimer = { due: this.current + ms, seq: this.seq++, callback };
    this.pending.push(timer);
    return () => {
      const index = this.pending.indexOf(timer);
      if (index >= 0) this.pending.splice(index, 1);
    };
  }

  timeout(ms: number): AbortSignal {
    const controller = new AbortController();
    this.setTimeout(() => controller.abort(timeoutError()), ms);
    return controller.signal;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn((callback, delay) => this.setTimeout(callback, delay), ms, signal);
  }

  /** Moves the time forward by `ms`, firing every timer that falls due on the way (also ones set by those). */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`advance takes a non-negative number of ms, got ${ms}`);
    const target = this.current + ms;
    for (;;) {
      let next: PendingTimer | undefined;
      for (const t of this.pending) if (t.due <= target && (!next || t.due < next.due || (t.due === next.due && t.seq < next.seq))) next = t;
      if (!next) break;
      this.pending.splice(this.pending.indexOf(next), 1);
      this.current = next.due;
      next.callback();
    }
    this.current = target;
  }

  /** Timers waiting to fire. */
  get pendingCount(): number {
    return this.pending.length;
  }
}
