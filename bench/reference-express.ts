/**
 * The reference x402 stack for the paid-call comparison: an Express 5 app behind the official
 * `@x402/express` `paymentMiddleware`, whose resource server talks to an in-process facilitator made of
 * the official pieces only — `x402Facilitator` with the @x402/evm and @x402/svm exact schemes — against
 * the same sandbox chains. Its EVM signer is the stock viem wiring (viem's pure-JS `verifyTypedData`,
 * as in the x402 reference facilitator), not ours: our `createEvmFacilitatorSigner` plugs a native
 * recovery into the signer interface, which is exactly what the comparison measures. The SVM side is
 * the official `toFacilitatorSvmSigner` over a `@solana/kit` RPC. Nothing here imports our facilitator, so
 * whatever we change there never leaks into the reference.
 * One route, `POST /answer`, at the same price, asset and payTo as enrich-token-light, answering the
 * same JSON body our cache serves.
 *
 * It uses its own facilitator keys (derived below): sharing ours would make two nonce managers race
 * on one EVM account. Sandbox gas and Solana fees are free for any fee payer.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { ExactSvmScheme } from '@x402/svm/exact/server';
import { x402Facilitator } from '@x402/core/facilitator';
import type { FacilitatorClient } from '@x402/core/server';
import type { Network } from '@x402/core/types';
import { toFacilitatorEvmSigner, type FacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme as ExactEvmFacilitatorScheme } from '@x402/evm/exact/facilitator';
import { ExactEvmSchemeV1 as ExactEvmFacilitatorSchemeV1 } from '@x402/evm/exact/v1/facilitator';
import { SettlementCache, toFacilitatorSvmSigner } from '@x402/svm';
import { ExactSvmScheme as ExactSvmFacilitatorScheme } from '@x402/svm/exact/facilitator';
import { ExactSvmSchemeV1 as ExactSvmFacilitatorSchemeV1 } from '@x402/svm/exact/v1/facilitator';
import { createKeyPairSignerFromPrivateKeyBytes, createSolanaRpc, mainnet } from '@solana/kit';
import { createWalletClient, http, nonceManager, publicActions, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { PAYMENT_NETWORKS } from '../src/payments/networks.js';
import { MAX_TIMEOUT_SECONDS } from '../src/payments/resource-server.js';
import type { RunningService } from '../src/service.js';
import { fetchChallenge, presign } from './pay-kit.js';
import { PAID_ENDPOINT, paidRoute, runPaid, sandboxRpcs, type PaidOptions, type PaidResult } from './paid.js';

/**
 * Express ships no types and @types/express is not installed: the few calls used here, typed locally.
 * The middleware's own (req, res, next) signature comes from @x402/express's declarations.
 */
type Middleware = ReturnType<typeof paymentMiddleware>;
interface JsonResponse { json(body: unknown): void }
interface ExpressApp {
  use(middleware: Middleware): void;
  post(path: string, handler: (req: unknown, res: JsonResponse) => void): void;
  listen(port: number, host: string, ready: () => void): Server;
}
const express = createRequire(import.meta.url)('express') as () => ExpressApp;

const seed = (label: string) => createHash('sha256').update(`onchain-enrichment-api/bench/reference:${label}`).digest();

/** The stock viem signer of the x402 reference facilitator (viem's own verifyTypedData, 250 ms polling). */
function referenceEvmSigner(rpcUrl: string, privateKey: Hex): FacilitatorEvmSigner {
  const account = privateKeyToAccount(privateKey, { nonceManager });
  const client = createWalletClient({ account, chain: base, transport: http(rpcUrl), pollingInterval: 250 }).extend(publicActions);
  // The casts bridge the scheme's loose signer types and viem's typed ones; values pass through.
  return toFacilitatorEvmSigner({
    address: account.address,
    readContract: (args) => client.readContract(args as Parameters<typeof client.readContract>[0]),
    verifyTypedData: (args) => client.verifyTypedData(args as Parameters<typeof client.verifyTypedData>[0]),
    writeContract: (args) => client.writeContract(args as Parameters<typeof client.writeContract>[0]),
    sendTransaction: (args) => client.sendTransaction(args),
    waitForTransactionReceipt: (args) => client.waitForTransactionReceipt(args),
    getCode: (args) => client.getCode(args),
  }, { confirmationTimeoutMs: 30_000 });
}

/** The reference's in-process facilitator: official schemes, stock signers, its own keys. */
async function referenceFacilitator(solanaRpcUrl: string, baseRpcUrl: string): Promise<FacilitatorClient> {
  const facilitator = new x402Facilitator();
  const evm = referenceEvmSigner(baseRpcUrl, `0x${seed('facilitator:base').toString('hex')}` as Hex);
  facilitator.register('eip155:8453', new ExactEvmFacilitatorScheme(evm));
  facilitator.registerV1('base' as Network, new ExactEvmFacilitatorSchemeV1(evm));
  // The official SVM signer over a kit RPC, mapped for every network name (its default is mainnet-beta).
  const rpc = createSolanaRpc(mainnet(solanaRpcUrl));
  const svm = toFacilitatorSvmSigner(await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed('facilitator:solana'))), {
    '*': rpc, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': rpc, solana: rpc,
  });
  const settlementCache = new SettlementCache();
  facilitator.register('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', new ExactSvmFacilitatorScheme(svm, settlementCache));
  facilitator.registerV1('solana' as Network, new ExactSvmFacilitatorSchemeV1(svm, settlementCache));
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => facilitator.getSupported() as Awaited<ReturnType<FacilitatorClient['getSupported']>>,
  };
}

export interface ReferenceServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the reference server on loopback answering `answer` for `priceAtomic` on both networks. */
export async function startReferenceServer(service: RunningService, answer: unknown, priceAtomic: string): Promise<ReferenceServer> {
  const rpcs = sandboxRpcs(service);
  const facilitator = await referenceFacilitator(rpcs.solanaRpcUrl, rpcs.baseRpcUrl);
  const server = new x402ResourceServer(facilitator)
    .register('eip155:8453', new ExactEvmScheme())
    .register('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', new ExactSvmScheme());
  const app = express();
  app.use(paymentMiddleware({
    'POST /answer': {
      description: `reference ${PAID_ENDPOINT}`,
      mimeType: 'application/json',
      accepts: PAYMENT_NETWORKS.map((n) => ({
        scheme: 'exact',
        network: n.id as Network,
        payTo: n.v1Name === 'solana' ? service.payTo.solana : service.payTo.base,
        price: { amount: priceAtomic, asset: n.asset, extra: n.extra },
        maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
      })),
    },
  }, server));
  // The same cached body every time, serialized per call as our service does.
  app.post('/answer', (_req, res) => { res.json(answer); });
  const http: Server = await new Promise((resolve) => { const s = app.listen(0, '127.0.0.1', () => resolve(s)); });
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { http.closeAllConnections(); http.close(() => resolve()); }),
  };
}

/** One paid call of our endpoint: its answer without the per-call meta, and its price. */
export async function ourPaidAnswer(service: RunningService): Promise<{ answer: unknown; priceAtomic: string }> {
  const route = paidRoute(service);
  const challenge = await fetchChallenge(route);
  const { headers } = await presign(challenge, 'base', sandboxRpcs(service), 1);
  const res = await fetch(route.url, { method: 'POST', headers: { 'content-type': 'application/json', 'payment-signature': headers[0]! }, body: route.body });
  if (res.status !== 200) throw new Error(`paid ${PAID_ENDPOINT} answered ${res.status}`);
  const answer = await res.json() as Record<string, unknown>;
  return { answer, priceAtomic: challenge.accepts[0]!.amount };
}

/** The reference server driven exactly like `measurePaid` drives ours (same payments, same driver). */
export async function measureReference(service: RunningService, opts: PaidOptions & { answer?: unknown; priceAtomic?: string }): Promise<PaidResult> {
  const mine = opts.answer !== undefined && opts.priceAtomic !== undefined ? { answer: opts.answer, priceAtomic: opts.priceAtomic } : await ourPaidAnswer(service);
  const ref = await startReferenceServer(service, mine.answer, mine.priceAtomic);
  try {
    const route = { url: `${ref.url}/answer`, body: paidRoute(service).body };
    return await runPaid('reference: @x402/express, stock facilitator', route, sandboxRpcs(service), service.payTo[opts.network], opts);
  } finally {
    await ref.close();
  }
}
