import type { Cache, CachedValue, RateDecision, RateLimiter } from './types.js';

interface Entry {
  value: unknown;
  storedAt: number;
  expiresAt: number;
}

/** Bounded in-process TTL cache with request coalescing. Oldest entries are evicted past `maxEntries`. */
export function createMemoryCache(options: { now?: () => number; maxEntries?: number } = {}): Cache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<unknown>>();

  const evict = () => {
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };

  return {
    kind: 'memory',
    async getOrCompute<T>(key: string, ttlS: number, compute: () => Promise<T>): Promise<CachedValue<T>> {
      const t = now();
      const entry = entries.get(key);
      if (entry && entry.expiresAt > t) {
        return { value: entry.value as T, hit: true, ageS: Math.floor((t - entry.storedAt) / 1000), ttlS };
      }
      let pending = inflight.get(key) as Promise<T> | undefined;
      let shared = true;
      if (!pending) {
        shared = false;
        pending = compute();
        inflight.set(key, pending);
        pending.then(
          (value) => {
            const storedAt = now();
            entries.delete(key); // re-insert so Map order tracks recency for eviction
            entries.set(key, { value, storedAt, expiresAt: storedAt + ttlS * 1000 });
            evict();
          },
          () => undefined,
        ).finally(() => inflight.delete(key));
      }
      const value = await pending;
      return { value, hit: shared, ageS: 0, ttlS };
    },
    async ping() {
      return true;
    },
    async close() {
      entries.clear();
    },
  };
}

/** Rolling-window limiter: keeps each key's call times inside the window (a sliding log). */
export function createMemoryRateLimiter(options: { now?: () => number } = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const logs = new Map<string, number[]>();
  const windows = new Map<string, number>();
  let hitsSinceSweep = 0;
  // Keys of callers who went quiet would otherwise stay forever: sweep expired logs now and then.
  const sweep = (t: number) => {
    for (const [key, log] of logs) {
      const last = log[log.length - 1];
      if (last === undefined || last <= t - (windows.get(key) ?? 0)) {
        logs.delete(key);
        windows.delete(key);
      }
    }
  };
  return {
    async hit(key, limit, windowS): Promise<RateDecision> {
      const t = now();
      const windowMs = windowS * 1000;
      if (++hitsSinceSweep >= 1000) {
        hitsSinceSweep = 0;
        sweep(t);
      }
      windows.set(key, windowMs);
      const log = (logs.get(key) ?? []).filter((at) => at > t - windowMs);
      const allowed = log.length < limit;
      if (allowed) log.push(t);
      if (log.length === 0) {
        logs.delete(key);
        windows.delete(key);
      } else logs.set(key, log);
      const oldest = log[0] ?? t;
      const resetsAtMs = oldest + windowMs;
      return {
        allowed,
        limit,
        remaining: Math.max(0, limit - log.length),
        resetsAt: new Date(resetsAtMs),
        retryAfterS: allowed ? 0 : Math.max(1, Math.ceil((resetsAtMs - t) / 1000)),
      };
    },
  };
}
