/**
 * The rate limits in Redis, shared by every instance (docs/deploy.md, 'Redis keys and outages'): key
 * `<prefix>r:<limit key>`. A failing Redis lets calls through (./fail-open.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateDecision, RateLimiter } from './types.js';

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
