/**
 * `npm run bench`: throughput and latency on loopback, measured in one run so ratios are meaningful.
 * A bare Fastify baseline, the unpaid 402 challenge path, free routes, an invalid-input refusal; free cached
 * calls against the baseline; paid calls with pre-signed payments against a reference @x402/express server and
 * against viem's signature-recovery rate (both measured in this run); cold fan-out with injected source
 * latency; coalescing of identical cold calls; upstream requests per cold call; batch-enrich parallelism;
 * wallet-graph's upstream-call budget; exact vs batch-settlement on realistic block times (bench/schemes.ts);
 * history reads; the discovery endpoints' cold latency; p50/p99 of every endpoint; resident memory after 60 s of mixed load;
 * alert-stream fan-out and crossing → delivery latency (bench/streams.ts). Targets and how to read them: docs/performance.md.
 * Writes bench/results.json.
 */
import { writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../src/config/index.js';
import { startService } from '../src/service.js';
import { measureBatch } from './batch.js';
import { liveTokenAnswer, measureHistoryReads } from './history.js';
import { countUpstreamCalls, measureFanout } from './fanout.js';
import { measureWalletGraph } from './wallet-graph.js';
import { measureDiscoveryLatency } from './discovery.js';
import { formatRecovery, measureRecovery } from './recovery.js';
import { formatFreeCached, measureFreeCached } from './free-cached.js';
import { comparePaid, formatPaid, measurePaid, type PaidResult } from './paid.js';
import { measureReference, ourPaidAnswer } from './reference-express.js';
import { startChainProcess } from './pay-kit.js';
import { formatRealisticBlocks, measureRealisticBlocks } from './realistic-blocks.js';
import { formatSchemes, measureSchemes, schemesOptionsFromEnv } from './schemes.js';
import { formatColdFanout, measureColdFanout } from './fanout.js';
import { formatCoalescing, measureCoalescing } from './coalescing.js';
import { formatLatency, measureLatency } from './latency.js';
import { formatMemory, measureMemory } from './memory.js';
import { formatStreams, measureStreams } from './streams.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const PAID_CALLS = Number(process.env.BENCH_PAID_CALLS ?? 2000);
/** The reference is 3–8× slower: 1,000 calls give it a steady-state window of 3–9 s (400 flattered it: warm-up weighed more). */
const REFERENCE_PAID_CALLS = Number(process.env.BENCH_REFERENCE_PAID_CALLS ?? 1000);
/**
 * Paid-call latency on chains with realistic block times (bench/realistic-blocks.ts): on by default (about 20 s);
 * `BENCH_REALISTIC_BLOCKS=0` skips it.
 */
const REALISTIC_BLOCKS = process.env.BENCH_REALISTIC_BLOCKS !== '0';
const REALISTIC_PAID_CALLS = Number(process.env.BENCH_REALISTIC_PAID_CALLS ?? 200);
/**
 * The schemes table (docs/performance.md, '`exact` vs `batch-settlement`') (bench/schemes.ts: exact on Solana and Base vs batch-settlement, about 1 min): it needs
 * realistic block times, so `BENCH_REALISTIC_BLOCKS=0` skips it too; `BENCH_SCHEMES=0` skips only it.
 */
const SCHEMES = REALISTIC_BLOCKS && process.env.BENCH_SCHEMES !== '0';
const CONNECTIONS = 32;

interface Row {
  name: string;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
}

async function measure(name: string, opts: autocannon.Options): Promise<Row> {
  // Warm-up, excluded from the figures.
  await autocannon({ ...opts, duration: 1, connections: CONNECTIONS });
  const r = await autocannon({ ...opts, duration: DURATION_S, connections: CONNECTIONS });
  return { name, requests_per_s: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99, non_2xx: r.non2xx };
}

const baseline = Fastify();
baseline.get('/', async () => ({ ok: true, service: 'baseline' }));
await baseline.listen({ host: '127.0.0.1', port: 0 });
const baselineUrl = `http://127.0.0.1:${(baseline.server.address() as { port: number }).port}/`;

// The sandbox chains run in their own process, as a real chain never shares the server's: what a paid call
// costs the chain (executing the transfer, recovering signatures) is not billed to the service, for ours and
// the reference alike.
const chain = await startChainProcess();
const service = await startService(
  // Jobs off: their upstream requests would land in the per-call counts.
  { ...loadConfig({ DATA_MODE: 'sandbox', LOG_LEVEL: 'silent', FREE_ROUTE_LIMIT_PER_MINUTE: '100000000', DEMO_LIMIT_PER_HOUR: '100000000', JOBS_ENABLED: 'false', ...chain.env }), port: 0, dataDir: mkdtempSync(join(tmpdir(), 'oea-bench-')) },
);

const rows: Row[] = [];
rows.push(await measure('baseline: bare Fastify GET', { url: baselineUrl }));
rows.push(await measure('402 challenge: unpaid enrich-token-full', {
  url: `${service.url}/entrypoints/enrich-token-full/invoke`, method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' }),
}));
rows.push(await measure('402 with input_errors: unpaid invalid whale-watch', {
  url: `${service.url}/entrypoints/whale-watch/invoke`, method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ mint: 'bad', threshold_usd: 1 }),
}));
rows.push(await measure('free route: GET /llms.txt', { url: `${service.url}/llms.txt` }));

const freeCached = await measureFreeCached(service, rows[0]!.requests_per_s, { durationS: DURATION_S, connections: CONNECTIONS });
const recovery = await measureRecovery();
const paidAnswer = await ourPaidAnswer(service);
const ours: PaidResult[] = [];
const reference: PaidResult[] = [];
for (const network of ['base', 'solana'] as const) {
  ours.push(await measurePaid(service, { network, count: PAID_CALLS }));
  reference.push(await measureReference(service, { network, count: REFERENCE_PAID_CALLS, ...paidAnswer }));
}
const paid = comparePaid(ours, reference, recovery.reference_per_s);
const coldFanout = await measureColdFanout(service, 50);
const coalescing = await measureCoalescing(service);
const latency = await measureLatency(service);
const fanout = await measureFanout(service, 50);
const upstreamCalls = await countUpstreamCalls(service);
const walletGraph = await measureWalletGraph(service);
const liveToken = await liveTokenAnswer(service);
const discovery = await measureDiscoveryLatency(service);

await service.close();
await chain.close();
await baseline.close();
// Its own service, with the sandbox providers in a child process (see bench/batch.ts).
const batch = await measureBatch();
const history = await measureHistoryReads(liveToken);
// Its own processes (the service as a child, measured from inside by a probe).
const memory = await measureMemory(60, 250, { compiled: true });
// Its own chain process (with realistic block times) and service.
const realisticBlocks = REALISTIC_BLOCKS ? await measureRealisticBlocks(REALISTIC_PAID_CALLS) : undefined;
// Its own chain process (realistic block times) and service too.
const schemes = SCHEMES ? await measureSchemes(schemesOptionsFromEnv()) : undefined;
// Its own service (jobs off, its own sandbox clock): alert-stream fan-out and crossing → delivery latency.
const streams = await measureStreams();

const base = rows[0]!.requests_per_s;
console.log(`\n${'scenario'.padEnd(52)} ${'req/s'.padStart(8)} ${'vs base'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`);
for (const r of rows) {
  console.log(`${r.name.padEnd(52)} ${String(r.requests_per_s).padStart(8)} ${`${Math.round((r.requests_per_s / base) * 100)}%`.padStart(8)} ${String(r.p50_ms).padStart(7)} ${String(r.p99_ms).padStart(7)}`);
}
for (const block of [formatFreeCached(freeCached), formatRecovery(recovery), formatPaid(paid), ...(realisticBlocks ? [formatRealisticBlocks(realisticBlocks)] : []), ...(schemes ? [formatSchemes(schemes)] : []), formatColdFanout(coldFanout), formatCoalescing(coalescing), formatMemory(memory), formatLatency(latency), formatStreams(streams)]) {
  console.log('');
  for (const line of block) console.log(line);
}
console.log(`\ncold enrich-token-full, ${fanout.injected_latency_ms} ms injected per source request (${fanout.calls} calls, medians):`);
console.log(`  end-to-end ${fanout.median_e2e_ms} ms vs slowest leg ${fanout.median_slowest_leg_ms} ms → ratio ${fanout.ratio} (target ≤ ${fanout.target_ratio}: ${fanout.met ? 'met' : 'NOT met'})`);
console.log(`  legs: ${Object.entries(fanout.legs_ms).map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
console.log('\nupstream requests per cold call:');
for (const r of upstreamCalls) console.log(`  ${r.endpoint.padEnd(22)} ${String(r.upstream_requests).padStart(3)} requests  (${r.e2e_ms} ms, no injected latency)`);
console.log(`\nbatch-enrich of ${batch.batch_size} cold addresses vs one cold enrich (target ≤ ${batch.target_ratio}×, concurrency ${batch.concurrency}):`);
for (const r of batch.rows) {
  console.log(`  ${String(r.injected_latency_ms).padStart(3)} ms injected, ${r.type.padEnd(6)} single ${r.single_cold_ms} ms, batch ${r.batch_cold_ms} ms → ${r.ratio}× (${r.met ? 'met' : 'NOT met'}; ${r.upstream_requests_single} / ${r.upstream_requests_batch} upstream requests)`);
}
console.log(`\nwallet-graph upstream requests (budget: depth 1 ≤ ${walletGraph.budget.depth1}, depth 2 ≤ ${walletGraph.budget.depth2}):`);
for (const r of walletGraph.rows) {
  console.log(`  ${r.wallet.padEnd(22)} depth ${r.depth}, ${String(r.injected_latency_ms).padStart(2)} ms injected: ${r.upstream_requests} requests (${r.within_budget ? 'within' : 'OVER'} budget), ${r.neighbours_expanded} expanded, ${r.e2e_ms} ms`);
}
console.log(`\nhistory reads (${history.subjects} subjects × ${history.days_stored} days; ${history.points_7d} vs ${history.points_30d} points):`);
console.log(`  store.getSnapshots: 7 d ${history.store.read_7d_us} µs, 30 d ${history.store.read_30d_us} µs → ${history.store.ratio}× (linear in points; 30 d on a 20-subject table: ${history.store_small_table_30d_us} µs)`);
console.log(`  token-trend call: 7 d ${history.endpoint.read_7d_us} µs, 30 d ${history.endpoint.read_30d_us} µs → ${history.endpoint.ratio}× (target ≤ ${history.target_ratio}: ${history.met ? 'met' : 'NOT met'})`);
console.log(`\ndiscovery endpoints, cold (every source read), sandbox (deadline ${discovery.deadline_ms} ms: ${discovery.met ? 'every call within it' : 'NOT all within it'}):`);
for (const r of discovery.rows) {
  console.log(`  ${r.endpoint.padEnd(22)} p50 ${String(r.p50_ms).padStart(5)} ms  p95 ${String(r.p95_ms).padStart(5)} ms  max ${String(r.max_ms).padStart(5)} ms${r.errors.length ? `  errors: ${r.errors.join('; ')}` : ''}`);
}
writeFileSync('bench/results.json', JSON.stringify({ measured_at: new Date().toISOString(), duration_s: DURATION_S, connections: CONNECTIONS, rows, free_cached: freeCached, recovery, paid, ...(realisticBlocks ? { realistic_blocks: realisticBlocks } : {}), ...(schemes ? { schemes } : {}), cold_fanout: coldFanout, coalescing, memory, latency, fanout, upstream_calls: upstreamCalls, batch, wallet_graph: walletGraph, history, discovery, streams }, null, 2));
console.log('\nwritten to bench/results.json');
