/**
 * Test helpers for paying over Solana against the sandbox chain, with the official clients.
 *
 * Both clients default to api.mainnet-beta.solana.com; the sandbox RPC must be passed explicitly:
 *  - v2 (`@x402/fetch` / `@x402/core/client`): `new ExactSvmScheme(signer, { rpcUrl })`
 *  - v1 (`x402-fetch`): 5th argument of `wrapFetchWithPayment` = `{ svmConfig: { rpcUrl } }`
 *    (same object as the 4th argument of `x402/client`'s `createPaymentHeader`).
 */
import { address, createSolanaRpc, generateKeyPairSigner, mainnet, type KeyPairSigner } from '@solana/kit';
import type { x402Client } from '@x402/core/client';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { ExactSvmSchemeV1 } from '@x402/svm/exact/v1/client';
import { wrapFetchWithPayment } from 'x402-fetch';

export const SANDBOX_USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** A fresh payer wallet; the sandbox funds it with 100 USDC the first time it's seen. */
export function newSvmPayer(): Promise<KeyPairSigner> {
  return generateKeyPairSigner();
}

/** v2 client scheme pointed at the sandbox RPC. */
export function svmClientScheme(signer: KeyPairSigner, rpcUrl: string): ExactSvmScheme {
  return new ExactSvmScheme(signer, { rpcUrl });
}

/** Registers the SVM exact scheme on an x402Client (`@x402/fetch` re-exports the same class): v2 `solana:*` and v1 `solana`. */
export function registerSvmPayer(client: x402Client, signer: KeyPairSigner, rpcUrl: string): x402Client {
  client.register('solana:*', svmClientScheme(signer, rpcUrl));
  client.registerV1('solana', new ExactSvmSchemeV1(signer, { rpcUrl }));
  return client;
}

/** The X402Config the v1 `x402` client needs for Solana (`createPaymentHeader(…, config)`). */
export function v1SvmConfig(rpcUrl: string): { svmConfig: { rpcUrl: string } } {
  return { svmConfig: { rpcUrl } };
}

/** A v1 `x402-fetch` wrapped fetch that pays over Solana through the sandbox. */
export function v1SvmFetch(
  fetchImpl: typeof fetch,
  signer: KeyPairSigner,
  rpcUrl: string,
  maxValue: bigint = 100_000n,
): ReturnType<typeof wrapFetchWithPayment> {
  return wrapFetchWithPayment(fetchImpl, signer, maxValue, undefined, v1SvmConfig(rpcUrl));
}

/** The owner's sandbox USDC balance, read over real JSON-RPC (getTokenAccountsByOwner; first sight funds). */
export async function sandboxUsdcBalance(rpcUrl: string, owner: string): Promise<bigint> {
  const rpc = createSolanaRpc(mainnet(rpcUrl));
  const { value } = await rpc
    .getTokenAccountsByOwner(address(owner), { mint: address(SANDBOX_USDC_MINT) }, { encoding: 'jsonParsed' })
    .send();
  return value.reduce((sum, { account }) => sum + BigInt(account.data.parsed.info.tokenAmount.amount), 0n);
}
