/**
 * The Solana runtime of the sandbox chain: LiteSVM (the real SVM, in-process), with its default programs
 * (System, Compute Budget, SPL Token, Token-2022, Associated Token Account, Memo). Signature checks,
 * compute-budget parsing and limits, the fee (5,000 lamports per signature plus the compute-unit price
 * times the limit), rent, program execution and the atomicity of a transaction are all the runtime's.
 *
 * The boundary is bytes: LiteSVM's binding (`litesvm/dist/internal.js`) takes wire transactions and
 * 32-byte addresses, so its bundled @solana/kit 8 never meets this project's kit 5. (The package's
 * `LiteSVM` class only wraps the same binding with kit 8 types.)
 *
 * One deliberate difference from LiteSVM's defaults: its own blockhash check accepts only the single
 * latest blockhash, while a bank accepts any of the last 150 (a client signs with a blockhash fetched a
 * few slots ago). The bank's blockhash queue (clock.ts) does that check, before a transaction reaches
 * the runtime, as Agave's bank does before its SVM.
 */
import { Account, Clock, FailedTransactionMetadata, LiteSvm, type TransactionMetadata } from 'litesvm/dist/internal.js';
import { addressBytes, bytesToAddress } from './accounts.js';
import { transactionErrorJson, type TransactionError } from './errors.js';

export interface ChainAccount {
  lamports: bigint;
  data: Uint8Array;
  /** The owning program. */
  owner: string;
  executable: boolean;
  rentEpoch: bigint;
}

/** What the runtime did with a transaction (simulated or sent). */
export interface RuntimeOutcome {
  err: TransactionError | null;
  logs: string[];
  unitsConsumed: number;
  /** The fee the runtime charged (or would charge): 0 when it refused the transaction before charging one. */
  fee: bigint;
}

export interface SentOutcome extends RuntimeOutcome {
  /** The transaction is on the chain: it succeeded, or failed after its fee was charged. */
  landed: boolean;
}

const SLOTS_PER_EPOCH = 432_000n;

export class SvmRuntime {
  private readonly svm = new LiteSvm();
  private clockSlot = -1;

  constructor() {
    this.svm.setBlockhashCheck(false); // the bank's queue checks a transaction's age (see above)
  }

  /** The account, or null when it does not exist (no lamports), as RPC nodes answer. */
  account(address: string): ChainAccount | null {
    const account = this.svm.getAccount(addressBytes(address));
    if (!account || account.lamports() === 0n) return null;
    return {
      lamports: account.lamports(),
      data: account.data(),
      owner: bytesToAddress(account.owner()),
      executable: account.executable(),
      rentEpoch: account.rentEpoch(),
    };
  }

  lamports(address: string): bigint {
    return this.svm.getBalance(addressBytes(address)) ?? 0n;
  }

  /** Writes an account outside any transaction: genesis-like state (the faucet, the USDC mint). */
  setAccount(address: string, account: { lamports: bigint; data: Uint8Array; owner: string }): void {
    this.svm.setAccount(addressBytes(address), new Account(account.lamports, account.data, addressBytes(account.owner), false, 0n));
  }

  rentExemptMinimum(dataSize: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataSize));
  }

  /** Moves the Clock sysvar to the sandbox's slot and time, so programs see the chain's clock. */
  followClock(slot: number, unixTime: number): void {
    if (slot === this.clockSlot) return;
    this.clockSlot = slot;
    const epoch = BigInt(slot) / SLOTS_PER_EPOCH;
    this.svm.setClock(new Clock(BigInt(slot), BigInt(unixTime), epoch, epoch + 1n, BigInt(unixTime)));
  }

  /** Runs the transaction without committing anything. `sigverify` false is RPC `simulateTransaction`'s default. */
  simulate(wire: Uint8Array, sigverify: boolean): RuntimeOutcome {
    this.svm.setSigverify(sigverify);
    try {
      const result = this.svm.simulateVersionedTransaction(wire);
      if (result instanceof FailedTransactionMetadata) return outcome(result.meta(), transactionErrorJson(result.err()));
      return outcome(result.meta(), null);
    } finally {
      this.svm.setSigverify(true);
    }
  }

  /** Executes and commits the transaction (signatures always verified). */
  send(wire: Uint8Array, signature: Uint8Array): SentOutcome {
    const result = this.svm.sendVersionedTransaction(wire);
    if (!(result instanceof FailedTransactionMetadata)) return { ...outcome(result, null), landed: true };
    const err = transactionErrorJson(result.err());
    // A failed transaction the runtime charged its fee for is recorded in its history: it landed, failed.
    const landed = err !== 'AlreadyProcessed' && this.svm.getTransaction(signature) !== null;
    return { ...outcome(result.meta(), err), landed };
  }

  /** The fee the runtime charges for a transaction, whether or not it would succeed; null if it cannot even be priced. */
  feeFor(wire: Uint8Array): bigint | null {
    this.svm.setSigverify(false);
    try {
      const result = this.svm.simulateVersionedTransaction(wire);
      const meta = result instanceof FailedTransactionMetadata ? result.meta() : result.meta();
      const fee = feeOf(meta);
      return fee === 0n && result instanceof FailedTransactionMetadata ? null : fee;
    } finally {
      this.svm.setSigverify(true);
    }
  }
}

function outcome(meta: TransactionMetadata, err: TransactionError | null): RuntimeOutcome {
  return { err, logs: meta.logs(), unitsConsumed: Number(meta.computeUnitsConsumed()), fee: feeOf(meta) };
}

/**
 * The fee in the runtime's transaction metadata. LiteSVM 1.4.1's binding has no accessor for it, but its
 * description (Rust `Debug`) ends with it: `TransactionMetadata(TransactionMetadata { …, fee: 10618 })`.
 */
function feeOf(meta: TransactionMetadata): bigint {
  const match = /\bfee: (\d+) \}\)?$/.exec(meta.toString());
  if (!match) throw new Error(`the runtime's transaction metadata carries no fee: ${meta.toString().slice(-120)}`);
  return BigInt(match[1]!);
}
