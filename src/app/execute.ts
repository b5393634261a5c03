/**
 * Runs an endpoint's handler for validated input: through the cache (TTL per endpoint, concurrent
 * identical calls coalesced into one computation), under the answer deadline.
 */
import type { Cache } from '../cache/types.js';
import type { Registry, RegisteredEndpoint } from '../registry/index.js';
import type { HandlerContext, HandlerResult } from '../registry/types.js';
import { genericBriefing } from './envelope.js';
import { ApiError, internalError } from '../errors/api-error.js';
import { canonicalObject } from '../lib/canonical-json.js';

export interface Execution {
  result: HandlerResult;
  cache: { hit: boolean; age_s: number; ttl_s: number };
}

/** Caveats saying a data leg failed: such an answer may be complete again soon, so it is kept briefly. */
const DEGRADED_CAVEATS: ReadonlySet<string> = new Set(['leg_degraded', 'leg_failed']);
/** The spec's shortest cache period. */
export const DEGRADED_TTL_S = 30;

/** An endpoint's TTL, shortened to 30 s for an answer with a degraded leg: a repeat call inside the full
 * period is charged, and should get the recovered answer rather than the same gap again. A result's own
 * `maxTtlSeconds` caps it further (an answer derived from another cached answer must not outlive it). */
export function ttlFor(endpoint: RegisteredEndpoint): (result: HandlerResult) => number {
  const ttl = endpoint.def.cacheTtlSeconds;
  return (result) => {
    const base = (result.caveats ?? []).some((c) => DEGRADED_CAVEATS.has(c.code)) ? Math.min(ttl, DEGRADED_TTL_S) : ttl;
    return result.maxTtlSeconds !== undefined ? Math.max(1, Math.min(base, result.maxTtlSeconds)) : base;
  };
}

/** The output format is left out: one computation serves every format. */
export function cacheKeyFor(endpoint: RegisteredEndpoint, input: Record<string, unknown>): string {
  return `endpoint:${endpoint.def.key}:${canonicalObject(input, 'format')}`;
}

/** `ctx.call` for composite endpoints: another endpoint's handler, validated and cached like a direct call. */
function nestedCaller(registry: Registry, cache: Cache, ctx: () => HandlerContext): HandlerContext['call'] {
  return async (key, input) => {
    const endpoint = registry.get(key);
    // A wiring bug: the caller gets the generic `internal` answer, the logs the endpoint asked for.
    if (!endpoint) throw internalError(new Error(`composite call to unknown endpoint ${key}`));
    const handler = endpoint.def.handler;
    if (!handler) throw new ApiError('not_implemented', `Endpoint "${key}" is registered but not built yet.`);
    const valid = endpoint.validate({ ...input });
    if (!valid.ok) throw new ApiError('invalid_input', `Input for ${key} is invalid.`, { issues: valid.issues });
    const cached = await cache.getOrCompute(cacheKeyFor(endpoint, valid.value), ttlFor(endpoint), () => handler(valid.value, ctx()));
    const briefing = (endpoint.def.briefing ?? ((r) => genericBriefing(key, r)))(cached.value, valid.value);
    return { ...cached.value, briefing };
  };
}

/**
 * The warm path: the cached answer when the cache can tell synchronously (src/cache/types.ts `peek`),
 * else undefined. No AbortController, deadline timer or race is built for an answer that is already there.
 */
export function peekExecution(endpoint: RegisteredEndpoint, input: Record<string, unknown>, cache: Cache): Execution | undefined {
  return endpoint.def.handler && endpoint.def.cacheTtlSeconds > 0 ? peekKey(cache, cacheKeyFor(endpoint, input)) : undefined;
}

function peekKey(cache: Cache, key: string): Execution | undefined {
  const cached = cache.peek?.<HandlerResult>(key);
  return cached && { result: cached.value, cache: { hit: true, age_s: cached.ageS, ttl_s: cached.ttlS } };
}

export async function execute(args: {
  endpoint: RegisteredEndpoint;
  input: Record<string, unknown>;
  cache: Cache;
  context: Omit<HandlerContext, 'signal' | 'call'>;
  deadlineMs: number;
  /** For composite endpoints' `ctx.call`. */
  registry: Registry;
}): Promise<Execution> {
  const { endpoint, input, cache, context, deadlineMs, registry } = args;
  const handler = endpoint.def.handler;
  if (!handler) {
    throw new ApiError('not_implemented', `Endpoint "${endpoint.def.key}" is registered but not built yet. You were not charged.`);
  }
  const key = cacheKeyFor(endpoint, input);
  const warm = endpoint.def.cacheTtlSeconds > 0 ? peekKey(cache, key) : undefined;
  if (warm) return warm;
  const controller = new AbortController();
  const handlerContext: HandlerContext = { ...context, signal: controller.signal, deadlineMs, call: nestedCaller(registry, cache, () => handlerContext) };
  let cancelDeadline: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    cancelDeadline = context.timers.setTimeout(() => {
      controller.abort();
      reject(new ApiError('upstream_timeout', `No answer within ${deadlineMs >= 1000 ? `${Math.round(deadlineMs / 1000)} s` : `${deadlineMs} ms`}. You were not charged.`));
    }, deadlineMs);
  });
  try {
    // A TTL of 0 is an answer that must be computed every time (a top-up checks its subscription before each payment).
    const compute = endpoint.def.cacheTtlSeconds > 0
      ? cache.getOrCompute(key, ttlFor(endpoint), () => handler(input, handlerContext))
      : handler(input, handlerContext).then((value) => ({ value, hit: false, ageS: 0, ttlS: 0 }));
    const cached = await Promise.race([compute, deadline]);
    return { result: cached.value, cache: { hit: cached.hit, age_s: cached.ageS, ttl_s: cached.ttlS } };
  } finally {
    cancelDeadline?.();
  }
}

/**
 * Runs endpoints for background work (alert-stream detection) exactly as a call would: validated with the
 * endpoint's schema, through the shared answer cache, under the answer deadline, composite calls included.
 */
export function backgroundCaller(registry: Registry, cache: Cache, context: Omit<HandlerContext, 'signal' | 'call' | 'requestId'>, deadlineMs: number, label: string) {
  let n = 0;
  return async (key: string, input: Record<string, unknown>): Promise<HandlerResult> => {
    const endpoint = registry.get(key);
    if (!endpoint) throw internalError(new Error(`${label}: unknown endpoint ${key}`));
    const valid = endpoint.validate({ ...input });
    if (!valid.ok) throw new ApiError('invalid_input', `Input for ${key} is invalid.`, { issues: valid.issues });
    const { result } = await execute({ endpoint, input: valid.value, cache, context: { ...context, requestId: `${label}-${++n}` }, deadlineMs, registry });
    return result;
  };
}
