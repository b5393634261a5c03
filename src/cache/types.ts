/**
 * Cache and rate-limit contracts. In-process implementations today; Redis (issue 10) implements the
 * same interfaces so several instances share one cache and one set of limits.
 */
export interface CachedValue<T> {
  value: T;
  hit: boolean;
  /** Seconds since the value was computed. */
  ageS: number;
  ttlS: number;
}

export interface Cache {
  readonly kind: 'memory' | 'redis';
  /**
   * Returns the fresh cached value, or computes it once: concurrent callers of the same key while a
   * computation is in flight share that one computation (request coalescing). Failures are not cached.
   * `ttlS` may depend on the value (a degraded answer is kept for less time than a complete one).
   */
  getOrCompute<T>(key: string, ttlS: number | ((value: T) => number), compute: () => Promise<T>): Promise<CachedValue<T>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the oldest counted call leaves the window (rolling window). */
  resetsAt: Date;
  retryAfterS: number;
}

export interface RateLimiter {
  /** Counts one call for `key` in a rolling window of `windowS` seconds and decides it. */
  hit(key: string, limit: number, windowS: number): Promise<RateDecision>;
}
