/**
 * A rate limiter that lets calls through when its backend fails. The limits it enforces (free routes, the
 * demo) protect against abuse, not money: during a Redis outage the free routes keep answering, unlimited,
 * and every failure is logged. Payment claims do the opposite (they fail closed: a paid call fails rather
 * than risk one payment serving two calls) — see ./redis-guarded-claims.ts `withRedisClaims`.
 */
import type { Logger } from 'pino';
import type { RateDecision, RateLimiter } from './types.js';

export function failOpen(limiter: RateLimiter, logger: Logger): RateLimiter {
  return {
    async hit(key, limit, windowS): Promise<RateDecision> {
      try {
        return await limiter.hit(key, limit, windowS);
      } catch (err) {
        logger.warn({ err: err instanceof Error ? err.message : String(err), key }, 'rate limiter unavailable; call let through');
        return { allowed: true, limit, remaining: limit, resetsAt: new Date(Date.now() + windowS * 1000), retryAfterS: 0 };
      }
    },
  };
}
