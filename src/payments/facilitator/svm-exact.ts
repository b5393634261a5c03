/**
 * Our SVM `exact` facilitator scheme for x402 v2 (`solana:*`): the official ExactSvmScheme's checks, in
 * its order, with its reason codes and settle semantics (duplicate-settlement cache, pending-settlement
 * store, on-chain failure vs. unconfirmed), on a fast path — one purpose-built decode of the wire
 * transaction, native ed25519 on the thread pool, base58 without BigInt, a batching JSON-RPC client,
 * the first confirmation poll in the send's own batch and later polls shared between concurrent settles
 * (svm-exact-chain.ts).
 *
 * Anything the fast path does not read (svm-exact-tx.ts: lookup tables, malformed or non-canonical
 * encodings, …) or a payload without the v2 shape goes to the official scheme, which shares the
 * settlement cache and the pending store, so such payments get exactly the official answer.
 * Smart-wallet verification (an official option) is not offered here: register the official scheme for it.
 * test/payments/svm-exact.test.ts runs valid and invalid payments through both and compares.
 */
import { InMemoryPendingSettlementStore, type PendingSettlementStore } from '@x402/core/facilitator';
import type { Network, PaymentPayload, PaymentRequirements, SchemeNetworkFacilitator, SettleResponse, VerifyResponse } from '@x402/core/types';
import { TransactionOnchainFailureError, recordPendingOrTerminal } from '@x402/svm';
import { ExactSvmScheme } from '@x402/svm/exact/facilitator';
import { feePayerProblem, invalid, isRecord, signAsFeePayer, verifyDecoded, type SvmExactCore, type VerifyAnswer } from './svm-exact-core.js';
import { messageHash, readWireTransaction, type WireTransaction } from './svm-exact-tx.js';
import { CODES_V2 as CODES, tokenPayer } from './svm-exact-verify.js';

export interface FastSvmSchemeOptions {
  maxPriorityFeeMicroLamports?: number;
  maxComputeUnits?: number;
  maxRequiredSignatures?: number;
  pendingSettlementStore?: PendingSettlementStore;
}

const SETTLEMENT_PENDING = 'settlement_pending';

export class FastExactSvmScheme implements SchemeNetworkFacilitator {
  readonly scheme = 'exact';
  readonly caipFamily = 'solana:*';
  private readonly pendingStore: PendingSettlementStore;

  /** `official`: the official scheme on the same signer, cache and options, for what the fast path does not read. */
  constructor(
    private readonly core: SvmExactCore,
    private readonly official: ExactSvmScheme,
    private readonly options: FastSvmSchemeOptions = {},
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
    if (!tx) return this.official.verify(payload, requirements);
    return this.verifyRead(payload, requirements, tx);
  }

  async settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse> {
    const tx = this.read(payload);
    if (!tx) return this.official.settle(payload, requirements);
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
      this.core.settlementCache.delete(txKey);
      return { success: false, errorReason: CODES.transactionFailed, transaction: '', network, payer: valid.payer || '' };
    }
    const settled = await this.confirmed(txKey, sent.signature, valid.payer || '', network, sent.confirmed);
    return settled.success ? { ...settled, payer: valid.payer } : settled;
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
    return verifyDecoded(this.core, tx, payload.payload.transaction as string, { ...requirements, extra: requirements.extra }, CODES, this.options);
  }

  /** The official settle's tail (and its pending-settlement reconciliation): confirm, then record the outcome. */
  private async confirmed(txKey: string, signature: string, payer: string, network: Network, confirmation?: Promise<void>): Promise<SettleResponse> {
    try {
      await (confirmation ?? this.core.chain.confirm(signature));
    } catch (error) {
      if (error instanceof TransactionOnchainFailureError) {
        this.core.settlementCache.delete(txKey);
        return { success: false, errorReason: CODES.transactionFailed, errorMessage: error.message, transaction: signature, network, payer };
      }
      return recordPendingOrTerminal(this.pendingStore, txKey, signature, payer, network, SETTLEMENT_PENDING, CODES.transactionFailed, error);
    }
    try {
      await this.pendingStore.delete(txKey);
    } catch {
      // The official scheme ignores a failing delete too: the payment is settled.
    }
    return { success: true, transaction: signature, network, payer };
  }
}
