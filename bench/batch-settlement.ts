/**
 * The batch-settlement kit of the schemes bench (bench/schemes.ts measures with it; docs/performance.md's figures): a payer's
 * channel opened by the official @x402/evm batch-settlement client through @x402/fetch (its first call deposits),
 * vouchers pre-signed with @x402/evm's own signVoucher (cumulative amounts: call n is n × price), paid calls sent
 * one at a time (a channel serves one call at a time), the facilitator's nonce on the sandbox chain (it sends every
 * transaction of the flow: deposit, claim, settle), one run of the claims job, and the free cached reference call.
 *
 * The one-channel figures (1,000 vouchers on one channel): `BENCH_SCHEMES_PAYERS=1 node --import tsx bench/schemes.ts`.
 */
import { performance } from 'node:perf_hooks';
import { encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { BatchSettlementEvmScheme, computeChannelId, signVoucher } from '@x402/evm/batch-settlement/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { createPublicClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import type { RunningService } from '../src/service.js';
import { paidRoute, sandboxRpcs } from './paid.js';
import { fetchChallenge } from './pay-kit.js';

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
  const challenge = await fetchChallenge(paidRoute(service));
  const accepted = challenge.accepts.find((a) => a.scheme === 'batch-settlement');
  if (!accepted) throw new Error('no batch-settlement option offered');
  const price = BigInt(accepted.amount);
  const channelConfig = scheme.buildChannelConfig(accepted);
  const channelId = computeChannelId(channelConfig, accepted.network);
  return {
    channelId, price,
    async vouchers(from, to) {
      const headers: string[] = [];
      for (let n = BigInt(from); n <= BigInt(to); n++) {
        const voucher = await signVoucher(payer, channelId, (n * price).toString(), accepted.network);
        const payload = { x402Version: 2, accepted, payload: { type: 'voucher', channelConfig, voucher } };
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
