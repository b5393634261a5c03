/**
 * EVM settlement lookup (Base, x402 v1 and v2, EIP-3009): scans the blocks from the one current when
 * settle began for a successful `transferWithAuthorization` on the asset contract with exactly the
 * payment's from, to (= payTo), value and nonce. The sender does not matter: the signed authorization
 * binds recipient and value, so any such transaction proves we were paid — and a payer burning the
 * nonce in a transfer to themselves does not match (to ≠ payTo). An upto payment (Permit2) is found as the upto
 * proxy's settle call for its owner and nonce (src/payments/upto-lookup.ts).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { eip3009ABI } from '@x402/evm';
import { decodeFunctionData, isAddressEqual, isHex, type Hex } from 'viem';
import { type JsonRpc, type PollBound, type SettlementLookup, type SettlementTarget } from './settlement-lookup.js';
import { matchesUptoSettlement, uptoAuthorizationOf } from './upto-lookup.js';

/**
 * At most this many blocks after the mark are scanned (Base: ~200 s of blocks): more than an authorization's
 * validity (120 s), so the reconciler's later looks (src/payments/reconciler.ts) still cover every block the
 * transfer could have landed in.
 */
export const MAX_SCANNED_BLOCKS = 100n;
/**
 * The mark is read concurrently with settle (so paid calls wait for no extra round trip): the scan
 * starts this many blocks before it, in case the transaction landed before the block number was read.
 */
export const MARK_MARGIN_BLOCKS = 2n;
const MARK_TIMEOUT_MS = 1_000;
/** A block number read for one settle's mark serves the settles starting within this long (Base: 2 s blocks). */
const MARK_REUSE_MS = 500;

interface RpcTransaction {
  hash: Hex;
  to: string | null;
  input: Hex;
}

interface Authorization {
  from: string;
  to: string;
  value: bigint;
  nonce: string;
}

/** The authorization of an EIP-3009 scheme payload, or undefined when it has another shape (e.g. Permit2). */
export function authorizationOf(payload: Record<string, unknown>): Authorization | undefined {
  const a = payload.authorization as Record<string, unknown> | undefined;
  if (!a || typeof a.from !== 'string' || typeof a.to !== 'string' || typeof a.nonce !== 'string') return undefined;
  if (typeof a.value !== 'string' && typeof a.value !== 'number' && typeof a.value !== 'bigint') return undefined;
  try {
    return { from: a.from, to: a.to, value: BigInt(a.value), nonce: a.nonce };
  } catch {
    return undefined;
  }
}

/**
 * True when `tx` is a call of either `transferWithAuthorization` overload ((v,r,s) or bytes signature)
 * on the target's asset that moves exactly this payment: same from, nonce and value, to the payTo.
 * Does not look at the receipt: a reverted call matches here and is rejected by the scan.
 */
export function matchesPayment(tx: { to: string | null; input: string }, target: SettlementTarget): boolean {
  const auth = authorizationOf(target.payload);
  // An upto (Permit2) payment settles through the x402 upto proxy instead (src/payments/upto-lookup.ts).
  if (!auth) return matchesUptoSettlement(tx, target);
  if (!tx.to || !isHex(tx.input)) return false;
  try {
    if (!isAddressEqual(tx.to as Hex, target.asset as Hex)) return false;
    const call = decodeFunctionData({ abi: eip3009ABI, data: tx.input });
    if (call.functionName !== 'transferWithAuthorization') return false;
    const [from, to, value, , , nonce] = call.args as readonly [Hex, Hex, bigint, bigint, bigint, Hex, ...unknown[]];
    return isAddressEqual(from, auth.from as Hex)
      && isAddressEqual(to, target.payTo as Hex)
      && isAddressEqual(to, auth.to as Hex)
      && value === auth.value
      && value >= target.amount
      && nonce.toLowerCase() === auth.nonce.toLowerCase();
  } catch {
    // Not decodable as transferWithAuthorization (another function, malformed calldata, bad address).
    return false;
  }
}

export interface EvmLookupOptions {
  rpc: JsonRpc;
  bound?: PollBound;
}

export function evmSettlementLookup({ rpc, bound = { polls: 4, intervalMs: 500 } }: EvmLookupOptions): SettlementLookup {
  const blockNumber = async () => BigInt(String(await rpc('eth_blockNumber', [])));
  // The mark is taken on every settle, but one block number read serves every settle that starts within
  // MARK_REUSE_MS: a paid Base call costs the RPC at most one extra request per interval, not one each.
  let recent: { at: number; block: Promise<bigint | undefined> } | undefined;
  return {
    async mark() {
      const at = Date.now();
      if (!recent || at - recent.at > MARK_REUSE_MS) {
        // Bounded tightly: without a block, find() scans the latest blocks instead. The timer is unref'd,
        // so one left behind must not hold a closing process open.
        const timeout = delay(MARK_TIMEOUT_MS, undefined, { ref: false });
        recent = { at, block: Promise.race([blockNumber(), timeout]).catch(() => undefined) };
      }
      const block = await recent.block;
      return block === undefined ? { at } : { at, block };
    },
    async find(target, mark) {
      if (!authorizationOf(target.payload) && !uptoAuthorizationOf(target.payload)) return undefined;
      let next = mark.block === undefined ? undefined : mark.block > MARK_MARGIN_BLOCKS ? mark.block - MARK_MARGIN_BLOCKS : 0n;
      let last: bigint | undefined;
      for (let poll = 0; poll <= bound.polls; poll++) {
        if (poll > 0) await delay(bound.intervalMs);
        const latest = await blockNumber();
        // Without a mark, the window is the last MAX_SCANNED_BLOCKS blocks. With one, it runs to
        // MAX_SCANNED_BLOCKS past the chain head seen first (a reused mark may trail it by a few blocks).
        if (next === undefined) next = latest >= MAX_SCANNED_BLOCKS ? latest - MAX_SCANNED_BLOCKS + 1n : 0n;
        last ??= (latest > next ? latest : next) + MAX_SCANNED_BLOCKS - 1n;
        for (; next <= latest && next <= last; next++) {
          const found = await scanBlock(rpc, next, target);
          if (found) return { transaction: found };
        }
        if (next > last) return undefined;
      }
      return undefined;
    },
  };
}

async function scanBlock(rpc: JsonRpc, number: bigint, target: SettlementTarget): Promise<string | undefined> {
  const block = (await rpc('eth_getBlockByNumber', [`0x${number.toString(16)}`, true])) as { transactions?: unknown[] } | null;
  for (const tx of block?.transactions ?? []) {
    if (typeof tx !== 'object' || tx === null) continue;
    const candidate = tx as RpcTransaction;
    if (!matchesPayment(candidate, target)) continue;
    const receipt = (await rpc('eth_getTransactionReceipt', [candidate.hash])) as { status?: string } | null;
    if (receipt?.status === '0x1') return candidate.hash;
  }
  return undefined;
}
