/**
 * Redis implementations of the cache and rate-limit contracts (src/cache/types.ts) and a Redis guard for
 * payment idempotency claims, so several instances behind one load balancer share one cache, one set of
 * limits and one view of which signed payments were already used (issue 10).
 *
 * Key layout (every key starts with the caller's `prefix`, e.g. `oea:`):
 *   <prefix>c:<cache key>   JSON `{ v, at, exp, ttl }` of a cached value, `SET … PX <ttl>`
 *   <prefix>l:<cache key>   cross-instance compute lock, `SET … NX PX <compute timeout>`, value = owner token
 *   <prefix>r:<limit key>   sorted set of counted calls (score = ms time), `PEXPIRE <window>`
 *   <prefix>p:<idem. key>   payment claim `1`, `SET … NX EX <ttl>` (default 7 days)
 */
import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { Cache, CachedValue, RateDecision, RateLimiter } from './types.js';
import type { PaymentClaim, Store, StoredClaim } from '../store/types.js';

/**
 * Client options shared by every connection the service opens. Commands must fail fast when Redis is
 * unreachable instead of queueing until it returns: a paid call waiting on a queued rate-limit check
 * would hang past its deadline, whereas an error lets the caller answer (or degrade) at once.
 */
export const REDIS_CLIENT_OPTIONS: RedisOptions = {
  lazyConnect: false,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
  // Keep reconnecting in the background (capped backoff) so the instance recovers when Redis returns.
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
};

/** Builds a client without waiting for it: until it is ready, commands fail (the offline queue is off). */
export function createRedisClient(url: string, onError: (err: Error) => void = () => undefined): Redis {
  const client = new Redis(url, REDIS_CLIENT_OPTIONS);
  // Without a listener ioredis prints every reconnect failure; `ping()` is how health reports an outage.
  client.on('error', onError);
  return client;
}

export interface RedisConnection {
  readonly client: Redis;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

async function pingClient(client: Redis): Promise<boolean> {
  try {
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  }
}

async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  try {
    await client.quit();
  } catch {
    client.disconnect(); // not connected: QUIT cannot be sent, so drop the socket and stop reconnecting
  }
}

/**
 * Opens the one client the service shares between cache, limiter and claim guard, and waits until it is
 * ready: a deployment configured with REDIS_URL should refuse to start on a wrong URL rather than serve
 * with every Redis call failing. Rejects (and stops reconnecting) after `timeoutMs`.
 */
export async function openRedis(url: string, options: { timeoutMs?: number; onError?: (err: Error) => void } = {}): Promise<RedisConnection> {
  const client = createRedisClient(url, options.onError);
  const timeoutMs = options.timeoutMs ?? 5_000;
  await new Promise<void>((resolve, reject) => {
    if (client.status === 'ready') return resolve();
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      client.disconnect();
      reject(new Error(`Redis at ${redactUrl(url)} not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', onReady);
  });
  return { client, ping: () => pingClient(client), close: () => closeClient(client) };
}

/** The URL may carry a password: never put it in an error message. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'REDIS_URL';
  }
}

// ---------------------------------------------------------------------------------------------------
// Cache

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

// ---------------------------------------------------------------------------------------------------
// Rate limiter

/**
 * Sliding log in a sorted set, decided atomically in one script so concurrent instances never both take
 * the last slot. A refused call is not added (it does not count). With no clock given (ARGV[1] empty) the
 * script uses Redis's own clock, so instances with skewed clocks still share one window.
 * Returns { allowed (0|1), count after the call, oldest counted time, now } as strings (Lua numbers
 * would be truncated to integers by the reply conversion anyway; strings keep that explicit).
 */
const HIT_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local windowMs = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - windowMs)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, windowMs)
  count = count + 1
  allowed = 1
end
local oldest = now
local first = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
if first[2] then oldest = tonumber(first[2]) end
return { tostring(allowed), tostring(count), string.format('%.0f', oldest), string.format('%.0f', now) }
`;

export function createRedisRateLimiter(options: { client: Redis; prefix: string; now?: () => number }): RateLimiter {
  const { client, prefix, now } = options;
  const instance = randomUUID();
  let seq = 0;
  return {
    async hit(key, limit, windowS): Promise<RateDecision> {
      const windowMs = Math.round(windowS * 1000);
      // Members must be unique: two calls in the same millisecond are two calls.
      const member = `${instance}:${++seq}`;
      const reply = (await client.eval(HIT_SCRIPT, 1, prefix + 'r:' + key, now ? String(now()) : '', String(windowMs), String(limit), member)) as string[];
      const [allowedS, countS, oldestS, tS] = reply;
      const allowed = allowedS === '1';
      const count = Number(countS);
      const t = Number(tS);
      const resetsAtMs = Number(oldestS) + windowMs;
      return {
        allowed,
        limit,
        remaining: Math.max(0, limit - count),
        resetsAt: new Date(resetsAtMs),
        retryAfterS: allowed ? 0 : Math.max(1, Math.ceil((resetsAtMs - t) / 1000)),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Payment claims

/**
 * How long a payment's idempotency key stays claimed in Redis. An x402 authorization can only be settled
 * within its validity window (`validBefore`, at most the offer's `maxTimeoutSeconds` — minutes), and a
 * Solana transaction only within its blockhash's lifetime (about a minute); a card credential expires
 * sooner still. Past that window a replay cannot be settled anyway, so a week is far longer than needed
 * and keeps Redis from growing without bound. The store keeps the permanent record.
 */
export const DEFAULT_CLAIM_TTL_S = 7 * 24 * 3600;

export interface ClaimGuard {
  /** True for exactly one of any number of concurrent claims of `key` (across instances). */
  claim(key: string): Promise<boolean>;
  isClaimed(key: string): Promise<boolean>;
  /** When `key` was claimed (derived from its remaining TTL), or undefined when it is not claimed. */
  claimedAt(key: string): Promise<Date | undefined>;
}

export function createRedisClaimGuard(options: { client: Redis; prefix: string; ttlS?: number }): ClaimGuard {
  const { client, prefix } = options;
  const ttlS = options.ttlS ?? DEFAULT_CLAIM_TTL_S;
  const k = (key: string) => prefix + 'p:' + key;
  return {
    async claim(key) {
      return (await client.set(k(key), '1', 'EX', ttlS, 'NX')) === 'OK';
    },
    async isClaimed(key) {
      return (await client.exists(k(key))) === 1;
    },
    async claimedAt(key) {
      const pttl = await client.pttl(k(key));
      if (pttl === -2) return undefined; // no such key
      // -1 (no TTL) cannot happen for keys this guard wrote; treat it as "just now".
      return new Date(Date.now() - (pttl < 0 ? 0 : ttlS * 1000 - pttl));
    },
  };
}

/**
 * A Store whose payment claims are first taken in Redis, atomic across every instance sharing it, then
 * recorded in the store (which keeps the outcome and the permanent record). A claim is granted only if
 * both agree, so a key whose Redis TTL ran out is still refused by the store.
 *
 * If Redis is unreachable `claimPayment`/`getClaim` throw: a paid call fails rather than risk a payment
 * serving two calls. If the store write fails after the Redis claim, the key stays claimed (fail closed).
 */
export function withRedisClaims(store: Store, guard: ClaimGuard): Store {
  const claimPayment = async (claim: PaymentClaim): Promise<boolean> => {
    if (!(await guard.claim(claim.idempotencyKey))) return false;
    return store.claimPayment(claim);
  };
  const getClaim = async (key: string): Promise<StoredClaim | undefined> => {
    const row = await store.getClaim(key);
    if (row) return row;
    const claimedAt = await guard.claimedAt(key);
    if (!claimedAt) return undefined;
    // Claimed by another instance whose store row is not written yet (or lives in another store):
    // all that is known is that the key is taken.
    return { idempotencyKey: key, endpoint: '', network: '', payer: '', amountAtomic: 0n, requestId: '', claimedAt, status: 'claimed' };
  };
  // A Proxy rather than a spread: a class-based store keeps its prototype methods and `this`.
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'claimPayment') return claimPayment;
      if (prop === 'getClaim') return getClaim;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
