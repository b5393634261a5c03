/**
 * EVM side of the in-process x402 facilitator, on eip155:8453 (v2) and "base" (v1), over a JSON-RPC URL — the
 * sandbox Base chain in development/tests, a real Base RPC otherwise. Nothing here knows about the sandbox.
 *
 * Registered schemes are ours (evm-exact.ts: the official EIP-3009 checks with native signature recovery and
 * ~4 RPC requests per paid call); they hand everything outside their fast path to the official `@x402/evm`
 * schemes, which run on the viem signer built here. Both share one nonce counter (EvmSender.withNonce).
 *
 * The signer's receipt wait retries failed reads until its bound (as EvmSender's does), and notes on the settle's trace (settle-outcome.ts)
 * a receipt never seen, or a broadcast whose transport failed: the fast scheme then answers SETTLEMENT_UNCONFIRMED
 * for the official one, which would say `settlement_pending` (v2) or put the error's message in the reason (v1).
 */
import type { x402Facilitator } from '@x402/core/facilitator';
import type { Network } from '@x402/core/types';
import { toFacilitatorEvmSigner, type FacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/facilitator';
import { createWalletClient, http, keccak256, publicActions, stringToHex, TransactionReceiptNotFoundError, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { createFastTypedDataVerifier, type TypedDataVerifyArgs } from './evm-verify.js';
import { FastExactEvmScheme, FastExactEvmSchemeV1, type FastEvmDeps } from './evm-exact.js';
import { batchingRpc, EvmSender, readWithin, RECEIPT_READ_TIMEOUT_MS } from './evm-sender.js';
import { noteUnconfirmed, SettlementUnconfirmedError } from './settle-outcome.js';

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
      writeContract: (args) => broadcasting(sender.withNonce((nonce) => client.writeContract({ ...(args as Parameters<typeof client.writeContract>[0]), nonce }))),
      sendTransaction: (args) => broadcasting(sender.withNonce((nonce) => client.sendTransaction({ ...args, nonce }))),
      waitForTransactionReceipt: async ({ hash }) => {
        // Polled here rather than with viem's waitForTransactionReceipt, which rejects on the first failed read
        // (and, timed out while its first read is in flight, leaves its block poller running): only the bound ends this.
        const deadline = Date.now() + confirmationTimeoutMs;
        let lastError = '';
        for (;;) {
          try {
            return await readWithin(client.getTransactionReceipt({ hash }), RECEIPT_READ_TIMEOUT_MS);
          } catch (error) {
            // viem's "not found" is a receipt not there yet; anything else a failed read.
            if (!(error instanceof TransactionReceiptNotFoundError)) lastError = ` (last receipt read failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
          }
          if (Date.now() + pollingIntervalMs > deadline) {
            const message = `Timed out while waiting for transaction with hash "${hash}" to be confirmed.${lastError}`;
            noteUnconfirmed(hash, message);
            throw new SettlementUnconfirmedError(hash, message);
          }
          await new Promise((resolve) => setTimeout(resolve, pollingIntervalMs));
        }
      },
      getCode: (args) => client.getCode(args),
    },
    { confirmationTimeoutMs },
  );
  const evmSigner = { ...signer, address: account.address };
  return { signer: evmSigner, fast: { rpc, sender, signer: evmSigner } };
}

/**
 * A broadcast through viem that failed without the node answering (no response, HTTP error, timeout) may still have
 * reached it: noted on the settle's trace as unconfirmed (without a hash: viem does not hand it out on failure).
 */
async function broadcasting(send: Promise<Hex>): Promise<Hex> {
  try {
    return await send;
  } catch (error) {
    if (transportFailed(error)) noteUnconfirmed('', error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * viem's errors for a request that got no JSON-RPC answer, anywhere in the cause chain — unless the request is
 * known (from the body viem keeps) to have been a read before the broadcast (gas estimate, fees).
 */
function transportFailed(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    if (e.name !== 'HttpRequestError' && e.name !== 'TimeoutError' && e.name !== 'SocketClosedError') continue;
    const body = (e as { body?: unknown }).body;
    const methods = (Array.isArray(body) ? body : [body]).map((b) => (b && typeof b === 'object' ? (b as { method?: unknown }).method : undefined));
    const known = methods.every((m) => typeof m === 'string');
    return !known || methods.some((m) => m === 'eth_sendRawTransaction' || m === 'eth_sendTransaction');
  }
  return false;
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
