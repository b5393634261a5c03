/** Per-client-IP limits of the free routes (the demo has its own hourly limit in free-routes.ts). */
import type { FastifyRequest } from 'fastify';
import type { RateDecision, RateLimiter } from '../cache/types.js';
import { ApiError } from '../errors/api-error.js';

/**
 * The client IP a limit counts against: the socket's peer, or the `X-Forwarded-For` entry just past the
 * proxies `TRUST_PROXY` names (src/config/trust-proxy.ts); never an entry a client could write itself.
 */
export function clientIp(req: FastifyRequest): string {
  return req.ip;
}

function refusal(decision: RateDecision): ApiError {
  return new ApiError('rate_limited', 'Too many calls to free routes; slow down.', {
    headers: { 'Retry-After': String(decision.retryAfterS) },
    extra: { resets_at: decision.resetsAt.toISOString() },
  });
}

/** An `onRequest` hook refusing a client past `perMinute` calls in a rolling minute with 429 + Retry-After. */
export function freeRouteLimit(limiter: RateLimiter, perMinute: number) {
  return async (req: FastifyRequest): Promise<void> => {
    const decision = await limiter.hit(`free:${clientIp(req)}`, perMinute, 60);
    if (!decision.allowed) throw refusal(decision);
  };
}

/**
 * The same limit in callback style: `done()` or `done(refusal)`, synchronously when the limiter decides in
 * process (`hitNow`: no promise on a free call's warm path), else once the shared limiter answers.
 */
export function freeRouteLimitNow(limiter: RateLimiter, perMinute: number) {
  return (req: FastifyRequest, done: (err?: Error) => void): void => {
    const key = `free:${clientIp(req)}`;
    if (limiter.hitNow) {
      const decision = limiter.hitNow(key, perMinute, 60);
      return decision.allowed ? done() : done(refusal(decision));
    }
    limiter.hit(key, perMinute, 60).then((decision) => (decision.allowed ? done() : done(refusal(decision))), done);
  };
}
