/**
 * EVM side of the in-process x402 facilitator, on eip155:8453 (v2) and "base" (v1), over a JSON-RPC URL — the
 * sandbox Base chain in development/tests, a real Base RPC otherwise. Nothing here knows about the sandbox.
 *
 * Registered schemes are ours (evm-exact.ts: the official EIP-3009 checks with native signature recovery and
 * ~4 RPC requests per paid call); they hand everything outside their fast path to the official `@x402/evm`
 * schemes, which run on the viem signer built here. Both share one nonce counter (EvmSender.withNonce).
 */
import type { x402Facilitator } from '@x402/core/facilitator';
import type { Network } from '@x402/core/types';
import { toFacilitatorEvmSigner, type FacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/facilitator';
import { createWalletClient, http, keccak256, publicActions, stringToHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { createFastTypedDataVerifier, type TypedDataVerifyArgs } from './evm-verify.js';
import { FastExactEvmScheme, FastExactEvmSchemeV1, type FastEvmDeps } from './evm-exact.js';
import { batchingRpc, EvmSender } from './evm-sender.js';

export const EVM_NETWORK_V2 = 'eip155:8453' as const;
export const EVM_NETWORK_V1 = 'base' as const;

/**
 * Well-known, non-secret key for the sandbox facilitator (it only ever pays sandbox gas, which is
 * free). Derived from a fixed label so every run uses the same address. Never use on a real chain.
 */
export const SANDBOX_FACILITATOR_PRIVATE_KEY: Hex = keccak256(stringToHex('onchain-enrichment-api/sandbox/evm-facilitator'));
export const SANDBOX_FACILITATOR_ADDRESS: Address = privateKeyToAccount(SANDBOX_FACILITATOR_PRIVATE_KEY).address;

/** The signer the official exact schemes expect, plus the address it settles from. */
export type EvmFacilitatorSigner = FacilitatorEvmSigner & { readonly address: Address };

/** What the schemes need: the official signer and our fast path's RPC and transaction sender. */
export interface EvmFacilitator {
  signer: EvmFacilitatorSigner;
  fast: FastEvmDeps;
}

export interface EvmFacilitatorSignerOptions {
  /** Receipt wait bound (ms). Default 30 s — a sandbox receipt is immediate, a Base one takes ~2 s. */
  confirmationTimeoutMs?: number;
  /** Receipt polling interval (ms). Default 250. */
  pollingIntervalMs?: number;
}

export function evmFacilitatorAddress(privateKey: Hex): Address {
  return privateKeyToAccount(privateKey).address;
}

export function createEvmFacilitator(rpcUrl: string, privateKey: Hex, opts: EvmFacilitatorSignerOptions = {}): EvmFacilitator {
  const confirmationTimeoutMs = opts.confirmationTimeoutMs ?? 30_000;
  const pollingIntervalMs = opts.pollingIntervalMs ?? 250;
  const rpc = batchingRpc(rpcUrl);
  const sender = new EvmSender(rpc, privateKey, base.id, { confirmationTimeoutMs, pollingIntervalMs });
  const account = privateKeyToAccount(privateKey);
  const client = createWalletClient({
    account,
    chain: base,
    // Requests issued in the same tick go out as one JSON-RPC batch (the scheme reads code, nonce and fees together).
    transport: http(rpcUrl, { batch: { wait: 0 } }),
    pollingInterval: pollingIntervalMs,
  }).extend(publicActions);

  // Same answers as viem's verifyTypedData, native secp256k1 for addresses without code; contract
  // wallets (and ERC-6492/8010 wrappers) still take viem's client path (see evm-verify.ts).
  const verifyTypedData = createFastTypedDataVerifier({
    getCode: (args) => client.getCode(args),
    fallback: (args) => client.verifyTypedData(args as Parameters<typeof client.verifyTypedData>[0]),
  });

  // The scheme's signer interface is deliberately loose (abi: unknown[]), viem's is fully typed;
  // the casts only bridge those two type systems, values pass through untouched. Writes take their nonce
  // from the sender, which our fast path broadcasts through too.
  const signer = toFacilitatorEvmSigner(
    {
      address: account.address,
      readContract: (args) => client.readContract(args as Parameters<typeof client.readContract>[0]),
      verifyTypedData: (args) => verifyTypedData(args as TypedDataVerifyArgs),
      writeContract: (args) => sender.withNonce((nonce) => client.writeContract({ ...(args as Parameters<typeof client.writeContract>[0]), nonce })),
      sendTransaction: (args) => sender.withNonce((nonce) => client.sendTransaction({ ...args, nonce })),
      waitForTransactionReceipt: (args) => client.waitForTransactionReceipt(args),
      getCode: (args) => client.getCode(args),
    },
    { confirmationTimeoutMs },
  );
  const evmSigner = { ...signer, address: account.address };
  return { signer: evmSigner, fast: { rpc, sender, signer: evmSigner } };
}

/** The official signer alone (tests and tools that drive the official schemes). */
export function createEvmFacilitatorSigner(rpcUrl: string, privateKey: Hex, opts: EvmFacilitatorSignerOptions = {}): EvmFacilitatorSigner {
  return createEvmFacilitator(rpcUrl, privateKey, opts).signer;
}

/** Our exact EVM schemes: v2 on eip155:8453 and v1 on "base". */
export function registerEvmSchemes(facilitator: x402Facilitator, evm: EvmFacilitator): x402Facilitator {
  facilitator.register(EVM_NETWORK_V2, new FastExactEvmScheme(evm.fast));
  // v1 network names are not CAIP-2, but the v1 registry is keyed by them all the same.
  facilitator.registerV1(EVM_NETWORK_V1 as Network, new FastExactEvmSchemeV1(evm.fast));
  return facilitator;
}

/** The official exact EVM schemes on the same networks (the equivalence tests' yardstick). */
export function registerOfficialEvmSchemes(facilitator: x402Facilitator, signer: FacilitatorEvmSigner): x402Facilitator {
  facilitator.register(EVM_NETWORK_V2, new ExactEvmScheme(signer));
  facilitator.registerV1(EVM_NETWORK_V1 as Network, new ExactEvmSchemeV1(signer));
  return facilitator;
}
