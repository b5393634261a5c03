/**
 * Coalescing: 100 concurrent identical cold calls must cost the upstream providers what ONE cold call
 * costs — one fetch per leg — because the answer cache (src/cache/memory.ts `getOrCompute`) runs the
 * computation once and every other caller of the same key waits for it. Measured through the real
 * pipeline after payment (src/app/execute.ts: validation defaults, cache key, coalescing, nested `ctx.call`
 * through the same cache) over the running service's sandbox providers, sending exactly the upstream
 * requests production would send. Paying 100 times over HTTP would test settlement, not
 * the cache: a paid call reaches `execute` only after verification, and execute is where calls coalesce.
 * Requests are counted per provider leg at the calls' own source clients (bench/fanout.ts
 * `countingSources`), so the service's background jobs hitting the same providers are not counted.
 *
 * The calls do not all start in one tick (that would coalesce trivially): they arrive spread over the
 * first 40 ms of a computation slowed to ≥ 50 ms per source request, as concurrent agents would.
 */
import { createMemoryCache } from '../src/cache/memory.js';
import type { Cache } from '../src/cache/types.js';
import type { RunningService } from '../src/service.js';
import { CAST } from '../src/sandbox/world/index.js';
import { countingSources, executeWith } from './fanout.js';

export interface CoalescingRow {
  endpoint: string;
  input: Record<string, unknown>;
  concurrent_calls: number;
  /** Upstream requests per provider leg of ONE cold call (the reference). */
  single_call_by_leg: Record<string, number>;
  /** Upstream requests per provider leg of the 100 concurrent calls. */
  concurrent_by_leg: Record<string, number>;
  /** Times the cache ran the endpoint's handler (top-level key) for the 100 calls. */
  handler_runs: number;
  /** Calls answered from the shared computation or the fresh entry (cache.hit true). */
  shared_answers: number;
  max_e2e_ms: number;
  met: boolean;
}

export interface CoalescingResult {
  injected_latency_ms: number;
  rows: CoalescingRow[];
  met: boolean;
}

const CASES: { endpoint: string; input: Record<string, unknown> }[] = [
  { endpoint: 'enrich-token-full', input: { mint: CAST.TOKEN_SAFE.address, include_holders: true } },
  // Composite: its nested enrich-token-full analysis and whale reads must coalesce too.
  { endpoint: 'due-diligence', input: { mint: CAST.TOKEN_CAUTION.address } },
];

const LEGS = ['wallet_assets', 'market_data', 'price_aggregator', 'defi_data', 'chain_rpc', 'launchpad'] as const;

/** Counts how often the cache actually runs a computation for `key` (a coalesced caller does not). */
function counting(inner: Cache, keyPrefix: string): { cache: Cache; runs: () => number } {
  let runs = 0;
  const cache: Cache = {
    kind: inner.kind,
    getOrCompute: (key, ttl, compute) => inner.getOrCompute(key, ttl, () => {
      if (key.startsWith(keyPrefix)) runs++;
      return compute();
    }),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
  return { cache, runs: () => runs };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureCoalescing(service: RunningService, concurrent = 100, latencyMs = 50): Promise<CoalescingResult> {
  const providers = service.sandbox!.providers!;
  const rows: CoalescingRow[] = [];
  const counter = countingSources(service);
  try {
    for (const leg of LEGS) providers.faults.set(leg, { latencyMs });
    for (const c of CASES) {
      // The reference: one cold call, alone.
      counter.reset();
      await executeWith(service, createMemoryCache(), c.endpoint, c.input, `coalesce-ref-${c.endpoint}`, counter.sources);
      const single = counter.byLeg();

      counter.reset();
      const { cache, runs } = counting(createMemoryCache(), `endpoint:${c.endpoint}:`);
      const outcomes = await Promise.all(Array.from({ length: concurrent }, async (_, i) => {
        await sleep(Math.floor((i * 40) / concurrent));
        const t = performance.now();
        const execution = await executeWith(service, cache, c.endpoint, c.input, `coalesce-${c.endpoint}-${i}`, counter.sources);
        return { hit: execution.cache.hit, ms: performance.now() - t, body: JSON.stringify(execution.result.data) };
      }));
      const concurrentByLeg = counter.byLeg();
      const sameAnswer = outcomes.every((o) => o.body === outcomes[0]!.body);
      const equalToSingle = Object.keys({ ...single, ...concurrentByLeg }).every((leg) => (single[leg] ?? 0) === (concurrentByLeg[leg] ?? 0));
      rows.push({
        endpoint: c.endpoint, input: c.input, concurrent_calls: concurrent, single_call_by_leg: single, concurrent_by_leg: concurrentByLeg,
        handler_runs: runs(), shared_answers: outcomes.filter((o) => o.hit).length,
        max_e2e_ms: Math.round(Math.max(...outcomes.map((o) => o.ms))),
        met: sameAnswer && equalToSingle && runs() === 1,
      });
    }
  } finally {
    providers.faults.clear();
  }
  return { injected_latency_ms: latencyMs, rows, met: rows.every((r) => r.met) };
}

export function formatCoalescing(r: CoalescingResult): string[] {
  const lines = [`coalescing: concurrent identical cold calls, arriving over 40 ms, ${r.injected_latency_ms} ms injected per source request (target: one cold call's upstream fetches in all: ${r.met ? 'met' : 'NOT met'}):`];
  const legs = (m: Record<string, number>) => Object.entries(m).map(([k, v]) => `${k} ${v}`).join(', ');
  for (const row of r.rows) {
    lines.push(`  ${row.endpoint.padEnd(18)} ${row.concurrent_calls} calls → handler ran ${row.handler_runs}×, ${row.shared_answers} shared answers, slowest ${row.max_e2e_ms} ms (${row.met ? 'met' : 'NOT met'})`);
    lines.push(`    upstream per leg, 1 call: ${legs(row.single_call_by_leg)}`);
    lines.push(`    upstream per leg, ${row.concurrent_calls} calls: ${legs(row.concurrent_by_leg)}`);
  }
  return lines;
}
