/**
 * What the v2 and v1 fast SVM `exact` schemes share: the fee payer's native key, the chain client,
 * the duplicate-settlement cache (the official SettlementCache, shared with the official fallback
 * schemes so a payment is deduplicated whichever path handles it), the fee caps (svm-fee-caps.ts), and
 * the local + simulated part of verification after the scheme/network/fee-payer preamble.
 */
import type { SettlementCache } from '@x402/svm';
import { base58Encode } from '../../lib/base58.js';
import type { SvmChain } from './svm-exact-chain.js';
import type { FeePayerKey } from './svm-exact-crypto.js';
import { feeProblem, type SvmFeeCaps } from './svm-fee-caps.js';
import { type WireTransaction } from './svm-exact-tx.js';
import {
  ERR_EXCESSIVE_SIGNERS,
  checkSignatures,
  checkStaticLayout,
  type Requirements,
  type SchemeCodes,
} from './svm-exact-verify.js';

export interface SvmExactCore {
  key: FeePayerKey;
  chain: SvmChain;
  settlementCache: SettlementCache;
  caps: SvmFeeCaps;
}

/** The official verify answers, field for field (a valid one carries `invalidReason: undefined`). */
export type VerifyAnswer =
  | { isValid: true; invalidReason: undefined; payer: string }
  | { isValid: false; invalidReason: string; invalidMessage?: string; payer: string };

export const invalid = (invalidReason: string, payer = ''): VerifyAnswer => ({ isValid: false, invalidReason, payer });

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The preamble both versions run before decoding: the fee payer named in `extra`, and ours. */
export function feePayerProblem(extra: unknown, signerAddresses: readonly string[], codes: SchemeCodes): string | undefined {
  const feePayer = isRecord(extra) ? extra.feePayer : undefined;
  if (!feePayer || typeof feePayer !== 'string') return codes.missingFeePayer;
  if (!signerAddresses.includes(feePayer)) return codes.feePayerNotManaged;
  return undefined;
}

/**
 * Everything after decoding: the signer count cap (where the official v2 checks its maxRequiredSignatures),
 * signatures, static layout (with the unit limit and price caps where the official checks its options), then
 * our total-fee cap, then simulation. v1 gets the same caps: its official scheme has no options, and the
 * fallback guard applies them there.
 */
export async function verifyDecoded(
  core: SvmExactCore,
  tx: WireTransaction,
  transaction: string,
  requirements: Requirements & { extra: Record<string, unknown>; network: string },
  codes: SchemeCodes,
): Promise<VerifyAnswer> {
  if (tx.numSigners > core.caps.maxRequiredSignatures) return invalid(ERR_EXCESSIVE_SIGNERS);
  const signatureProblem = await checkSignatures(tx, requirements.extra.feePayer as string);
  if (signatureProblem) return invalid(signatureProblem);
  const layout = await checkStaticLayout(tx, requirements, [core.key.address], codes, core.caps);
  if (!layout.ok) return invalid(layout.reason, layout.payer);
  const budgetInstructions = tx.instructions.map((ix) => ({ program: tx.keys[ix.programIndex], data: ix.data }));
  const fee = feeProblem(tx.numSigners, budgetInstructions, core.caps, requirements);
  if (fee) return invalid(fee, layout.payer);
  try {
    await core.chain.simulate(transaction);
  } catch (error) {
    return { isValid: false, invalidReason: codes.simulationFailed, invalidMessage: error instanceof Error ? error.message : String(error), payer: layout.payer };
  }
  return { isValid: true, invalidReason: undefined, payer: layout.payer };
}

/**
 * The wire transaction with the fee payer's signature in slot 0, base64 (what the official signer
 * returns), and that signature in base58: the transaction's id.
 */
export async function signAsFeePayer(core: SvmExactCore, tx: WireTransaction, feePayer: unknown): Promise<{ wire: string; id: string }> {
  if (feePayer !== core.key.address) throw new Error(`No signer for feePayer ${String(feePayer)}. Available: ${core.key.address}`);
  const signed = Buffer.from(tx.wire);
  const signature = await core.key.sign(tx.message);
  signed.set(signature, tx.signaturesOffset);
  return { wire: signed.toString('base64'), id: base58Encode(signature) };
}
