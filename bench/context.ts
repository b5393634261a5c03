/**
 * The handler context the bench uses to call handlers directly (no payment, no result cache): the
 * running service's real source clients and store, the sandbox's entities and risky programs, and no
 * composite calls (the measured endpoints make none).
 */
import { systemTimers } from '../src/lib/timers.js';
import { createEntityDirectory } from '../src/analytics/entities.js';
import type { HandlerContext } from '../src/registry/types.js';
import { RISKY_PROGRAMS, SANDBOX_ENTITIES } from '../src/sandbox/world/index.js';
import type { RunningService } from '../src/service.js';

export function benchContext(service: RunningService, requestId: string): HandlerContext {
  return {
    requestId, now: () => new Date(), signal: AbortSignal.timeout(15_000), timers: systemTimers, deadlineMs: 15_000, dataMode: 'sandbox',
    sources: service.sources, store: service.store,
    entities: createEntityDirectory(SANDBOX_ENTITIES.map((e) => ({ ...e, tags: ['sandbox', e.kind], confidence: 'high' as const }))),
    riskyPrograms: new Set(RISKY_PROGRAMS.map((p) => p.address)),
    call: (key) => Promise.reject(new Error(`bench: unexpected composite call to ${key}`)),
  };
}
