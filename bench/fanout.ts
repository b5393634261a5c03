/**
 * Cold fan-out: with a fixed latency injected into every sandbox source, a cold call must take about as
 * long as its slowest leg (legs run in parallel), not the sum. Measured on the endpoint's handler with
 * the running service's real source clients (loopback HTTP to the sandbox providers), so payment
 * settlement (which waits for a chain confirmation) does not blur the figure. Also counts the upstream
 * requests one cold call of each endpoint makes.
 */
import { benchContext } from './context.js';
import { buildRegistry } from '../src/registry/index.js';
import type { RunningService } from '../src/service.js';
import { CAST, CAST_SIGNATURE } from '../src/sandbox/world/index.js';

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
  const handler = buildRegistry().get('enrich-token-full')!.def.handler!;
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
  const registry = buildRegistry();
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
