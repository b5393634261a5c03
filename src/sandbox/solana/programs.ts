/**
 * The on-chain programs the x402 `exact` scheme touches, re-implemented with the real programs'
 * checks and error codes: SPL Token (Transfer / TransferChecked), Token-2022 (rejects our
 * Token-program accounts like the real one would), Associated Token Account (Create /
 * CreateIdempotent), Memo, and System transfer. Compute-budget instructions are consumed by the
 * executor before any program runs, as the real runtime does.
 */
import { deriveAta } from './accounts.js';
import {
  ATA_PROGRAM,
  MEMO_PROGRAM,
  MEMO_V1_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  TOKEN_ACCOUNT_SIZE,
  USDC_DECIMALS,
  USDC_MINT,
  rentExemptMinimum,
} from './constants.js';
import type { Draft } from './ledger.js';

/** An `InstructionError` payload: a named error or `{ Custom: n }` (program-specific code). */
export type InstructionErrorKind = string | { Custom: number };

export class InstructionFailure extends Error {
  constructor(readonly kind: InstructionErrorKind) {
    super(typeof kind === 'string' ? kind : `custom program error: 0x${kind.Custom.toString(16)}`);
  }
}

/** spl-token `TokenError` codes used here. */
const TokenError = { InsufficientFunds: 1, MintMismatch: 3, OwnerMismatch: 4, MintDecimalsMismatch: 18 } as const;
/** system program `SystemError` codes; the ATA program surfaces these when it creates accounts. */
const SystemError = { AccountAlreadyInUse: 0, ResultWithNegativeLamports: 1 } as const;
const AtaError = { InvalidOwner: 0 } as const;

export interface InstructionContext {
  programId: string;
  accounts: string[];
  data: Uint8Array;
  isSigner(position: number): boolean;
  isWritable(position: number): boolean;
  draft: Draft;
  log(line: string): void;
}

/** Approximate mainnet compute costs, so `unitsConsumed` (used by clients to size limits) is sane. */
export const COMPUTE_COST = {
  computeBudget: 150,
  transferChecked: 6_200,
  transfer: 4_645,
  memo: 3_000,
  ataCreate: 24_000,
  ataExisting: 4_000,
  system: 150,
} as const;

function account(ctx: InstructionContext, position: number): string {
  const address = ctx.accounts[position];
  if (address === undefined) throw new InstructionFailure('NotEnoughAccountKeys');
  return address;
}

function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}

/** Returns compute units consumed; throws InstructionFailure on any program error. */
export function runInstruction(ctx: InstructionContext): number {
  switch (ctx.programId) {
    case TOKEN_PROGRAM:
    case TOKEN_2022_PROGRAM:
      return runToken(ctx);
    case ATA_PROGRAM:
      return runAssociatedTokenAccount(ctx);
    case MEMO_PROGRAM:
    case MEMO_V1_PROGRAM:
      return runMemo(ctx);
    case SYSTEM_PROGRAM:
      return runSystem(ctx);
    default:
      throw new InstructionFailure('UnsupportedProgramId');
  }
}

function runToken(ctx: InstructionContext): number {
  const tag = ctx.data[0];
  if (tag === 12 && ctx.data.length === 10) {
    ctx.log('Program log: Instruction: TransferChecked');
    const amount = readU64(ctx.data, 1);
    const decimals = ctx.data[9];
    transferTokens(ctx, { source: 0, destination: 2, authority: 3, mint: 1 }, amount, decimals);
    return COMPUTE_COST.transferChecked;
  }
  if (tag === 3 && ctx.data.length === 9) {
    ctx.log('Program log: Instruction: Transfer');
    transferTokens(ctx, { source: 0, destination: 1, authority: 2 }, readU64(ctx.data, 1));
    return COMPUTE_COST.transfer;
  }
  // The sandbox only implements what payment transactions use; anything else fails like a bad instruction.
  throw new InstructionFailure('InvalidInstructionData');
}

function transferTokens(
  ctx: InstructionContext,
  at: { source: number; destination: number; authority: number; mint?: number },
  amount: bigint,
  decimals?: number,
): void {
  const sourceAddress = account(ctx, at.source);
  const destinationAddress = account(ctx, at.destination);
  const authority = account(ctx, at.authority);
  const source = ctx.draft.token(sourceAddress);
  // Every USDC account is owned by the classic Token program, so Token-2022 refuses them.
  if (ctx.programId !== TOKEN_PROGRAM) throw new InstructionFailure('IncorrectProgramId');
  if (!source) throw new InstructionFailure('InvalidAccountData');
  let destination = ctx.draft.token(destinationAddress);
  if (!destination) {
    // Sandbox convenience (a real chain fails with InvalidAccountData): the payee's ATA springs into
    // existence on first payment, because nobody can pre-create every merchant's ATA on a loopback chain.
    // The facilitator has already pinned this address to the payTo's derived ATA.
    const owner = ctx.draft.ledger.ownerOfAta(destinationAddress) ?? null;
    destination = { mint: source.mint, owner, amount: 0n };
    ctx.draft.createToken(destinationAddress, destination);
  }
  if (source.amount < amount) throw new InstructionFailure({ Custom: TokenError.InsufficientFunds });
  if (source.mint !== destination.mint) throw new InstructionFailure({ Custom: TokenError.MintMismatch });
  if (at.mint !== undefined) {
    if (account(ctx, at.mint) !== source.mint) throw new InstructionFailure({ Custom: TokenError.MintMismatch });
    if (decimals !== USDC_DECIMALS) throw new InstructionFailure({ Custom: TokenError.MintDecimalsMismatch });
  }
  if (source.owner !== authority) throw new InstructionFailure({ Custom: TokenError.OwnerMismatch });
  if (!ctx.isSigner(at.authority)) throw new InstructionFailure('MissingRequiredSignature');
  if (!ctx.isWritable(at.source) || !ctx.isWritable(at.destination)) throw new InstructionFailure('ReadonlyDataModified');
  source.amount -= amount;
  // Re-read so a self-transfer (source === destination) nets to zero on the same staged object.
  const credited = ctx.draft.token(destinationAddress);
  if (credited) credited.amount += amount;
}

function runAssociatedTokenAccount(ctx: InstructionContext): number {
  const tag = ctx.data.length === 0 ? 0 : ctx.data[0];
  if (tag !== 0 && tag !== 1) throw new InstructionFailure('InvalidInstructionData');
  const idempotent = tag === 1;
  ctx.log(`Program log: Create${idempotent ? 'Idempotent' : ''}`);
  const payer = account(ctx, 0);
  const ata = account(ctx, 1);
  const owner = account(ctx, 2);
  const mint = account(ctx, 3);
  const tokenProgram = account(ctx, 5);
  if (mint !== USDC_MINT || tokenProgram !== TOKEN_PROGRAM) throw new InstructionFailure('IncorrectProgramId');
  if (deriveAta(owner, mint, tokenProgram) !== ata) throw new InstructionFailure('InvalidSeeds');
  const existing = ctx.draft.token(ata);
  if (existing) {
    if (!idempotent) throw new InstructionFailure({ Custom: SystemError.AccountAlreadyInUse });
    if (existing.owner !== null && existing.owner !== owner) throw new InstructionFailure({ Custom: AtaError.InvalidOwner });
    return COMPUTE_COST.ataExisting;
  }
  if (!ctx.isSigner(0)) throw new InstructionFailure('MissingRequiredSignature');
  if (!ctx.isWritable(0) || !ctx.isWritable(1)) throw new InstructionFailure('ReadonlyDataModified');
  const rent = rentExemptMinimum(TOKEN_ACCOUNT_SIZE);
  const balance = ctx.draft.lamportsOf(payer);
  if (balance < rent) throw new InstructionFailure({ Custom: SystemError.ResultWithNegativeLamports });
  ctx.draft.setLamports(payer, balance - rent);
  ctx.draft.ledger.usdcAta(owner); // record ownership so the account is attributable
  ctx.draft.createToken(ata, { mint, owner, amount: 0n });
  return COMPUTE_COST.ataCreate;
}

function runMemo(ctx: InstructionContext): number {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(ctx.data);
  } catch {
    throw new InstructionFailure('InvalidInstructionData');
  }
  // spl-memo requires every account passed to it to have signed.
  ctx.accounts.forEach((_, position) => {
    if (!ctx.isSigner(position)) throw new InstructionFailure('MissingRequiredSignature');
  });
  ctx.log(`Program log: Memo (len ${ctx.data.length}): ${JSON.stringify(text)}`);
  return COMPUTE_COST.memo;
}

function runSystem(ctx: InstructionContext): number {
  const view = new DataView(ctx.data.buffer, ctx.data.byteOffset, ctx.data.byteLength);
  if (ctx.data.length !== 12 || view.getUint32(0, true) !== 2) throw new InstructionFailure('InvalidInstructionData');
  const lamports = view.getBigUint64(4, true);
  const from = account(ctx, 0);
  const to = account(ctx, 1);
  if (!ctx.isSigner(0)) throw new InstructionFailure('MissingRequiredSignature');
  if (!ctx.isWritable(0) || !ctx.isWritable(1)) throw new InstructionFailure('ReadonlyDataModified');
  const balance = ctx.draft.lamportsOf(from);
  if (balance < lamports) throw new InstructionFailure({ Custom: SystemError.ResultWithNegativeLamports });
  ctx.draft.setLamports(from, balance - lamports);
  ctx.draft.setLamports(to, ctx.draft.lamportsOf(to) + lamports);
  return COMPUTE_COST.system;
}
