/**
 * A paying caller for HTTP tests: a fresh sandbox wallet on Solana or Base, wrapped in the official
 * x402 clients (`@x402/fetch` for v2, `x402-fetch` for v1), with its on-chain USDC balance.
 */
import { x402Client, wrapFetchWithPayment } from '@x402/fetch';
import { wrapFetchWithPayment as wrapFetchV1 } from 'x402-fetch';
import type { TestService } from './service.js';
import { evmV1Signer, evmV2ClientScheme, newEvmPayer, sandboxUsdcBalance as baseBalance } from './evm-payer.js';
import { newSvmPayer, svmClientScheme, v1SvmFetch, sandboxUsdcBalance as solanaBalance } from './svm-payer.js';

export type PayNetwork = 'solana' | 'base';

export interface Payer {
  network: PayNetwork;
  address: string;
  /** The x402 v2 client with only this payer's network registered. */
  client: x402Client;
  /** fetch that answers 402s by paying (v2 or v1 client). */
  fetch: typeof fetch;
  balance(): Promise<bigint>;
  /** The operator's receiving balance on the same network. */
  operatorBalance(): Promise<bigint>;
}

export async function newPayer(service: TestService, network: PayNetwork, version: 1 | 2 = 2): Promise<Payer> {
  const sandbox = service.sandbox!;
  if (network === 'base') {
    const account = newEvmPayer();
    const client = new x402Client().register('eip155:*', evmV2ClientScheme(account));
    const paying = version === 2 ? wrapFetchWithPayment(fetch, client) : (wrapFetchV1(fetch, evmV1Signer(account), 1_000_000n) as typeof fetch);
    return {
      network, address: account.address, client, fetch: paying,
      balance: () => baseBalance(sandbox.base.url, account.address),
      operatorBalance: () => baseBalance(sandbox.base.url, service.payTo.base),
    };
  }
  const signer = await newSvmPayer();
  const client = new x402Client().register('solana:*', svmClientScheme(signer, sandbox.solana.url));
  const paying = version === 2 ? wrapFetchWithPayment(fetch, client) : (v1SvmFetch(fetch, signer, sandbox.solana.url, 1_000_000n) as typeof fetch);
  return {
    network, address: signer.address, client, fetch: paying,
    balance: () => solanaBalance(sandbox.solana.url, signer.address),
    operatorBalance: () => solanaBalance(sandbox.solana.url, service.payTo.solana),
  };
}

/** POSTs a JSON body to an endpoint through a paying fetch. */
export function paidInvoke(payer: Payer, service: TestService, key: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return payer.fetch(`${service.url}/entrypoints/${key}/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
