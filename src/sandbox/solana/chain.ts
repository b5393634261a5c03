/**
 * The bank: runs decoded transactions against the ledger with the same phase order as a real
 * validator — lifetime check, compute-budget parsing, fee, program loading, then instructions —
 * and implements the two entry points RPC needs: simulate (never commits) and send (commits
 * atomically, records the signature status, and refuses replays).
 *
 * Everything here is synchronous, so each simulate/send is atomic with respect to other requests.
 */
import type { ChainFaultController } from '../chain-faults.js';
import { SlotClock } from './clock.js';
import {
  BUILTIN_PROGRAMS,
  COMPUTE_BUDGET_PROGRAM,
  DEFAULT_COMPUTE_UNIT_LIMIT_PER_IX,
  FINALITY_DEPTH,
  LAMPORTS_PER_SIGNATURE,
  MAX_COMPUTE_UNIT_LIMIT,
  TOKEN_PROGRAM,
} from './constants.js';
import {
  RpcError,
  SEND_TRANSACTION_PREFLIGHT_FAILURE,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  describeTransactionError,
} from './errors.js';
import { Draft, Ledger, type TransactionError } from './ledger.js';
import { COMPUTE_COST, InstructionFailure, runInstruction } from './programs.js';
import { decodeWireTransaction, signaturesValid, type DecodedTransaction } from './transaction.js';

export interface ExecutionResult {
  err: TransactionError | null;
  logs: string[];
  unitsConsumed: number;
  fee: bigint;
  /** False when the transaction fails before execution: it would never land and pays no fee. */
  landed: boolean;
  /** State to commit if the transaction lands: everything on success, only the fee on failure. */
  draft: Draft;
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

export class SolanaChain {
  /** Accepted, not landed yet: their signatures are taken (a duplicate send is refused) but nothing changed. */
  private readonly pending = new Map<string, PendingTransaction>();

  constructor(
    readonly ledger: Ledger,
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
    if (options.sigVerify && !signaturesValid(tx)) {
      throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
    }
    const result = this.execute(tx, { checkLifetime: !options.replaceRecentBlockhash });
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
   * Deviation from mainnet, on purpose: a transaction whose blockhash is unknown/expired, or that was
   * already processed, is rejected with the preflight error even under `skipPreflight` (a real node
   * would accept it and silently drop it, leaving the facilitator polling for 30 s).
   */
  send(encoded: string, options: SendOptions = {}): string {
    const tx = decodeWireTransaction(encoded, options.encoding ?? 'base58');
    if (!signaturesValid(tx)) {
      throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
    }
    if (this.ledger.landed.has(tx.id) || this.pending.has(tx.id)) throw preflightFailure('AlreadyProcessed');
    const result = this.execute(tx, { checkLifetime: true });
    if (!result.landed || (result.err && !options.skipPreflight)) throw preflightFailure(result.err ?? 'Unknown', result);
    const sentAt = performance.now();
    const landing = this.faults?.landingTime(sentAt);
    if (landing) {
      // Accepted now (the checks above are the node's), executed when its slot lands: against the state of then.
      const timer = setTimeout(() => this.land(tx.id), Math.max(0, landing.landAt - sentAt));
      timer.unref();
      this.pending.set(tx.id, { tx, confirmAt: landing.confirmAt, timer });
      this.faults!.notePending(1);
      return tx.id;
    }
    this.record(tx, result);
    return tx.id;
  }

  /**
   * A broadcast the node answers but never lands (the `dropBroadcasts` fault): only decoded and its signatures
   * checked, as an RPC node does before forwarding, so garbage still gets its usual error. Nothing is reserved:
   * sent again, it may land, until its blockhash expires.
   */
  acceptDropped(encoded: string, options: SendOptions = {}): string {
    const tx = decodeWireTransaction(encoded, options.encoding ?? 'base58');
    if (!signaturesValid(tx)) {
      throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
    }
    return tx.id;
  }

  /** Transactions waiting to land never will: the chain is closing. */
  stop(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    for (let n = this.pending.size; n > 0; n--) this.faults?.notePending(-1);
    this.pending.clear();
  }

  /** A delayed transaction's slot: it executes now, or never lands if it no longer can (expired blockhash, no fee). */
  private land(id: string, confirmNow = false): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    const result = this.execute(pending.tx, { checkLifetime: true });
    // Preflight ran at send time: a transaction that now fails an instruction lands failed and pays its fee.
    if (result.landed) this.record(pending.tx, result, confirmNow ? undefined : pending.confirmAt);
    this.faults?.noteLanded(result.landed);
    this.faults?.notePending(-1);
  }

  private record(tx: DecodedTransaction, result: ExecutionResult, confirmAt?: number): void {
    result.draft.commit();
    this.ledger.landed.set(tx.id, {
      slot: this.clock.slot(),
      blockTime: this.clock.unixTime(),
      err: result.err,
      wire: tx.wireBase64,
      version: tx.version,
      fee: result.fee,
      logs: result.logs,
      unitsConsumed: result.unitsConsumed,
      ...(confirmAt !== undefined && confirmAt > performance.now() ? { confirmAt } : {}),
    });
  }

  signatureStatus(signature: string) {
    const landed = this.ledger.landed.get(signature);
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

  private execute(tx: DecodedTransaction, { checkLifetime }: { checkLifetime: boolean }): ExecutionResult {
    const { message } = tx;
    const logs: string[] = [];
    const draft = new Draft(this.ledger);
    const rejected = (err: TransactionError): ExecutionResult => ({ err, logs, unitsConsumed: 0, fee: 0n, landed: false, draft });

    if ('addressTableLookups' in message && (message.addressTableLookups?.length ?? 0) > 0) {
      return rejected('AddressLookupTableNotFound'); // the sandbox hosts no lookup tables
    }
    if (checkLifetime && !this.clock.isValid(message.lifetimeToken)) return rejected('BlockhashNotFound');

    const budget = parseComputeBudget(tx);
    if ('err' in budget) return rejected(budget.err);
    const programs = message.instructions.map((ix) => message.staticAccounts[ix.programAddressIndex] ?? '');
    if (programs.some((p) => !(BUILTIN_PROGRAMS as readonly string[]).includes(p))) return rejected('ProgramAccountNotFound');

    const feePayer = message.staticAccounts[0] ?? '';
    this.ledger.ensureFeePayer(feePayer);
    const fee = LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + budget.priorityFee;
    const balance = draft.lamportsOf(feePayer);
    if (balance < fee) return rejected('InsufficientFundsForFee');
    draft.setLamports(feePayer, balance - fee);
    this.fundTransferAuthorities(tx);

    let units = 0;
    for (const [index, ix] of message.instructions.entries()) {
      const programId = programs[index] ?? '';
      logs.push(`Program ${programId} invoke [1]`);
      const accounts = (ix.accountIndices ?? []).map((i) => message.staticAccounts[i] ?? '');
      try {
        let used: number = COMPUTE_COST.computeBudget;
        if (programId !== COMPUTE_BUDGET_PROGRAM) {
          used = runInstruction({
            programId,
            accounts,
            data: Uint8Array.from(ix.data ?? []),
            isSigner: (position) => isSignerIndex(tx, ix.accountIndices?.[position]),
            isWritable: (position) => isWritableIndex(tx, ix.accountIndices?.[position]),
            draft,
            log: (line) => logs.push(line),
          });
          logs.push(`Program ${programId} consumed ${used} of ${budget.limit - units} compute units`);
        }
        if (units + used > budget.limit) throw new InstructionFailure('ComputationalBudgetExceeded');
        units += used;
        logs.push(`Program ${programId} success`);
      } catch (error) {
        if (!(error instanceof InstructionFailure)) throw error;
        const err = { InstructionError: [index, error.kind] };
        logs.push(`Program ${programId} failed: ${describeTransactionError(err).replace(/^Error processing Instruction \d+: /, '')}`);
        // A landed-but-failed transaction still pays its fee and changes nothing else.
        const feeOnly = new Draft(this.ledger);
        feeOnly.setLamports(feePayer, this.ledger.lamports.get(feePayer)! - fee);
        return { err, logs, unitsConsumed: units, fee, landed: true, draft: feeOnly };
      }
    }
    return { err: null, logs, unitsConsumed: units, fee, landed: true, draft };
  }

  /** First-sight faucet: whoever authorizes a USDC transfer gets a funded account before it runs. */
  private fundTransferAuthorities(tx: DecodedTransaction): void {
    const { staticAccounts, instructions } = tx.message;
    for (const ix of instructions) {
      if (staticAccounts[ix.programAddressIndex] !== TOKEN_PROGRAM) continue;
      const position = ix.data?.[0] === 12 ? 3 : ix.data?.[0] === 3 ? 2 : undefined;
      const index = position === undefined ? undefined : ix.accountIndices?.[position];
      const authority = index === undefined ? undefined : staticAccounts[index];
      if (authority) this.ledger.ensureFunded(authority);
    }
  }
}

function preflightFailure(err: TransactionError, result?: ExecutionResult): RpcError {
  return new RpcError(SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${describeTransactionError(err)}`, {
    accounts: null,
    err,
    innerInstructions: null,
    logs: result?.logs ?? [],
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed: result?.unitsConsumed ?? 0,
  });
}

function isSignerIndex(tx: DecodedTransaction, index: number | undefined): boolean {
  return index !== undefined && index < tx.message.header.numSignerAccounts;
}

function isWritableIndex(tx: DecodedTransaction, index: number | undefined): boolean {
  if (index === undefined) return false;
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = tx.message.header;
  if (index < numSignerAccounts) return index < numSignerAccounts - numReadonlySignerAccounts;
  return index < tx.message.staticAccounts.length - numReadonlyNonSignerAccounts;
}

/** Compute-budget instructions are parsed before execution, like the runtime's ComputeBudgetLimits. */
function parseComputeBudget(tx: DecodedTransaction): { limit: number; priorityFee: bigint } | { err: TransactionError } {
  const { staticAccounts, instructions } = tx.message;
  let limit: number | undefined;
  let price: bigint | undefined;
  const seen = new Set<number>();
  let otherInstructions = 0;
  for (const [index, ix] of instructions.entries()) {
    if (staticAccounts[ix.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM) {
      otherInstructions++;
      continue;
    }
    const data = ix.data ?? new Uint8Array();
    const tag = data[0];
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const valid = (tag === 2 && data.length === 5) || (tag === 3 && data.length === 9) || ((tag === 1 || tag === 4) && data.length === 5);
    if (!valid || tag === undefined) return { err: { InstructionError: [index, 'InvalidInstructionData'] } };
    if (seen.has(tag)) return { err: { DuplicateInstruction: index } };
    seen.add(tag);
    if (tag === 2) limit = view.getUint32(1, true);
    if (tag === 3) price = view.getBigUint64(1, true);
  }
  const effectiveLimit = Math.min(limit ?? DEFAULT_COMPUTE_UNIT_LIMIT_PER_IX * otherInstructions, MAX_COMPUTE_UNIT_LIMIT);
  // priority fee = ceil(microLamportsPerCU * limit / 1e6)
  const priorityFee = ((price ?? 0n) * BigInt(effectiveLimit) + 999_999n) / 1_000_000n;
  return { limit: effectiveLimit, priorityFee };
}
