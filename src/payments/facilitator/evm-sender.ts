/**
 * The facilitator's Base transaction pipeline for the fast exact scheme (evm-exact.ts): raw JSON-RPC over one
 * batching keep-alive client (src/lib/json-rpc-batch.ts), a local nonce, fees read at most once a second, EIP-1559 transactions signed with
 * libsecp256k1, and receipts polled right after broadcast (a sandbox block is mined on receipt of the
 * transaction; a Base block every ~2 s) and then every `pollingIntervalMs`.
 *
 * viem's wallet client, which the official scheme drives, re-reads fees and estimates gas for every
 * `writeContract` and signs with pure-JS secp256k1: about eleven round trips and two pure-JS curve operations
 * per settlement. Here the gas limit comes from the caller (the verify step's own estimate), so a settlement is
 * one JSON-RPC batch holding `eth_sendRawTransaction` and the first `eth_getTransactionReceipt`. Requests issued in
 * the same tick by concurrent settlements go out as one batch.
 *
 * Once a transaction may be on its way, only the wait bound (`confirmationTimeoutMs`) ends the wait for its receipt:
 * a failed receipt read (RPC error, HTTP 5xx, no answer within 2 s) is retried at the next interval, and a broadcast
 * whose transport failed (as opposed to the node refusing it) throws BroadcastOutcomeUnknownError with the
 * transaction's hash, which the caller waits for like a sent one. The bound passing throws SettlementUnconfirmedError.
 */
import { hexToBytes, serializeTransaction, type Address, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { privateKeyToAccount, sign } from 'viem/accounts';
import { createBatchingJsonRpc, JsonRpcError } from '../../lib/json-rpc-batch.js';
import { keccak256Hex } from '../../lib/keccak256.js';
import { nativeSignDigest } from '../../lib/secp256k1-recover.js';
import { SettlementUnconfirmedError } from './settle-outcome.js';

/** One JSON-RPC call; the transport batches concurrent ones. */
export type JsonRpcCall = (method: string, params: unknown[]) => Promise<unknown>;

export function batchingRpc(rpcUrl: string): JsonRpcCall {
  // No retries: a retried read would hide a failing RPC behind a slow one; the official scheme takes over for
  // verification whenever a read fails.
  const client = createBatchingJsonRpc(rpcUrl);
  return (method, params) => client.call(method, params);
}

export interface ReceiptLog {
  address: string;
  topics: string[];
  data: string;
}

export interface TransactionReceipt {
  status: 'success' | 'reverted';
  logs: ReceiptLog[];
}

interface RpcReceipt {
  status: string;
  logs?: ReceiptLog[];
}

export interface EvmSenderOptions {
  /** How long to wait for a receipt before answering settlement_unconfirmed (ms). */
  confirmationTimeoutMs: number;
  /** Receipt polling interval after the first, immediate read (ms). */
  pollingIntervalMs: number;
}

/** eth_sendRawTransaction failed without the node answering: the transaction may be in its mempool. */
export class BroadcastOutcomeUnknownError extends Error {
  constructor(readonly hash: Hex, cause: unknown) {
    super(`broadcast of ${hash} got no answer: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'BroadcastOutcomeUnknownError';
  }
}

/** Fees are re-read at most this often; Base's base fee moves at most 12.5 % per 2 s block. */
const FEE_TTL_MS = 1_000;
/** A receipt read still unanswered after this long counts as failed (and is retried). */
export const RECEIPT_READ_TIMEOUT_MS = 2_000;

export class EvmSender {
  readonly address: Address;
  private readonly key: Uint8Array;
  private nonce: Promise<number> | undefined;
  /** The receipt read sent with each broadcast, for waitForReceipt's first look. */
  private readonly early = new Map<Hex, Promise<RpcReceipt | null>>();
  private fees: { at: number; value: Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> } | undefined;

  constructor(
    private readonly rpc: JsonRpcCall,
    private readonly privateKey: Hex,
    private readonly chainId: number,
    private readonly opts: EvmSenderOptions,
  ) {
    this.address = privateKeyToAccount(privateKey).address;
    this.key = hexToBytes(privateKey);
  }

  /** Signs and broadcasts a call to `to`; resolves to the transaction hash once the RPC accepted it. */
  async send(to: Address, data: Hex, gas: bigint): Promise<Hex> {
    const [nonce, fees] = await Promise.all([this.nextNonce(), this.currentFees()]);
    const tx: TransactionSerializableEIP1559 = { type: 'eip1559', chainId: this.chainId, nonce, to, data, gas, value: 0n, ...fees };
    const digest = keccak256Hex(hexToBytes(serializeTransaction(tx)));
    const signature = nativeSignDigest(hexToBytes(digest), this.key) ?? await sign({ hash: digest, privateKey: this.privateKey });
    const raw = serializeTransaction(tx, signature);
    const sent = this.rpc('eth_sendRawTransaction', [raw]) as Promise<Hex>;
    // The hash is known before sending: the first receipt read rides in the same JSON-RPC batch, after the send
    // (nodes run a batch in order). A chain that mines on arrival answers it at once; otherwise it is null and
    // waitForReceipt polls.
    const hash = keccak256Hex(hexToBytes(raw));
    const early = this.rpc('eth_getTransactionReceipt', [hash]).catch(() => null) as Promise<RpcReceipt | null>;
    try {
      const accepted = await sent;
      // Bounded: an entry nobody waits for (a caller that gave up) must not pile up.
      if (this.early.size >= 10_000) this.early.clear();
      if (accepted.toLowerCase() === hash) this.early.set(hash, early);
      return accepted;
    } catch (err) {
      // The nonce may or may not have been used: the next transaction re-reads it from the chain.
      this.nonce = undefined;
      // A JSON-RPC error is the node refusing the transaction; anything else leaves its fate open.
      if (!(err instanceof JsonRpcError)) throw new BroadcastOutcomeUnknownError(hash as Hex, err);
      throw err;
    }
  }

  /**
   * The receipt, polled immediately and then every pollingIntervalMs; a failed read is retried; throws
   * SettlementUnconfirmedError once confirmationTimeoutMs passed without a receipt.
   */
  async waitForReceipt(hash: Hex): Promise<TransactionReceipt> {
    const deadline = Date.now() + this.opts.confirmationTimeoutMs;
    const early = this.early.get(hash.toLowerCase() as Hex);
    this.early.delete(hash.toLowerCase() as Hex);
    let lastError: string | undefined;
    for (let first = true; ; first = false) {
      let receipt: RpcReceipt | null = null;
      try {
        receipt = first && early ? await early : await readWithin(this.rpc('eth_getTransactionReceipt', [hash]) as Promise<RpcReceipt | null>, RECEIPT_READ_TIMEOUT_MS);
      } catch (err) {
        lastError = err instanceof Error ? err.message : String(err);
      }
      if (receipt) return { status: receipt.status === '0x1' ? 'success' : 'reverted', logs: receipt.logs ?? [] };
      if (Date.now() + this.opts.pollingIntervalMs > deadline) {
        const cause = lastError ? ` (last receipt read failed: ${lastError})` : '';
        throw new SettlementUnconfirmedError(hash, `Timed out while waiting for transaction with hash "${hash}" to be confirmed.${cause}`);
      }
      await new Promise((resolve) => setTimeout(resolve, this.opts.pollingIntervalMs));
    }
  }

  /**
   * Runs `fn` with the next nonce: for transactions built elsewhere (the official scheme's viem wallet client
   * on its fallback paths), so one account never has two nonce counters. A failure re-reads the nonce.
   */
  async withNonce<T>(fn: (nonce: number) => Promise<T>): Promise<T> {
    const nonce = await this.nextNonce();
    try {
      return await fn(nonce);
    } catch (err) {
      this.nonce = undefined;
      throw err;
    }
  }

  /** Local nonce: read once ('pending'), then counted; concurrent sends each get their own. */
  private async nextNonce(): Promise<number> {
    if (!this.nonce) {
      const read = this.rpc('eth_getTransactionCount', [this.address, 'pending']).then((n) => Number(n as Hex));
      this.nonce = read;
      read.catch(() => { if (this.nonce === read) this.nonce = undefined; });
    }
    const current = this.nonce;
    const mine = await current;
    // Claim `mine` and publish mine + 1 for the next caller (only if no resync replaced the chain meanwhile).
    if (this.nonce === current) this.nonce = Promise.resolve(mine + 1);
    else return this.nextNonce();
    return mine;
  }

  private currentFees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const now = Date.now();
    if (this.fees && now - this.fees.at < FEE_TTL_MS) return this.fees.value;
    const value = Promise.all([
      this.rpc('eth_getBlockByNumber', ['latest', false]) as Promise<{ baseFeePerGas?: Hex } | null>,
      this.rpc('eth_maxPriorityFeePerGas', []) as Promise<Hex>,
    ]).then(([block, tip]) => {
      const priority = BigInt(tip);
      // Twice the base fee: room for eight full blocks of increases; only the fee actually due is paid.
      return { maxFeePerGas: BigInt(block?.baseFeePerGas ?? '0x0') * 2n + priority, maxPriorityFeePerGas: priority };
    });
    this.fees = { at: now, value };
    value.catch(() => { if (this.fees?.value === value) this.fees = undefined; });
    return value;
  }
}

/** `read`, or a rejection once `ms` passed without its answer. */
export function readWithin<T>(read: Promise<T>, ms: number): Promise<T> {
  read.catch(() => undefined); // may lose the race
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms); });
  return Promise.race([read, timedOut]).finally(() => clearTimeout(timer));
}
