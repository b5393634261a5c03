/**
 * The sandbox "data RPC" node (leg `chain_rpc`): a JSON-RPC 2.0 handler (single and batch requests)
 * answering the Solana data methods the service reads, rendered from the sandbox world exactly as a
 * mainnet node renders them (`{ context, value }` wrappers, jsonParsed token layouts with Token-2022
 * extensions as `{ extension, state }`, jsonParsed v0 transactions with `meta.err` for failed ones).
 * This is a separate loopback node from the payment ledger in `src/sandbox/solana/`.
 *
 * Methods: getBalance, getAccountInfo, getMultipleAccounts (≤ 100), getTokenLargestAccounts (top 20),
 * getTokenSupply, getSignaturesForAddress, getTransaction, plus getHealth/getVersion/getSlot/getGenesisHash.
 * Signatures are a wallet's (`world.wallet(address).transactions`, newest first), or for a protocol's program
 * every transaction that invoked it (`programTransactions`); other addresses have none.
 * Unknown things get the node's answers: `value: null` for a missing account, `result: null` for an
 * unknown signature, `[]` for an address without history, -32602 "Invalid param: …" for a non-mint.
 * Sandbox limits (said here, not hidden): token accounts/mints and transactions are served only as
 * jsonParsed (other encodings get a -32602 naming the limit).
 *
 * The launch platform's coins (world/launchpad-chain.ts) are world tokens like any other (their transfer-fee
 * config names its own config and withdraw authorities); each coin's LaunchLab pool state is served here as
 * the program-owned account a node returns: base64 bytes (also when jsonParsed is asked), owner LaunchLab.
 *
 * Token accounts: the world lists them under their mint's `topHolders` and their owner's `tokens`, not by
 * address, so this node learns which (mint, owner) a token-account address belongs to from the answers
 * it gives (getTokenLargestAccounts, a wallet's accounts, transactions) and reads its amount from the
 * world at request time — the same order a client follows (largest accounts, then their owners).
 *
 * The parts: account-encoding.ts (accounts as the node encodes them), transaction-rendering.ts
 * (getTransaction's jsonParsed v0 form), data-node.ts (one request's view of the world), methods.ts (the
 * JSON-RPC method table), wire-basics.ts (slot clock, hashes, base58).
 */
import type { SandboxWorld } from '../../world/types.js';
import { jsonRpcHandler } from '../json-rpc-node.js';
import type { ProviderHandler } from '../server.js';
import { DataNode } from './data-node.js';
import { METHODS } from './methods.js';

/** The data RPC node over `world`, at the time `now()` says (read once per HTTP request). */
export function createSolanaDataRpcHandler(world: SandboxWorld, now: () => Date = () => new Date()): ProviderHandler {
  const tokenAccounts = new Map<string, { mint: string; owner: string }>();
  const programOwned = new Map<string, string>();
  return jsonRpcHandler(METHODS, () => new DataNode(world, now(), tokenAccounts, programOwned));
}
