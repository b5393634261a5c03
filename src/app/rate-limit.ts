/** Per-client-IP limits of the free routes (the demo has its own hourly limit in free-routes.ts). */
import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../cache/types.js';
import { ApiError } from './errors.js';

/** The client IP a limit counts against (`X-Forwarded-For` only when TRUST_PROXY=true). */
export function clientIp(req: FastifyRequest): string {
  return req.ip;
}

/** An `onRequest` hook refusing a client past `perMinute` calls in a rolling minute with 429 + Retry-After. */
export function freeRouteLimit(limiter: RateLimiter, perMinute: number) {
  return async (req: FastifyRequest): Promise<void> => {
    const decision = await limiter.hit(`free:${clientIp(req)}`, perMinute, 60);
    if (!decision.allowed) {
      throw new ApiError('rate_limited', 'Too many calls to free routes; slow down.', {
        headers: { 'Retry-After': String(decision.retryAfterS) },
        extra: { resets_at: decision.resetsAt.toISOString() },
      });
    }
  };
}
