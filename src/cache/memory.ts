import type { Cache, CachedValue, RateDecision, RateLimiter } from './types.js';

interface Entry {
  value: unknown;
  storedAt: number;
  expiresAt: number;
  ttlS: number;
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

  const peek = <T>(key: string): CachedValue<T> | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const t = now();
    return entry.expiresAt > t ? { value: entry.value as T, hit: true, ageS: Math.floor((t - entry.storedAt) / 1000), ttlS: entry.ttlS } : undefined;
  };

  return {
    kind: 'memory',
    peek,
    async getOrCompute<T>(key: string, ttl: number | ((value: T) => number), compute: () => Promise<T>): Promise<CachedValue<T>> {
      const ttlOf = (value: T) => (typeof ttl === 'function' ? ttl(value) : ttl);
      const hit = peek<T>(key);
      if (hit) return hit;
      let pending = inflight.get(key) as Promise<T> | undefined;
      let shared = true;
      if (!pending) {
        shared = false;
        pending = compute();
        inflight.set(key, pending);
        pending.then(
          (value) => {
            const storedAt = now();
            const ttlS = ttlOf(value);
            entries.delete(key); // re-insert so Map order tracks recency for eviction
            entries.set(key, { value, storedAt, expiresAt: storedAt + ttlS * 1000, ttlS });
            evict();
          },
          () => undefined,
        ).finally(() => inflight.delete(key));
      }
      const value = await pending;
      return { value, hit: shared, ageS: 0, ttlS: ttlOf(value) };
    },
    async ping() {
      return true;
    },
    async close() {
      entries.clear();
    },
  };
}

/**
 * Rolling-window limiter (a sliding log). Each key keeps the times of its counted calls in order; the
 * log never holds more than `limit` entries (a refused call is not counted), and expired entries are
 * dropped from the front by moving a head index, so a hit costs O(1) amortized whatever the limit.
 */
interface CallLog {
  times: number[];
  head: number;
  windowMs: number;
}

export function createMemoryRateLimiter(options: { now?: () => number } = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const logs = new Map<string, CallLog>();
  let hitsSinceSweep = 0;

  const expire = (log: CallLog, t: number) => {
    while (log.head < log.times.length && log.times[log.head]! <= t - log.windowMs) log.head++;
    if (log.head > 1024 && log.head * 2 > log.times.length) {
      log.times = log.times.slice(log.head);
      log.head = 0;
    }
  };
  // Callers who went quiet would otherwise keep their logs forever: sweep now and then.
  const sweep = (t: number) => {
    for (const [key, log] of logs) {
      expire(log, t);
      if (log.head >= log.times.length) logs.delete(key);
    }
  };

  const hitNow = (key: string, limit: number, windowS: number): RateDecision => {
    const t = now();
    if (++hitsSinceSweep >= 10_000) {
      hitsSinceSweep = 0;
      sweep(t);
    }
    let log = logs.get(key);
    if (!log) {
      log = { times: [], head: 0, windowMs: windowS * 1000 };
      logs.set(key, log);
    }
    log.windowMs = windowS * 1000;
    expire(log, t);
    const count = log.times.length - log.head;
    const allowed = count < limit;
    if (allowed) log.times.push(t);
    const oldest = log.times[log.head] ?? t;
    const resetsAtMs = oldest + log.windowMs;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - (log.times.length - log.head)),
      resetsAt: new Date(resetsAtMs),
      retryAfterS: allowed ? 0 : Math.max(1, Math.ceil((resetsAtMs - t) / 1000)),
    };
  };
  return {
    hitNow,
    async hit(key, limit, windowS): Promise<RateDecision> {
      return hitNow(key, limit, windowS);
    },
  };
}
