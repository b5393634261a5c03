/**
 * What a Solana payment may make the facilitator's fee payer spend. The payer builds the transaction, so the
 * payer chooses its compute budget and signer count; the fee payer pays 5,000 lamports per signature plus
 * ceil(compute-unit limit × compute-unit price / 1e6). Unchecked, a 0.002 USDC payment asking for
 * 1,400,000 units at 5,000,000 µlamports costs the fee payer 7,010,000 lamports (700 normal payments).
 *
 * Four caps, the first three with the official @x402/svm `exact` facilitator's own options and reason codes
 * (our fast path checks them where the official does; the official fallback is configured with them):
 * - compute-unit limit: `maxComputeUnits`, default 400,000 (the package's OPEN_MAX_COMPUTE_UNIT_LIMIT and
 *   DEFAULT_SMART_WALLET_MAX_COMPUTE_UNITS; a transfer with a memo uses ~20,000) →
 *   `invalid_exact_svm_payload_transaction_instructions_compute_limit_instruction_too_high`;
 * - compute-unit price: `maxPriorityFeeMicroLamports`, default 50,000 µlamports (the package's
 *   DEFAULT_SMART_WALLET_MAX_PRIORITY_FEE_MICROLAMPORTS), never above its MAX_COMPUTE_UNIT_PRICE_MICROLAMPORTS
 *   (5,000,000) → `invalid_exact_svm_payload_transaction_instructions_compute_price_instruction_too_high`;
 * - required signatures: `maxRequiredSignatures`, default 2 (payer + fee payer, "a typical x402 payment") →
 *   `invalid_exact_svm_payload_excessive_signers`;
 * - total fee (ours; the package has none): `maxFeeLamports`, default 20,000 lamports — twice the 10,000-lamport
 *   base fee of a normal two-signature payment (the official client's 20,000 units × 1 µlamport add 1 lamport),
 *   or a function of the payment's price → ERR_FEE_TOO_HIGH.
 *
 * The fallback guard (capsProblemOfWire) decodes with @solana/kit, as the official scheme does, so a transaction
 * our reader leaves to the official scheme (or the official v1 scheme, which has none of these options) meets the
 * same caps.
 */
import { getCompiledTransactionMessageDecoder } from '@solana/kit';
import type { VerifyResponse } from '@x402/core/types';
import { decodeTransactionFromPayload, MAX_COMPUTE_UNIT_PRICE_MICROLAMPORTS } from '@x402/svm';

/** Ours, named like the official `invalid_exact_svm_payload_*` codes: the fee payer would spend more than maxFeeLamports. */
export const ERR_FEE_TOO_HIGH = 'invalid_exact_svm_payload_fee_too_high';

/**
 * An official scheme's verify answer with our caps applied (the v1 and v2 fallbacks share it): a cap problem
 * turns a valid answer into a refusal naming the payer as the fast path does — known for the fee check (which
 * comes after the layout checks), not for the budget checks.
 */
export function cappedVerifyAnswer(answer: VerifyResponse, capped: string | undefined): VerifyResponse {
  if (!answer.isValid || !capped) return answer;
  return { isValid: false, invalidReason: capped, payer: capped === ERR_FEE_TOO_HIGH ? answer.payer ?? '' : '' };
}
const ERR_EXCESSIVE_SIGNERS = 'invalid_exact_svm_payload_excessive_signers';

/** What the fee cap may depend on: the payment's price. */
export interface PaymentPrice {
  /** Atomic units of `asset` (v2 `amount`, v1 `maxAmountRequired`). */
  amount: bigint;
  asset: string;
  network: string;
}

export interface SvmFeeCaps {
  maxComputeUnits: number;
  maxPriorityFeeMicroLamports: number;
  maxRequiredSignatures: number;
  /** Lamports; a function ties the cap to the price (e.g. at an operator-known SOL/USD rate). */
  maxFeeLamports: number | ((price: PaymentPrice) => number);
}

export const DEFAULT_SVM_FEE_CAPS: Readonly<SvmFeeCaps> = Object.freeze({
  maxComputeUnits: 400_000,
  maxPriorityFeeMicroLamports: 50_000,
  maxRequiredSignatures: 2,
  maxFeeLamports: 20_000,
});

export const LAMPORTS_PER_SIGNATURE = 5_000n;
/** The runtime clamps a requested limit to this, and charges for at most this many units. */
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
/** The runtime's limit per instruction when a transaction sets none. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';

function assertLimit(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a safe integer >= ${min}, received ${value}`);
}

/** The defaults with the given overrides, checked like the official options; the price cap can only go down. */
export function resolveSvmFeeCaps(overrides: Partial<SvmFeeCaps> = {}): SvmFeeCaps {
  const caps = { ...DEFAULT_SVM_FEE_CAPS, ...overrides };
  assertLimit('maxComputeUnits', caps.maxComputeUnits, 1);
  assertLimit('maxPriorityFeeMicroLamports', caps.maxPriorityFeeMicroLamports, 0);
  assertLimit('maxRequiredSignatures', caps.maxRequiredSignatures, 1);
  if (typeof caps.maxFeeLamports === 'number') assertLimit('maxFeeLamports', caps.maxFeeLamports, 0);
  return { ...caps, maxPriorityFeeMicroLamports: Math.min(caps.maxPriorityFeeMicroLamports, MAX_COMPUTE_UNIT_PRICE_MICROLAMPORTS) };
}

/** The official ExactSvmScheme options that carry the first three caps. */
export function officialCapOptions(caps: SvmFeeCaps): { maxComputeUnits: number; maxPriorityFeeMicroLamports: number; maxRequiredSignatures: number } {
  return { maxComputeUnits: caps.maxComputeUnits, maxPriorityFeeMicroLamports: caps.maxPriorityFeeMicroLamports, maxRequiredSignatures: caps.maxRequiredSignatures };
}

/** An instruction as far as fees go: its program's address and its data. */
export interface BudgetInstruction {
  program: string | undefined;
  data: Uint8Array;
}

export interface ComputeBudget {
  /** The requested limit (SetComputeUnitLimit; the largest if several), or the runtime default. */
  units: number;
  /** µlamports per unit (SetComputeUnitPrice; the largest if several), 0 without one. */
  microLamportsPerUnit: bigint;
}

/** The compute budget a transaction asks for, read from any ComputeBudget instructions it holds. */
export function computeBudget(instructions: readonly BudgetInstruction[]): ComputeBudget {
  let units: number | undefined;
  let price = 0n;
  let others = 0;
  for (const ix of instructions) {
    if (ix.program !== COMPUTE_BUDGET_PROGRAM) { others++; continue; }
    const data = Buffer.from(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (data[0] === 2 && data.length >= 5) units = Math.max(units ?? 0, data.readUInt32LE(1));
    if (data[0] === 3 && data.length >= 9) { const p = data.readBigUInt64LE(1); if (p > price) price = p; }
  }
  return { units: units ?? Math.min(MAX_COMPUTE_UNIT_LIMIT, DEFAULT_UNITS_PER_INSTRUCTION * others), microLamportsPerUnit: price };
}

/** Lamports the fee payer pays: 5,000 per signature plus the priority fee, ceil(units × price / 1e6). */
export function feeLamports(signatures: number, budget: ComputeBudget): bigint {
  const units = BigInt(Math.min(budget.units, MAX_COMPUTE_UNIT_LIMIT));
  const priority = (units * budget.microLamportsPerUnit + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(signatures) + priority;
}

/** The fee cap for a payment (undefined when the price is not an integer the cap function could read). */
export function maxFeeFor(caps: SvmFeeCaps, price: { amount: unknown; asset: string; network: string }): bigint | undefined {
  if (typeof caps.maxFeeLamports === 'number') return BigInt(caps.maxFeeLamports);
  let amount: bigint;
  try {
    amount = BigInt(price.amount as string);
  } catch {
    return undefined;
  }
  const cap = caps.maxFeeLamports({ amount, asset: price.asset, network: price.network });
  return Number.isFinite(cap) && cap >= 0 ? BigInt(Math.floor(cap)) : 0n;
}

/** The total-fee check, after the layout checks (which read the limit and price where the official does). */
export function feeProblem(signatures: number, instructions: readonly BudgetInstruction[], caps: SvmFeeCaps, price: { amount: unknown; asset: string; network: string }): string | undefined {
  const cap = maxFeeFor(caps, price);
  if (cap === undefined) return undefined;
  return feeLamports(signatures, computeBudget(instructions)) > cap ? ERR_FEE_TOO_HIGH : undefined;
}

export interface CapCodes {
  computeLimitTooHigh: string;
  computePriceTooHigh: string;
}

/** All four caps on a transaction already read: signers, unit limit, unit price, total fee (in that order). */
export function capsProblem(
  signatures: number, instructions: readonly BudgetInstruction[], caps: SvmFeeCaps, price: { amount: unknown; asset: string; network: string }, codes: CapCodes,
): string | undefined {
  if (signatures > caps.maxRequiredSignatures) return ERR_EXCESSIVE_SIGNERS;
  const budget = computeBudget(instructions);
  if (budget.units > caps.maxComputeUnits) return codes.computeLimitTooHigh;
  if (budget.microLamportsPerUnit > BigInt(caps.maxPriorityFeeMicroLamports)) return codes.computePriceTooHigh;
  return feeProblem(signatures, instructions, caps, price);
}

/**
 * The caps on a base64 wire transaction, decoded the way the official scheme decodes it. Undefined when the caps
 * hold, or when the transaction does not decode (the official scheme then refuses it itself). Program ids are
 * static keys in any transaction that executes, so lookup tables do not hide a ComputeBudget instruction.
 */
export function capsProblemOfWire(transaction: unknown, caps: SvmFeeCaps, price: { amount: unknown; asset: string; network: string }, codes: CapCodes): string | undefined {
  let compiled: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;
  try {
    const decoded = decodeTransactionFromPayload({ transaction: transaction as string });
    compiled = getCompiledTransactionMessageDecoder().decode(decoded.messageBytes);
  } catch {
    return undefined;
  }
  const instructions = (compiled.instructions ?? []).map((ix) => ({
    program: compiled.staticAccounts[ix.programAddressIndex] as string | undefined,
    data: new Uint8Array(ix.data ?? []),
  }));
  return capsProblem(compiled.header.numSignerAccounts, instructions, caps, price, codes);
}
