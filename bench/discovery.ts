/**
 * Discovery endpoints in sandbox (docs/performance.md: "every endpoint answers within the 15 s deadline in sandbox,
 * with p95 reported"): each endpoint executed as the service executes it (app/execute.ts: the answer
 * deadline, nested `ctx.call`s validated and cached) against the running service's real source clients
 * and loopback sandbox providers, COLD — a cache that never hits, so every call reads every source, the
 * worst case a caller can meet. Inputs: the registry's example with any mint replaced by a launch-cast
 * token (so the answers are about real fresh launches rather than a random address).
 */
import { execute } from '../src/app/execute.js';
import type { Cache } from '../src/cache/types.js';
import { buildServiceRegistry } from '../src/endpoints/index.js';
import type { HandlerContext } from '../src/registry/types.js';
import { CAST } from '../src/sandbox/world/index.js';
import type { RunningService } from '../src/service.js';
import { benchContext } from './context.js';
import { percentile } from './percentile.js';

export interface DiscoveryLatencyRow {
  endpoint: string;
  calls: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
  /** Every call answered (no error) within the deadline. */
  within_deadline: boolean;
  errors: string[];
}

export interface DiscoveryBenchResult {
  deadline_ms: number;
  rows: DiscoveryLatencyRow[];
  met: boolean;
}

const DEADLINE_MS = 15_000;
const CALLS = 10;
const ENDPOINTS = [
  'new-tokens', 'trending-signals', 'smart-money-flow', 'smart-money-trenches', 'runner-scan',
  'trenches-scan', 'trenches-check', 'exit-signal', 'attention-momentum', 'gacha-ev-scan',
] as const;

/** A cache that always computes: every call is cold. */
const coldCache: Cache = {
  kind: 'memory',
  getOrCompute: async (_key, _ttl, compute) => ({ value: await compute(), hit: false, ageS: 0, ttlS: 0 }),
  ping: async () => true,
  close: async () => {},
};


export async function measureDiscoveryLatency(service: RunningService): Promise<DiscoveryBenchResult> {
  const registry = buildServiceRegistry();
  const rows: DiscoveryLatencyRow[] = [];
  for (const key of ENDPOINTS) {
    const endpoint = registry.get(key)!;
    if (!endpoint.def.handler) continue;
    const example: Record<string, unknown> = { ...endpoint.def.example };
    if ('mint' in example) example.mint = CAST.TOKEN_LAUNCH_RUNNER.address;
    const valid = endpoint.validate(example);
    if (!valid.ok) throw new Error(`bench: ${key} example invalid: ${JSON.stringify(valid.issues)}`);
    const times: number[] = [];
    const errors: string[] = [];
    for (let i = 0; i < CALLS; i++) {
      const { signal: _signal, call: _call, ...context } = benchContext(service, `bench-${key}-${i}`) as HandlerContext;
      const started = performance.now();
      try {
        await execute({ endpoint, input: valid.value, cache: coldCache, context, deadlineMs: DEADLINE_MS, registry });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (!errors.includes(message)) errors.push(message);
      }
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const max = sorted[sorted.length - 1]!;
    rows.push({
      endpoint: key, calls: CALLS,
      p50_ms: Math.round(percentile(sorted, 50)), p95_ms: Math.round(percentile(sorted, 95)), max_ms: Math.round(max),
      within_deadline: errors.length === 0 && max < DEADLINE_MS, errors,
    });
  }
  return { deadline_ms: DEADLINE_MS, rows, met: rows.every((r) => r.within_deadline) };
}
