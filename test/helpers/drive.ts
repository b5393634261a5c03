/**
 * Driving a test service on manual time (docs/testing.md): knowing when the service is left waiting for
 * the time to move, so that a test moves it then — never after a fixed real-time pause, and never while a
 * healthy source request is still on its way (moving the time then would run out that request's budget
 * too, and the verdict would depend on how fast the machine answered it).
 *
 *  - `SourceRequests`: every source request of a service (`HttpSource.request`, retries included) while
 *    it is in flight, by leg, with its budget and when that falls due; `until`, `idle` and `waitingOn`
 *    resolve on the state the requests leave.
 *  - `driveHeld`: awaits a call whose source legs are held by a hang or latency fault, moving the time
 *    forward each time the service is waiting on those legs only: by a fixed step, or to the earliest
 *    budget among the held requests (test/reliability/faults.test.ts).
 */
import type { RequestOptions } from '../../src/sources/http-source.js';
import type { LegName } from '../../src/sources/errors.js';
import type { FaultController } from '../../src/sandbox/providers/faults.js';
import type { TestService } from './service.js';

interface Waiter {
  test: () => boolean;
  resolve: () => void;
}

interface Flight {
  leg: LegName;
  /** Requests its leg's sandbox provider had held (`faults.stallCount`) when this one was sent. */
  heldBefore: number;
  /** Its budget: the first `timers.timeout` the request starts (synchronously, before it sends anything). */
  budget?: AbortSignal;
  /** When the budget falls due on the service's clock (`timers.now()`); Infinity while unknown. */
  due: number;
}

/**
 * The source requests of a service while they are in flight. Installed on every `HttpSource` of
 * `service.sources.http`, and on `service.timers.timeout` to learn each request's budget (create it before
 * the call to watch; `restore()` takes it off). Nothing in src/ changes: the instances are wrapped.
 *
 * A condition given to `until` is checked a turn after each request starts or settles (and a turn after
 * `until` is called): by then whatever the settling request lets run without I/O has run, so a follow-up
 * request it starts is already counted, and a computation waiting only on it has finished.
 */
export class SourceRequests {
  private readonly inFlight = new Map<number, Flight>();
  private readonly waiters = new Set<Waiter>();
  private readonly restores: (() => void)[] = [];
  private readonly faults: FaultController | undefined;
  private readonly stallWatches = new Set<LegName>();
  private readonly now: (() => number) | undefined;
  private nextId = 0;
  private checkScheduled = false;
  private restored = false;
  /** Requests started since the watch began. */
  started = 0;

  constructor(service: Pick<TestService, 'sources' | 'sandbox'> & Partial<Pick<TestService, 'timers'>>) {
    this.faults = service.sandbox?.providers?.faults;
    const timers = service.timers;
    this.now = timers ? () => timers.now() : undefined;
    // The request being started (its budget is the first timeout started while `original` runs synchronously).
    let starting: Flight | undefined;
    if (timers) {
      const own = Object.hasOwn(timers, 'timeout');
      const timeout = timers.timeout;
      timers.timeout = (ms: number): AbortSignal => {
        const signal = timeout.call(timers, ms);
        if (starting && !starting.budget) Object.assign(starting, { budget: signal, due: timers.now() + ms });
        return signal;
      };
      this.restores.push(() => {
        if (own) timers.timeout = timeout;
        else Reflect.deleteProperty(timers, 'timeout');
      });
    }
    for (const source of service.sources.http) {
      const original = source.request;
      source.request = <T>(path: string, options: RequestOptions<T>): Promise<T> => {
        const id = this.nextId++;
        this.started++;
        const flight: Flight = { leg: source.leg, heldBefore: this.faults?.stallCount(source.leg) ?? 0, due: Infinity };
        this.inFlight.set(id, flight);
        this.changed();
        starting = flight;
        let request: Promise<T>;
        try {
          request = original.call(source, path, options) as Promise<T>;
        } finally {
          starting = undefined;
        }
        const done = () => {
          this.inFlight.delete(id);
          this.changed();
        };
        request.then(done, done);
        return request;
      };
      this.restores.push(() => {
        source.request = original;
      });
    }
  }

  /** The legs of the requests in flight (one entry per request). */
  legsInFlight(): LegName[] {
    return [...this.inFlight.values()].map((f) => f.leg);
  }

  /** Ids of the requests in flight now (to wait for exactly those to settle). */
  idsInFlight(): number[] {
    return [...this.inFlight.keys()];
  }

  /**
   * How far the time must move (ms) for the earliest budget among the requests in flight to fall due:
   * that cuts every request sent with it and none sent later (each gets a budget of its own). Throws if a
   * request in flight has no budget known (a service without `timers`, or an `HttpSource.request` that no
   * longer starts its budget synchronously).
   */
  msToEarliestBudget(): number {
    const flights = [...this.inFlight.values()];
    if (flights.length === 0) throw new Error('no source request in flight');
    const unbudgeted = flights.find((f) => f.budget === undefined);
    if (unbudgeted || !this.now) throw new Error(`a ${unbudgeted?.leg ?? flights[0]!.leg} request is out without a known budget: HttpSource.request no longer starts its budget synchronously, or the service has no timers`);
    return Math.max(0, Math.min(...flights.map((f) => f.due)) - this.now());
  }

  /** Ids of the requests in flight whose budget has run out (cut, their callers not told yet). */
  idsOutOfBudget(): number[] {
    return [...this.inFlight].filter(([, f]) => f.budget?.aborted).map(([id]) => id);
  }

  /**
   * Resolves once `test` holds at a check (see the class comment). For a condition on something else than
   * the requests, call `changed()` when that changes. Once `stop` settles, the condition is dropped (the
   * promise stays pending): a caller racing it against something else leaves nothing behind.
   */
  until(test: () => boolean, stop?: Promise<unknown>): Promise<void> {
    return new Promise((resolve) => {
      const waiter = { test, resolve };
      this.waiters.add(waiter);
      const drop = () => void this.waiters.delete(waiter);
      stop?.then(drop, drop);
      this.changed();
    });
  }

  /** Resolves once no source request is in flight. */
  idle(): Promise<void> {
    return this.until(() => this.inFlight.size === 0);
  }

  /**
   * Resolves once requests of `legs` are in flight and nothing else is, none of them already cut (its
   * budget run out: its caller has not seen that yet, and may send more), and each of those legs' sandbox
   * provider has held a request since the latest of them was sent (so the burst it was sent in has gone
   * out and reached the fault): the service waits on those legs only. `stop` as for `until`.
   */
  waitingOn(legs: readonly LegName[], stop?: Promise<unknown>): Promise<void> {
    for (const leg of legs) this.watchStalls(leg);
    return this.until(() => {
      if (this.inFlight.size === 0) return false;
      for (const { leg, heldBefore, budget } of this.inFlight.values()) {
        if (!legs.includes(leg)) return false;
        if (budget?.aborted) return false;
        if (this.faults && this.faults.stallCount(leg) <= heldBefore) return false;
      }
      return true;
    }, stop);
  }

  /** Checks the pending conditions after each request `leg`'s provider holds, until `restore()`. */
  private watchStalls(leg: LegName): void {
    const faults = this.faults;
    if (!faults || this.stallWatches.has(leg)) return;
    this.stallWatches.add(leg);
    const next = (): void => {
      void faults.stalled(leg).then(() => {
        if (this.restored) return;
        this.changed();
        next();
      });
    };
    next();
  }

  /** Resolves once none of the requests `ids` is in flight any more. `stop` as for `until`. */
  settled(ids: readonly number[], stop?: Promise<unknown>): Promise<void> {
    return this.until(() => ids.every((id) => !this.inFlight.has(id)), stop);
  }

  /** Schedules a check of the pending conditions a turn from now. */
  changed(): void {
    if (this.checkScheduled) return;
    this.checkScheduled = true;
    setImmediate(() => {
      this.checkScheduled = false;
      for (const waiter of [...this.waiters]) {
        if (waiter.test()) {
          this.waiters.delete(waiter);
          waiter.resolve();
        }
      }
    });
  }

  /** Takes the watch off the sources and timers (in the reverse order of installing, so nested watches unwind). */
  restore(): void {
    this.restored = true;
    for (const restore of this.restores.reverse()) restore();
    this.restores.length = 0;
  }
}

/**
 * Awaits `call` on a service whose `legs` are held by a hang or latency fault. Each time the service is
 * left waiting on those legs only (`waitingOn`), moves the time forward, then waits for the requests that
 * released to settle before looking again:
 *  - `stepMs` given: by `stepMs` — enough to release every held request (its source budget, or the fault's
 *    latency) — waiting for every request in flight then to settle;
 *  - `stepMs` omitted: to the earliest budget among the held requests (`msToEarliestBudget`), which cuts
 *    those sent with it together (as in real time: ten held requests cut one by one would take ten
 *    budgets) and none sent later, waiting for the ones cut to settle (a request with a later budget, a
 *    10 s source's beside 2 s ones, stays held for the next move). For faults that hold requests past their
 *    budget (a hang, or a latency longer than the longest budget).
 * Returns the call's value, how far the time was moved and in how many moves (decided by what the call
 * does, not by the machine's speed).
 */
export async function driveHeld<T>(
  service: Pick<TestService, 'advance'>,
  requests: SourceRequests,
  call: Promise<T>,
  options: { legs: readonly LegName[]; stepMs?: number },
): Promise<{ value: T; advancedMs: number; moves: number }> {
  let finished = false;
  const ended = call.then(() => 'ended' as const, () => 'ended' as const);
  void ended.then(() => {
    finished = true;
  });
  let advancedMs = 0;
  let moves = 0;
  for (;;) {
    const next = await Promise.race([ended, requests.waitingOn(options.legs, ended).then(() => 'waiting' as const)]);
    if (next === 'ended' || finished) break;
    const held = requests.idsInFlight();
    const stepMs = options.stepMs ?? requests.msToEarliestBudget();
    service.advance(stepMs);
    advancedMs += stepMs;
    moves++;
    const released = options.stepMs === undefined ? requests.idsOutOfBudget() : held;
    await Promise.race([ended, requests.settled(released, ended)]);
  }
  return { value: await call, advancedMs, moves };
}
