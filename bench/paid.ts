/**
 * Paid cached call: every request carries a fresh, valid x402 v2 payment (pre-signed in bulk before the
 * timed window against the endpoint's real challenge) that the service verifies and settles in-process
 * on the sandbox chain before answering. The answer itself comes from the result cache (filled by the
 * first, untimed call), so the figure is the cost of the payment path. Proven settled: the payee's
 * on-chain USDC balance grows by exactly calls × price.
 *
 * `comparePaid` sets it against the @x402/express reference server (bench/reference-express.ts, same
 * work, target ≥ 5×) and against the reference signature-recovery rate measured in the same run
 * (bench/recovery.ts, target ≥ 4×); `formatPaid` prints the lines.
 */
import type { RunningService } from '../src/service.js';
import { CAST } from '../src/sandbox/world/index.js';
import { drive, fetchChallenge, payeeBalance, presign, type BenchNetwork, type DriveResult, type PaidRoute, type SandboxRpcs } from './pay-kit.js';

export const PAID_ENDPOINT = 'enrich-token-light';
/** A cast mint with a market: a full answer, cached after the first call. */
export const PAID_INPUT = { mint: CAST.TOKEN_SAFE.address, include_holders: false };

export interface PaidOptions {
  network: BenchNetwork;
  /** Timed paid calls (each its own payment). */
  count: number;
  connections?: number;
  /** Untimed paid calls first (JIT, connection pools, caches). */
  warmup?: number;
}

export interface PaidResult extends DriveResult {
  name: string;
  network: BenchNetwork;
  count: number;
  connections: number;
  price_atomic: string;
  payers: number;
  /** Time to pre-sign `count` payments (outside the timed window). */
  sign_ms: number;
  /** Payee balance delta on chain during the timed window, in atomic USDC. */
  settled_atomic: string;
  /** Every 2xx was settled on chain: delta = 2xx × price, and nothing failed. */
  all_settled: boolean;
}

export function sandboxRpcs(service: RunningService): SandboxRpcs {
  if (!service.sandbox) throw new Error('the paid bench needs the sandbox chains');
  return { solanaRpcUrl: service.sandbox.solana.url, baseRpcUrl: service.sandbox.base.url };
}

/**
 * Pre-signs, warms up (untimed), then sends `count` paid calls `connections` at a time against `route`,
 * reading the payee's balance around the timed window. Shared with the reference server's bench.
 */
export async function runPaid(
  name: string, route: PaidRoute, rpcs: SandboxRpcs, payTo: string, opts: PaidOptions,
): Promise<PaidResult> {
  const connections = opts.connections ?? 32;
  const warmup = opts.warmup ?? 64;
  const challenge = await fetchChallenge(route);
  const accepted = challenge.accepts.find((a) => a.network.startsWith(opts.network === 'base' ? 'eip155:' : 'solana:'))!;
  if (accepted.payTo !== payTo) throw new Error(`${name}: challenge pays ${accepted.payTo}, expected ${payTo}`);
  // Signed together so the Solana blockhashes are all fresh; warm-up payments go first.
  const signed = await presign(challenge, opts.network, rpcs, warmup + opts.count);
  const warm = await drive(route, signed.headers.slice(0, warmup), Math.min(connections, warmup));
  if (warm.ok_2xx !== warmup) throw new Error(`${name}: warm-up paid calls failed (${warm.non_2xx} non-2xx, ${warm.errors} errors)`);
  const before = await payeeBalance(opts.network, rpcs, payTo);
  const timed = await drive(route, signed.headers.slice(warmup), connections);
  const delta = (await payeeBalance(opts.network, rpcs, payTo)) - before;
  const price = BigInt(accepted.amount);
  return {
    name, network: opts.network, count: opts.count, connections, price_atomic: price.toString(), payers: signed.payers,
    sign_ms: signed.sign_ms, ...timed, settled_atomic: delta.toString(),
    all_settled: timed.ok_2xx === opts.count && timed.non_2xx === 0 && timed.errors === 0 && delta === price * BigInt(opts.count),
  };
}

export function paidRoute(service: RunningService): PaidRoute {
  return { url: `${service.url}/entrypoints/${PAID_ENDPOINT}/invoke`, body: JSON.stringify(PAID_INPUT) };
}

/** Our service: POST /entrypoints/enrich-token-light/invoke, paid on `network`. */
export function measurePaid(service: RunningService, opts: PaidOptions): Promise<PaidResult> {
  return runPaid(`ours: paid ${PAID_ENDPOINT}`, paidRoute(service), sandboxRpcs(service), service.payTo[opts.network], opts);
}

export interface PaidComparisonRow {
  network: BenchNetwork;
  ours_calls_per_s: number;
  reference_calls_per_s: number;
  ratio_vs_reference: number;
  target_vs_reference: number;
  met_vs_reference: boolean;
  /** Reference EIP-712 recoveries/s (viem, one core), measured in the same run; EVM only. */
  recovery_per_s?: number;
  ratio_vs_recovery?: number;
  target_vs_recovery?: number;
  met_vs_recovery?: boolean;
  /** Both runs answered every call 2xx and settled every payment on chain. */
  all_settled: boolean;
}

export interface PaidComparison {
  ours: PaidResult[];
  reference: PaidResult[];
  rows: PaidComparisonRow[];
  met: boolean;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Ours against the reference server per network, and (EVM) against the reference recovery rate. */
export function comparePaid(ours: PaidResult[], reference: PaidResult[], recoveryPerS?: number): PaidComparison {
  const rows: PaidComparisonRow[] = [];
  for (const o of ours) {
    const ref = reference.find((r) => r.network === o.network);
    if (!ref) continue;
    const ratio = round2(o.calls_per_s / Math.max(ref.calls_per_s, 1e-9));
    const row: PaidComparisonRow = {
      network: o.network, ours_calls_per_s: o.calls_per_s, reference_calls_per_s: ref.calls_per_s,
      ratio_vs_reference: ratio, target_vs_reference: 5, met_vs_reference: ratio >= 5,
      all_settled: o.all_settled && ref.all_settled,
    };
    if (o.network === 'base' && recoveryPerS !== undefined && recoveryPerS > 0) {
      const r = round2(o.calls_per_s / recoveryPerS);
      Object.assign(row, { recovery_per_s: Math.round(recoveryPerS), ratio_vs_recovery: r, target_vs_recovery: 4, met_vs_recovery: r >= 4 });
    }
    rows.push(row);
  }
  return { ours, reference, rows, met: rows.length > 0 && rows.every((r) => r.all_settled && r.met_vs_reference && r.met_vs_recovery !== false) };
}

const fmtRun = (r: PaidResult) =>
  `  ${r.name.padEnd(44)} ${r.network.padEnd(6)} ${String(r.calls_per_s).padStart(6)} calls/s  p50 ${String(r.p50_ms).padStart(4)} ms  p99 ${String(r.p99_ms).padStart(5)} ms  `
  + `non-2xx ${r.non_2xx + r.errors}  ${r.all_settled ? `all ${r.count} settled on chain` : `NOT all settled (${r.ok_2xx}/${r.count} 2xx, ${r.settled_atomic} atomic received)`}`;

export function formatPaid(cmp: PaidComparison): string[] {
  const lines = [`paid cached call (${PAID_ENDPOINT}, each request a fresh pre-signed x402 v2 payment, verified and settled in-process):`];
  for (const r of [...cmp.ours, ...cmp.reference]) lines.push(fmtRun(r));
  for (const row of cmp.rows) {
    lines.push(`  ${row.network}: ours ${row.ours_calls_per_s} vs @x402/express ${row.reference_calls_per_s} calls/s → ${row.ratio_vs_reference}× (target ≥ ${row.target_vs_reference}×: ${row.met_vs_reference ? 'met' : 'NOT met'})`);
    if (row.recovery_per_s !== undefined) {
      lines.push(`  ${row.network}: ours ${row.ours_calls_per_s} calls/s vs reference viem recovery ${row.recovery_per_s}/s → ${row.ratio_vs_recovery}× (target ≥ ${row.target_vs_recovery}×: ${row.met_vs_recovery ? 'met' : 'NOT met'})`);
    }
  }
  return lines;
}
