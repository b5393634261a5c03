/**
 * The bank: what a validator does around its runtime. It checks a transaction's age against the blockhash
 * queue (clock.ts) and its signature against the status cache, lets the faucet prepare first-sight state
 * (faucet.ts), runs the transaction in the runtime (runtime.ts: LiteSVM), and records landed transactions
 * with their slot for `getSignatureStatuses` / `getTransaction`. Entry points: simulate (never commits) and
 * send (commits, or schedules the landing when the fault layer delays it).
 *
 * Everything here is synchronous, so each simulate/send is atomic with respect to other requests.
 */
import { getCompiledTransactionMessageDecoder } from '@solana/kit';
import type { ChainFaultController } from '../chain-faults.js';
import type { SlotClock } from './clock.js';
import { ATA_PROGRAM, FINALITY_DEPTH, TOKEN_PROGRAM, USDC_MINT } from './constants.js';
import {
  RpcError,
  SEND_TRANSACTION_PREFLIGHT_FAILURE,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  describeTransactionError,
  type TransactionError,
} from './errors.js';
import type { Faucet } from './faucet.js';
import type { RuntimeOutcome, SvmRuntime } from './runtime.js';
import { decodeWireTransaction, staticAccount, type DecodedTransaction } from './transaction.js';

export interface LandedTransaction {
  slot: number;
  blockTime: number;
  err: TransactionError | null;
  /** Base64 wire bytes as received (fully signed). */
  wire: string;
  version: 0 | 'legacy';
  fee: bigint;
  logs: string[];
  unitsConsumed: number;
  /**
   * Realistic slot times (src/sandbox/chain-faults.ts): until this `performance.now()` moment the status is
   * `processed`, then `confirmed`. Absent: confirmed as soon as it landed.
   */
  confirmAt?: number;
}

export interface SimulateOptions {
  encoding?: string;
  sigVerify?: boolean;
  replaceRecentBlockhash?: boolean;
  innerInstructions?: boolean;
}

export interface SendOptions {
  encoding?: string;
  skipPreflight?: boolean;
}

/** A transaction accepted by `send` that lands later (confirmation delay or realistic slots). */
interface PendingTransaction {
  tx: DecodedTransaction;
  confirmAt: number;
  timer: NodeJS.Timeout;
}

const messageDecoder = getCompiledTransactionMessageDecoder();

export class SolanaChain {
  /** The status cache: landed transactions by their first signature (the transaction id). */
  readonly landed = new Map<string, LandedTransaction>();
  /** Accepted, not landed yet: their signatures are taken (a duplicate send is refused) but nothing changed. */
  private readonly pending = new Map<string, PendingTransaction>();

  constructor(
    readonly runtime: SvmRuntime,
    readonly faucet: Faucet,
    readonly clock: SlotClock,
    readonly faults?: ChainFaultController,
  ) {
    faults?.setFlusher(async () => {
      for (const [id, { timer }] of [...this.pending]) {
        clearTimeout(timer);
        this.land(id, true);
      }
    });
  }

  simulate(encoded: string, options: SimulateOptions = {}) {
    const tx = decodeWireTransaction(encoded, options.encoding ?? 'base58');
    if (options.sigVerify && options.replaceRecentBlockhash) {
      throw new RpcError(-32602, 'Invalid params: sigVerify may not be used with replaceRecentBlockhash');
    }
    this.runtime.followClock(this.clock.slot(), this.clock.unixTime());
    const verified = options.sigVerify ? this.verified(tx) : undefined;
    let result: RuntimeOutcome;
    if (!options.replaceRecentBlockhash && !this.clock.isValid(tx.message.lifetimeToken)) {
      result = { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0, fee: 0n };
    } else {
      // The signature check already ran the transaction against this state: run it again only if first-sight
      // funding changed that state (as send() does).
      const wrote = this.prepare(tx);
      result = verified && !wrote ? verified : sanitized(this.runtime.simulate(tx.wire, options.sigVerify === true));
    }
    return {
      err: result.err,
      logs: result.logs,
      accounts: null,
      unitsConsumed: result.unitsConsumed,
      returnData: null,
      innerInstructions: options.innerInstructions ? [] : null,
      replacementBlockhash: options.replaceRecentBlockhash ? this.clock.latestBlockhash() : null,
    };
  }

  /**
   * Deviation from mainnet, on purpose: a transaction whose blockhash is unknown/expired, that was already
   * processed, or that could not land (its fee unpayable) is rejected with the preflight error even under
   * `skipPreflight` (a real node would accept it and silently drop it, leaving the facilitator polling for 30 s).
   */
  send(encoded: string, options: SendOptions = {}): string {
    const tx = decodeWireTransaction(encoded, options.encoding ?? 'base58');
    this.runtime.followClock(this.clock.slot(), this.clock.unixTime());
    let preflight = this.verified(tx);
    if (preflight.err === 'AlreadyProcessed' || this.landed.has(tx.id) || this.pending.has(tx.id)) throw preflightFailure('AlreadyProcessed');
    if (!this.clock.isValid(tx.message.lifetimeToken)) throw preflightFailure('BlockhashNotFound');
    if (this.prepare(tx)) preflight = this.runtime.simulate(tx.wire, true);
    const sentAt = performance.now();
    const landing = this.faults?.landingTime(sentAt);
    if (preflight.err && (!options.skipPreflight || (landing && !wouldLand(preflight.err)))) throw preflightFailure(preflight.err, preflight);
    if (landing) {
      // Accepted now (the checks above are the node's), executed when its slot lands: against the state of then.
      const timer = setTimeout(() => this.land(tx.id), Math.max(0, landing.landAt - sentAt));
      timer.unref();
      this.pending.set(tx.id, { tx, confirmAt: landing.confirmAt, timer });
      this.faults!.notePending(1);
      return tx.id;
    }
    const sent = this.runtime.send(tx.wire, tx.signature);
    if (!sent.landed) throw preflightFailure(sent.err ?? 'Unknown', sent);
    this.record(tx, sent);
    return tx.id;
  }

  /**
   * A broadcast the node answers but never lands (the `dropBroadcasts` fault): only decoded and its signatures
   * checked, as an RPC node does before forwarding, so garbage still gets its usual error. Nothing is reserved
   * and nobody is funded: sent again, it may land, until its blockhash expires.
   */
  acceptDropped(encoded: string, options: SendOptions = {}): string {
    const tx = decodeWireTransaction(encoded, options.encoding ?? 'base58');
    this.verified(tx);
    return tx.id;
  }

  /** Transactions waiting to land never will: the chain is closing. */
  stop(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    for (let n = this.pending.size; n > 0; n--) this.faults?.notePending(-1);
    this.pending.clear();
  }

  signatureStatus(signature: string) {
    const landed = this.landed.get(signature);
    if (!landed) return null;
    const depth = this.clock.slot() - landed.slot;
    const finalized = depth >= FINALITY_DEPTH;
    // Realistic slots: landed but not yet voted on by a supermajority.
    if (landed.confirmAt !== undefined && performance.now() < landed.confirmAt) {
      return { slot: landed.slot, confirmations: 0, err: landed.err, status: landed.err ? { Err: landed.err } : { Ok: null }, confirmationStatus: 'processed' };
    }
    return {
      slot: landed.slot,
      confirmations: finalized ? null : depth,
      err: landed.err,
      status: landed.err ? { Err: landed.err } : { Ok: null },
      confirmationStatus: finalized ? 'finalized' : 'confirmed',
    };
  }

  /** `getFeeForMessage`: the runtime's fee for a base64 message; null when its blockhash is not valid (as nodes answer). */
  feeForMessage(messageBase64: string): number | null {
    let message: ReturnType<typeof messageDecoder.decode>;
    const bytes = Buffer.from(messageBase64, 'base64');
    try {
      message = messageDecoder.decode(bytes);
    } catch {
      throw new RpcError(-32602, 'Invalid params: invalid message');
    }
    if (!this.clock.isValid(message.lifetimeToken)) return null;
    const signers = message.header.numSignerAccounts;
    if (signers > 127) throw new RpcError(-32602, 'Invalid params: invalid message');
    // An unsigned transaction around the message: signatures do not change the fee, only their count does.
    const wire = new Uint8Array(1 + signers * 64 + bytes.length);
    wire[0] = signers;
    wire.set(bytes, 1 + signers * 64);
    const fee = this.runtime.feeFor(wire);
    return fee === null ? null : Number(fee);
  }

  /** A delayed transaction's slot: it executes now, or never lands if it no longer can (expired blockhash, no fee). */
  private land(id: string, confirmNow = false): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    this.runtime.followClock(this.clock.slot(), this.clock.unixTime());
    // Preflight ran at send time: a transaction that now fails an instruction lands failed and pays its fee.
    const sent = this.clock.isValid(pending.tx.message.lifetimeToken) ? this.runtime.send(pending.tx.wire, pending.tx.signature) : undefined;
    if (sent?.landed) this.record(pending.tx, sent, confirmNow ? undefined : pending.confirmAt);
    this.faults?.noteLanded(sent?.landed === true);
    this.faults?.notePending(-1);
  }

  private record(tx: DecodedTransaction, outcome: RuntimeOutcome, confirmAt?: number): void {
    this.landed.set(tx.id, {
      slot: this.clock.slot(),
      blockTime: this.clock.unixTime(),
      err: outcome.err,
      wire: tx.wireBase64,
      version: tx.version,
      fee: outcome.fee,
      logs: outcome.logs,
      unitsConsumed: outcome.unitsConsumed,
      ...(confirmAt !== undefined && confirmAt > performance.now() ? { confirmAt } : {}),
    });
  }

  /**
   * What an RPC node checks before anything else, here by the runtime on the transaction's bytes: it sanitizes
   * (-32602) and every required signature verifies (-32003). Returns the runtime's run of it, state unchanged.
   */
  private verified(tx: DecodedTransaction): RuntimeOutcome {
    const outcome = sanitized(this.runtime.simulate(tx.wire, true));
    if (outcome.err === 'SignatureFailure') {
      throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
    }
    return outcome;
  }

  /**
   * First-sight state (faucet.ts) for the parties of a transaction, before it runs: the fee payer's SOL, each
   * USDC transfer authority's 100 USDC, each payee's USDC account (unless the transaction creates it itself).
   * True when it wrote anything.
   */
  private prepare(tx: DecodedTransaction): boolean {
    const writesBefore = this.faucet.writes;
    const feePayer = staticAccount(tx, 0);
    if (feePayer) this.faucet.ensureFeePayer(feePayer);
    const createdByTx = new Set<string>();
    for (const ix of tx.message.instructions) {
      if (staticAccount(tx, ix.programAddressIndex) !== ATA_PROGRAM) continue;
      const created = staticAccount(tx, ix.accountIndices?.[1]);
      if (created) createdByTx.add(created);
    }
    for (const ix of tx.message.instructions) {
      if (staticAccount(tx, ix.programAddressIndex) !== TOKEN_PROGRAM) continue;
      // spl-token Transfer (3): source, destination, authority; TransferChecked (12): source, mint, destination, authority.
      const positions = ix.data?.[0] === 12 ? { destination: 2, authority: 3 } : ix.data?.[0] === 3 ? { destination: 1, authority: 2 } : undefined;
      if (!positions) continue;
      const account = (position: number) => staticAccount(tx, ix.accountIndices?.[position]);
      const authority = account(positions.authority);
      if (authority) this.faucet.ensureFunded(authority);
      const destination = account(positions.destination);
      const source = account(0);
      const usdc = ix.data?.[0] === 12 ? account(1) === USDC_MINT : source !== undefined && this.faucet.tokenAccount(source) !== null;
      if (destination && usdc && !createdByTx.has(destination)) this.faucet.ensureReceivingAccount(destination);
    }
    return this.faucet.writes !== writesBefore;
  }
}

/** A transaction the runtime could not sanitize is refused by the node's RPC layer, never simulated. */
function sanitized(outcome: RuntimeOutcome): RuntimeOutcome {
  if (outcome.err === 'SanitizeFailure') throw new RpcError(-32602, 'invalid transaction: Transaction failed to sanitize accounts offsets correctly');
  return outcome;
}

/**
 * Whether a transaction that failed in the runtime would still land (and pay its fee): one that failed while
 * executing its instructions or on the post-execution rent check. Others fail loading it (fee payer, programs,
 * compute budget) and never land.
 */
function wouldLand(err: TransactionError): boolean {
  return typeof err === 'object' && ('InstructionError' in err || 'InsufficientFundsForRent' in err);
}

function preflightFailure(err: TransactionError, outcome?: RuntimeOutcome): RpcError {
  return new RpcError(SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${describeTransactionError(err)}`, {
    accounts: null,
    err,
    innerInstructions: null,
    logs: outcome?.logs ?? [],
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed: outcome?.unitsConsumed ?? 0,
  });
}
