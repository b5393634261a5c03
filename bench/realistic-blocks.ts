/**
 * Paid calls against chains with realistic block times (part of `npm run bench` unless `BENCH_REALISTIC_BLOCKS=0`, or alone:
 * `node --import tsx bench/realistic-blocks.ts`): the sandbox chains in their own process with
 * `realisticBlockTimes` (Base a block every 2 s, Solana 400 ms slots confirmed one slot after landing;
 * docs/sandbox.md#chain-faults), a service joined to them, and the paid cached call of bench/paid.ts on each
 * network. What it shows is the latency a payer sees when settlement waits for a real chain's confirmation;
 * throughput is bounded by the connections over that latency, not by the service's CPU.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config/index.js';
import { REALISTIC_BLOCK_MS } from '../src/sandbox/chain-faults.js';
import { startService, type RunningService } from '../src/service.js';
import { measurePaid, PAID_ENDPOINT, type PaidResult } from './paid.js';
import { startChainProcess } from './pay-kit.js';

export interface RealisticBlocksResult {
  block_ms: { base: number; solana: number };
  connections: number;
  runs: PaidResult[];
}

const CONNECTIONS = 32;

/** A service joined to sandbox chains with realistic block times in their own process; `close` stops both. */
export async function startRealisticService(): Promise<{ service: RunningService; close(): Promise<void> }> {
  const chain = await startChainProcess({ faults: { solana: { realisticBlockTimes: true }, base: { realisticBlockTimes: true } } });
  try {
    const service = await startService({
      ...loadConfig({
        DATA_MODE: 'sandbox', LOG_LEVEL: 'silent', FREE_ROUTE_LIMIT_PER_MINUTE: '100000000', DEMO_LIMIT_PER_HOUR: '100000000', JOBS_ENABLED: 'false', ...chain.env,
      }),
      port: 0, dataDir: mkdtempSync(join(tmpdir(), 'oea-bench-blocks-')),
    });
    return { service, close: async () => { await service.close(); await chain.close(); } };
  } catch (err) {
    await chain.close();
    throw err;
  }
}

export async function measureRealisticBlocks(count: number): Promise<RealisticBlocksResult> {
  const { service, close } = await startRealisticService();
  try {
    const runs: PaidResult[] = [];
    for (const network of ['base', 'solana'] as const) {
      runs.push({ ...(await measurePaid(service, { network, count, connections: CONNECTIONS, warmup: CONNECTIONS })), name: `ours: paid ${PAID_ENDPOINT}, realistic blocks` });
    }
    return { block_ms: { base: REALISTIC_BLOCK_MS.base, solana: REALISTIC_BLOCK_MS.solana }, connections: CONNECTIONS, runs };
  } finally {
    await close();
  }
}

export function formatRealisticBlocks(r: RealisticBlocksResult): string[] {
  const lines = [`paid cached call on realistic block times (Base ${r.block_ms.base} ms blocks, Solana ${r.block_ms.solana} ms slots, confirmed one slot after landing; ${r.connections} connections):`];
  for (const run of r.runs) {
    lines.push(`  ${run.network.padEnd(6)} p50 ${String(run.p50_ms).padStart(5)} ms  p99 ${String(run.p99_ms).padStart(5)} ms  ${String(run.calls_per_s).padStart(4)} calls/s  `
      + `non-2xx ${run.non_2xx + run.errors}  ${run.all_settled ? `all ${run.count} settled on chain` : `NOT all settled (${run.ok_2xx}/${run.count} 2xx)`}`);
  }
  return lines;
}

// Run alone: prints the figures (bench/results.json is written by the full bench only).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureRealisticBlocks(Number(process.env.BENCH_REALISTIC_PAID_CALLS ?? 200));
  for (const line of formatRealisticBlocks(result)) console.log(line);
}
