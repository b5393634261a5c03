/**
 * Payment claims: the record that makes a signed payment single-use, and the outcome of the call it paid
 * for. src/payments/lifecycle.ts owns the transitions; docs/payments.md, 'States', draws them.
 */

/**
 * The persisted states of one payment:
 * - `claimed`: verified and claimed, the call is running (or the process died while it ran);
 * - `settled`: charged, the answer handed to the transport (kept for rows written before `delivered`);
 * - `delivered`: charged and the answer sent;
 * - `not_settled`: not charged, final;
 * - `unconfirmed`: the transfer may have been broadcast and its outcome is not known yet; the answer is
 *   kept, the reconciler resolves it on chain;
 * - `undelivered`: charged, the answer did not reach the caller; it is kept and served to a retry.
 */
export type ClaimStatus = 'claimed' | 'settled' | 'delivered' | 'not_settled' | 'unconfirmed' | 'undelivered';

/** An answer kept for a payer who paid for it but may not have received it. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  /** The JSON body exactly as it was (or would have been) sent. */
  json: string;
}

export interface PaymentClaim {
  /** EVM: payer + authorization nonce; Solana: transaction message hash; card: credential id. */
  idempotencyKey: string;
  endpoint: string;
  network: string;
  payer: string;
  amountAtomic: bigint;
  requestId: string;
  claimedAt: Date;
  /** The client's x402 `payment-identifier`, when it sent one. */
  paymentId?: string;
  /** Which call the payment paid for (endpoint + canonical input): a retry gets the kept answer only for the same call. */
  callKey?: string;
}

export interface ClaimOutcome {
  status: Exclude<ClaimStatus, 'claimed'>;
  transaction?: string;
  reason?: string;
  referralCode?: string;
  at: Date;
  /** Kept for `unconfirmed` and `undelivered`. */
  answer?: StoredAnswer;
  /** What the on-chain lookup of an `unconfirmed` settlement needs (opaque JSON, src/payments/lifecycle.ts). */
  lookup?: string;
  /**
   * What an `upto` payment was charged (≤ the maximum it authorised): replaces the claim's `amountAtomic`, so the
   * row says what the payer paid. Absent: the amount stays (exact, card, batch-settlement: the price).
   */
  chargedAtomic?: bigint;
}

export interface StoredClaim extends PaymentClaim {
  status: ClaimStatus;
  transaction?: string;
  reason?: string;
  referralCode?: string;
  finishedAt?: Date;
  answer?: StoredAnswer;
  lookup?: string;
}

/** The payments' view of the store (src/payments/lifecycle.ts, src/payments/reconciler.ts). */
export interface ClaimRepository {
  /**
   * Atomically claims a payment's idempotency key. Exactly one of any number of concurrent claims of
   * the same key returns true. A key stays claimed whatever the call's outcome: a signed payment
   * serves at most one call.
   */
  claimPayment(claim: PaymentClaim): Promise<boolean>;
  finishClaim(idempotencyKey: string, outcome: ClaimOutcome): Promise<void>;
  getClaim(idempotencyKey: string): Promise<StoredClaim | undefined>;
  /** The most recent claim carrying the client's payment identifier (any payer; the caller checks the payer). */
  findClaimByPaymentId(paymentId: string): Promise<StoredClaim | undefined>;
  /** Claims in `status` claimed at or before `claimedBefore`, oldest first (the reconciler's work list). */
  listClaims(status: ClaimStatus, claimedBefore: Date, limit: number): Promise<StoredClaim[]>;
}
