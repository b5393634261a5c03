/**
 * The answer cache in Redis, shared by every instance (docs/deploy.md, 'Redis keys and outages'): keys
 * `<prefix>c:<cache key>` (the value) and `<prefix>l:<cache key>` (the cross-instance compute lock).
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { closeClient, createRedisClient, pingClient } from './redis-connection.js';
import type { Cache, CachedValue } from './types.js';

interface StoredEntry {
  /** The value, as JSON. */
  v: unknown;
  /** Computed at (ms, the cache's clock). */
  at: number;
  /** Expires at (ms, the cache's clock); checked on read so an injected clock governs freshness. */
  exp: number;
  ttl: number;
}

export interface RedisCacheOptions {
  prefix: string;
  /** An existing client (not closed by `close()`), or a URL (the cache opens and closes its own client). */
  client?: Redis;
  url?: string;
  now?: () => number;
  /**
   * How long one instance may hold the compute lock of a key (ms). Others wait at most this long for
   * its value, so it should match the longest a computation may take (the service's call deadline).
   */
  computeTimeoutMs?: number;
  /** How often a waiting instance looks for the value (ms). */
  pollMs?: number;
  /**
   * How long (ms, the cache's clock) a value read from Redis may be answered from this process by `peek`
   * without asking Redis again; never past the entry's own expiry. 0 disables the hot layer.
   */
  hotHoldMs?: number;
  /** At most this many keys in the hot layer (the oldest held go first). */
  hotMaxEntries?: number;
}

/** A Redis read held in process: `until` = min(read + hold, the entry's expiry). */
interface HotEntry {
  entry: StoredEntry;
  until: number;
}

const RELEASE_LOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * Redis-backed `Cache`. Values are stored as JSON, so only plain JSON survives a round trip: a `bigint`
 * makes the value uncacheable (it is returned, not stored), `undefined` fields vanish and a `Date` comes
 * back as a string. The service caches `HandlerResult`s, which are the JSON bodies it sends anyway.
 *
 * Redis errors never fail a call: the cache is an optimization, so on an outage each instance computes
 * for itself (still coalescing identical in-process misses) until Redis returns.
 */
export function createRedisCache(options: RedisCacheOptions): Cache {
  const { prefix } = options;
  if (!options.client && !options.url) throw new Error('createRedisCache needs a client or a url');
  const ownsClient = !options.client;
  const client = options.client ?? createRedisClient(options.url!);
  const now = options.now ?? Date.now;
  const computeTimeoutMs = options.computeTimeoutMs ?? 30_000;
  const pollMs = options.pollMs ?? 20;
  const inflight = new Map<string, Promise<CachedValue<unknown>>>();
  // The hot layer: values this process read from Redis, answered synchronously for a short hold (1 s by
  // default) so a warm key costs one Redis read per second per instance instead of one per call. Only
  // completed reads enter it (a computation in flight is never served from it, so coalescing is unchanged),
  // and an entry leaves it at its own expiry at the latest: no instance serves a value past its TTL. Another
  // instance's newer value for the same key (written only after a miss) is seen at most one hold later.
  const hotHoldMs = options.hotHoldMs ?? 1_000;
  const hotMaxEntries = options.hotMaxEntries ?? 1_000;
  const hot = new Map<string, HotEntry>();
  const holdHot = (key: string, entry: StoredEntry) => {
    if (!(hotHoldMs > 0)) return;
    hot.delete(key); // re-insert so Map order is the order of reads, oldest first
    hot.set(key, { entry, until: Math.min(entry.exp, now() + hotHoldMs) });
    while (hot.size > hotMaxEntries) {
      const oldest = hot.keys().next().value;
      if (oldest === undefined) break;
      hot.delete(oldest);
    }
  };

  const read = async (key: string): Promise<{ entry?: StoredEntry; locked: boolean }> => {
    const [raw, lock] = await client.mget(prefix + 'c:' + key, prefix + 'l:' + key);
    const locked = lock !== null && lock !== undefined;
    if (raw === null || raw === undefined) return { locked };
    const entry = JSON.parse(raw) as StoredEntry;
    // Redis expires the key on its own clock; the cache's clock (injectable) decides freshness.
    if (!(entry.exp > now())) return { locked };
    holdHot(key, entry);
    return { entry, locked };
  };

  const hitOf = <T>(entry: StoredEntry): CachedValue<T> => ({
    value: entry.v as T,
    hit: true,
    ageS: Math.floor((now() - entry.at) / 1000),
    ttlS: entry.ttl,
  });

  const store = async (key: string, value: unknown, storedAt: number, ttlS: number) => {
    const ttlMs = Math.ceil(ttlS * 1000);
    if (!(ttlMs > 0)) return; // a zero TTL means "do not keep"; PX 0 would be an error
    let json: string;
    try {
      json = JSON.stringify({ v: value, at: storedAt, exp: storedAt + ttlS * 1000, ttl: ttlS } satisfies StoredEntry);
    } catch {
      return; // not JSON (a bigint): served to this caller, not shared
    }
    await client.set(prefix + 'c:' + key, json, 'PX', ttlMs);
  };

  /** One instance's lookup: Redis value, else the cross-instance lock, else wait for the lock holder. */
  const resolve = async <T>(key: string, ttlOf: (value: T) => number, compute: () => Promise<T>): Promise<CachedValue<T>> => {
    const computeHere = async (token?: string): Promise<CachedValue<T>> => {
      try {
        const value = await compute();
        const storedAt = now();
        const ttlS = ttlOf(value);
        await store(key, value, storedAt, ttlS).catch(() => undefined);
        return { value, hit: false, ageS: 0, ttlS };
      } finally {
        // Released on failure too, so a waiting instance stops waiting and tries itself (failures are not cached).
        if (token) await client.eval(RELEASE_LOCK, 1, prefix + 'l:' + key, token).catch(() => undefined);
      }
    };

    let state: { entry?: StoredEntry; locked: boolean };
    try {
      state = await read(key);
    } catch {
      return computeHere(); // Redis unreachable: answer without the shared cache
    }
    if (state.entry) return hitOf<T>(state.entry);

    const token = randomUUID();
    let won = false;
    try {
      won = (await client.set(prefix + 'l:' + key, token, 'PX', computeTimeoutMs, 'NX')) === 'OK';
    } catch {
      return computeHere();
    }
    if (won) return computeHere(token);

    // Another instance is computing: wait for its value, bounded by its lock's lifetime.
    const giveUpAt = Date.now() + computeTimeoutMs;
    while (Date.now() < giveUpAt) {
      await new Promise((r) => setTimeout(r, pollMs));
      try {
        state = await read(key);
      } catch {
        break;
      }
      if (state.entry) return hitOf<T>(state.entry);
      if (!state.locked) break; // the holder failed (or its lock expired): compute here
    }
    return computeHere();
  };

  return {
    kind: 'redis',
    peek<T>(key: string): CachedValue<T> | undefined {
      const held = hot.get(key);
      if (!held) return undefined;
      if (held.until > now()) return hitOf<T>(held.entry);
      hot.delete(key);
      return undefined;
    },
    async getOrCompute<T>(key: string, ttl: number | ((value: T) => number), compute: () => Promise<T>): Promise<CachedValue<T>> {
      const ttlOf = (value: T) => (typeof ttl === 'function' ? ttl(value) : ttl);
      const pending = inflight.get(key) as Promise<CachedValue<T>> | undefined;
      if (pending) {
        // Shared an in-process computation: a hit for this caller, as in the memory cache.
        const shared = await pending;
        return { ...shared, hit: true };
      }
      const mine = resolve(key, ttlOf, compute);
      inflight.set(key, mine as Promise<CachedValue<unknown>>);
      try {
        return await mine;
      } finally {
        inflight.delete(key);
      }
    },
    ping: () => pingClient(client),
    async close() {
      hot.clear();
      if (ownsClient) await closeClient(client);
    },
  };
}
