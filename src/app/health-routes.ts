/**
 * Liveness and readiness for orchestrators and load balancers (docs/deploy.md):
 * - `GET /status/live`: 200 while the process serves HTTP — restart it only when this fails;
 * - `GET /status/ready`: 200 when the store and the cache answer and the instance is not shutting down,
 *   else 503 — route calls elsewhere meanwhile (a draining instance finishes what it has, takes nothing new).
 * Neither is rate limited (probes come every few seconds from the infrastructure's own addresses) and neither
 * reaches the facilitator or a data source: a slow upstream must not take instances out of rotation.
 * The bodies are `LivenessBody` and `ReadinessBody` (src/docs/bodies/status.ts), the schemas /openapi.json publishes.
 */
import type { Timers } from '../lib/timers.js';
import type { FastifyInstance } from 'fastify';
import type { Cache } from '../cache/types.js';
import type { StoreStatus } from '../store/views.js';
import type { LivenessBody, ReadinessBody } from '../docs/bodies/status.js';

export interface Lifecycle {
  /** True once SIGTERM (or close) has begun: the instance drains. */
  shuttingDown(): boolean;
}

interface HealthDeps {
  store: StoreStatus;
  cache: Cache;
  lifecycle: Lifecycle;
  timers: Timers;
}

/** Bounded: a backend that hangs counts as down rather than holding the probe. */
async function within<T>(p: Promise<T>, ms: number, fallback: T, timers: Timers): Promise<T> {
  let cancel: (() => void) | undefined;
  try {
    return await Promise.race([p.catch(() => fallback), new Promise<T>((resolve) => (cancel = timers.setTimeout(() => resolve(fallback), ms, { unref: true })))]);
  } finally {
    cancel?.();
  }
}

export async function readiness(deps: HealthDeps): Promise<ReadinessBody> {
  const [store, cache] = await Promise.all([within(deps.store.ping(), 2_000, false, deps.timers), within(deps.cache.ping(), 2_000, false, deps.timers)]);
  const shuttingDown = deps.lifecycle.shuttingDown();
  return {
    ready: store && cache && !shuttingDown,
    shutting_down: shuttingDown,
    store: { ok: store, backend: deps.store.kind },
    cache: { ok: cache, backend: deps.cache.kind },
  };
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  app.get('/status/live', async (): Promise<LivenessBody> => ({ live: true }));
  app.get('/status/ready', async (_req, reply) => {
    const r = await readiness(deps);
    return reply.code(r.ready ? 200 : 503).header('Cache-Control', 'no-store').send(r);
  });
}
