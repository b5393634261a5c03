/**
 * What a failed settle answer says about the money.
 *
 * A settle that broadcast its transaction and then could not read a confirmation (status polls or receipt reads
 * failing, or the wait bound passing) does not know whether the transfer landed. Such an answer carries
 * SETTLEMENT_UNCONFIRMED, never a reason that reads like a clean refusal, so the payment gate looks the transfer
 * up on chain. settleReasonMeansNothingMoved tells the two kinds of reason apart.
 *
 * The official schemes, which ours fall back to, report the same situation as `settlement_pending` (v2) or
 * `transaction_failed` (v1 SVM, also used there for refused sends); the fallback wrappers trace each settle call
 * (traceSettle) and rewrite such answers to SETTLEMENT_UNCONFIRMED when a confirmation was left unknown.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SettleResponse } from '@x402/core/types';

/** A settle answer whose transaction was broadcast (or may have been) and whose outcome is unknown. */
export const SETTLEMENT_UNCONFIRMED = 'settlement_unconfirmed';

/** A confirmation wait that ended at its bound (or a broadcast whose transport failed and that never showed up). */
export class SettlementUnconfirmedError extends Error {
  constructor(readonly transaction: string, message: string) {
    super(message);
    this.name = 'SettlementUnconfirmedError';
  }
}

/**
 * The `exact` scheme's refusal families (official @x402/svm and @x402/evm, the x402 v1 package, ours): decided
 * by verification, before any broadcast, or (`invalid_exact_evm_transaction_failed`, `invalid_exact_svm_transaction_failed`)
 * by a transaction that failed on chain. Other schemes' families (upto, batch settlement) are not known here.
 */
const REFUSAL_PREFIXES = [
  'invalid_exact_svm_', 'invalid_exact_evm_', 'invalid_permit2_', 'invalid_eip2612_', 'invalid_erc20_approval_',
  'permit2_', 'eip2612_', 'erc20_approval_',
];

/** Prefixed like a refusal, but given after a transaction went through (or may have). */
const AFTER_BROADCAST: ReadonlySet<string> = new Set([
  // The transaction succeeded on chain; only its Transfer event did not match.
  'invalid_exact_evm_transfer_event_mismatch',
  // The ERC-20 approval extension's broadcast of approval + settlement failed part way.
  'erc20_approval_tx_failed',
  'erc20_approval_broadcast_failed',
]);

/** Unprefixed reasons that are decided before any broadcast. */
const REFUSALS: ReadonlySet<string> = new Set([
  'insufficient_funds',
  'duplicate_settlement',
  // The official x402 v1 SVM scheme's verify codes.
  'unsupported_scheme',
  'network_mismatch',
  'fee_payer_not_managed_by_facilitator',
  'transaction_simulation_failed',
  'verification_failed',
  // The x402 v1 package's verify codes.
  'invalid_network',
  'invalid_payload',
  'invalid_payment_requirements',
  'invalid_scheme',
  'invalid_payment',
  'invalid_x402_version',
  'payment_expired',
  // The official EVM scheme's pre-broadcast refusals without a prefix.
  'unsupported_payload_type',
  'asset_not_deployed_contract',
  'eip6492_factory_not_allowed',
]);

/**
 * True only for a settle reason known to mean that this settle call moved no money: a verification refusal
 * (decided before any broadcast) or a transaction that failed on chain. False for everything else —
 * SETTLEMENT_UNCONFIRMED, `settlement_pending`, the official v1 SVM `transaction_failed` (which the official scheme
 * also gives after a broadcast whose confirmation failed), `invalid_transaction_state`, `unexpected_settle_error`,
 * transport error messages, and any reason not known here — so the caller looks the transfer up on chain.
 */
export function settleReasonMeansNothingMoved(reason: string): boolean {
  if (REFUSALS.has(reason)) return true;
  if (AFTER_BROADCAST.has(reason)) return false;
  return REFUSAL_PREFIXES.some((prefix) => reason.startsWith(prefix));
}

/** What the chain operations of one settle call reported (see traceSettle). */
export interface SettleTrace {
  /** A broadcast transaction (or one that may have been broadcast) whose confirmation was left unknown. */
  unconfirmed?: { transaction: string; message: string };
}

const traces = new AsyncLocalStorage<SettleTrace>();

/**
 * Runs an official scheme's settle with a trace that the chain operations it calls through our signer wrappers
 * write into (the trace follows the call's async context, so concurrent settles never see each other's).
 */
export async function traceSettle(settle: () => Promise<SettleResponse>): Promise<SettleResponse> {
  const trace: SettleTrace = {};
  const answer = await traces.run(trace, settle);
  return unconfirmedAnswer(answer, trace);
}

/** Called by a signer wrapper when a broadcast transaction's confirmation is unknown. No-op outside traceSettle. */
export function noteUnconfirmed(transaction: string, message: string): void {
  const trace = traces.getStore();
  if (trace) trace.unconfirmed = { transaction, message };
}

/** A failed official answer given after an unknown confirmation (or `settlement_pending`) becomes SETTLEMENT_UNCONFIRMED. */
export function unconfirmedAnswer(answer: SettleResponse, trace: SettleTrace): SettleResponse {
  if (answer.success) return answer;
  if (!trace.unconfirmed && answer.errorReason !== 'settlement_pending') return answer;
  return {
    ...answer,
    errorReason: SETTLEMENT_UNCONFIRMED,
    errorMessage: trace.unconfirmed?.message ?? answer.errorMessage,
    transaction: trace.unconfirmed?.transaction || answer.transaction,
  };
}
