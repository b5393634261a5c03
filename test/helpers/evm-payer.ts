/**
 * EVM payer helpers for tests: fresh accounts, the official x402 client schemes (v2 and v1) wired
 * to them, and an on-chain USDC balance read through the sandbox's JSON-RPC (a real eth_call).
 */
import type { PaymentPayloadV1, PaymentRequirementsV1 } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { createPaymentHeader } from 'x402/client';
import type { Signer } from 'x402-fetch';
import {
  createPublicClient, createWalletClient, erc20Abi, http, publicActions, type Address, type Chain, type LocalAccount,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { base } from 'viem/chains';

export const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as const;

/** A fresh random payer; the sandbox funds it with 100 USDC the first time it shows up. */
export function newEvmPayer(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

/**
 * The v2 client scheme for `x402Client.register('eip155:*', evmV2ClientScheme(account))` (works
 * for the x402Client re-exported by `@x402/fetch` too). EIP-3009 signing is local: no RPC needed.
 */
export function evmV2ClientScheme(account: LocalAccount): ExactEvmScheme {
  return new ExactEvmScheme(account);
}

/**
 * The signer for the v1 `x402-fetch` client: `wrapFetchWithPayment(fetch, evmV1Signer(account), maxValue)`.
 * A wallet client bound to the `base` chain (rather than a bare account) makes x402-fetch select
 * the `network: "base"` requirement when a 402 also offers other networks; a bare account would
 * take the first USDC requirement of any network. Signing is local, so the RPC URL is only
 * nominal unless you also use the client for reads.
 */
export function evmV1Signer(account: LocalAccount, rpcUrl = 'http://127.0.0.1:9/unused'): Signer {
  // Typed as the generic `Chain`: x402 v1 expects a plain wallet client, and the OP-stack formatters
  // of viem's `base` definition only change the (unused here) block/receipt types.
  return createWalletClient({ account, chain: base as Chain, transport: http(rpcUrl) }).extend(publicActions);
}

/** Build a v1 payment payload with the official v1 client (`x402` package), decoded from its X-PAYMENT header. */
export async function createV1PaymentPayload(account: LocalAccount, requirements: PaymentRequirementsV1): Promise<PaymentPayloadV1> {
  // x402 v1 has its own (structurally identical) requirement type; the cast bridges the packages.
  const header = await createPaymentHeader(account, 1, requirements as unknown as Parameters<typeof createPaymentHeader>[2]);
  return JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as PaymentPayloadV1;
}

/** USDC balance via a real eth_call to balanceOf on the sandbox (or any Base RPC). */
export async function sandboxUsdcBalance(rpcUrl: string, address: Address | string): Promise<bigint> {
  return sandboxBaseClient(rpcUrl).readContract({ address: BASE_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address as Address] });
}

/**
 * A public client on the sandbox Base chain (or any Base RPC). No retries: a sandbox that does not answer is a
 * failure the test should see at once, not after the transport's back-off.
 */
export function sandboxBaseClient(rpcUrl: string) {
  return createPublicClient({ chain: base, transport: http(rpcUrl, { retryCount: 0 }) });
}
