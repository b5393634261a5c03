/**
 * Per-source fault injection for the sandbox providers: latency, an error rate (HTTP 5xx or 429 with
 * Retry-After), hanging requests (timeouts) and malformed bodies. Set from `SANDBOX_FAULTS` (JSON, e.g.
 * `{"market_data":{"latencyMs":50}}`) at start-up, or at run time by tests. Deterministic: an error rate
 * of 0.25 fails exactly every 4th request, so a test sees the same sequence every run.
 */
import type { LegName } from '../../sources/errors.js';

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
}

export class FaultController {
  private readonly faults = new Map<LegName, Fault>();
  private readonly counters = new Map<LegName, number>();

  constructor(initial: Partial<Record<LegName, Fault>> = {}) {
    for (const [leg, fault] of Object.entries(initial)) this.faults.set(leg as LegName, fault);
  }

  static fromEnv(value: string | undefined): FaultController {
    if (!value) return new FaultController();
    return new FaultController(JSON.parse(value) as Partial<Record<LegName, Fault>>);
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
    const rate = this.faults.get(leg)?.errorRate ?? 0;
    if (rate <= 0) return false;
    const n = (this.counters.get(leg) ?? 0) + 1;
    this.counters.set(leg, n);
    return Math.floor(n * rate) > Math.floor((n - 1) * rate);
  }
}
