/**
 * Driving a test service on manual time (docs/testing.md): knowing when the service is left waiting for
 * the time to move, so that a test moves it then — never after a fixed real-time pause, and never while a
 * healthy source request is still on its way (moving the time then would run out that request's budget
 * too, and the verdict would depend on how fast the machine answered it).
 *
 *  - `SourceRequests`: every source request of a service (`HttpSource.request`, retries included) while
 *    it is in flight, by leg; `until`, `idle` and `waitingOn` resolve on the state the requests leave.
 *  - `driveHeld`: awaits a call whose source legs are held by a hang or latency fault, moving the time
 *    forward each time the service is waiting on those legs only.
 *
 * (test/reliability/faults.test.ts drives its fault matrix the same way with its own `SourceFlights`.)
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
}

/**
 * The source requests of a service while they are in flight. Installed on every `HttpSource` of
 * `service.sources.http` (create it before the call to watch; `restore()` takes it off).
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
  private nextId = 0;
  private checkScheduled = false;
  private restored = false;
  /** Requests started since the watch began. */
  started = 0;

  constructor(service: Pick<TestService, 'sources' | 'sandbox'>) {
    this.faults = service.sandbox?.providers?.faults;
    for (const source of service.sources.http) {
      const original = source.request;
      source.request = <T>(path: string, options: RequestOptions<T>): Promise<T> => {
        const id = this.nextId++;
        this.started++;
        this.inFlight.set(id, { leg: source.leg, heldBefore: this.faults?.stallCount(source.leg) ?? 0 });
        this.changed();
        const request = original.call(source, path, options) as Promise<T>;
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

  /** Resolves once `test` holds at a check (see the class comment). For a condition on something else than the requests, call `changed()` when that changes. */
  until(test: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.add({ test, resolve });
      this.changed();
    });
  }

  /** Resolves once no source request is in flight. */
  idle(): Promise<void> {
    return this.until(() => this.inFlight.size === 0);
  }

  /**
   * Resolves once requests of `legs` are in flight and nothing else is, and each of those legs' sandbox
   * provider has held a request since the latest of them was sent (so the burst it was sent in has gone
   * out and reached the fault): the service waits on those legs only.
   */
  waitingOn(legs: readonly LegName[]): Promise<void> {
    for (const leg of legs) this.watchStalls(leg);
    return this.until(() => {
      if (this.inFlight.size === 0) return false;
      for (const { leg, heldBefore } of this.inFlight.values()) {
        if (!legs.includes(leg)) return false;
        if (this.faults && this.faults.stallCount(leg) <= heldBefore) return false;
      }
      return true;
    });
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

  /** Resolves once none of the requests `ids` is in flight any more. */
  settled(ids: readonly number[]): Promise<void> {
    return this.until(() => ids.every((id) => !this.inFlight.has(id)));
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

  /** Takes the watch off the sources (in the reverse order of installing, so nested watches unwind). */
  restore(): void {
    this.restored = true;
    for (const restore of this.restores.reverse()) restore();
    this.restores.length = 0;
  }
}

/**
 * Awaits `call` on a service whose `legs` are held by a hang or latency fault. Each time the service is
 * left waiting on those legs only, moves the time `stepMs` forward — enough to release every held request
 * (its source budget, or the fault's latency) — and waits for the requests in flight then to settle before
 * looking again. Returns the call's value and how far the time was moved (a multiple of `stepMs`, decided
 * by what the call does, not by the machine's speed).
 */
export async function driveHeld<T>(
  service: Pick<TestService, 'advance'>,
  requests: SourceRequests,
  call: Promise<T>,
  options: { legs: readonly LegName[]; stepMs: number },
): Promise<{ value: T; advancedMs: number }> {
  let finished = false;
  const ended = call.then(() => 'ended' as const, () => 'ended' as const);
  void ended.then(() => {
    finished = true;
  });
  let advancedMs = 0;
  for (;;) {
    const next = await Promise.race([ended, requests.waitingOn(options.legs).then(() => 'waiting' as const)]);
    if (next === 'ended' || finished) break;
    const held = requests.idsInFlight();
    service.advance(options.stepMs);
    advancedMs += options.stepMs;
    await Promise.race([ended, requests.settled(held)]);
  }
  return { value: await call, advancedMs };
}
