/**
 * The sandbox chain: blocks and transaction records around the EVM (src/sandbox/base/evm.ts), instant mining of raw
 * transactions into one-transaction blocks, delayed landing and block times under chain faults, and the records
 * JSON-RPC reads back.
 */
import {
  encodeAbiParameters, hexToBytes, keccak256, parseTransaction, serializeTransaction, zeroHash, type Address, type Hex, type Signature,
} from 'viem';
import type { TypedTransaction } from '@ethereumjs/tx';
import { keccak256Hex } from '../../lib/keccak256.js';
import type { ChainFaultController } from '../chain-faults.js';
import { fastRecoverAddress } from '../../lib/secp256k1-recover.js';
import { BASE_CHAIN_ID } from './abi.js';
import { BASE_FEE_PER_GAS, InvalidTransaction, type BlockContext, type CallRequest, type EvmLog, type SandboxEvm, type TxOutcome } from './evm.js';

export { BASE_FEE_PER_GAS, BLOCK_GAS_LIMIT, PRIORITY_FEE_PER_GAS, type CallRequest } from './evm.js';

/** A JSON-RPC error a real node would return (for everything that is not an EVM revert). */
export class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

/** Start at a Base-mainnet-like height so block numbers look plausible. */
const GENESIS_NUMBER = 30_000_000n;

export interface Block {
  number: bigint;
  hash: Hex;
  parentHash: Hex;
  timestamp: bigint;
  transactions: Hex[];
  gasUsed: bigint;
}

export type ParsedTransaction = ReturnType<typeof parseTransaction>;

/**
 * The sender of a signed transaction: viem's `recoverTransactionAddress` (the signature over the keccak of
 * the unsigned serialisation) with the native recovery, since every paid Base call mines one transaction.
 */
async function transactionSender(tx: ParsedTransaction): Promise<Address> {
  const { r, s, v, yParity } = tx;
  if (r === undefined || s === undefined) throw new Error('the transaction is not signed');
  const unsigned = serializeTransaction({ ...tx, r: undefined, s: undefined, v: undefined, yParity: undefined, sidecars: undefined } as Parameters<typeof serializeTransaction>[0]);
  return fastRecoverAddress(keccak256Hex(hexToBytes(unsigned)), { r, s, ...(v !== undefined ? { v } : {}), ...(yParity !== undefined ? { yParity } : {}) } as Signature);
}

export interface MinedTransaction {
  hash: Hex;
  from: Address;
  tx: ParsedTransaction;
  blockNumber: bigint;
  blockHash: Hex;
  status: 'success' | 'reverted';
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  logs: EvmLog[];
  /** The created contract's address (a deployment), else null. */
  contractAddress: Address | null;
  /** Position in a block of several transactions (delayed landing, chain-faults.ts); absent: 0, the only one. */
  index?: number;
  /** Gas used by the block up to and including this transaction; absent: `gasUsed`. */
  cumulativeGasUsed?: bigint;
  /** Block-wide index of this transaction's first log; absent: 0. */
  firstLogIndex?: number;
}

/** Accepted (nonce and hash taken) but not in a block yet: it lands at `landAt` (performance.now() ms). */
export interface PendingTransaction {
  hash: Hex;
  from: Address;
  tx: ParsedTransaction;
  vmTx: TypedTransaction;
  landAt: number;
}

export class SandboxChain {
  private readonly blocks: Block[] = [];
  private readonly transactions = new Map<string, MinedTransaction>();
  private readonly nextNonces = new Map<string, bigint>();
  private readonly usedNonces = new Map<string, Set<bigint>>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Delayed landing (chain-faults.ts): accepted transactions by hash, in arrival order. */
  private readonly pending = new Map<string, PendingTransaction>();
  private wakeTimer: NodeJS.Timeout | undefined;
  private wakeAt = Infinity;
  /** The last block-time boundary a block was produced for (realistic block times). */
  private lastBoundary = -Infinity;
  private stopped = false;
  private readonly unsubscribe: (() => void) | undefined;

  constructor(readonly evm: SandboxEvm, private readonly now: () => Date, readonly faults?: ChainFaultController) {
    this.blocks.push(makeBlock(GENESIS_NUMBER, zeroHash, this.nowSeconds(), [], 0n));
    // Realistic block times start (or stop) the block ticker whenever the faults change.
    this.unsubscribe = faults?.onChange(() => this.scheduleWake());
    faults?.setFlusher(() => this.exclusive(() => this.produceBlock(Infinity, false)).finally(() => this.scheduleWake()));
    this.scheduleWake();
  }

  /**
   * Run state-touching work one request at a time: two interleaved settlements must not both see the pre-transfer
   * balance or an unused nonce, and an eth_call's checkpoint must not swallow a transaction's writes.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** block.timestamp for new blocks and for eth_call — the injected clock is authoritative. */
  nowSeconds(): bigint {
    return BigInt(Math.floor(this.now().getTime() / 1000));
  }

  /** The block an eth_call or estimate executes in: the next one, at the clock's time. */
  private pendingContext(): BlockContext {
    return { number: this.latestBlock().number + 1n, timestamp: this.nowSeconds() };
  }

  getCode(address: Address): Promise<Hex> {
    return this.exclusive(() => this.evm.getCode(address));
  }

  getBalance(address: Address): Promise<bigint> {
    return this.exclusive(() => this.evm.getBalance(address));
  }

  getStorageAt(address: Address, slot: Hex): Promise<Hex> {
    return this.exclusive(() => this.evm.getStorageAt(address, slot));
  }

  latestBlock(): Block {
    return this.blocks[this.blocks.length - 1]!;
  }

  earliestBlock(): Block {
    return this.blocks[0]!;
  }

  blockByNumber(n: bigint): Block | undefined {
    return this.blocks[Number(n - GENESIS_NUMBER)];
  }

  blockByHash(hash: Hex): Block | undefined {
    return this.blocks.find((b) => b.hash.toLowerCase() === hash.toLowerCase());
  }

  transaction(hash: Hex): MinedTransaction | undefined {
    return this.transactions.get(hash.toLowerCase());
  }

  pendingTransaction(hash: Hex): PendingTransaction | undefined {
    return this.pending.get(hash.toLowerCase());
  }

  nonceOf(address: Address): bigint {
    return this.nextNonces.get(address.toLowerCase()) ?? 0n;
  }

  /** eth_call: execute against the latest state, never commit. Throws {@link Revert}. */
  call(req: CallRequest): Promise<Hex> {
    return this.exclusive(() => this.evm.call(req, this.pendingContext()));
  }

  /** eth_estimateGas: the VM's gas for the call; a reverting call fails estimation (as on a real node). */
  estimateGas(req: CallRequest): Promise<bigint> {
    return this.exclusive(() => this.evm.estimateGas(req, this.pendingContext()));
  }

  /**
   * eth_sendRawTransaction: validate, mine into a new block immediately, return the tx hash. Under a confirmation
   * delay or realistic block times (chain-faults.ts) the nonce and hash are taken now and the transaction is
   * executed when its block is produced. `drop`: answer the hash of a well-formed signed transaction and forget it.
   */
  sendRawTransaction(raw: Hex, opts: { drop?: boolean } = {}): Promise<Hex> {
    return this.exclusive(async () => {
      let tx: ParsedTransaction;
      let from: Address;
      try {
        tx = parseTransaction(raw);
        from = await transactionSender(tx);
      } catch (err) {
        throw new RpcError(-32000, `invalid transaction: ${(err as Error).message.split('\n')[0]}`);
      }
      const hash = keccak256Hex(hexToBytes(raw));
      if (opts.drop) return hash;
      if (this.transactions.has(hash) || this.pending.has(hash)) throw new RpcError(-32000, 'already known');
      if (tx.chainId === undefined) throw new RpcError(-32000, 'only replay-protected (EIP-155) transactions allowed over RPC');
      if (tx.chainId !== BASE_CHAIN_ID) throw new RpcError(-32000, `invalid chain id for signer: have ${tx.chainId} want ${BASE_CHAIN_ID}`);
      let vmTx: TypedTransaction;
      try {
        vmTx = this.evm.parseTransaction(raw);
      } catch (err) {
        throw new RpcError(-32000, `invalid transaction: ${(err as Error).message.split('\n')[0]}`);
      }
      const nonce = BigInt(tx.nonce ?? 0);
      const expected = this.nonceOf(from);
      // A nonce serves once. Gaps and out-of-order arrival are accepted (as if the missing txs had been
      // mined), so concurrent settlements with a local nonce manager — N and N+1 racing — both land.
      if (this.usedNonces.get(from.toLowerCase())?.has(nonce)) throw new RpcError(-32000, `nonce too low: nonce ${nonce} already used (next nonce ${expected})`);
      // What a node's mempool refuses up front (the VM checks both again when it executes the transaction).
      if (vmTx.gasLimit < vmTx.getMinimumGasLimit()) throw new RpcError(-32000, 'intrinsic gas too low');
      const maxFee = tx.maxFeePerGas ?? tx.gasPrice ?? 0n;
      if (maxFee < BASE_FEE_PER_GAS) throw new RpcError(-32000, 'max fee per gas less than block base fee');

      const sentAt = performance.now();
      const landing = this.faults?.landingTime(sentAt);
      if (landing) {
        this.takeNonce(from, nonce, expected);
        this.pending.set(hash, { hash, from, tx, vmTx, landAt: landing.landAt });
        this.faults!.notePending(1);
        this.scheduleWake();
        return hash;
      }
      const parent = this.latestBlock();
      const context = { number: parent.number + 1n, timestamp: this.nowSeconds() };
      let outcome: TxOutcome;
      try {
        outcome = await this.evm.runTransaction(vmTx, from, context, 0n);
      } catch (err) {
        if (err instanceof InvalidTransaction) throw new RpcError(-32000, err.message);
        throw err;
      }
      this.takeNonce(from, nonce, expected);
      const block = makeBlock(context.number, parent.hash, context.timestamp, [hash], outcome.gasUsed);
      this.blocks.push(block);
      this.transactions.set(hash, { hash, from, tx, blockNumber: block.number, blockHash: block.hash, ...outcome });
      return hash;
    });
  }

  /** Block production and pending transactions end: the chain is closing. */
  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    for (let n = this.pending.size; n > 0; n--) this.faults?.notePending(-1);
    this.pending.clear();
  }

  private takeNonce(from: Address, nonce: bigint, expected: bigint): void {
    const used = this.usedNonces.get(from.toLowerCase()) ?? new Set<bigint>();
    used.add(nonce);
    this.usedNonces.set(from.toLowerCase(), used);
    if (nonce >= expected) this.nextNonces.set(from.toLowerCase(), nonce + 1n);
  }

  /**
   * The next block production: at the next block-time boundary (realistic block times: a block every 2 s, empty
   * or not) or when the earliest pending transaction is due (a confirmation delay alone: a block per landing).
   */
  private scheduleWake(): void {
    if (this.stopped) return;
    const now = performance.now();
    const blockMs = this.faults?.blockMs();
    let at = blockMs === undefined ? Infinity : this.faults!.nextBoundary(Math.max(now, this.lastBoundary), blockMs);
    for (const p of this.pending.values()) at = Math.min(at, p.landAt);
    if (this.wakeTimer && this.wakeAt === at) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    this.wakeAt = at;
    if (at === Infinity) return;
    this.wakeTimer = setTimeout(() => this.wake(), Math.max(0, at - now));
    this.wakeTimer.unref();
  }

  private wake(): void {
    const at = Math.max(this.wakeAt, performance.now());
    this.wakeTimer = undefined;
    this.wakeAt = Infinity;
    const boundary = this.faults?.blockMs() !== undefined;
    if (boundary) this.lastBoundary = at;
    void this.exclusive(() => this.produceBlock(at, boundary)).catch(() => undefined).finally(() => this.scheduleWake());
  }

  /** One block holding every pending transaction due by `at`, in arrival order; `always`: even an empty one. */
  private async produceBlock(at: number, always: boolean): Promise<void> {
    if (this.stopped) return;
    const due = [...this.pending.values()].filter((p) => p.landAt <= at);
    // A tick queued just before realistic block times were turned off produces nothing.
    if (due.length === 0 && !(always && this.faults?.blockMs() !== undefined)) return;
    const parent = this.latestBlock();
    const context = { number: parent.number + 1n, timestamp: this.nowSeconds() };
    const mined: Omit<MinedTransaction, 'blockNumber' | 'blockHash'>[] = [];
    let cumulative = 0n;
    let logCount = 0;
    for (const [index, p] of due.entries()) {
      this.pending.delete(p.hash);
      let outcome: TxOutcome;
      try {
        outcome = await this.evm.runTransaction(p.vmTx, p.from, context, cumulative);
      } catch {
        // Refused by the VM at execution (e.g. no ETH left for gas): the block still lists it, failed, with its
        // whole gas limit, and no state changed — the sandbox has no mempool to keep it in.
        outcome = { status: 'reverted', gasUsed: p.tx.gas ?? 0n, effectiveGasPrice: BASE_FEE_PER_GAS, logs: [], contractAddress: null };
      }
      cumulative += outcome.gasUsed;
      mined.push({ hash: p.hash, from: p.from, tx: p.tx, ...outcome, index, cumulativeGasUsed: cumulative, firstLogIndex: logCount });
      logCount += outcome.logs.length;
    }
    const block = makeBlock(context.number, parent.hash, context.timestamp, mined.map((m) => m.hash), cumulative);
    this.blocks.push(block);
    for (const m of mined) {
      this.transactions.set(m.hash, { ...m, blockNumber: block.number, blockHash: block.hash });
      this.faults?.noteLanded(true);
      this.faults?.notePending(-1);
    }
  }
}

function makeBlock(number: bigint, parentHash: Hex, timestamp: bigint, transactions: Hex[], gasUsed: bigint): Block {
  // Deterministic pseudo-hash: same history → same hashes, which keeps test output reproducible.
  const hash = keccak256(encodeAbiParameters(
    [{ type: 'uint256' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'bytes32[]' }],
    [number, parentHash, timestamp, transactions],
  ));
  return { number, hash, parentHash, timestamp, transactions, gasUsed };
}
