/**
 * The local (no-RPC) checks of the official SVM `exact` facilitator, in its order and with its reason
 * codes, on a transaction read by svm-exact-tx.ts: fee payer and signatures (verifyRequiredSignatures),
 * then the static instruction layout (verifyStaticPath): 3–7 instructions (v1: 3–6), compute unit limit
 * then price, the token payer, a TransferChecked of Token/Token-2022 at index 2 (authority not ours,
 * mint, destination = the payee's ATA, amount), optional instructions only Lighthouse or Memo, and the
 * memo rule. v2 and v1 differ only in their code strings and instruction count (CODES_V2 / CODES_V1).
 */
import { getAddressEncoder, getProgramDerivedAddress, type Address } from '@solana/kit';
import { verifyEd25519 } from './svm-exact-crypto.js';
import { signatureAt, type WireTransaction } from './svm-exact-tx.js';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const LIGHTHOUSE_PROGRAM = 'L2TExMFKdjpN9kozasaurPirfHy9P8sbXoAN1qA3S95';
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
/** The official MAX_COMPUTE_UNIT_PRICE_MICROLAMPORTS. */
export const MAX_COMPUTE_UNIT_PRICE = 5_000_000;
const IX_TRANSFER_CHECKED = 12;

/** Shared by both versions (the v1 scheme reuses v2's signature check). */
export const ERR_FEE_PAYER_MISMATCH = 'invalid_exact_svm_fee_payer_mismatch';
export const ERR_SIGNATURE_INVALID = 'invalid_exact_svm_payload_signature_invalid';
export const ERR_EXCESSIVE_SIGNERS = 'invalid_exact_svm_payload_excessive_signers';

export interface SchemeCodes {
  maxInstructions: number;
  unsupportedScheme: string;
  networkMismatch: string;
  missingFeePayer: string;
  feePayerNotManaged: string;
  instructionsLength: string;
  computeLimit: string;
  computeLimitTooHigh: string;
  computePrice: string;
  computePriceTooHigh: string;
  noTransfer: string;
  feePayerTransferring: string;
  mintMismatch: string;
  recipientMismatch: string;
  amountMismatch: string;
  /** For optional instructions 4th, 5th, … */
  unknownByIndex: readonly string[];
  unknownOptional: string;
  memoCount: string;
  memoMismatch: string;
  simulationFailed: string;
  verificationFailed: string;
  transactionFailed: string;
  duplicateSettlement: string;
}

const P = 'invalid_exact_svm_payload_';
export const CODES_V2: SchemeCodes = {
  maxInstructions: 7,
  unsupportedScheme: 'invalid_exact_svm_unsupported_scheme',
  networkMismatch: 'invalid_exact_svm_network_mismatch',
  missingFeePayer: `${P}missing_fee_payer`,
  feePayerNotManaged: 'invalid_exact_svm_fee_payer_not_managed_by_facilitator',
  instructionsLength: `${P}transaction_instructions_length`,
  computeLimit: `${P}transaction_instructions_compute_limit_instruction`,
  computeLimitTooHigh: `${P}transaction_instructions_compute_limit_instruction_too_high`,
  computePrice: `${P}transaction_instructions_compute_price_instruction`,
  computePriceTooHigh: `${P}transaction_instructions_compute_price_instruction_too_high`,
  noTransfer: `${P}no_transfer_instruction`,
  feePayerTransferring: `${P}transaction_fee_payer_transferring_funds`,
  mintMismatch: `${P}mint_mismatch`,
  recipientMismatch: `${P}recipient_mismatch`,
  amountMismatch: `${P}amount_mismatch`,
  unknownByIndex: [`${P}unknown_fourth_instruction`, `${P}unknown_fifth_instruction`, `${P}unknown_sixth_instruction`, `${P}unknown_seventh_instruction`],
  unknownOptional: `${P}unknown_optional_instruction`,
  memoCount: `${P}memo_count`,
  memoMismatch: `${P}memo_mismatch`,
  simulationFailed: 'invalid_exact_svm_transaction_simulation_failed',
  verificationFailed: 'invalid_exact_svm_verification_failed',
  transactionFailed: 'invalid_exact_svm_transaction_failed',
  duplicateSettlement: 'duplicate_settlement',
};

export const CODES_V1: SchemeCodes = {
  ...CODES_V2,
  maxInstructions: 6,
  unsupportedScheme: 'unsupported_scheme',
  networkMismatch: 'network_mismatch',
  feePayerNotManaged: 'fee_payer_not_managed_by_facilitator',
  unknownByIndex: [`${P}unknown_fourth_instruction`, `${P}unknown_fifth_instruction`, `${P}unknown_sixth_instruction`],
  simulationFailed: 'transaction_simulation_failed',
  verificationFailed: 'verification_failed',
  transactionFailed: 'transaction_failed',
};

/** The official v2 options checked in the layout (svm-fee-caps.ts gives both versions ours). */
export interface StaticLimits {
  /** Official default: no limit. */
  maxComputeUnits?: number;
  /** Official default: MAX_COMPUTE_UNIT_PRICE. */
  maxPriorityFeeMicroLamports?: number;
}

export interface Requirements {
  asset: string;
  payTo: string;
  /** v2 `amount`, v1 `maxAmountRequired` — passed to BigInt() exactly where the official does. */
  amount: unknown;
  extra?: Record<string, unknown>;
}

export type CheckResult = { ok: true; payer: string } | { ok: false; reason: string; payer: string };

/** verifyRequiredSignatures: the fee payer is the first key; every other required signer signed the message. */
export async function checkSignatures(tx: WireTransaction, feePayer: string): Promise<string | undefined> {
  if (tx.keys[0] !== feePayer) return ERR_FEE_PAYER_MISMATCH;
  for (let i = 1; i < tx.numSigners; i++) {
    const signature = signatureAt(tx, i);
    // kit decodes an all-zero signature as "missing".
    if (signature.every((b) => b === 0)) return ERR_SIGNATURE_INVALID;
  }
  tx.signaturesValid ??= everySignerSigned(tx);
  return (await tx.signaturesValid) ? undefined : ERR_SIGNATURE_INVALID;
}

async function everySignerSigned(tx: WireTransaction): Promise<boolean> {
  const checks: Promise<boolean>[] = [];
  for (let i = 1; i < tx.numSigners; i++) {
    const keyBytes = tx.message.subarray(tx.keyOffsets[i]!, tx.keyOffsets[i]! + 32);
    checks.push(verifyEd25519(tx.keys[i]!, keyBytes, signatureAt(tx, i), tx.message));
  }
  return (await Promise.all(checks)).every(Boolean);
}

/** getTokenPayerFromTransaction: the 4th account of the first Token/Token-2022 instruction with ≥ 4 accounts. */
export function tokenPayer(tx: WireTransaction): string {
  for (const ix of tx.instructions) {
    const program = tx.keys[ix.programIndex];
    if ((program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM) && ix.accounts.length >= 4) {
      const owner = tx.keys[ix.accounts[3]!];
      if (owner) return owner;
    }
  }
  return '';
}

/** The payee's ATA per (mint, owner, token program): null when the seeds are not addresses (→ recipient mismatch). */
const ataCache = new Map<string, string | null>();
async function expectedAta(mint: string, owner: string, tokenProgram: string): Promise<string | null> {
  const key = `${mint}|${owner}|${tokenProgram}`;
  const cached = ataCache.get(key);
  if (cached !== undefined) return cached;
  let ata: string | null;
  try {
    const encoder = getAddressEncoder();
    const [pda] = await getProgramDerivedAddress({
      programAddress: ASSOCIATED_TOKEN_PROGRAM as Address,
      seeds: [encoder.encode(owner as Address), encoder.encode(tokenProgram as Address), encoder.encode(mint as Address)],
    });
    ata = pda;
  } catch {
    ata = null;
  }
  if (ataCache.size >= 1024) ataCache.clear();
  ataCache.set(key, ata);
  return ata;
}

const utf8 = new TextDecoder();
const readU64 = (data: Uint8Array, offset: number) => Buffer.from(data.buffer, data.byteOffset, data.byteLength).readBigUInt64LE(offset);

/** verifyStaticPath up to (not including) the simulation. */
export async function checkStaticLayout(
  tx: WireTransaction, requirements: Requirements, signerAddresses: readonly string[], codes: SchemeCodes, limits: StaticLimits,
): Promise<CheckResult> {
  const { instructions, keys } = tx;
  const fail = (reason: string, payer = ''): CheckResult => ({ ok: false, reason, payer });
  if (instructions.length < 3 || instructions.length > codes.maxInstructions) return fail(codes.instructionsLength);

  const limitIx = instructions[0]!;
  if (keys[limitIx.programIndex] !== COMPUTE_BUDGET_PROGRAM || limitIx.data[0] !== 2 || limitIx.data.length < 5) return fail(codes.computeLimit);
  const units = Buffer.from(limitIx.data.buffer, limitIx.data.byteOffset, limitIx.data.byteLength).readUInt32LE(1);
  if (limits.maxComputeUnits !== undefined && units > limits.maxComputeUnits) return fail(codes.computeLimitTooHigh);
  const priceIx = instructions[1]!;
  if (keys[priceIx.programIndex] !== COMPUTE_BUDGET_PROGRAM || priceIx.data[0] !== 3 || priceIx.data.length < 9) return fail(codes.computePrice);
  if (readU64(priceIx.data, 1) > BigInt(limits.maxPriorityFeeMicroLamports ?? MAX_COMPUTE_UNIT_PRICE)) return fail(codes.computePriceTooHigh);

  const payer = tokenPayer(tx);
  if (!payer) return fail(codes.noTransfer);
  const transfer = instructions[2]!;
  const program = keys[transfer.programIndex]!;
  if (program !== TOKEN_PROGRAM && program !== TOKEN_2022_PROGRAM) return fail(codes.noTransfer, payer);
  if (transfer.data.length < 10 || transfer.data[0] !== IX_TRANSFER_CHECKED || transfer.accounts.length < 4) return fail(codes.noTransfer, payer);
  const [, mintIndex, destinationIndex, authorityIndex] = transfer.accounts;
  if (signerAddresses.includes(keys[authorityIndex!]!)) return fail(codes.feePayerTransferring, payer);
  if (keys[mintIndex!] !== requirements.asset) return fail(codes.mintMismatch, payer);
  const ata = await expectedAta(requirements.asset, requirements.payTo, program);
  if (ata === null || keys[destinationIndex!] !== ata) return fail(codes.recipientMismatch, payer);
  if (readU64(transfer.data, 1) !== BigInt(requirements.amount as string)) return fail(codes.amountMismatch, payer);

  let memos = 0;
  let memoData: Uint8Array | undefined;
  for (let i = 3; i < instructions.length; i++) {
    const optional = keys[instructions[i]!.programIndex];
    if (optional === MEMO_PROGRAM) {
      if (memos++ === 0) memoData = instructions[i]!.data;
      continue;
    }
    if (optional === LIGHTHOUSE_PROGRAM) continue;
    return fail(codes.unknownByIndex[i - 3] ?? codes.unknownOptional, payer);
  }
  const expectedMemo = requirements.extra?.memo;
  if (expectedMemo) {
    if (memos !== 1) return fail(codes.memoCount, payer);
    const actualMemo = memoData && memoData.length > 0 ? utf8.decode(memoData) : '';
    if (actualMemo !== expectedMemo) return fail(codes.memoMismatch, payer);
  }
  return { ok: true, payer };
}
