/**
 * Our SVM `exact` facilitator scheme for x402 v2 (`solana:*`): the official ExactSvmScheme's checks, in
 * its order, with its reason codes and settle semantics (duplicate-settlement cache, pending-settlement
 * store, on-chain failure vs. unconfirmed), on a fast path — one purpose-built decode of the wire
 * transaction, native ed25519 on the thread pool, base58 without BigInt, a batching JSON-RPC client,
 * the first confirmation poll in the send's own batch and later polls shared between concurrent settles
 * (svm-exact-chain.ts).
 *
 * The fee caps (svm-fee-caps.ts) hold on both paths: the fast path checks them in verification; the
 * official scheme behind it is configured with the three it has options for, and the total-fee cap is
 * checked before it settles and after it verifies.
 *
 * Anything the fast path does not read (svm-exact-tx.ts: lookup tables, malformed or non-canonical
 * encodings, …) or a payload without the v2 shape goes to the official scheme, which shares the
 * settlement cache and the pending store, so such payments get exactly the official answer — except that
 * an unknown confirmation is answered SETTLEMENT_UNCONFIRMED (settle-outcome.ts) on both paths, where the
 * official says `settlement_pending`.
 * Smart-wallet verification (an official option) is not offered here: register the official scheme for it.
 * test/payments/svm-exact.test.ts runs valid and invalid payments through both and compares.
 */
import { InMemoryPendingSettlementStore, type PendingSettlementStore } from '@x402/core/facilitator';
import type { Network, PaymentPayload, PaymentRequirements, SchemeNetworkFacilitator, SettleResponse, VerifyResponse } from '@x402/core/types';
import { TransactionOnchainFailureError } from '@x402/svm';
import { ExactSvmScheme } from '@x402/svm/exact/facilitator';
import { SETTLEMENT_UNCONFIRMED, traceSettle } from './settle-outcome.js';
import { feePayerProblem, invalid, isRecord, signAsFeePayer, verifyDecoded, type SvmExactCore, type VerifyAnswer } from './svm-exact-core.js';
import { messageHash, readWireTransaction, type WireTransaction } from './svm-exact-tx.js';
import { CODES_V2 as CODES, tokenPayer } from './svm-exact-verify.js';
import { cappedVerifyAnswer, capsProblemOfWire } from './svm-fee-caps.js';

export interface FastSvmSchemeOptions {
  pendingSettlementStore?: PendingSettlementStore;
}

export class FastExactSvmScheme implements SchemeNetworkFacilitator {
  readonly scheme = 'exact';
  readonly caipFamily = 'solana:*';
  private readonly pendingStore: PendingSettlementStore;

  /** `official`: the official scheme on the same signer, cache and options, for what the fast path does not read. */
  constructor(
    private readonly core: SvmExactCore,
    private readonly official: ExactSvmScheme,
    options: FastSvmSchemeOptions = {},
  ) {
    this.pendingStore = options.pendingSettlementStore ?? new InMemoryPendingSettlementStore();
  }

  getExtra(_network: string): Record<string, unknown> | undefined {
    return { feePayer: this.core.key.address };
  }

  getSigners(_network: string): string[] {
    return [this.core.key.address];
  }

  async verify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse> {
    const tx = this.read(payload);
    if (!tx) return this.officialVerify(payload, requirements);
    return this.verifyRead(payload, requirements, tx);
  }

  async settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse> {
    const tx = this.read(payload);
    if (!tx) return this.officialSettle(payload, requirements);
    const network = payload.accepted.network;
    const txKey = messageHash(tx);
    const isCachedDuplicate = this.core.settlementCache.isDuplicate(txKey);
    const cachedSignature = await this.pendingStore.get(txKey);
    if (cachedSignature) {
      // A previous settle broadcast this and could not confirm it: confirm that one, never re-send.
      await this.pendingStore.delete(txKey);
      return this.confirmed(txKey, cachedSignature, tokenPayer(tx), requirements.network);
    }
    if (isCachedDuplicate) {
      return { success: false, network, transaction: '', errorReason: CODES.duplicateSettlement, payer: tokenPayer(tx) };
    }
    const valid = await this.verifyRead(payload, requirements, tx);
    if (!valid.isValid) {
      this.core.settlementCache.delete(txKey);
      return { success: false, network, transaction: '', errorReason: valid.invalidReason ?? CODES.verificationFailed, payer: valid.payer || '' };
    }
    let sent: { signature: string; confirmed: Promise<void> };
    try {
      const signed = await signAsFeePayer(this.core, tx, requirements.extra.feePayer);
      sent = await this.core.chain.sendAndPoll(signed.wire, signed.id);
    } catch {
      // Signing failed or the node refused the transaction: nothing was broadcast.
      this.core.settlementCache.delete(txKey);
      return { success: false, errorReason: CODES.transactionFailed, transaction: '', network, payer: valid.payer || '' };
    }
    const settled = await this.confirmed(txKey, sent.signature, valid.payer || '', network, sent.confirmed);
    return settled.success ? { ...settled, payer: valid.payer } : settled;
  }

  /** The official verify, and our total-fee cap on what it accepts (the other caps are its own options). */
  private async officialVerify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse> {
    const answer = await this.official.verify(payload, requirements);
    return cappedVerifyAnswer(answer, answer.isValid ? this.capsProblem(payload, requirements) : undefined);
  }

  /** The caps before the official settle (it broadcasts), then its answer with an unknown confirmation named as such. */
  private async officialSettle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse> {
    const capped = isRecord(payload) && isRecord(payload.accepted) ? this.capsProblem(payload, requirements) : undefined;
    if (capped) return { success: false, errorReason: capped, transaction: '', network: payload.accepted.network, payer: '' };
    return traceSettle(() => this.official.settle(payload, requirements));
  }

  private capsProblem(payload: PaymentPayload, requirements: PaymentRequirements): string | undefined {
    const transaction = isRecord(payload.payload) ? payload.payload.transaction : undefined;
    return capsProblemOfWire(transaction, this.core.caps, requirements, CODES);
  }

  /** The transaction of a v2-shaped payload, when the fast path reads it. */
  private read(payload: PaymentPayload): WireTransaction | undefined {
    if (!isRecord(payload) || !isRecord(payload.accepted) || !isRecord(payload.payload)) return undefined;
    return readWireTransaction(payload.payload.transaction);
  }

  private async verifyRead(payload: PaymentPayload, requirements: PaymentRequirements, tx: WireTransaction): Promise<VerifyAnswer> {
    if (payload.accepted.scheme !== 'exact' || requirements.scheme !== 'exact') return invalid(CODES.unsupportedScheme);
    if (payload.accepted.network !== requirements.network) return invalid(CODES.networkMismatch);
    const feePayer = feePayerProblem(requirements.extra, [this.core.key.address], CODES);
    if (feePayer) return invalid(feePayer);
    return verifyDecoded(this.core, tx, payload.payload.transaction as string, { ...requirements, extra: requirements.extra }, CODES);
  }

  /**
   * The official settle's tail (and its pending-settlement reconciliation): confirm, then record the outcome.
   * A confirmation left unknown (the wait bound passed; failed status reads only retry) keeps the signature in
   * the pending store, so a retried settle confirms the same transaction, and answers SETTLEMENT_UNCONFIRMED.
   */
  private async confirmed(txKey: string, signature: string, payer: string, network: Network, confirmation?: Promise<void>): Promise<SettleResponse> {
    try {
      await (confirmation ?? this.core.chain.confirm(signature));
    } catch (error) {
      if (error instanceof TransactionOnchainFailureError) {
        this.core.settlementCache.delete(txKey);
        return { success: false, errorReason: CODES.transactionFailed, errorMessage: error.message, transaction: signature, network, payer };
      }
      let errorMessage = error instanceof Error ? error.message : String(error);
      try {
        await this.pendingStore.set(txKey, signature);
      } catch (storeError) {
        errorMessage += `; not kept for a retry: ${storeError instanceof Error ? storeError.message : String(storeError)}`;
      }
      return { success: false, errorReason: SETTLEMENT_UNCONFIRMED, errorMessage, transaction: signature, network, payer };
    }
    try {
      await this.pendingStore.delete(txKey);
    } catch {
      // The official scheme ignores a failing delete too: the payment is settled.
    }
    return { success: true, transaction: signature, network, payer };
  }
}
