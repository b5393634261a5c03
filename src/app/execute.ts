/**
 * Runs an endpoint's handler for validated input: through the cache (TTL per endpoint, concurrent
 * identical calls coalesced into one computation), under the answer deadline.
 */
import type { Cache } from '../cache/types.js';
import type { RegisteredEndpoint } from '../registry/index.js';
import type { HandlerContext, HandlerResult } from '../registry/types.js';
import { ApiError } from './errors.js';

export interface Execution {
  result: HandlerResult;
  cache: { hit: boolean; age_s: number; ttl_s: number };
}

/** Canonical JSON (sorted keys) so equal inputs share a cache entry whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function cacheKeyFor(endpoint: RegisteredEndpoint, input: Record<string, unknown>): string {
  const { format: _format, ...rest } = input;
  return `endpoint:${endpoint.def.key}:${canonicalJson(rest)}`;
}

export async function execute(args: {
  endpoint: RegisteredEndpoint;
  input: Record<string, unknown>;
  cache: Cache;
  context: Omit<HandlerContext, 'signal'>;
  deadlineMs: number;
}): Promise<Execution> {
  const { endpoint, input, cache, context, deadlineMs } = args;
  const handler = endpoint.def.handler;
  if (!handler) {
    throw new ApiError('not_implemented', `Endpoint "${endpoint.def.key}" is registered but not built yet. You were not charged.`);
  }
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ApiError('upstream_timeout', `No answer within ${Math.round(deadlineMs / 1000)} s. You were not charged.`));
    }, deadlineMs);
  });
  try {
    const cached = await Promise.race([
      cache.getOrCompute(cacheKeyFor(endpoint, input), endpoint.def.cacheTtlSeconds, () =>
        handler(input, { ...context, signal: controller.signal }),
      ),
      deadline,
    ]);
    return { result: cached.value, cache: { hit: cached.hit, age_s: cached.ageS, ttl_s: cached.ttlS } };
  } finally {
    clearTimeout(timer);
  }
}
