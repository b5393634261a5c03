/**
 * Our SVM `exact` facilitator scheme for x402 v1 (network `solana`): the official ExactSvmSchemeV1's
 * checks and settle semantics (its own reason strings, 3–6 instructions, the fixed compute-price cap,
 * `maxAmountRequired`, no pending-settlement store: any failure after verification is
 * `transaction_failed` and frees the duplicate-settlement key) on the fast path of svm-exact.ts, with
 * the official v1 scheme for what that path does not read.
 */
import type { PaymentPayload, PaymentPayloadV1, PaymentRequirements, PaymentRequirementsV1, SchemeNetworkFacilitator, SettleResponse, VerifyResponse } from '@x402/core/types';
import type { ExactSvmSchemeV1 } from '@x402/svm/exact/v1/facilitator';
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
    if (!tx) return this.official.verify(payload, requirements);
    return this.verifyRead(payload as unknown as PaymentPayloadV1, requirements as unknown as PaymentRequirementsV1, tx);
  }

  async settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse> {
    const tx = this.read(payload);
    if (!tx) return this.official.settle(payload, requirements);
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
    try {
      const signed = await signAsFeePayer(this.core, tx, requirementsV1.extra?.feePayer);
      const { signature, confirmed } = await this.core.chain.sendAndPoll(signed.wire, signed.id);
      await confirmed;
      return { success: true, transaction: signature, network, payer: valid.payer };
    } catch {
      this.core.settlementCache.delete(txKey);
      return { success: false, errorReason: CODES.transactionFailed, transaction: '', network, payer: valid.payer || '' };
    }
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
    const v1Requirements = { asset: requirements.asset, payTo: requirements.payTo, amount: requirements.maxAmountRequired, extra: requirements.extra as Record<string, unknown> };
    // v1 has no unit limit, the fixed price cap and no signer-count option.
    return verifyDecoded(this.core, tx, payload.payload.transaction as string, v1Requirements, CODES, {});
  }
}
