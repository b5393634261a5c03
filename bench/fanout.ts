/**
 * Cold fan-out: with a fixed latency injected into every sandbox source, a cold call must take about as
 * long as its slowest leg (legs run in parallel), not the sum. Measured on the endpoint's handler with
 * the running service's real source clients (loopback HTTP to the sandbox providers), so payment
 * settlement (which waits for a chain confirmation) does not blur the figure. Also counts the upstream
 * requests one cold call of each endpoint makes.
 *
 * The widest endpoints (`measureColdFanout`, docs/performance.md): the same for enrich-token-full, due-diligence and trenches-scan, run
 * through the pipeline (src/app/execute.ts, a fresh cache per call) so composite endpoints' nested calls
 * work, with the upstream requests per call counted per provider. `executeWith` is shared with
 * bench/coalescing.ts and bench/latency.ts. Upstream requests are counted at the client (`countingSources`:
 * the calls' own source clients over the same sandbox providers), so the service's background jobs, which
 * hit the same providers, do not land in a call's count as they would in the providers' counters.
 */
import { benchContext } from './context.js';
import { buildServiceRegistry } from '../src/endpoints/index.js';
import type { Registry } from '../src/registry/index.js';
import { execute, type Execution } from '../src/app/execute.js';
import { createMemoryCache } from '../src/cache/memory.js';
import type { Cache } from '../src/cache/types.js';
import type { RunningService } from '../src/service.js';
import { CAST, CAST_SIGNATURE } from '../src/sandbox/world/index.js';
import { loadConfig } from '../src/config/index.js';
import { createSources, type Sources } from '../src/sources/index.js';

export interface FanoutResult {
  injected_latency_ms: number;
  calls: number;
  median_e2e_ms: number;
  median_slowest_leg_ms: number;
  ratio: number;
  target_ratio: number;
  met: boolean;
  legs_ms: Record<string, number>;
}

export interface UpstreamCallsRow {
  endpoint: string;
  input: Record<string, unknown>;
  upstream_requests: number;
  e2e_ms: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};


/** Cast tokens with a market (the handler is called directly, so every call is cold: no result cache). */
function coldMints(count: number): string[] {
  const noMarket = new Set<string>([CAST.TOKEN_NO_MARKET.address, CAST.TOKEN_T22_SOULBOUND.address]);
  return Object.values(CAST).filter((e) => e.kind === 'token' && !noMarket.has(e.address)).map((e) => e.address).slice(0, count);
}

export async function measureFanout(service: RunningService, latencyMs: number, calls = 8): Promise<FanoutResult> {
  const providers = service.sandbox!.providers!;
  for (const leg of ['wallet_assets', 'market_data', 'price_aggregator', 'defi_data', 'chain_rpc'] as const) providers.faults.set(leg, { latencyMs });
  const handler = buildServiceRegistry().get('enrich-token-full')!.def.handler!;
  const e2e: number[] = [];
  const slowest: number[] = [];
  const legs: Record<string, number[]> = {};
  for (const mint of coldMints(calls)) {
    const started = performance.now();
    const result = await handler({ mint, include_holders: true }, benchContext(service, `bench-${mint}`));
    e2e.push(performance.now() - started);
    const timings = result.timings ?? {};
    slowest.push(Math.max(...Object.values(timings)));
    for (const [leg, ms] of Object.entries(timings)) (legs[leg] ??= []).push(ms);
  }
  providers.faults.clear();
  const m = median(e2e);
  const s = median(slowest);
  return {
    injected_latency_ms: latencyMs, calls: e2e.length, median_e2e_ms: Math.round(m), median_slowest_leg_ms: Math.round(s),
    ratio: Math.round((m / s) * 100) / 100, target_ratio: 1.5, met: m <= 1.5 * s,
    legs_ms: Object.fromEntries(Object.entries(legs).map(([k, v]) => [k, Math.round(median(v))])),
  };
}

export async function countUpstreamCalls(service: RunningService): Promise<UpstreamCallsRow[]> {
  const providers = service.sandbox!.providers!;
  const registry = buildServiceRegistry();
  const cases: [string, Record<string, unknown>][] = [
    ['enrich-wallet-light', { address: CAST.WALLET_DEFI.address, depth: 'light' }],
    ['enrich-wallet-full', { address: CAST.WALLET_NFT_COLLECTOR.address, depth: 'full' }],
    ['enrich-token-light', { mint: CAST.TOKEN_SAFE.address, include_holders: false }],
    ['enrich-token-full', { mint: CAST.TOKEN_FLOAT.address, include_holders: true }],
    ['parse-transaction', { signature: CAST_SIGNATURE.TX_SWAP_JUPITER }],
  ];
  const rows: UpstreamCallsRow[] = [];
  for (const [key, input] of cases) {
    providers.resetCounts();
    const started = performance.now();
    await registry.get(key)!.def.handler!(input, benchContext(service, `count-${key}`));
    rows.push({ endpoint: key, input, upstream_requests: providers.requestCount(), e2e_ms: Math.round(performance.now() - started) });
  }
  return rows;
}

// ---- Cold fan-out of the three widest endpoints, through the real cache pipeline ----

/**
 * Runs an endpoint the way the invoke route does after payment (src/app/execute.ts: validation defaults,
 * the cache with coalescing, nested `ctx.call` through that same cache, the answer deadline), with the
 * running service's source clients and store. `cache` is the caller's: a fresh one per call makes it cold.
 */
export async function executeWith(
  service: RunningService, cache: Cache, key: string, input: Record<string, unknown>, requestId: string, sources: Sources = service.sources,
): Promise<Execution> {
  const registry = sharedRegistry();
  const endpoint = registry.get(key);
  if (!endpoint) throw new Error(`bench: unknown endpoint ${key}`);
  const valid = endpoint.validate({ ...input });
  if (!valid.ok) throw new Error(`bench: invalid input for ${key}: ${JSON.stringify(valid.issues)}`);
  const base = benchContext(service, requestId);
  return execute({
    endpoint, input: valid.value, cache, deadlineMs: 15_000, registry,
    context: { requestId, now: base.now, timers: base.timers, dataMode: 'sandbox', sources, store: base.store, entities: base.entities, riskyPrograms: base.riskyPrograms },
  });
}

export interface CountingSources {
  sources: Sources;
  reset(): void;
  /** Requests sent since the last reset, per provider leg (legs with none left out). */
  byLeg(): Record<string, number>;
  total(): number;
}

/**
 * Source clients of their own over the service's sandbox providers, counting every request they send
 * per provider leg. The clients capture `fetch` when they are built: it is swapped for a counting one
 * only for that moment, so nothing else in the process is counted or affected.
 */
export function countingSources(service: RunningService): CountingSources {
  const providers = service.sandbox!.providers!;
  const bases = Object.entries(providers.servers).map(([leg, server]) => [leg, server.url.replace(/\/$/, '')] as const);
  const counts = new Map<string, number>();
  const original = globalThis.fetch;
  const counting: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const leg = bases.find(([, base]) => url.startsWith(base))?.[0] ?? 'other';
    counts.set(leg, (counts.get(leg) ?? 0) + 1);
    return original(input, init);
  };
  const config = loadConfig({ DATA_MODE: 'sandbox' });
  let sources: Sources;
  globalThis.fetch = counting;
  try {
    sources = createSources(providers.urls, {}, { timeoutMs: config.sourceTimeoutMs, retries: config.sourceRetries });
  } finally {
    globalThis.fetch = original;
  }
  return {
    sources,
    reset: () => counts.clear(),
    byLeg: () => Object.fromEntries([...counts].filter(([, n]) => n > 0)),
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
  };
}

let registryOnce: Registry | undefined;
/** Compiling the registry's validators takes a while: once per bench process. */
export function sharedRegistry(): Registry {
  return (registryOnce ??= buildServiceRegistry());
}

export interface ColdFanoutRow {
  endpoint: string;
  input: Record<string, unknown>;
  calls: number;
  median_e2e_ms: number;
  /** The slowest of the legs the endpoint reports in its timings (Server-Timing), median over the calls. */
  median_slowest_leg_ms: number;
  ratio: number;
  met: boolean;
  /** Median of (end-to-end − slowest reported leg): work after (or before) the parallel legs, e.g. a dependent stage. */
  outside_legs_ms: number;
  /** Upstream (sandbox provider) requests per cold call, median; per leg (provider) beside it. */
  upstream_requests_per_call: number;
  upstream_by_leg: Record<string, number>;
  legs_ms: Record<string, number>;
}

export interface ColdFanoutResult {
  injected_latency_ms: number;
  target_ratio: number;
  rows: ColdFanoutRow[];
  met: boolean;
}

/** Each call gets its own subject where the endpoint takes one, and always a fresh cache: every call is cold. */
const FANOUT_CASES: { endpoint: string; input: (i: number) => Record<string, unknown> }[] = [
  { endpoint: 'enrich-token-full', input: (i) => ({ mint: coldMints(8)[i % 8]!, include_holders: true }) },
  { endpoint: 'due-diligence', input: (i) => ({ mint: coldMints(8)[i % 8]! }) },
  { endpoint: 'trenches-scan', input: () => ({}) },
];

const FANOUT_LEGS = ['wallet_assets', 'market_data', 'price_aggregator', 'defi_data', 'chain_rpc', 'launchpad'] as const;

/**
 * Cold calls of enrich-token-full, due-diligence and trenches-scan with `latencyMs` injected into every
 * request of every sandbox source: end-to-end time against the slowest leg the endpoint reports
 * (target ≤ 1.5×), and the upstream requests per call, per provider.
 */
export async function measureColdFanout(service: RunningService, latencyMs = 50, calls = 4): Promise<ColdFanoutResult> {
  const providers = service.sandbox!.providers!;
  const rows: ColdFanoutRow[] = [];
  const counter = countingSources(service);
  try {
    for (const leg of FANOUT_LEGS) providers.faults.set(leg, { latencyMs });
    for (const c of FANOUT_CASES) {
      const e2e: number[] = [];
      const slowest: number[] = [];
      const upstream: number[] = [];
      const byLeg: Record<string, number[]> = {};
      const legs: Record<string, number[]> = {};
      for (let i = 0; i < calls; i++) {
        counter.reset();
        const started = performance.now();
        const { result } = await executeWith(service, createMemoryCache(), c.endpoint, c.input(i), `fanout-${c.endpoint}-${i}`, counter.sources);
        e2e.push(performance.now() - started);
        const timings = Object.values(result.timings ?? {});
        slowest.push(timings.length ? Math.max(...timings) : Number.NaN);
        upstream.push(counter.total());
        const legCounts = counter.byLeg();
        for (const leg of Object.keys(providers.servers)) (byLeg[leg] ??= []).push(legCounts[leg] ?? 0);
        for (const [leg, ms] of Object.entries(result.timings ?? {})) (legs[leg] ??= []).push(ms);
      }
      const m = median(e2e);
      const s = median(slowest);
      rows.push({
        endpoint: c.endpoint, input: c.input(0), calls,
        median_e2e_ms: Math.round(m), median_slowest_leg_ms: Math.round(s), ratio: Math.round((m / s) * 100) / 100, met: m <= 1.5 * s,
        outside_legs_ms: Math.round(median(e2e.map((x, k) => x - slowest[k]!))),
        upstream_requests_per_call: median(upstream),
        upstream_by_leg: Object.fromEntries(Object.entries(byLeg).map(([k, v]) => [k, median(v)]).filter(([, v]) => (v as number) > 0)),
        legs_ms: Object.fromEntries(Object.entries(legs).map(([k, v]) => [k, Math.round(median(v))])),
      });
    }
  } finally {
    providers.faults.clear();
  }
  return { injected_latency_ms: latencyMs, target_ratio: 1.5, rows, met: rows.every((r) => r.met) };
}

export function formatColdFanout(r: ColdFanoutResult): string[] {
  const lines = [`cold fan-out, ${r.injected_latency_ms} ms injected per source request (medians; target end-to-end ≤ ${r.target_ratio}× slowest leg: ${r.met ? 'met' : 'NOT met'}):`];
  for (const row of r.rows) {
    lines.push(`  ${row.endpoint.padEnd(18)} ${String(row.median_e2e_ms).padStart(5)} ms vs slowest leg ${String(row.median_slowest_leg_ms).padStart(5)} ms → ${row.ratio}× (${row.met ? 'met' : 'NOT met'}); ` +
      `${row.upstream_requests_per_call} upstream requests/call (${Object.entries(row.upstream_by_leg).map(([k, v]) => `${k} ${v}`).join(', ')})`);
    lines.push(`    legs: ${Object.entries(row.legs_ms).map(([k, v]) => `${k} ${v} ms`).join(', ')}; outside the legs ${row.outside_legs_ms} ms`);
  }
  return lines;
}
