/**
 * The Redis connection the instances share for the answer cache (./redis-cache.ts), the rate limits
 * (./redis-rate-limiter.ts) and the payment claim guard (./redis-claim-guard.ts), so several instances behind
 * one load balancer share one cache, one set of limits and one view of which signed payments were already used
 * (docs/deploy.md, 'Redis keys and outages').
 *
 * Key layout (every key starts with the caller's `prefix`, e.g. `oea:`):
 *   <prefix>c:<cache key>   JSON `{ v, at, exp, ttl }` of a cached value, `SET … PX <ttl>`
 *   <prefix>l:<cache key>   cross-instance compute lock, `SET … NX PX <compute timeout>`, value = owner token
 *   <prefix>r:<limit key>   sorted set of counted calls (score = ms time), `PEXPIRE <window>`
 *   <prefix>p:<idem. key>   payment claim `1`, `SET … NX EX <ttl>` (default 7 days)
 */
import { Redis, type RedisOptions } from 'ioredis';

/**
 * Client options shared by every connection the service opens. Commands must fail fast when Redis is
 * unreachable instead of queueing until it returns: a paid call waiting on a queued rate-limit check
 * would hang past its deadline, whereas an error lets the caller answer (or degrade) at once.
 */
const REDIS_CLIENT_OPTIONS: RedisOptions = {
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

/** True when Redis answers PONG; false (never a rejection) when it does not. */
export async function pingClient(client: Redis): Promise<boolean> {
  try {
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  }
}

export async function closeClient(client: Redis): Promise<void> {
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
