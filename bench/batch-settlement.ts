/**
 * batch-settlement figures (issue 23): on-chain transactions per 1,000 paid calls (target ≤ 10) and a voucher-paid
 * cached call against a free cached call at p50 (target: within 2 ms).
 *
 * One payer pays `count` calls of enrich-token-light (cached after the first) on one channel: the first call through
 * @x402/fetch with the official batch-settlement client (it deposits), the rest with vouchers pre-signed before the
 * timed window (cumulative amounts: a voucher is the counted charge plus the price), sent one at a time — a channel
 * serves one call at a time. Then the claim job runs once. Transactions are counted by the facilitator's nonce on the
 * sandbox chain (it sends every transaction of the flow: deposit, claim, settle). The free cached call is
 * launchpad-pairs, warm, one at a time on the same service.
 *
 * Run alone: `node --import tsx bench/batch-settlement.ts` (BENCH_BATCH_CALLS, default 1000). Exported for a runner.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { createPublicClient, hashTypedData, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { loadConfig } from '../src/config/index.js';
import { deriveSandboxIdentities } from '../src/payments/sandbox-identities.js';
import { startService, type RunningService } from '../src/service.js';
import { paidRoute, sandboxRpcs } from './paid.js';

const ESCROW = '0x4020074e9dF2ce1deE5A9C1b5c3f541D02a10003';
const DOMAIN = { name: 'x402 Batch Settlement', version: '1', chainId: 8453, verifyingContract: ESCROW } as const;
const CONFIG_TYPES = { ChannelConfig: [
  { name: 'payer', type: 'address' }, { name: 'payerAuthorizer', type: 'address' }, { name: 'receiver', type: 'address' },
  { name: 'receiverAuthorizer', type: 'address' }, { name: 'token', type: 'address' }, { name: 'withdrawDelay', type: 'uint40' }, { name: 'salt', type: 'bytes32' },
] } as const;
const VOUCHER_TYPES = { Voucher: [{ name: 'channelId', type: 'bytes32' }, { name: 'maxClaimableAmount', type: 'uint128' }] } as const;

export interface BatchSettlementBench {
  calls: number;
  non_2xx: number;
  /** Transactions while the calls were served (the first call's deposit). */
  transactions_during_calls: number;
  /** ... and after one run of the claim job (deposit + claim + settle). */
  transactions_per_calls: number;
  transactions_per_1000_calls: number;
  voucher_p50_ms: number;
  voucher_p90_ms: number;
  free_cached_p50_ms: number;
  free_cached_p90_ms: number;
  /** voucher p50 − free cached p50. */
  p50_gap_ms: number;
  met: { transactions: boolean; latency: boolean };
}

export const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? 0;
export const round = (ms: number) => Math.round(ms * 100) / 100;

/** One request, body read to the end: its wall time and status. */
export async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

/** The paid cached call every scheme bench sends: enrich-token-light on a cast mint (bench/paid.ts). */
export function paidCall(service: RunningService): { url: string; init: RequestInit & { headers: Record<string, string> } } {
  return { url: paidRoute(service).url, init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: paidRoute(service).body } };
}

/** `headers` in order, one at a time, each as its own paid call: wall times and the non-2xx count. */
export async function sendPaid(service: RunningService, headers: readonly string[]): Promise<{ ms: number[]; non_2xx: number }> {
  const { url, init } = paidCall(service);
  const ms: number[] = [];
  let non2xx = 0;
  for (const header of headers) {
    const r = await timed(url, { ...init, headers: { ...init.headers, 'payment-signature': header } });
    ms.push(r.ms);
    if (r.status < 200 || r.status >= 300) non2xx++;
  }
  return { ms, non_2xx: non2xx };
}

/** `count` free cached calls (launchpad-pairs, warmed first), one at a time: their wall times. */
export async function freeCachedSamples(service: RunningService, count: number): Promise<number[]> {
  const url = `${service.url}/entrypoints/launchpad-pairs/invoke`;
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
  for (let i = 0; i < 50; i++) await timed(url, init);
  const ms: number[] = [];
  for (let i = 0; i < count; i++) ms.push((await timed(url, init)).ms);
  return ms;
}

/** A payer's open batch-settlement channel on the paid call, and its pre-signed vouchers. */
export interface BatchChannel {
  channelId: Hex;
  price: bigint;
  /** PAYMENT-SIGNATURE values for the channel's calls number `from`..`to` (the first call was the deposit). */
  vouchers(from: number, to: number): Promise<string[]>;
}

/**
 * A fresh payer (the sandbox funds it on first sight) opens a channel: its first paid call goes through @x402/fetch
 * with the official batch-settlement client, which deposits. Call n's voucher is cumulative: n × price.
 */
export async function openBatchChannel(service: RunningService): Promise<BatchChannel> {
  const rpc = createPublicClient({ chain: base, transport: http(sandboxRpcs(service).baseRpcUrl) });
  const payer = privateKeyToAccount(generatePrivateKey());
  const scheme = new BatchSettlementEvmScheme({
    address: payer.address,
    signTypedData: (m) => payer.signTypedData(m as Parameters<typeof payer.signTypedData>[0]),
    readContract: (args) => rpc.readContract(args as Parameters<typeof rpc.readContract>[0]),
  });
  const pay = wrapFetchWithPayment(fetch, new x402Client().register('eip155:8453', scheme));
  const { url, init } = paidCall(service);
  const first = await pay(url, init);
  await first.arrayBuffer();
  if (first.status !== 200) throw new Error(`the depositing call answered ${first.status}`);
  const challenge = decodePaymentRequiredHeader((await fetch(url, init)).headers.get('payment-required')!);
  const accepted = challenge.accepts.find((a) => a.scheme === 'batch-settlement');
  if (!accepted) throw new Error('no batch-settlement option offered');
  const price = BigInt(accepted.amount);
  const channelConfig = scheme.buildChannelConfig(accepted);
  const channelId = hashTypedData({ domain: DOMAIN, types: CONFIG_TYPES, primaryType: 'ChannelConfig', message: channelConfig as never });
  return {
    channelId, price,
    async vouchers(from, to) {
      const headers: string[] = [];
      for (let n = BigInt(from); n <= BigInt(to); n++) {
        const maxClaimableAmount = n * price;
        const signature = await payer.signTypedData({ domain: DOMAIN, types: VOUCHER_TYPES, primaryType: 'Voucher', message: { channelId, maxClaimableAmount } });
        const payload = { x402Version: 2, accepted, payload: { type: 'voucher', channelConfig, voucher: { channelId, maxClaimableAmount: maxClaimableAmount.toString(), signature } } };
        headers.push(encodePaymentSignatureHeader(payload as unknown as PaymentPayload));
      }
      return headers;
    },
  };
}

/** Transactions the sandbox facilitator has sent on Base: its nonce (it sends deposit, claim and settle alike). */
export function facilitatorNonce(service: RunningService, facilitatorAddress: Hex): Promise<number> {
  return createPublicClient({ chain: base, transport: http(sandboxRpcs(service).baseRpcUrl) }).getTransactionCount({ address: facilitatorAddress });
}

/** One run of the claim job (claim + settle); throws unless it ran. */
export async function runClaimsJob(service: RunningService): Promise<void> {
  const claims = (await service.jobs.tick()).find((r) => r.job === 'batch-settlement-claims');
  if (claims?.status !== 'ran') throw new Error(`the claim job did not run: ${JSON.stringify(claims)}`);
}

export async function measureBatchSettlement(service: RunningService, facilitatorAddress: Hex, count: number): Promise<BatchSettlementBench> {
  const txsBefore = await facilitatorNonce(service, facilitatorAddress);
  const channel = await openBatchChannel(service);
  // Calls 2..count, pre-signed before the timed window.
  const headers = await channel.vouchers(2, count);
  const voucher = await sendPaid(service, headers);
  const txsDuring = (await facilitatorNonce(service, facilitatorAddress)) - txsBefore;
  await runClaimsJob(service);
  const txsAfter = (await facilitatorNonce(service, facilitatorAddress)) - txsBefore;
  const free = await freeCachedSamples(service, headers.length);

  const gap = quantile(voucher.ms, 0.5) - quantile(free, 0.5);
  // Per paid call answered: a refused voucher (e.g. past the channel's deposit, 1,000 calls at the suggested one) paid nothing.
  const paidCalls = count - voucher.non_2xx;
  return {
    calls: count,
    non_2xx: voucher.non_2xx,
    transactions_during_calls: txsDuring,
    transactions_per_calls: txsAfter,
    transactions_per_1000_calls: round((txsAfter * 1000) / paidCalls),
    voucher_p50_ms: round(quantile(voucher.ms, 0.5)),
    voucher_p90_ms: round(quantile(voucher.ms, 0.9)),
    free_cached_p50_ms: round(quantile(free, 0.5)),
    free_cached_p90_ms: round(quantile(free, 0.9)),
    p50_gap_ms: round(gap),
    met: { transactions: voucher.non_2xx === 0 && (txsAfter * 1000) / paidCalls <= 10, latency: gap <= 2 },
  };
}

export function formatBatchSettlement(r: BatchSettlementBench): string[] {
  return [
    `batch-settlement: ${r.calls} paid calls (${r.non_2xx} non-2xx) → ${r.transactions_per_calls} on-chain transactions after one claim run ` +
      `(${r.transactions_during_calls} while serving), ${r.transactions_per_1000_calls} per 1,000 calls (target ≤ 10: ${r.met.transactions ? 'met' : 'NOT met'})`,
    `batch-settlement: voucher-paid cached call p50 ${r.voucher_p50_ms} ms (p90 ${r.voucher_p90_ms}) vs free cached call p50 ${r.free_cached_p50_ms} ms ` +
      `(p90 ${r.free_cached_p90_ms}): +${r.p50_gap_ms} ms (target ≤ 2: ${r.met.latency ? 'met' : 'NOT met'})`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number(process.env.BENCH_BATCH_CALLS ?? 1000);
  const config = loadConfig({ DATA_MODE: 'sandbox', LOG_LEVEL: 'silent', FREE_ROUTE_LIMIT_PER_MINUTE: '100000000', JOBS_ENABLED: 'false' });
  const service = await startService({ ...config, port: 0, dataDir: mkdtempSync(join(tmpdir(), 'oea-bench-')) });
  try {
    const facilitator = privateKeyToAccount(deriveSandboxIdentities(config.sandboxSeed).facilitatorEvmKey).address;
    const result = await measureBatchSettlement(service, facilitator, count);
    for (const line of formatBatchSettlement(result)) console.log(line);
    console.log(JSON.stringify(result));
  } finally {
    await service.close();
  }
}
