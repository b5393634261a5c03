/**
 * The subscription tables' rows as both SQL backends read them, and their mapping to the repository's records:
 * one place, so SQLite and PostgreSQL cannot drift apart. Amount columns are BIGINT and every query selects
 * them `CAST(... AS TEXT)`, so neither driver rounds them through a JavaScript number.
 */
import type {
  ChargeRow, DeliveryAttempt, DetectionGroup, Funds, FundingSource, PendingTopUp, StoredEvent, SubscriptionRow, WebhookState,
} from './types.js';

/** The subscription columns with the amount as text (both engines' SELECT lists use this). */
export const SUBSCRIPTION_COLUMNS = `id, token_hash, source, input, group_key, delivery, webhook_url, webhook_secret,
  CAST(price_atomic AS TEXT) AS price_atomic, status, created_at`;

export const CHARGE_COLUMNS = `subscription_id, seq, CAST(amount_atomic AS TEXT) AS amount_atomic, source, channel_id, state, reserved_at, charged_at`;

export const EVENT_COLUMNS = `subscription_id, seq, event_id, type, occurred_at, stored_at, body`;

export const ATTEMPT_COLUMNS = `subscription_id, seq, attempt, at, status, ok, error, duration_ms, next_attempt_at`;

export interface SubscriptionTableRow {
  id: string;
  token_hash: string;
  source: SubscriptionRow['source'];
  input: string;
  group_key: string;
  delivery: SubscriptionRow['delivery'];
  webhook_url: string | null;
  webhook_secret: string | null;
  price_atomic: string;
  status: SubscriptionRow['status'];
  created_at: string;
}

export interface DetectionGroupTableRow {
  group_key: string;
  source: DetectionGroup['source'];
  input: string;
  state: string | null;
  first_subscribed_at: string;
}

export interface EventTableRow {
  subscription_id: string;
  seq: number | string;
  event_id: string;
  type: string;
  occurred_at: string;
  stored_at: string;
  body: string;
}

export interface ChargeTableRow {
  subscription_id: string;
  seq: number | string;
  amount_atomic: string;
  source: FundingSource;
  channel_id: string;
  state: ChargeRow['state'];
  reserved_at: string;
  charged_at: string | null;
}

export interface AttemptTableRow {
  subscription_id: string;
  seq: number | string;
  attempt: number | string;
  at: string;
  status: number | string | null;
  ok: number | string;
  error: string | null;
  duration_ms: number | string;
  next_attempt_at: string | null;
}

export interface WebhookStateTableRow {
  acked_seq: number | string;
  webhook_attempts: number | string;
  next_attempt_at: string | null;
}

/** A `payment_claims` row as `pendingTopUps` selects it (the claims table keeps amounts as text already). */
export interface PendingTopUpTableRow {
  idempotency_key: string;
  status: string;
  network: string;
  amount_atomic: string;
  tx: string | null;
  call_key: string | null;
  claimed_at: string;
}

/** The fund endpoint's key in `payment_claims.endpoint` (src/streams/fund-endpoint.ts, `FUND_KEY`). */
const TOP_UP_ENDPOINT = 'subscription-fund';

/**
 * `pendingTopUps`' columns and filter, shared by both engines (each adds its ORDER BY and LIMIT): the fund
 * endpoint's claims, not refused, with no credit under their key yet.
 */
export const PENDING_TOP_UPS_FROM = `SELECT c.idempotency_key, c.status, c.network, c.amount_atomic, c.tx, c.call_key, c.claimed_at
  FROM payment_claims c
  WHERE c.endpoint = '${TOP_UP_ENDPOINT}' AND c.status <> 'not_settled'
    AND NOT EXISTS (SELECT 1 FROM subscription_credit_payments p WHERE p.payment_key = c.idempotency_key)`;

export const pendingTopUpOf = (r: PendingTopUpTableRow): PendingTopUp => ({
  paymentKey: r.idempotency_key,
  status: r.status,
  network: r.network,
  amountAtomic: BigInt(r.amount_atomic),
  transaction: r.tx,
  callKey: r.call_key,
  claimedAt: new Date(r.claimed_at),
});

/** `readFunds`' aggregate rows: credits per source, charges per state (sums as text). */
export interface FundsCreditTableRow { source: FundingSource; available: string; credited: string }
export interface FundsChargeTableRow { state: ChargeRow['state']; n: number | string; total: string }

/** The subscription's values in the INSERT's column order (the amount as a decimal string both drivers accept). */
export const subscriptionValues = (s: SubscriptionRow): (string | null)[] => [
  s.id, s.tokenHash, s.source, JSON.stringify(s.input), s.groupKey, s.delivery, s.webhookUrl, s.webhookSecret,
  s.priceAtomic.toString(), s.status, s.createdAt.toISOString(),
];

export const subscriptionOf = (r: SubscriptionTableRow): SubscriptionRow => ({
  id: r.id,
  tokenHash: r.token_hash,
  source: r.source,
  input: JSON.parse(r.input) as Record<string, unknown>,
  groupKey: r.group_key,
  delivery: r.delivery,
  webhookUrl: r.webhook_url,
  webhookSecret: r.webhook_secret,
  priceAtomic: BigInt(r.price_atomic),
  status: r.status,
  createdAt: new Date(r.created_at),
});

export const detectionGroupOf = (r: DetectionGroupTableRow): DetectionGroup => ({
  groupKey: r.group_key,
  source: r.source,
  input: JSON.parse(r.input) as Record<string, unknown>,
  state: r.state,
  firstSubscribedAt: new Date(r.first_subscribed_at),
});

export const storedEventOf = (r: EventTableRow): StoredEvent => ({
  subscriptionId: r.subscription_id,
  seq: Number(r.seq),
  eventId: r.event_id,
  type: r.type,
  occurredAt: new Date(r.occurred_at),
  storedAt: new Date(r.stored_at),
  body: r.body,
});

export const chargeOf = (r: ChargeTableRow): ChargeRow => ({
  subscriptionId: r.subscription_id,
  seq: Number(r.seq),
  amountAtomic: BigInt(r.amount_atomic),
  source: r.source,
  channelId: r.channel_id,
  state: r.state,
  reservedAt: new Date(r.reserved_at),
  chargedAt: r.charged_at ? new Date(r.charged_at) : null,
});

/** The attempt's values in the INSERT's column order. */
export const attemptValues = (a: DeliveryAttempt): (string | number | null)[] => [
  a.subscriptionId, a.seq, a.attempt, a.at.toISOString(), a.status, a.ok ? 1 : 0, a.error, Math.round(a.durationMs),
  a.nextAttemptAt?.toISOString() ?? null,
];

export const attemptOf = (r: AttemptTableRow): DeliveryAttempt => ({
  subscriptionId: r.subscription_id,
  seq: Number(r.seq),
  attempt: Number(r.attempt),
  at: new Date(r.at),
  status: r.status === null ? null : Number(r.status),
  ok: Number(r.ok) === 1,
  error: r.error,
  durationMs: Number(r.duration_ms),
  nextAttemptAt: r.next_attempt_at ? new Date(r.next_attempt_at) : null,
});

export const webhookStateOf = (r: WebhookStateTableRow | undefined): WebhookState => ({
  ackedSeq: Number(r?.acked_seq ?? 0),
  attempts: Number(r?.webhook_attempts ?? 0),
  nextAttemptAt: r?.next_attempt_at ? new Date(r.next_attempt_at) : null,
});

export function fundsOf(credits: readonly FundsCreditTableRow[], charges: readonly FundsChargeTableRow[]): Funds {
  const credit = (source: FundingSource, field: 'available' | 'credited') =>
    credits.filter((c) => c.source === source).reduce((sum, c) => sum + BigInt(c[field]), 0n);
  const reserved = charges.find((c) => c.state === 'reserved');
  const charged = charges.find((c) => c.state === 'charged');
  return {
    available: { prepaid: credit('prepaid', 'available'), voucher: credit('voucher', 'available') },
    reserved: BigInt(reserved?.total ?? '0'),
    charged: { count: Number(charged?.n ?? 0), amountAtomic: BigInt(charged?.total ?? '0') },
    credited: { prepaid: credit('prepaid', 'credited'), voucher: credit('voucher', 'credited') },
  };
}

/**
 * Where a reservation is debited: prepaid first, then the voucher allowance with the most left — among the
 * credit rows that cover the amount alone (a charge is never split across sources). Shared ORDER BY.
 */
export const FUNDING_ORDER = `CASE source WHEN 'prepaid' THEN 0 ELSE 1 END, available_atomic DESC, channel_id`;
