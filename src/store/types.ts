/**
 * The store contract. SQLite implements it today; PostgreSQL (issue 10) implements the same
 * interface with the same migrations, so no endpoint or payment code changes between backends.
 */
export type ClaimStatus = 'claimed' | 'settled' | 'not_settled';

export interface PaymentClaim {
  /** EVM: payer + authorization nonce; Solana: transaction message hash; card: credential id. */
  idempotencyKey: string;
  endpoint: string;
  network: string;
  payer: string;
  amountAtomic: bigint;
  requestId: string;
  claimedAt: Date;
}

export interface ClaimOutcome {
  status: Exclude<ClaimStatus, 'claimed'>;
  transaction?: string;
  reason?: string;
  referralCode?: string;
  at: Date;
}

export interface StoredClaim extends PaymentClaim {
  status: ClaimStatus;
  transaction?: string;
  reason?: string;
  referralCode?: string;
  finishedAt?: Date;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Atomically claims a payment's idempotency key. Exactly one of any number of concurrent claims of
   * the same key returns true. A key stays claimed whatever the call's outcome: a signed payment
   * serves at most one call.
   */
  claimPayment(claim: PaymentClaim): Promise<boolean>;
  finishClaim(idempotencyKey: string, outcome: ClaimOutcome): Promise<void>;
  getClaim(idempotencyKey: string): Promise<StoredClaim | undefined>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
