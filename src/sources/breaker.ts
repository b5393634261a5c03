/**
 * A circuit breaker per source: after `failureThreshold` consecutive failures the source is skipped
 * for `cooldownMs` (calls fail fast with `circuit_open` instead of waiting on a dead upstream), then one
 * trial call is let through (half-open); its success closes the circuit again. `now` is a monotonic
 * clock in ms (a `Timers`' `now`, src/lib/timers.ts), so tests move the cool-down instead of waiting it out.
 */
export type BreakerState = 'closed' | 'open' | 'half_open';

/** Consecutive failures that open a breaker, and how long it then stays open (the defaults). */
const BREAKER_FAILURE_THRESHOLD = 5;
export const BREAKER_COOLDOWN_MS = 10_000;

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | undefined;
  private trialInFlight = false;

  constructor(
    private readonly failureThreshold = BREAKER_FAILURE_THRESHOLD,
    private readonly cooldownMs = BREAKER_COOLDOWN_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get state(): BreakerState {
    if (this.openedAt === undefined) return 'closed';
    return this.now() - this.openedAt >= this.cooldownMs ? 'half_open' : 'open';
  }

  /** Whether a call may go out now. */
  allow(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  success(): void {
    this.failures = 0;
    this.openedAt = undefined;
    this.trialInFlight = false;
  }

  failure(): void {
    this.trialInFlight = false;
    this.failures++;
    if (this.openedAt !== undefined || this.failures >= this.failureThreshold) this.openedAt = this.now();
  }

  snapshot(): { state: BreakerState; consecutive_failures: number } {
    return { state: this.state, consecutive_failures: this.failures };
  }
}
