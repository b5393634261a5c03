/**
 * Whether a failed batch-settlement settle moved nothing (the gate then answers "not charged" at once) or may have
 * (the gate keeps the answer and says the outcome is unknown): settleReasonMeansNothingMoved's counterpart.
 *
 * - A voucher's settle is bookkeeping in the channel storage, never a transaction: whatever failed, nothing moved.
 * - A deposit's settle sends the deposit transaction. Refusals decided before sending it (the scheme's
 *   `invalid_batch_settlement_evm_*` verify and simulation codes) moved nothing; `…_deposit_transaction_failed`
 *   also covers a send that threw, which may have reached the chain, so it and anything unknown stay "may have".
 *   There is no on-chain lookup for a deposit (the lookup knows EIP-3009 transfers to payTo; a deposit is a
 *   receiveWithAuthorization by the collector into the escrow): an unknown deposit stays unconfirmed, and its
 *   funds, if they landed, are the payer's escrow, refunded when the channel goes idle.
 */
import { settleReasonMeansNothingMoved } from '../facilitator/index.js';

const MAY_HAVE_MOVED = new Set(['invalid_batch_settlement_evm_deposit_transaction_failed']);

export function batchSettlementNothingMoved(schemePayload: unknown): (reason: string) => boolean {
  const isVoucher = typeof schemePayload === 'object' && schemePayload !== null && (schemePayload as { type?: unknown }).type === 'voucher';
  if (isVoucher) return () => true;
  return (reason) => !MAY_HAVE_MOVED.has(reason) && (reason.startsWith('invalid_batch_settlement_evm_') || settleReasonMeansNothingMoved(reason));
}
