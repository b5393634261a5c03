/**
 * Alert subscriptions (docs/streaming.md): who watches what, the events detected for them (stored before they
 * are delivered, numbered per subscription), what each subscriber has paid in and been charged, and the webhook
 * delivery state and log. One repository, because an event's delivery and its charge must agree.
 *
 * Money rules the implementations guarantee (the contract suite checks each):
 * - a credit is applied once per `paymentKey` (a re-sent top-up is `duplicate`);
 * - an event of a subscription is charged at most once: `reserveCharge` of an event already charged answers
 *   `charged_before` and moves nothing; of an event already reserved, `reserved` again with no second debit;
 * - a reservation debits `available` atomically and never below zero (`unfunded` otherwise: nothing moves);
 * - `releaseCharge` gives a reserved (never a committed) charge back to the credit it came from.
 */

export type SubscriptionSource = 'check-alerts' | 'launchpad-alerts' | 'exit-signal';
export type DeliveryMode = 'stream' | 'webhook';
/**
 * Where a subscriber's money comes from: `prepaid` = a balance topped up by `exact` payments (Solana or Base),
 * already the service's; `voucher` = the allowance of a batch-settlement voucher on Base (the payer's escrow until
 * an event is delivered). Prepaid is spent first.
 */
export type FundingSource = 'prepaid' | 'voucher';

export interface SubscriptionRow {
  /** `sub_` + 24 hex characters. */
  id: string;
  /** sha256 (hex) of the subscriber's bearer token; the token itself is never stored. */
  tokenHash: string;
  source: SubscriptionSource;
  /** The polling endpoint's input without `since`, validated and with its defaults applied. */
  input: Record<string, unknown>;
  /** sha256 of source + canonical input: subscriptions with one key share one detection per tick. */
  groupKey: string;
  delivery: DeliveryMode;
  webhookUrl: string | null;
  /** Standard Webhooks secret (`whsec_` + base64 of 32 bytes); null for streams. */
  webhookSecret: string | null;
  /** What one delivered event costs, atomic USDC units. */
  priceAtomic: bigint;
  status: 'active' | 'cancelled';
  createdAt: Date;
}

export interface DetectionGroup {
  groupKey: string;
  source: SubscriptionSource;
  input: Record<string, unknown>;
  /** The detector's state after its last tick (JSON, detector-defined), null before the first. */
  state: string | null;
  /** The earliest `createdAt` of the group's active subscriptions: the first tick's `since`. */
  firstSubscribedAt: Date;
}

/** An event as detection produces it, once for a whole group. */
export interface GroupEvent {
  /** Stable id of the event (e.g. check-alerts' alert id): the same event is appended once per subscription. */
  eventId: string;
  /** Alert kind (`liquidation_approaching`, `payout_stale`, `verdict_changed`…). */
  type: string;
  /** When the thing happened (the alert's `fired_at` / event `at`). */
  occurredAt: Date;
  /** The event's body as delivered (the envelope minus `seq` and `subscription_id`), JSON. */
  body: string;
}

export interface StoredEvent {
  subscriptionId: string;
  /** 1, 2, 3… per subscription, in the order events were appended: the SSE `id:` and the webhook order. */
  seq: number;
  eventId: string;
  type: string;
  occurredAt: Date;
  /** When it was stored (detection time). */
  storedAt: Date;
  body: string;
}

export type ReserveOutcome =
  | { kind: 'reserved'; source: FundingSource; channelId: string }
  | { kind: 'charged_before' }
  | { kind: 'unfunded' }
  /** The subscription is cancelled (or unknown): nothing is reserved, nothing more is delivered. */
  | { kind: 'inactive' };

/**
 * A paid top-up (`subscription-fund`) as its payment claim records it, not yet credited: settled and waiting for
 * its credit (`afterSettlement` failed, or the settlement was confirmed later), or still in flight.
 */
export interface PendingTopUp {
  /** The payment's idempotency key (`bs:<channel>:…` for a batch-settlement voucher). */
  paymentKey: string;
  /** The claim's status: `claimed` / `unconfirmed` (in flight), `settled` / `delivered` / `undelivered` (charged). */
  status: string;
  network: string;
  amountAtomic: bigint;
  transaction: string | null;
  /** The call it paid for: `endpoint:subscription-fund:{"subscription_id":…}`. */
  callKey: string | null;
  claimedAt: Date;
}

export interface ChargeRow {
  subscriptionId: string;
  seq: number;
  amountAtomic: bigint;
  source: FundingSource;
  /** The batch-settlement channel for `voucher` charges, '' for prepaid. */
  channelId: string;
  state: 'reserved' | 'charged';
  reservedAt: Date;
  chargedAt: Date | null;
}

export interface CreditRecord {
  subscriptionId: string;
  source: FundingSource;
  /** The batch-settlement channel for a voucher allowance, '' for prepaid. */
  channelId: string;
  amountAtomic: bigint;
  /** The payment's idempotency key: a credit is applied once per key. */
  paymentKey: string;
  /** Network and transaction (empty for a voucher: nothing moved on chain). */
  network: string;
  transaction: string;
  at: Date;
}

export interface Funds {
  /** What can still be charged, per source (voucher allowances summed over channels). */
  available: { prepaid: bigint; voucher: bigint };
  /** Reserved for deliveries in progress. */
  reserved: bigint;
  charged: { count: number; amountAtomic: bigint };
  credited: { prepaid: bigint; voucher: bigint };
}

export interface DeliveryAttempt {
  subscriptionId: string;
  seq: number;
  /** 1 for the first attempt of this event. */
  attempt: number;
  at: Date;
  /** HTTP status answered, null when no answer (connection refused, timeout, blocked address). */
  status: number | null;
  ok: boolean;
  /** A short fixed description of a failure (`timeout`, `connection_failed`, `status_500`…), null when ok. */
  error: string | null;
  durationMs: number;
  /** When the next attempt is due (failures only). */
  nextAttemptAt: Date | null;
}

export interface WebhookState {
  /** The last event acknowledged with a 2xx (0 before the first). */
  ackedSeq: number;
  /** Failed attempts at the event after `ackedSeq`. */
  attempts: number;
  nextAttemptAt: Date | null;
}

export interface SubscriptionRepository {
  createSubscription(row: SubscriptionRow): Promise<void>;
  getSubscription(id: string): Promise<SubscriptionRow | undefined>;
  /** Marks it cancelled (no more events appended, nothing delivered); false when unknown or already cancelled. */
  cancelSubscription(id: string, at: Date): Promise<boolean>;

  /**
   * One entry per group key with at least one active subscription — with `activeSince`, one that still matters:
   * it can pay for its next event, or was created, topped up or charged at or after `activeSince`. A subscription
   * unfunded and idle for longer than the replay window costs no detection (its events would be gone by then).
   */
  listDetectionGroups(activeSince?: Date): Promise<DetectionGroup[]>;
  saveDetectionState(groupKey: string, state: string, at: Date): Promise<void>;
  /**
   * Appends each event to every active subscription of the group created at or before `storedAt`, numbering it
   * after that subscription's last seq, in the order given; an event id a subscription already has is skipped.
   * One transaction. Returns the subscriptions that received at least one event.
   */
  appendGroupEvents(groupKey: string, events: readonly GroupEvent[], storedAt: Date): Promise<{ appended: number; subscriptionIds: string[] }>;
  /** The subscription's events with seq > afterSeq, in seq order, at most `limit`. */
  eventsAfter(subscriptionId: string, afterSeq: number, limit: number): Promise<StoredEvent[]>;
  /** The lowest and highest seq still stored (0, 0 when none). */
  eventRange(subscriptionId: string): Promise<{ first: number; last: number }>;
  /** Replay-window retention: deletes events stored before `before` (their charges and attempts stay). */
  deleteEventsBefore(before: Date): Promise<number>;

  /** Adds to `available` once per payment key. */
  creditSubscription(credit: CreditRecord): Promise<'credited' | 'duplicate'>;
  /**
   * Debits `amountAtomic` for event `seq`: prepaid first, then the voucher allowance with the most left. Only for an
   * active subscription (`inactive` otherwise, checked in the same transaction as the debit).
   */
  reserveCharge(subscriptionId: string, seq: number, amountAtomic: bigint, at: Date): Promise<ReserveOutcome>;
  /**
   * A reserved charge becomes charged. True when this call or an earlier one committed it; false when there is no
   * reservation to commit (it was released meanwhile, e.g. by the stale-reservation sweep).
   */
  commitCharge(subscriptionId: string, seq: number, at: Date): Promise<boolean>;
  /** A reserved charge is removed and its amount returned to its source; a committed one is left alone. */
  releaseCharge(subscriptionId: string, seq: number): Promise<void>;
  /**
   * Sets a voucher allowance's `available` to 0 (its channel was refunded or can no longer be charged); returns what
   * it held. Reserved and charged rows are left alone.
   */
  voidVoucherCredit(subscriptionId: string, channelId: string): Promise<bigint>;
  /** A channel was refunded: every subscription's voucher allowance on it is set to 0 (the money went back). */
  voidChannelCredits(channelId: string): Promise<void>;
  /**
   * Top-up payments (`payment_claims` rows of endpoint `subscription-fund`) not `not_settled` and with no credit
   * under their payment key yet, oldest first, at most `limit`. The credit job credits the charged ones; the claim
   * job holds the in-flight and uncredited voucher ones back from claims.
   */
  pendingTopUps(limit: number): Promise<PendingTopUp[]>;
  /** Channels with a voucher allowance left (`available` > 0) on an active subscription: not idle-refunded. */
  channelsWithAllowance(): Promise<string[]>;
  /**
   * Per channel, the voucher allowance not yet delivered, over every subscription (cancelled ones too): `available`
   * plus reserved voucher charges. The channel counts it as charged since the top-up; the claim job must not claim it.
   */
  voucherOutstanding(): Promise<Map<string, bigint>>;
  readFunds(subscriptionId: string): Promise<Funds>;
  /** The highest seq charged (committed), 0 when none: where a stream resumed without `Last-Event-ID` starts. */
  lastChargedSeq(subscriptionId: string): Promise<number>;
  /** Charges with seq > afterSeq, in seq order, at most `limit`. */
  listCharges(subscriptionId: string, afterSeq: number, limit: number): Promise<ChargeRow[]>;
  /** Reserved (never committed) charges reserved before `before`: a process that died mid-delivery left them. */
  staleReservations(before: Date, limit: number): Promise<ChargeRow[]>;

  readWebhookState(subscriptionId: string): Promise<WebhookState>;
  /**
   * Logs the attempt and moves the state: ok → `ackedSeq = seq`, attempts 0, no next attempt; failure →
   * attempts + 1 and `nextAttemptAt`. An attempt for a seq at or below `ackedSeq` is only logged.
   */
  recordDeliveryAttempt(attempt: DeliveryAttempt): Promise<void>;
  /** The newest attempts first, at most `limit`. */
  listDeliveryAttempts(subscriptionId: string, limit: number): Promise<DeliveryAttempt[]>;
  /**
   * Active webhook subscriptions with a stored event after `ackedSeq`, funds for at least one event (a credit row
   * with `available` ≥ its price), and a next attempt due at `now` (or not scheduled), oldest pending first, at most
   * `limit`. An unfunded subscription, or one whose pending events all left the replay window, is not due.
   */
  webhookSubscriptionsDue(now: Date, limit: number): Promise<string[]>;
  /**
   * Takes (or renews) the right to deliver this subscription's webhooks until `until`: true when free, expired
   * or already `holder`'s. Keeps deliveries of one subscription in order across instances.
   */
  leaseSubscription(subscriptionId: string, holder: string, now: Date, until: Date): Promise<boolean>;
  releaseSubscriptionLease(subscriptionId: string, holder: string): Promise<void>;
}
