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
import { CAST } from '../src/sandbox/world/index.js';
import { startService, type RunningService } from '../src/service.js';

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

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? 0;
const round = (ms: number) => Math.round(ms * 100) / 100;

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

export async function measureBatchSettlement(service: RunningService, facilitatorAddress: Hex, count: number): Promise<BatchSettlementBench> {
  if (!service.sandbox) throw new Error('the batch-settlement bench needs the sandbox chains');
  const rpc = createPublicClient({ chain: base, transport: http(service.sandbox.base.url) });
  const payer = privateKeyToAccount(generatePrivateKey());
  const scheme = new BatchSettlementEvmScheme({
    address: payer.address,
    signTypedData: (m) => payer.signTypedData(m as Parameters<typeof payer.signTypedData>[0]),
    readContract: (args) => rpc.readContract(args as Parameters<typeof rpc.readContract>[0]),
  });
  const pay = wrapFetchWithPayment(fetch, new x402Client().register('eip155:8453', scheme));
  const url = `${service.url}/entrypoints/enrich-token-light/invoke`;
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mint: CAST.TOKEN_SAFE.address, include_holders: false }) };
  const txsBefore = await rpc.getTransactionCount({ address: facilitatorAddress });

  const first = await pay(url, init);
  if (first.status !== 200) throw new Error(`the depositing call answered ${first.status}`);
  const challenge = decodePaymentRequiredHeader((await fetch(url, init)).headers.get('payment-required')!);
  const accepted = challenge.accepts.find((a) => a.scheme === 'batch-settlement');
  if (!accepted) throw new Error('no batch-settlement option offered');
  const price = BigInt(accepted.amount);
  const channelConfig = scheme.buildChannelConfig(accepted);
  const channelId = hashTypedData({ domain: DOMAIN, types: CONFIG_TYPES, primaryType: 'ChannelConfig', message: channelConfig as never });
  // Calls 2..count: each voucher's cumulative amount is the counted charge (n − 1 calls) plus the price.
  const headers: string[] = [];
  for (let n = 2n; n <= BigInt(count); n++) {
    const maxClaimableAmount = n * price;
    const signature = await payer.signTypedData({ domain: DOMAIN, types: VOUCHER_TYPES, primaryType: 'Voucher', message: { channelId, maxClaimableAmount } });
    const payload = { x402Version: 2, accepted, payload: { type: 'voucher', channelConfig, voucher: { channelId, maxClaimableAmount: maxClaimableAmount.toString(), signature } } };
    headers.push(encodePaymentSignatureHeader(payload as unknown as PaymentPayload));
  }

  const voucher: number[] = [];
  let non2xx = 0;
  for (const header of headers) {
    const r = await timed(url, { ...init, headers: { ...init.headers, 'payment-signature': header } });
    voucher.push(r.ms);
    if (r.status < 200 || r.status >= 300) non2xx++;
  }
  const txsDuring = (await rpc.getTransactionCount({ address: facilitatorAddress })) - txsBefore;
  const claims = (await service.jobs.tick()).find((r) => r.job === 'batch-settlement-claims');
  if (claims?.status !== 'ran') throw new Error(`the claim job did not run: ${JSON.stringify(claims)}`);
  const txsAfter = (await rpc.getTransactionCount({ address: facilitatorAddress })) - txsBefore;

  const freeUrl = `${service.url}/entrypoints/launchpad-pairs/invoke`;
  const freeInit = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
  for (let i = 0; i < 50; i++) await timed(freeUrl, freeInit);
  const free: number[] = [];
  for (let i = 0; i < headers.length; i++) free.push((await timed(freeUrl, freeInit)).ms);

  const gap = quantile(voucher, 0.5) - quantile(free, 0.5);
  return {
    calls: count,
    non_2xx: non2xx,
    transactions_during_calls: txsDuring,
    transactions_per_calls: txsAfter,
    transactions_per_1000_calls: round((txsAfter * 1000) / count),
    voucher_p50_ms: round(quantile(voucher, 0.5)),
    voucher_p90_ms: round(quantile(voucher, 0.9)),
    free_cached_p50_ms: round(quantile(free, 0.5)),
    free_cached_p90_ms: round(quantile(free, 0.9)),
    p50_gap_ms: round(gap),
    met: { transactions: (txsAfter * 1000) / count <= 10, latency: gap <= 2 },
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
