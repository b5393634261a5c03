/**
 * Per-source fault injection for the sandbox providers: latency, an error rate (HTTP 5xx or 429 with
 * Retry-After), flapping, hanging requests (timeouts) and bad bodies (truncated JSON, a wrong shape, the
 * real answer with its values of the wrong type or its fields missing, or with one list entry broken). Set from `SANDBOX_FAULTS` (JSON, e.g.
 * `{"market_data":{"latencyMs":50}}`) at start-up, or at run time by tests. Deterministic: an error rate
 * of 0.25 fails exactly every 4th request, so a test sees the same sequence every run.
 *
 * Latency is waited out on the controller's `Timers` (src/lib/timers.ts): in tests the same manual time as
 * the service's deadlines, so "slower than the deadline" is decided by the order of two due times, not by
 * the machine's speed. `stalled(leg)` tells a test when a request is being held (latency or hang), which is
 * when moving the time forward has something to act on.
 */
import type { LegName } from '../../sources/errors.js';
import { systemTimers, type Timers } from '../../lib/timers.js';

export interface Fault {
  latencyMs?: number;
  /** 0..1: share of requests answered with `errorStatus`. */
  errorRate?: number;
  /** Default 503; 429 adds `Retry-After: 1`. */
  errorStatus?: number;
  /** Never answer (the client's deadline must cut it). */
  hang?: boolean;
  /** Answer 200 with a truncated JSON body. */
  malformed?: boolean;
  /** Answer 200 with valid JSON of the wrong shape. */
  wrongShape?: boolean;
  /** Answer 200 with the real body, every scalar of the wrong type (numbers as strings, strings as numbers…). */
  wrongTypes?: boolean;
  /** Answer 200 with the real body stripped of every scalar field (objects and arrays keep their structure). */
  missingFields?: boolean;
  /**
   * Answer 200 with the real body, ONE list entry broken: the first entry of the first list of objects
   * (breadth-first: a top-level array, else e.g. `result.items` or `data`) loses its scalar fields. What an
   * old DEX Screener pair without `quoteToken.address` is to a client: one bad entry in a good list.
   */
  malformedItem?: boolean;
  /**
   * Alternate failing and working, starting with a failure (odd requests get `errorStatus`): a source that
   * is up and down, whose first request fails so a test sees the failure without retries.
   */
  flapping?: boolean;
}

export class FaultController {
  private readonly faults = new Map<LegName, Fault>();
  private readonly counters = new Map<LegName, number>();
  private readonly stalls = new Map<LegName, number>();
  private readonly stallWaiters: { leg: LegName; count: number; resolve: () => void }[] = [];

  constructor(initial: Partial<Record<LegName, Fault>> = {}, readonly timers: Timers = systemTimers) {
    for (const [leg, fault] of Object.entries(initial)) this.faults.set(leg as LegName, fault);
  }

  static fromEnv(value: string | undefined, timers: Timers = systemTimers): FaultController {
    if (!value) return new FaultController({}, timers);
    return new FaultController(JSON.parse(value) as Partial<Record<LegName, Fault>>, timers);
  }

  /** Called by the provider server when it starts holding a request of `leg` (latency or hang). */
  noteStall(leg: LegName): void {
    const count = (this.stalls.get(leg) ?? 0) + 1;
    this.stalls.set(leg, count);
    for (const waiter of [...this.stallWaiters]) {
      if (waiter.leg === leg && waiter.count <= count) {
        this.stallWaiters.splice(this.stallWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }

  /** Requests of `leg` held so far (latency or hang), since start. */
  stallCount(leg: LegName): number {
    return this.stalls.get(leg) ?? 0;
  }

  /** Resolves once `count` requests of `leg` have been held since start (default: one more than now). */
  stalled(leg: LegName, count = this.stallCount(leg) + 1): Promise<void> {
    if (this.stallCount(leg) >= count) return Promise.resolve();
    return new Promise((resolve) => this.stallWaiters.push({ leg, count, resolve }));
  }

  set(leg: LegName, fault: Fault | undefined): void {
    if (fault) this.faults.set(leg, fault);
    else this.faults.delete(leg);
    this.counters.set(leg, 0);
  }

  clear(): void {
    this.faults.clear();
    this.counters.clear();
  }

  get(leg: LegName): Fault | undefined {
    return this.faults.get(leg);
  }

  /** Whether this request (the n-th since the fault was set) is one of the failing share. */
  shouldFail(leg: LegName): boolean {
    const fault = this.faults.get(leg);
    const rate = fault?.errorRate ?? 0;
    if (rate <= 0 && !fault?.flapping) return false;
    const n = (this.counters.get(leg) ?? 0) + 1;
    this.counters.set(leg, n);
    if (fault?.flapping) return n % 2 === 1;
    return Math.floor(n * rate) > Math.floor((n - 1) * rate);
  }
}

/** The body a `wrongTypes` / `missingFields` fault sends instead of `body` (unchanged otherwise). */
export function corruptBody(body: unknown, fault: Fault | undefined): unknown {
  if (fault?.wrongTypes) return retype(body);
  if (fault?.missingFields) return stripScalars(body);
  if (fault?.malformedItem) return breakFirstItem(body);
  return body;
}

/** A copy of `body` whose first list of objects (breadth-first) has its first entry stripped of scalars. */
function breakFirstItem(body: unknown): unknown {
  const copy = structuredClone(body);
  const queue: unknown[] = [copy];
  for (let value = queue.shift(); value !== undefined; value = queue.shift()) {
    if (Array.isArray(value)) {
      const first: unknown = value[0];
      if (first !== null && typeof first === 'object' && !Array.isArray(first)) {
        value[0] = stripScalars(first);
        return copy;
      }
      queue.push(...value);
    } else if (value !== null && typeof value === 'object') {
      queue.push(...Object.values(value));
    }
  }
  return copy;
}

function retype(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(retype);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, retype(v)]));
  if (typeof value === 'number') return String(value);
  // A string becomes a number (its length): a base58 address, a decimal string or an enum all stop parsing.
  if (typeof value === 'string') return value.length;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value;
}

function stripScalars(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripScalars);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && typeof v === 'object').map(([k, v]) => [k, stripScalars(v)]));
  }
  return value;
}
