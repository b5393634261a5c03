/**
 * Which settlement lookups a running service has (see settlement-lookup.ts):
 * - sandbox, or live with the in-process facilitator: Base and Solana, against the chains the
 *   facilitator settles on (Solana needs the facilitator's key to recompute the transaction id);
 * - live with a remote facilitator (FACILITATOR_URL): Base only, and only when BASE_RPC_URL is set
 *   (the scan needs no key); no Solana lookup — the remote fee payer's key is not ours.
 */
import type { Config } from '../config/index.js';
import { EVM_NETWORK_V2 } from './facilitator/evm.js';
import { SVM_V2_NETWORK, svmKeyPairFromSecret } from './facilitator/svm.js';
import { deriveSandboxIdentities } from './sandbox-identities.js';
import { evmSettlementLookup } from './settlement-lookup-evm.js';
import { svmSettlementLookup } from './settlement-lookup-svm.js';
import { httpJsonRpc, lookupByNetwork, type PollBound, type SettlementLookup } from './settlement-lookup.js';

/** The sandbox chains confirm at once (unless given fault modes): a short look is enough, and keeps a real "not settled" quick. */
const SANDBOX_BOUND: PollBound = { polls: 2, intervalMs: 100 };
/** Real chains: Base makes a block every 2 s; a Solana transaction confirms in a few seconds or not at all. */
const LIVE_EVM_BOUND: PollBound = { polls: 10, intervalMs: 1_000 };
const LIVE_SVM_BOUND: PollBound = { polls: 10, intervalMs: 1_000 };

export async function createServiceSettlementLookup(
  config: Config,
  sandbox: { solana: { url: string }; base: { url: string } } | undefined,
): Promise<SettlementLookup | undefined> {
  if (sandbox) {
    const feePayer = await svmKeyPairFromSecret(deriveSandboxIdentities(config.sandboxSeed).facilitatorSvmSeed);
    // Chains with fault modes (SANDBOX_CHAIN_FAULTS: block times, confirmation delays) confirm like real ones.
    const slow = config.sandboxChainFaults !== undefined;
    return lookupByNetwork({
      [EVM_NETWORK_V2]: evmSettlementLookup({ rpc: httpJsonRpc(sandbox.base.url), bound: slow ? LIVE_EVM_BOUND : SANDBOX_BOUND }),
      [SVM_V2_NETWORK]: svmSettlementLookup({ rpc: httpJsonRpc(sandbox.solana.url), feePayer, bound: slow ? LIVE_SVM_BOUND : SANDBOX_BOUND }),
    });
  }
  if (config.facilitatorUrl) {
    return config.baseRpcUrl ? lookupByNetwork({ [EVM_NETWORK_V2]: evmSettlementLookup({ rpc: httpJsonRpc(config.baseRpcUrl), bound: LIVE_EVM_BOUND }) }) : undefined;
  }
  if (!config.baseRpcUrl || !config.solanaRpcUrl || !config.facilitatorSolanaKey) return undefined;
  const feePayer = await svmKeyPairFromSecret(Uint8Array.from(Buffer.from(config.facilitatorSolanaKey, 'hex')));
  return lookupByNetwork({
    [EVM_NETWORK_V2]: evmSettlementLookup({ rpc: httpJsonRpc(config.baseRpcUrl), bound: LIVE_EVM_BOUND }),
    [SVM_V2_NETWORK]: svmSettlementLookup({ rpc: httpJsonRpc(config.solanaRpcUrl), feePayer, bound: LIVE_SVM_BOUND }),
  });
}
