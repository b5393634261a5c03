/**
 * wallet-graph's fan-out: upstream requests and latency of a cold depth-1 and depth-2 call, against the
 * documented budget (docs/wallet-graph.md: depth 1 ≤ 2 requests, depth 2 ≤ 2 + 8). Measured on the
 * handler with the running service's real source clients (loopback HTTP to the sandbox providers), like
 * bench/fanout.ts, so every call is cold (no result cache) and payment settlement does not blur the
 * figure. Cases: the sybil ring (short history, 5 neighbours) and the airdrop farmer (full pages and
 * more neighbours than the expansion limit: the worst case). With `latencyMs` injected into every
 * sandbox source, depth 2 costs about (root pages + ⌈8 / 4⌉) round trips, not 10.
 */
import { benchContext } from './context.js';
import { EXPAND_LIMIT, ROOT_PAGES } from '../src/endpoints/shared/wallet-graph-histories.js';
import { buildServiceRegistry } from '../src/endpoints/index.js';
import type { RunningService } from '../src/service.js';
import { CAST_ADDRESS } from '../src/sandbox/world/index.js';

export interface WalletGraphRow {
  wallet: string;
  depth: 1 | 2;
  injected_latency_ms: number;
  upstream_requests: number;
  budget: number;
  within_budget: boolean;
  neighbours_expanded: number;
  e2e_ms: number;
}

export interface WalletGraphBench {
  budget: { depth1: number; depth2: number };
  rows: WalletGraphRow[];
  all_within_budget: boolean;
}


export async function measureWalletGraph(service: RunningService, latencyMs = 50): Promise<WalletGraphBench> {
  const providers = service.sandbox!.providers!;
  const handler = buildServiceRegistry().get('wallet-graph')!.def.handler!;
  const budget = { depth1: ROOT_PAGES, depth2: ROOT_PAGES + EXPAND_LIMIT };
  const rows: WalletGraphRow[] = [];
  const cases = [['WALLET_SYBIL_RING', CAST_ADDRESS.WALLET_SYBIL_RING], ['WALLET_AIRDROP_FARMER', CAST_ADDRESS.WALLET_AIRDROP_FARMER]] as const;
  for (const latency of [0, latencyMs]) {
    if (latency > 0) providers.faults.set('wallet_assets', { latencyMs: latency });
    for (const [name, address] of cases) {
      for (const depth of [1, 2] as const) {
        providers.resetCounts();
        const started = performance.now();
        const result = await handler({ address, depth, min_interactions: 1 }, benchContext(service, `bench-graph-${name}-${depth}`));
        const e2e = performance.now() - started;
        const upstream = providers.requestCount();
        const max = depth === 1 ? budget.depth1 : budget.depth2;
        const expansion = (result.data as { expansion: { expanded: string[] } }).expansion;
        rows.push({
          wallet: name, depth, injected_latency_ms: latency, upstream_requests: upstream, budget: max, within_budget: upstream <= max,
          neighbours_expanded: expansion.expanded.length, e2e_ms: Math.round(e2e),
        });
      }
    }
  }
  providers.faults.clear();
  return { budget, rows, all_within_budget: rows.every((r) => r.within_budget) };
}
