/**
 * The schemes table (docs/performance.md): `exact` on Solana, `exact` on Base and `batch-settlement` on Base, side by side in one run,
 * on chains with realistic block times (Base a block every 2 s, Solana 400 ms slots; bench/realistic-blocks.ts), all
 * paying the same paid cached call (enrich-token-light, bench/paid.ts). Part of `npm run bench` unless
 * `BENCH_REALISTIC_BLOCKS=0` or `BENCH_SCHEMES=0`; alone: `node --import tsx bench/schemes.ts`.
 *
 * Per scheme, with payments pre-signed before each timed window:
 * - latency: one payer, one call at a time (p50/p99) — what a call adds, without queueing behind others;
 * - throughput: `payers` payers at once, each one call at a time (a batch-settlement channel serves one call at a
 *   time, so each payer has its own channel; exact gets the same number of concurrent payers): calls/s over the
 *   window's wall time;
 * - on-chain transactions per paid call, counted on the chain: Base by the facilitator's nonce (it sends every
 *   transaction: exact's transfers, batch-settlement's deposits, claim and settle), Solana by the chain's landed
 *   transaction count. batch-settlement is counted over exactly `batchCalls` paid calls (each payer's depositing
 *   call included) after one run of the claims job; exact over fewer calls, since each waits for a block — its
 *   per-1,000 figure is extrapolated only when the count is exactly one transaction per call (and said so).
 * Plus the free cached call (launchpad-pairs, one at a time) as the reference, and the two goals of docs/performance.md.
 * With `BENCH_SCHEMES_PAYERS=1` every batch-settlement call is on one channel (one deposit, then vouchers): the
 * one-channel figures (transactions per 1,000 calls of a single payer, the voucher latency on one channel).
 */
import { pathToFileURL } from 'node:url';
import { createSolanaRpc } from '@solana/kit';
import { loadConfig } from '../src/config/index.js';
import { evmFacilitatorAddress } from '../src/payments/facilitator/evm.js';
import { deriveSandboxIdentities } from '../src/payments/sandbox-identities.js';
import { REALISTIC_BLOCK_MS } from '../src/sandbox/chain-faults.js';
import type { RunningService } from '../src/service.js';
import { facilitatorNonce, freeCachedSamples, openBatchChannel, runClaimsJob, sendPaid } from './batch-settlement.js';
import { paidRoute, PAID_ENDPOINT, sandboxRpcs } from './paid.js';
import { fetchChallenge, payeeBalance, presign, type BenchNetwork } from './pay-kit.js';
import { percentile } from './percentile.js';
import { startRealisticService } from './realistic-blocks.js';

export interface SchemesOptions {
  /** Concurrent payers in the throughput window (default 8). */
  payers: number;
  /** batch-settlement paid calls in all (default 1,000): `payers` deposits, a sequential run on one channel, then every channel at once. */
  batchCalls: number;
  /** exact: calls one at a time on one payer, per network (default 20). */
  exactSequentialCalls: number;
  /** exact: calls per payer in the throughput window (default 4). */
  exactCallsPerPayer: number;
}

export interface SchemeRow {
  scheme: 'exact' | 'batch-settlement';
  network: BenchNetwork;
  /** One payer, one call at a time. */
  latency: { calls: number; p50_ms: number; p99_ms: number };
  throughput: { payers: number; calls: number; elapsed_s: number; calls_per_s: number; p50_ms: number; p99_ms: number };
  /** Paid calls counted for transactions (batch-settlement: the depositing calls too). */
  paid_calls: number;
  non_2xx: number;
  transactions: number;
  transactions_counted_by: string;
  /** Measured when paid_calls is 1,000; extrapolated only at exactly one transaction per call; otherwise null. */
  transactions_per_1000_calls: number | null;
  per_1000_basis: 'measured' | 'extrapolated (exactly one transaction per call)' | 'not extrapolated';
  /** Payee's on-chain USDC gain over the counted calls, and whether it is exactly paid_calls × price. */
  settled_atomic: string;
  all_settled: boolean;
}

export interface SchemesResult {
  block_ms: { base: number; solana: number };
  endpoint: string;
  options: SchemesOptions;
  free_cached: { calls: number; p50_ms: number; p99_ms: number };
  rows: SchemeRow[];
  goals: {
    /** batch-settlement p50 − free cached p50 (one at a time), target ≤ 2 ms. */
    latency: { gap_ms: number; target_ms: number; met: boolean };
    /** batch-settlement transactions per 1,000 calls, target ≤ 10 (≤ 1 per 100). */
    transactions: { per_1000: number; target_per_1000: number; met: boolean };
  };
}

export const DEFAULT_SCHEMES_OPTIONS: SchemesOptions = { payers: 8, batchCalls: 1000, exactSequentialCalls: 20, exactCallsPerPayer: 4 };

const round = (ms: number) => Math.round(ms * 100) / 100;
const stats = (ms: number[]) => ({ p50_ms: round(percentile(ms, 50)), p99_ms: round(percentile(ms, 99)) });

/** Every sequence at once, each one call at a time: all wall times, non-2xx, and the window's seconds. */
async function sendConcurrently(service: RunningService, sequences: string[][]): Promise<{ ms: number[]; non_2xx: number; elapsed_s: number }> {
  const started = performance.now();
  const runs = await Promise.all(sequences.map((headers) => sendPaid(service, headers)));
  return { ms: runs.flatMap((r) => r.ms), non_2xx: runs.reduce((n, r) => n + r.non_2xx, 0), elapsed_s: (performance.now() - started) / 1000 };
}

function throughputOf(payers: number, run: { ms: number[]; elapsed_s: number; non_2xx: number }): SchemeRow['throughput'] {
  const ok = run.ms.length - run.non_2xx;
  return { payers, calls: run.ms.length, elapsed_s: round(run.elapsed_s), calls_per_s: round(ok / run.elapsed_s), ...stats(run.ms) };
}

/** Counts a chain's transactions: the facilitator's nonce on Base, landed transactions on Solana. */
function transactionCounter(service: RunningService, network: BenchNetwork, facilitator: `0x${string}`): { by: string; read(): Promise<number> } {
  if (network === 'base') return { by: "the facilitator's nonce on Base", read: () => facilitatorNonce(service, facilitator) };
  const rpc = createSolanaRpc(sandboxRpcs(service).solanaRpcUrl);
  return { by: "the Solana chain's landed transactions (getEpochInfo.transactionCount)", read: async () => Number((await rpc.getEpochInfo().send()).transactionCount) };
}

function perThousand(transactions: number, calls: number): Pick<SchemeRow, 'transactions_per_1000_calls' | 'per_1000_basis'> {
  if (calls === 1000) return { transactions_per_1000_calls: transactions, per_1000_basis: 'measured' };
  if (transactions === calls) return { transactions_per_1000_calls: 1000, per_1000_basis: 'extrapolated (exactly one transaction per call)' };
  return { transactions_per_1000_calls: null, per_1000_basis: 'not extrapolated' };
}

async function measureExact(service: RunningService, network: BenchNetwork, facilitator: `0x${string}`, o: SchemesOptions): Promise<SchemeRow> {
  const rpcs = sandboxRpcs(service);
  const payTo = service.payTo[network];
  const challenge = await fetchChallenge(paidRoute(service));
  const price = BigInt(challenge.accepts.find((a) => a.scheme === 'exact' && a.network.startsWith(network === 'base' ? 'eip155:' : 'solana:'))!.amount);
  const counter = transactionCounter(service, network, facilitator);
  // Signed just before each window: a Solana payment's blockhash lives ~60 s.
  const sequential = (await presign(challenge, network, rpcs, o.exactSequentialCalls)).headers;
  const txsBefore = await counter.read();
  const balanceBefore = await payeeBalance(network, rpcs, payTo);
  const latency = await sendPaid(service, sequential);
  const perPayer = await Promise.all(Array.from({ length: o.payers }, async () => (await presign(challenge, network, rpcs, o.exactCallsPerPayer)).headers));
  const concurrent = await sendConcurrently(service, perPayer);
  const transactions = (await counter.read()) - txsBefore;
  const settled = (await payeeBalance(network, rpcs, payTo)) - balanceBefore;
  const paidCalls = latency.ms.length + concurrent.ms.length;
  const non2xx = latency.non_2xx + concurrent.non_2xx;
  return {
    scheme: 'exact', network,
    latency: { calls: latency.ms.length, ...stats(latency.ms) },
    throughput: throughputOf(o.payers, concurrent),
    paid_calls: paidCalls, non_2xx: non2xx, transactions, transactions_counted_by: counter.by, ...perThousand(transactions, paidCalls),
    settled_atomic: settled.toString(), all_settled: non2xx === 0 && settled === price * BigInt(paidCalls),
  };
}

async function measureBatch(service: RunningService, facilitator: `0x${string}`, o: SchemesOptions): Promise<SchemeRow> {
  const rpcs = sandboxRpcs(service);
  const payTo = service.payTo.base;
  const counter = transactionCounter(service, 'base', facilitator);
  // Calls per channel in the throughput window; the sequential run on channel 0 takes the rest, so the total is exact.
  const perChannel = Math.floor((0.8 * (o.batchCalls - o.payers)) / o.payers);
  const sequentialCalls = o.batchCalls - o.payers - o.payers * perChannel;
  if (perChannel < 1 || sequentialCalls < 1) throw new Error(`batchCalls ${o.batchCalls} is too few for ${o.payers} payers`);
  const txsBefore = await counter.read();
  const balanceBefore = await payeeBalance('base', rpcs, payTo);
  // Each payer's first call deposits (all at once: they land in one block); not in the timed windows.
  const channels = await Promise.all(Array.from({ length: o.payers }, () => openBatchChannel(service)));
  const sequential = await channels[0]!.vouchers(2, 1 + sequentialCalls);
  const latency = await sendPaid(service, sequential);
  const perPayer = await Promise.all(channels.map((c, i) => (i === 0 ? c.vouchers(2 + sequentialCalls, 1 + sequentialCalls + perChannel) : c.vouchers(2, 1 + perChannel))));
  const concurrent = await sendConcurrently(service, perPayer);
  await runClaimsJob(service);
  const transactions = (await counter.read()) - txsBefore;
  const settled = (await payeeBalance('base', rpcs, payTo)) - balanceBefore;
  const paidCalls = o.payers + latency.ms.length + concurrent.ms.length;
  const non2xx = latency.non_2xx + concurrent.non_2xx;
  return {
    scheme: 'batch-settlement', network: 'base',
    latency: { calls: latency.ms.length, ...stats(latency.ms) },
    throughput: throughputOf(o.payers, concurrent),
    paid_calls: paidCalls, non_2xx: non2xx, transactions,
    transactions_counted_by: `${counter.by}, after one claims-job run (${o.payers} deposits + claim + settle)`, ...perThousand(transactions, paidCalls),
    settled_atomic: settled.toString(), all_settled: non2xx === 0 && settled === channels[0]!.price * BigInt(paidCalls),
  };
}

/** The whole table on one service joined to realistic-block chains in their own process. */
export async function measureSchemes(options: Partial<SchemesOptions> = {}): Promise<SchemesResult> {
  const o = { ...DEFAULT_SCHEMES_OPTIONS, ...options };
  const { service, close } = await startRealisticService();
  try {
    const facilitator = evmFacilitatorAddress(deriveSandboxIdentities(loadConfig({ DATA_MODE: 'sandbox' }).sandboxSeed).facilitatorEvmKey);
    // The answer is cached by the first paid call (untimed, uncounted).
    const warm = await presign(await fetchChallenge(paidRoute(service)), 'solana', sandboxRpcs(service), 1);
    if ((await sendPaid(service, warm.headers)).non_2xx) throw new Error('the warm-up paid call failed');
    const rows = [await measureExact(service, 'solana', facilitator, o), await measureExact(service, 'base', facilitator, o), await measureBatch(service, facilitator, o)];
    const free = await freeCachedSamples(service, 500);
    const batch = rows[2]!;
    const gap = round(batch.latency.p50_ms - percentile(free, 50));
    const perThousandBatch = batch.transactions_per_1000_calls ?? (batch.transactions * 1000) / batch.paid_calls;
    return {
      block_ms: { base: REALISTIC_BLOCK_MS.base, solana: REALISTIC_BLOCK_MS.solana }, endpoint: PAID_ENDPOINT, options: o,
      free_cached: { calls: free.length, ...stats(free) }, rows,
      goals: {
        latency: { gap_ms: gap, target_ms: 2, met: gap <= 2 },
        // Only counts if every call was paid and settled (a refused call would flatter the ratio).
        transactions: { per_1000: round(perThousandBatch), target_per_1000: 10, met: batch.all_settled && perThousandBatch <= 10 },
      },
    };
  } finally {
    await close();
  }
}

export function formatSchemes(r: SchemesResult): string[] {
  const lines = [
    `x402 schemes on realistic block times (Base ${r.block_ms.base} ms blocks, Solana ${r.block_ms.solana} ms slots), paid cached ${r.endpoint}; `
      + `latency one call at a time, throughput ${r.options.payers} payers at once (one call at a time each):`,
    `  ${'scheme'.padEnd(24)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'calls'.padStart(6)} ${'calls/s'.padStart(8)} ${'txs/calls'.padStart(10)} ${'txs/1,000 calls'.padStart(16)}  settled`,
  ];
  for (const row of r.rows) {
    const per1000 = row.transactions_per_1000_calls === null ? 'n/a' : `${row.transactions_per_1000_calls}${row.per_1000_basis === 'measured' ? '' : ' (extrap.)'}`;
    lines.push(`  ${`${row.scheme} ${row.network}`.padEnd(24)} ${String(row.latency.p50_ms).padStart(8)} ${String(row.latency.p99_ms).padStart(8)} ${String(row.latency.calls).padStart(6)} `
      + `${String(row.throughput.calls_per_s).padStart(8)} ${`${row.transactions}/${row.paid_calls}`.padStart(10)} ${per1000.padStart(16)}  `
      + `${row.all_settled ? 'all on chain' : `NOT all (${row.non_2xx} non-2xx, ${row.settled_atomic} atomic received)`}`);
  }
  lines.push(`  ${'free cached (reference)'.padEnd(24)} ${String(r.free_cached.p50_ms).padStart(8)} ${String(r.free_cached.p99_ms).padStart(8)} ${String(r.free_cached.calls).padStart(6)}`);
  lines.push(`  throughput windows: ${r.rows.map((x) => `${x.scheme} ${x.network} ${x.throughput.calls} calls in ${x.throughput.elapsed_s} s (p50 ${x.throughput.p50_ms} ms under load)`).join('; ')}`);
  const g = r.goals;
  lines.push(`  goal: batch-settlement p50 within ${g.latency.target_ms} ms of a free cached call: +${g.latency.gap_ms} ms (${g.latency.met ? 'met' : 'NOT met'})`);
  lines.push(`  goal: ≤ 1 on-chain transaction per 100 calls: batch-settlement ${g.transactions.per_1000} per 1,000 (${g.transactions.met ? 'met' : 'NOT met'})`);
  return lines;
}

/** Options from BENCH_SCHEMES_* (defaults above). */
export function schemesOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SchemesOptions {
  const n = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
  const d = DEFAULT_SCHEMES_OPTIONS;
  return {
    payers: n('BENCH_SCHEMES_PAYERS', d.payers), batchCalls: n('BENCH_SCHEMES_BATCH_CALLS', d.batchCalls),
    exactSequentialCalls: n('BENCH_SCHEMES_EXACT_CALLS', d.exactSequentialCalls), exactCallsPerPayer: n('BENCH_SCHEMES_EXACT_CALLS_PER_PAYER', d.exactCallsPerPayer),
  };
}

// Run alone: prints the table and the result as JSON (bench/results.json is written by the full bench only).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureSchemes(schemesOptionsFromEnv());
  for (const line of formatSchemes(result)) console.log(line);
  console.log(JSON.stringify(result));
}
