/**
 * Our SVM `exact` facilitator scheme for x402 v1 (network `solana`): the official ExactSvmSchemeV1's
 * checks and settle semantics (its own reason strings, 3–6 instructions, `maxAmountRequired`, no
 * pending-settlement store) on the fast path of svm-exact.ts, with the official v1 scheme for what that
 * path does not read. Two departures, both about the fee payer's money and the truth of the answer:
 * - the fee caps (svm-fee-caps.ts) hold here too, with the v2 codes: the official v1 scheme has no options
 *   (only its fixed 5,000,000 µlamport price cap), so the caps are checked before it settles and after it verifies;
 * - the official v1 answers `transaction_failed` (and frees the duplicate-settlement key) for any failure after
 *   verification, a refused send and a transaction sent but never seen confirmed alike. Here `transaction_failed`
 *   means nothing was broadcast or the transaction failed on chain; an unknown confirmation is
 *   SETTLEMENT_UNCONFIRMED and keeps the key (a retry of the same transaction is a `duplicate_settlement`).
 */
import type { PaymentPayload, PaymentPayloadV1, PaymentRequirements, PaymentRequirementsV1, SchemeNetworkFacilitator, SettleResponse, VerifyResponse } from '@x402/core/types';
import { TransactionOnchainFailureError } from '@x402/svm';
import type { ExactSvmSchemeV1 } from '@x402/svm/exact/v1/facilitator';
import { SETTLEMENT_UNCONFIRMED, traceSettle } from './settle-outcome.js';
import { cappedVerifyAnswer, capsProblemOfWire } from './svm-fee-caps.js';
import { feePayerProblem, invalid, isRecord, signAsFeePayer, verifyDecoded, type SvmExactCore, type VerifyAnswer } from './svm-exact-core.js';
import { messageHash, readWireTransaction, type WireTransaction } from './svm-exact-tx.js';
import { CODES_V1 as CODES, tokenPayer } from './svm-exact-verify.js';

export class FastExactSvmSchemeV1 implements SchemeNetworkFacilitator {
  readonly scheme = 'exact';
  readonly caipFamily = 'solana:*';

  constructor(private readonly core: SvmExactCore, private readonly official: ExactSvmSchemeV1) {}

  getExtra(_network: string): Record<string, unknown> | undefined {
    return { feePayer: this.core.key.address };
  }

  getSigners(_network: string): string[] {
    return [this.core.key.address];
  }

  async verify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse> {
    const tx = this.read(payload);
    if (!tx) return this.officialVerify(payload, requirements);
    return this.verifyRead(payload as unknown as PaymentPayloadV1, requirements as unknown as PaymentRequirementsV1, tx);
  }

  async settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse> {
    const tx = this.read(payload);
    if (!tx) return this.officialSettle(payload, requirements);
    const payloadV1 = payload as unknown as PaymentPayloadV1;
    const requirementsV1 = requirements as unknown as PaymentRequirementsV1;
    const network = payloadV1.network as SettleResponse['network'];
    const txKey = messageHash(tx);
    if (this.core.settlementCache.isDuplicate(txKey)) {
      return { success: false, network, transaction: '', errorReason: CODES.duplicateSettlement, payer: tokenPayer(tx) };
    }
    const valid = await this.verifyRead(payloadV1, requirementsV1, tx);
    if (!valid.isValid) {
      this.core.settlementCache.delete(txKey);
      return { success: false, network, transaction: '', errorReason: valid.invalidReason ?? CODES.verificationFailed, payer: valid.payer || '' };
    }
    let sent: { signature: string; confirmed: Promise<void> };
    try {
      const signed = await signAsFeePayer(this.core, tx, requirementsV1.extra?.feePayer);
      sent = await this.core.chain.sendAndPoll(signed.wire, signed.id);
    } catch {
      // Signing failed or the node refused the transaction: nothing was broadcast.
      this.core.settlementCache.delete(txKey);
      return { success: false, errorReason: CODES.transactionFailed, transaction: '', network, payer: valid.payer || '' };
    }
    try {
      await sent.confirmed;
      return { success: true, transaction: sent.signature, network, payer: valid.payer };
    } catch (error) {
      if (error instanceof TransactionOnchainFailureError) {
        this.core.settlementCache.delete(txKey);
        return { success: false, errorReason: CODES.transactionFailed, transaction: '', network, payer: valid.payer || '' };
      }
      const errorMessage = error instanceof Error ? error.message : String(error);
      return { success: false, errorReason: SETTLEMENT_UNCONFIRMED, errorMessage, transaction: sent.signature, network, payer: valid.payer || '' };
    }
  }

  /** The official v1 verify, then the caps on what it accepts. */
  private async officialVerify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse> {
    const answer = await this.official.verify(payload, requirements);
    return cappedVerifyAnswer(answer, answer.isValid ? this.capsProblem(payload, requirements) : undefined);
  }

  /** The caps before the official v1 settle (it broadcasts), then its answer with an unknown confirmation named as such. */
  private async officialSettle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse> {
    const capped = this.capsProblem(payload, requirements);
    if (capped) return { success: false, errorReason: capped, transaction: '', network: (payload as unknown as PaymentPayloadV1).network as SettleResponse['network'], payer: '' };
    return traceSettle(() => this.official.settle(payload, requirements));
  }

  private capsProblem(payload: PaymentPayload, requirements: PaymentRequirements): string | undefined {
    if (!isRecord(payload) || !isRecord(payload.payload)) return undefined;
    const r = requirements as unknown as PaymentRequirementsV1;
    return capsProblemOfWire(payload.payload.transaction, this.core.caps, { amount: r.maxAmountRequired, asset: r.asset, network: r.network }, CODES);
  }

  private read(payload: PaymentPayload): WireTransaction | undefined {
    if (!isRecord(payload) || !isRecord(payload.payload)) return undefined;
    return readWireTransaction(payload.payload.transaction);
  }

  private async verifyRead(payload: PaymentPayloadV1, requirements: PaymentRequirementsV1, tx: WireTransaction): Promise<VerifyAnswer> {
    if (payload.scheme !== 'exact' || requirements.scheme !== 'exact') return invalid(CODES.unsupportedScheme);
    if (payload.network !== requirements.network) return invalid(CODES.networkMismatch);
    const feePayer = feePayerProblem(requirements.extra, [this.core.key.address], CODES);
    if (feePayer) return invalid(feePayer);
    const v1Requirements = {
      asset: requirements.asset, payTo: requirements.payTo, amount: requirements.maxAmountRequired,
      extra: requirements.extra as Record<string, unknown>, network: requirements.network,
    };
    return verifyDecoded(this.core, tx, payload.payload.transaction as string, v1Requirements, CODES);
  }
}
