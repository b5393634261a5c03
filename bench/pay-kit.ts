/**
 * Shared by the paid-call benches (bench/paid.ts, bench/reference-express.ts): fresh sandbox payers on
 * the official x402 v2 clients, bulk pre-signing of payments against a server's real challenge (before
 * any timed window), a driver that sends each pre-signed payment exactly once under fixed concurrency
 * (autocannon, one PAYMENT-SIGNATURE per request), and on-chain balance reads to prove every call settled.
 *
 * Every payment is distinct: EIP-3009 authorizations carry a random 32-byte nonce; Solana transfers
 * carry a random 16-byte memo nonce (the official client adds one when the seller sets no memo), so one
 * payer can sign many payments for the same amount with the same blockhash without duplicates.
 * A Solana payment's blockhash lives 150 slots (~60 s on the sandbox, as on mainnet): sign shortly before use.
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import type { SandboxChainFaults } from '../src/sandbox/chain-faults.js';
import { evmV2ClientScheme, newEvmPayer, sandboxUsdcBalance as baseBalance } from '../test/helpers/evm-payer.js';
import { newSvmPayer, svmClientScheme, sandboxUsdcBalance as solanaBalance } from '../test/helpers/svm-payer.js';

export type BenchNetwork = 'base' | 'solana';

export interface SandboxRpcs {
  solanaRpcUrl: string;
  baseRpcUrl: string;
}

/** A paid POST route: where to send it and the JSON body (already serialized). */
export interface PaidRoute {
  url: string;
  body: string;
}

/** The route's x402 v2 challenge, read from a real unpaid call (402 + PAYMENT-REQUIRED). */
export async function fetchChallenge(route: PaidRoute): Promise<PaymentRequired> {
  const res = await fetch(route.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: route.body });
  await res.arrayBuffer();
  const header = res.headers.get('payment-required');
  if (res.status !== 402 || !header) throw new Error(`expected a 402 challenge from ${route.url}, got ${res.status}`);
  return decodePaymentRequiredHeader(header);
}

/** A fresh payer (the sandbox funds 100 USDC on first sight) with only `network` registered. */
export async function newBenchClient(network: BenchNetwork, rpcs: SandboxRpcs): Promise<x402Client> {
  if (network === 'base') return new x402Client().register('eip155:*', evmV2ClientScheme(newEvmPayer()));
  return new x402Client().register('solana:*', svmClientScheme(await newSvmPayer(), rpcs.solanaRpcUrl));
}

/**
 * `count` base64 PAYMENT-SIGNATURE values for `challenge`, spread over enough payers that none runs out
 * of its 100 USDC (with a margin), signed `concurrency` at a time. Returns them with the signing time.
 */
export async function presign(
  challenge: PaymentRequired,
  network: BenchNetwork,
  rpcs: SandboxRpcs,
  count: number,
  concurrency = 16,
): Promise<{ headers: string[]; sign_ms: number; payers: number }> {
  const amount = BigInt(challenge.accepts.find((a) => a.network.startsWith(network === 'base' ? 'eip155:' : 'solana:'))?.amount ?? '0');
  if (amount === 0n) throw new Error(`the challenge offers no ${network} option`);
  const perPayer = Math.max(1, Number((90_000_000n / amount)));
  const payers = Math.ceil(count / perPayer);
  const clients = await Promise.all(Array.from({ length: payers }, () => newBenchClient(network, rpcs)));
  const headers = new Array<string>(count);
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, async () => {
    for (let i = next++; i < count; i = next++) {
      const payload = await clients[Math.floor(i / perPayer)]!.createPaymentPayload(challenge);
      headers[i] = Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }));
  return { headers, sign_ms: Math.round(performance.now() - started), payers };
}

export interface DriveResult {
  requests: number;
  ok_2xx: number;
  non_2xx: number;
  errors: number;
  elapsed_s: number;
  calls_per_s: number;
  p50_ms: number;
  p99_ms: number;
}

/**
 * Sends every header exactly once (`amount` = headers.length), `connections` in flight, and measures
 * calls/s over the wall time of the whole run. A 4xx/5xx or a socket error counts against the run.
 */
export async function drive(route: PaidRoute, headers: readonly string[], connections: number): Promise<DriveResult> {
  let next = 0;
  const started = performance.now();
  const r = await autocannon({
    url: route.url,
    connections,
    amount: headers.length,
    timeout: 60,
    // With `amount`, autocannon notices it is done on its next sample tick: the default 1 s tick rounded every
    // window up to whole seconds (400 calls could never show more than ~397 calls/s).
    sampleInt: 10,
    requests: [{
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: route.body,
      // autocannon calls this once per request sent; each carries its own payment.
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'payment-signature': headers[next++ % headers.length]! } }),
    }],
  });
  const elapsed = (performance.now() - started) / 1000;
  const ok = r['2xx'];
  return {
    requests: r.requests.total, ok_2xx: ok, non_2xx: r.non2xx, errors: r.errors + r.timeouts,
    elapsed_s: Math.round(elapsed * 100) / 100, calls_per_s: Math.round(ok / elapsed),
    p50_ms: r.latency.p50, p99_ms: r.latency.p99,
  };
}

/** The payee's sandbox USDC balance on `network`, read over the chain's real JSON-RPC. */
export function payeeBalance(network: BenchNetwork, rpcs: SandboxRpcs, payTo: string): Promise<bigint> {
  return network === 'base' ? baseBalance(rpcs.baseRpcUrl, payTo) : solanaBalance(rpcs.solanaRpcUrl, payTo);
}

export interface ChainProcess {
  /** The child's pid (the bench reads its CPU time from /proc). */
  pid: number;
  env: { SANDBOX_SOLANA_RPC_URL: string; SANDBOX_SOLANA_WS_URL?: string; SANDBOX_BASE_RPC_URL: string };
  close(): Promise<void>;
}

/** `BENCH_CHAIN_PROFILE_DIR=dir` writes a CPU profile of the chain process there (where the chain's time goes). */
function chainProfileArgs(): string[] {
  const dir = process.env.BENCH_CHAIN_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

export interface ChainProcessOptions {
  /** Fault modes of the chains (e.g. realistic block times), passed to the CLI as SANDBOX_CHAIN_FAULTS. */
  faults?: SandboxChainFaults;
}

/**
 * The sandbox chains in a child process (`src/cli/sandbox-chain.ts`, with `faults` as SANDBOX_CHAIN_FAULTS),
 * for a service started with `chain.env`: the chains' own pure-JS signature checks then run on the other core
 * instead of being billed to the service (a real chain is never in the server's process either).
 */

export async function startChainProcess(opts: ChainProcessOptions = {}): Promise<ChainProcess> {
  const proc = spawn(process.execPath, [...chainProfileArgs(), '--import', 'tsx', 'src/cli/sandbox-chain.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // Always set: chains without faults must not inherit faults from the bench's own environment.
    env: { ...process.env, SANDBOX_CHAIN_FAULTS: opts.faults ? JSON.stringify(opts.faults) : '' },
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    proc.once('exit', (code) => reject(new Error(`sandbox-chain exited (${code}) before printing its URLs`)));
  });
  const urls = JSON.parse(line) as { solana_rpc_url: string; solana_ws_url: string | null; base_rpc_url: string };
  return {
    pid: proc.pid!,
    env: {
      SANDBOX_SOLANA_RPC_URL: urls.solana_rpc_url, SANDBOX_BASE_RPC_URL: urls.base_rpc_url,
      ...(urls.solana_ws_url ? { SANDBOX_SOLANA_WS_URL: urls.solana_ws_url } : {}),
    },
    close: () => new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    }),
  };
}
