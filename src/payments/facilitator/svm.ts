/**
 * SVM facilitator wiring: the `exact` facilitator schemes (v2 on Solana mainnet's CAIP-2 id, v1 on the
 * network name `solana`), signing as our fee payer and talking to the RPC we give it — the sandbox
 * chain in tests/dev, never a hard-coded public endpoint.
 *
 * `registerSvmSchemes` registers our fast schemes (svm-exact.ts, svm-exact-v1.ts: the official checks
 * and codes on a native fast path, the official schemes behind them for what that path does not read),
 * both under the fee payer's caps (svm-fee-caps.ts); `registerOfficialSvmSchemes` the official @x402/svm
 * ones alone (the equality tests compare the two, optionally configured with the same caps).
 */
import {
  createKeyPairSignerFromBytes,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  getSignatureFromTransaction,
  mainnet,
  type KeyPairSigner,
} from '@solana/kit';
import { InMemoryPendingSettlementStore, type x402Facilitator } from '@x402/core/facilitator';
import type { Network } from '@x402/core/types';
import { decodeTransactionFromPayload, SettlementCache, toFacilitatorSvmSigner, TransactionOnchainFailureError, type FacilitatorSvmSigner } from '@x402/svm';
import { ExactSvmScheme } from '@x402/svm/exact/facilitator';
import { ExactSvmSchemeV1 } from '@x402/svm/exact/v1/facilitator';
import { createBatchingJsonRpc } from '../../lib/json-rpc-batch.js';
import { noteUnconfirmed } from './settle-outcome.js';
import { FastExactSvmScheme } from './svm-exact.js';
import { mayHaveBeenSent, SvmChain, type SvmConfirmationOptions } from './svm-exact-chain.js';
import { createFeePayerKey, type FeePayerKey } from './svm-exact-crypto.js';
import { FastExactSvmSchemeV1 } from './svm-exact-v1.js';
import { officialCapOptions, resolveSvmFeeCaps, type SvmFeeCaps } from './svm-fee-caps.js';

export const SVM_V2_NETWORK = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const;
export const SVM_V1_NETWORK = 'solana' as const;

/** The official signer interface plus the fee-payer address that goes into `extra.feePayer`. */
export type SvmFacilitatorSigner = FacilitatorSvmSigner & { readonly feePayer: string };

/** Accepts a 32-byte ed25519 seed (private key) or a 64-byte Solana keypair (seed ‖ public key). */
export async function svmKeyPairFromSecret(secretKey: Uint8Array): Promise<KeyPairSigner> {
  if (secretKey.length === 32) return createKeyPairSignerFromPrivateKeyBytes(secretKey);
  if (secretKey.length === 64) return createKeyPairSignerFromBytes(secretKey);
  throw new Error(`SVM facilitator key must be 32 (seed) or 64 (keypair) bytes, got ${secretKey.length}`);
}

/** The fee-payer address for a facilitator secret key, without building a signer. */
export async function svmFeePayerAddress(secretKey: Uint8Array): Promise<string> {
  return (await svmKeyPairFromSecret(secretKey)).address;
}

/** What the schemes need: the official signer (and fallback schemes), our fast path's native key and chain client, the caps. */
export interface SvmFacilitator {
  signer: SvmFacilitatorSigner;
  fast: { key: FeePayerKey; chain: SvmChain };
  caps: SvmFeeCaps;
}

export interface SvmFacilitatorOptions {
  /** The confirmation wait bound and poll interval (svm-exact-chain.ts). */
  confirmation?: SvmConfirmationOptions;
  /** Overrides of DEFAULT_SVM_FEE_CAPS. */
  caps?: Partial<SvmFeeCaps>;
}

/**
 * Builds the official facilitator signer via the package's own `toFacilitatorSvmSigner`, and beside it our fast
 * path's native fee-payer key and batching RPC client for the same key and URL. The official RPC is passed as a
 * per-network map with a `*` fallback so every network name (`solana`, `solana:5eykt…`) resolves to `rpcUrl`;
 * the package's default would otherwise be api.mainnet-beta.solana.com.
 *
 * `wsUrl` is accepted for symmetry but unused: the facilitator confirms by polling getSignatureStatuses.
 */
export async function createSvmFacilitator(rpcUrl: string, secretKey: Uint8Array, wsUrl?: string, opts: SvmFacilitatorOptions = {}): Promise<SvmFacilitator> {
  void wsUrl;
  const caps = resolveSvmFeeCaps(opts.caps);
  const keyPair = await svmKeyPairFromSecret(secretKey);
  const rpc = createSolanaRpc(mainnet(rpcUrl));
  // A plain object map: passing the kit RPC proxy directly would be misdetected (`'getBalance' in proxy` is false).
  const signer = Object.assign(toFacilitatorSvmSigner(keyPair, { '*': rpc, [SVM_V2_NETWORK]: rpc, [SVM_V1_NETWORK]: rpc }), { feePayer: keyPair.address as string });
  const key = createFeePayerKey(secretKey);
  if (key.address !== signer.feePayer) throw new Error('SVM fee payer key does not match the signer');
  return { signer, fast: { key, chain: new SvmChain(createBatchingJsonRpc(rpcUrl), opts.confirmation) }, caps };
}

/** The official signer alone (tests and tools that drive the official schemes). */
export async function createSvmFacilitatorSigner(rpcUrl: string, secretKey: Uint8Array, wsUrl?: string): Promise<SvmFacilitatorSigner> {
  return (await createSvmFacilitator(rpcUrl, secretKey, wsUrl)).signer;
}

/**
 * Registers our fast schemes, v2 `exact` on Solana mainnet and v1 `exact` on `solana`, each with the official
 * scheme behind it; all four share one duplicate-settlement cache and one pending-settlement store. The official
 * v2 scheme gets the caps it has options for; both official schemes send and confirm through our chain client
 * (fallbackSigner), so their confirmations survive failed reads and report an unknown outcome.
 */
export function registerSvmSchemes(facilitator: x402Facilitator, svm: SvmFacilitator): x402Facilitator {
  const settlementCache = new SettlementCache();
  const pendingSettlementStore = new InMemoryPendingSettlementStore();
  const core = { ...svm.fast, settlementCache, caps: svm.caps };
  const signer = fallbackSigner(svm.signer, svm.fast.chain);
  const officialV2 = new ExactSvmScheme(signer, settlementCache, { pendingSettlementStore, ...officialCapOptions(svm.caps) });
  facilitator.register(SVM_V2_NETWORK, new FastExactSvmScheme(core, officialV2, { pendingSettlementStore }));
  // v1 network names have no CAIP-2 colon; the package's own registerExactSvmScheme casts the same way.
  facilitator.registerV1(SVM_V1_NETWORK as Network, new FastExactSvmSchemeV1(core, new ExactSvmSchemeV1(signer, settlementCache)));
  return facilitator;
}

/**
 * The official signer with our chain client's send and confirmation: a send whose transport failed is followed
 * by its transaction id, a failed status read is retried until the bound, and a confirmation left unknown is
 * noted on the settle's trace (settle-outcome.ts) before the error reaches the official scheme.
 */
function fallbackSigner(signer: SvmFacilitatorSigner, chain: SvmChain): SvmFacilitatorSigner {
  const follow = async (signature: string): Promise<void> => {
    try {
      await chain.confirm(signature);
    } catch (error) {
      if (!(error instanceof TransactionOnchainFailureError)) noteUnconfirmed(signature, error instanceof Error ? error.message : String(error));
      throw error;
    }
  };
  return {
    ...signer,
    sendTransaction: async (transaction) => {
      try {
        return await chain.send(transaction);
      } catch (error) {
        if (!mayHaveBeenSent(error)) throw error;
        const signature = getSignatureFromTransaction(decodeTransactionFromPayload({ transaction }));
        await follow(signature);
        return signature;
      }
    },
    confirmTransaction: (signature) => follow(signature),
  };
}

/** The official @x402/svm schemes only, sharing one duplicate-settlement cache; v2 optionally with the caps it has options for. */
export function registerOfficialSvmSchemes(facilitator: x402Facilitator, signer: FacilitatorSvmSigner, caps?: SvmFeeCaps): x402Facilitator {
  const settlementCache = new SettlementCache();
  facilitator.register(SVM_V2_NETWORK, new ExactSvmScheme(signer, settlementCache, caps ? officialCapOptions(caps) : undefined));
  // v1 network names have no CAIP-2 colon; the package's own registerExactSvmScheme casts the same way.
  facilitator.registerV1(SVM_V1_NETWORK as Network, new ExactSvmSchemeV1(signer, settlementCache));
  return facilitator;
}
