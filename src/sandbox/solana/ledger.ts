/**
 * In-memory account state: USDC token accounts, SOL balances, and the status cache of landed
 * transactions. Transactions execute against a `Draft` overlay that is committed only when the
 * whole transaction succeeds, so a failing instruction never leaves a partial transfer behind.
 */
import { deriveAta, type TokenAccountState } from './accounts.js';
import { FEE_PAYER_AIRDROP_LAMPORTS, TOKEN_PROGRAM, USDC_MINT } from './constants.js';

/** A Solana `TransactionError` in its JSON-RPC shape, e.g. `"BlockhashNotFound"` or `{ InstructionError: [2, { Custom: 1 }] }`. */
export type TransactionError = string | Record<string, unknown>;

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

export class Ledger {
  /** USDC token accounts by token-account address. */
  readonly tokens = new Map<string, TokenAccountState>();
  /** SOL balances of system accounts (only fee payers ever hold any). */
  readonly lamports = new Map<string, bigint>();
  /** Status cache: landed transactions by their first signature (the transaction id). */
  readonly landed = new Map<string, LandedTransaction>();
  supply = 0n;
  /** owner → ATA memo, plus the reverse map so a transfer's destination can be attributed to its owner. */
  private readonly ataByOwner = new Map<string, string>();
  private readonly ownerByAta = new Map<string, string>();

  constructor(private readonly fundAmount: bigint) {}

  /** The owner's USDC ATA address; also attaches the owner to an account created before they were known. */
  usdcAta(owner: string): string {
    let ata = this.ataByOwner.get(owner);
    if (!ata) {
      ata = deriveAta(owner, USDC_MINT, TOKEN_PROGRAM);
      this.ataByOwner.set(owner, ata);
      this.ownerByAta.set(ata, owner);
    }
    const account = this.tokens.get(ata);
    if (account && account.owner === null) account.owner = owner;
    return ata;
  }

  ownerOfAta(ata: string): string | undefined {
    return this.ownerByAta.get(ata);
  }

  /**
   * "A new payer is funded with 100 sandbox USDC on first sight": an owner that has no USDC account
   * yet gets one holding `fundAmount`. Owners whose account already exists (even at zero, e.g. one
   * created by receiving a payment) are never topped up, so balances stay auditable.
   */
  ensureFunded(owner: string): string {
    const ata = this.usdcAta(owner);
    if (!this.tokens.has(ata)) {
      this.tokens.set(ata, { mint: USDC_MINT, owner, amount: this.fundAmount });
      this.supply += this.fundAmount;
    }
    return ata;
  }

  /** Fee payers (the facilitator) get SOL on first sight so they can pay transaction fees. */
  ensureFeePayer(address: string): void {
    if (!this.lamports.has(address)) this.lamports.set(address, FEE_PAYER_AIRDROP_LAMPORTS);
  }

  usdcBalance(owner: string): bigint {
    return this.tokens.get(this.ensureFunded(owner))?.amount ?? 0n;
  }

  /** The owner's USDC balance without the first-sight funding: 0n while the owner has no USDC account. */
  peekUsdcBalance(owner: string): bigint {
    return this.tokens.get(this.ataByOwner.get(owner) ?? deriveAta(owner, USDC_MINT, TOKEN_PROGRAM))?.amount ?? 0n;
  }
}

/** Copy-on-write view of the ledger used while executing one transaction. */
export class Draft {
  private readonly tokens = new Map<string, TokenAccountState>();
  private readonly lamports = new Map<string, bigint>();

  constructor(readonly ledger: Ledger) {}

  /** A mutable copy of the token account, or undefined if it doesn't exist. */
  token(address: string): TokenAccountState | undefined {
    const staged = this.tokens.get(address);
    if (staged) return staged;
    const base = this.ledger.tokens.get(address);
    if (!base) return undefined;
    const copy = { ...base };
    this.tokens.set(address, copy);
    return copy;
  }

  createToken(address: string, state: TokenAccountState): void {
    this.tokens.set(address, state);
  }

  lamportsOf(address: string): bigint {
    return this.lamports.get(address) ?? this.ledger.lamports.get(address) ?? 0n;
  }

  setLamports(address: string, value: bigint): void {
    this.lamports.set(address, value);
  }

  commit(): void {
    for (const [address, state] of this.tokens) this.ledger.tokens.set(address, state);
    for (const [address, value] of this.lamports) this.ledger.lamports.set(address, value);
  }
}
