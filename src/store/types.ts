/**
 * The store contract. SQLite implements it today; PostgreSQL (issue 10) implements the same
 * interface with the same migrations, so no endpoint or payment code changes between backends.
 */
/**
 * The persisted states of one payment (src/payments/lifecycle.ts owns the transitions, docs/payments.md
 * draws them):
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

/** What a snapshot is of. */
/**
 * `token_market`: the discovery endpoints' readings of a token's market (liquidity, holders, price), kept
 * apart from `token` enrichment observations so neither family's baselines lack the other's fields.
 */
export type SnapshotSubjectType = 'token' | 'wallet' | 'perps_wallet' | 'perps_market' | 'token_market';

/** One subject's state on one UTC day (the latest observation of that day wins). */
export interface SnapshotRecord {
  subjectType: SnapshotSubjectType;
  subject: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  takenAt: Date;
  data: Record<string, unknown>;
}

/**
 * One observation of a subject at a moment (every enrichment answer and every check-alerts poll adds
 * one). Same data shape as the subject's snapshot; written once, never changed.
 */
export interface ObservationRecord {
  subjectType: SnapshotSubjectType;
  subject: string;
  observedAt: Date;
  data: Record<string, unknown>;
}

/** What the query stream counts: paid calls about an entity, per endpoint and UTC hour. */
export type QueryEntityType = 'token' | 'wallet';

export interface QueryEvent {
  entityType: QueryEntityType;
  entity: string;
  endpoint: string;
  /** Any moment inside the hour; stored as the hour's start. */
  at: Date;
}

export interface EntityCount {
  entity: string;
  count: number;
}

export interface JobLease {
  name: string;
  holder: string;
  /** The lease is taken when it is free or expired; it ends at `now + leaseMs`. */
  now: Date;
  leaseMs: number;
  /**
   * One run per interval across processes: when set, the lease is taken only if the job has not
   * started at or after this moment (the start of the current interval), even if the lease is free.
   */
  notStartedSince?: Date;
}

/** One coin of the launch platform's index: its JSON (the job's coin record) and when it was fetched. */
export interface LaunchpadIndexRow {
  mint: string;
  data: Record<string, unknown>;
  /** When the refresh that published it (index) or fetched it (staging) did so. */
  at: Date;
}

/** The launchpad index's refresh bookkeeping (one row). */
export interface LaunchpadRefreshState {
  /** Cursor of the next page of the refresh in progress; null: from the first page. */
  cursor: string | null;
  /** Start of the refresh in progress; null when none is (the next run starts one). */
  refreshStartedAt: Date | null;
  /** Pages staged so far by the refresh in progress. */
  pages: number;
  /** When the published index was completed; null before the first complete refresh. */
  refreshedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** Coins in the published index. */
  coins: number;
}

/** One daily point of a launchpad coin; `data` is the analytics' DailyPoint minus nothing (day repeated). */
export interface LaunchpadDailyRow {
  mint: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  data: Record<string, unknown>;
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
  /** The most recent claim carrying the client's payment identifier (any payer; the caller checks the payer). */
  findClaimByPaymentId(paymentId: string): Promise<StoredClaim | undefined>;
  /** Claims in `status` claimed at or before `claimedBefore`, oldest first (the reconciler's work list). */
  listClaims(status: ClaimStatus, claimedBefore: Date, limit: number): Promise<StoredClaim[]>;

  /** Upserts a subject's snapshot of a day: a later `takenAt` replaces an earlier one; an older one is ignored. */
  putSnapshot(snapshot: SnapshotRecord): Promise<void>;
  /** A subject's snapshots with `fromDay <= day <= toDay`, oldest first (one indexed range read). */
  getSnapshots(subjectType: SnapshotSubjectType, subject: string, fromDay: string, toDay: string): Promise<SnapshotRecord[]>;
  /** Subjects with a snapshot on or after `sinceDay` (the daily sweep's watch list). */
  snapshotSubjects(subjectType: SnapshotSubjectType, sinceDay: string): Promise<string[]>;
  /** Retention: deletes snapshots of days before `day`; returns how many. */
  deleteSnapshotsBefore(day: string): Promise<number>;

  /** Appends an observation; a second one of the same subject at the same millisecond is ignored (the first stays). */
  putObservation(observation: ObservationRecord): Promise<void>;
  /** The subject's latest observation at or before `at`, if any. */
  observationAtOrBefore(subjectType: SnapshotSubjectType, subject: string, at: Date): Promise<ObservationRecord | undefined>;
  /** The subject's observations with `after < observedAt <= to`, oldest first, at most `limit`. */
  observationsBetween(subjectType: SnapshotSubjectType, subject: string, after: Date, to: Date, limit: number): Promise<ObservationRecord[]>;
  /** Retention of the observation log: deletes observations before `before`; returns how many. */
  deleteObservationsBefore(before: Date): Promise<number>;

  /** Counts one paid call about an entity (hour bucket incremented, never a row per call). */
  recordQuery(event: QueryEvent): Promise<void>;
  /** Calls per entity with `from <= hour < to`, most asked first (ties by entity). */
  queryCounts(entityType: QueryEntityType, from: Date, to: Date): Promise<EntityCount[]>;
  /** Retention of the query stream: deletes hours before `before`; returns how many rows. */
  deleteQueriesBefore(before: Date): Promise<number>;

  /** Takes a job's lease (single runner across processes); false when another holder's lease is live. */
  acquireJobLease(lease: JobLease): Promise<boolean>;
  /** Ends a lease held by `holder`, recording the result. */
  releaseJobLease(name: string, holder: string, finishedAt: Date, result: string): Promise<void>;

  /** The launchpad index's refresh state (defaults when never refreshed). */
  launchpadRefreshState(): Promise<LaunchpadRefreshState>;
  /** Starts a refresh: empties staging, cursor from the first page, `refreshStartedAt = startedAt`. */
  beginLaunchpadRefresh(startedAt: Date): Promise<void>;
  /** Stages one complete page's coins and the cursor after it, in one transaction (a resumed run continues there). */
  stageLaunchpadPage(rows: readonly LaunchpadIndexRow[], nextCursor: string | null): Promise<void>;
  /** Records a failed or unfinished run's reason; staging and cursor stay for the next run. */
  recordLaunchpadRefreshError(error: string, at: Date): Promise<void>;
  /**
   * Ends a complete refresh: the index becomes exactly the staged coins (one transaction, so readers see
   * the old index or the new one, never a mix), staging is emptied, no refresh is in progress.
   */
  publishLaunchpadIndex(refreshedAt: Date): Promise<number>;
  /** The published index, by mint. */
  launchpadCoins(): Promise<LaunchpadIndexRow[]>;
  launchpadCoin(mint: string): Promise<LaunchpadIndexRow | undefined>;
  /** Upserts a coin's point of a day (the latest write of the day wins). */
  putLaunchpadDailyPoint(row: LaunchpadDailyRow): Promise<void>;
  /** A coin's points with `fromDay <= day <= toDay`, oldest first. */
  launchpadDailyPoints(mint: string, fromDay: string, toDay: string): Promise<LaunchpadDailyRow[]>;
  /** Retention: deletes points of days before `day`; returns how many. */
  deleteLaunchpadDailyPointsBefore(day: string): Promise<number>;

  ping(): Promise<boolean>;
  close(): Promise<void>;
}
