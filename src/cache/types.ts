/**
 * Cache and rate-limit contracts. In-process implementations (./memory.ts) for one instance; Redis
 * (./redis-cache.ts, ./redis-rate-limiter.ts) implements the same interfaces so several instances share one
 * cache and one set of limits (docs/deploy.md, 'Redis keys and outages').
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
  /**
   * The fresh value for `key` if this process can tell synchronously, else undefined (then ask
   * `getOrCompute`). Never computes, never waits for an in-flight computation (so coalescing is unchanged)
   * and never returns a value past its TTL. The warm path of free calls uses it to skip the deadline
   * machinery; optional so wrappers (bench, tests) need not implement it.
   */
  peek?<T>(key: string): CachedValue<T> | undefined;
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
  /** `hit`, decided synchronously: only a limiter whose state is in this process has it (the free routes' warm path uses it). */
  hitNow?(key: string, limit: number, windowS: number): RateDecision;
}
