/**
 * The bodies of the subscription routes (src/app/subscription-routes.ts) and the data of the frames their event
 * stream sends, as TypeBox schemas. `/openapi.json` publishes these objects and the routes type what they send
 * with their `Static<>`, so the document and the bodies cannot drift apart (test/docs/subscription-routes-openapi.test.ts
 * validates real bodies against the published schemas read as closed: a field added to a body must be added
 * here). Published open, since new fields are additive. What the fields mean: docs/streaming.md.
 */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../registry/fields.js';
import type { SubscriptionSource as SubscriptionSourceName } from '../../store/subscriptions/types.js';

// The store's sources (checked by the compiler), spelled here so the schema holds its enum.
const SOURCES = ['check-alerts', 'launchpad-alerts', 'exit-signal'] as const satisfies readonly SubscriptionSourceName[];
const SUBSCRIPTION_ID = '^sub_[0-9a-f]{24}$';

/** A USDC amount as a decimal string (`atomicToUsdc`): `0`, `0.001`, `12.5`. */
const Usdc = (description?: string) => Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$', ...(description ? { description } : {}) });
const Timestamp = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const NullableTimestamp = (description: string) => Type.Union([Timestamp(), Type.Null()], { description });
const Seq = (description?: string) => Type.Integer({ minimum: 0, ...(description ? { description } : {}) });

/** The polling endpoint's own input: its schema, bounds and defaults, minus what the subscription sets itself. */
const PollingInput = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });

export const SubscriptionSource = StringEnum(SOURCES, { description: 'The polling endpoint whose alerts the subscription delivers.' });

export const CreateSubscriptionRequest = Type.Object(
  {
    source: SubscriptionSource,
    input: PollingInput(
      'The input the polling endpoint takes (see its `<Key>Input` schema: `CheckAlertsInput`, `LaunchpadAlertsInput`, `ExitSignalInput`), ' +
        'without `since` and `format`, which the subscription sets itself. Validated by that endpoint\'s own validator; defaults are filled in.',
    ),
    delivery: Type.Union([
      Type.Object({ type: Type.Literal('stream') }, { additionalProperties: false, title: 'Server-Sent Events stream', description: 'Read the events from GET /subscriptions/{id}/events.' }),
      Type.Object(
        { type: Type.Literal('webhook'), url: Type.String({ format: 'uri', description: 'Your https receiver. Private and loopback addresses are refused.' }) },
        { additionalProperties: false, title: 'Webhook', description: 'Each event is POSTed to `url`, signed (Standard Webhooks) with the `webhook_secret` given once at creation.' },
      ),
    ]),
  },
  { additionalProperties: false },
);
export type CreateSubscriptionRequest = Static<typeof CreateSubscriptionRequest>;

export const SubscriptionFunds = Type.Object({
  available_usdc: Type.Object(
    { prepaid: Usdc(), voucher: Usdc('Voucher allowances, summed over the payer\'s channels.') },
    { description: 'What can still be charged, per source.' },
  ),
  reserved_usdc: Usdc('Held for deliveries in progress.'),
  charged: Type.Object({ events: Type.Integer({ minimum: 0 }), usdc: Usdc() }, { description: 'What delivered events cost so far.' }),
  credited_usdc: Type.Object({ prepaid: Usdc(), voucher: Usdc() }, { description: 'What top-ups added so far.' }),
});
export type SubscriptionFunds = Static<typeof SubscriptionFunds>;

export const SubscriptionView = Type.Object({
  id: Type.String({ pattern: SUBSCRIPTION_ID }),
  source: SubscriptionSource,
  input: PollingInput('The polling input, as validated (defaults filled in).'),
  delivery: Type.Union([
    Type.Object({ type: Type.Literal('stream') }),
    Type.Object({ type: Type.Literal('webhook'), url: Type.String({ format: 'uri' }) }),
  ]),
  status: StringEnum(['active', 'paused', 'cancelled'] as const, {
    description: '`paused`: active but unable to pay for its next event, so nothing is delivered until it is funded (POST /subscriptions/fund).',
  }),
  price_per_event_usdc: Usdc('What one delivered event costs.'),
  funds: SubscriptionFunds,
  events: Type.Object(
    { first_seq: Seq(), last_seq: Seq() },
    { description: 'The seqs of the events still stored (the replay window); 0 and 0 before the first.' },
  ),
  webhook: Type.Optional(
    Type.Object(
      {
        acked_seq: Seq('The last event your receiver acknowledged with a 2xx (0 before the first).'),
        failed_attempts: Type.Integer({ minimum: 0, description: 'Failed attempts at the event after `acked_seq`.' }),
        next_attempt_at: NullableTimestamp('When the next attempt is due, after a failure.'),
      },
      { description: 'Webhook subscriptions only: how far delivery got.' },
    ),
  ),
  created_at: Timestamp(),
  links: Type.Object({
    self: Type.String({ format: 'uri' }),
    events: Type.Optional(Type.String({ format: 'uri', description: 'Stream subscriptions: the event stream.' })),
    deliveries: Type.Optional(Type.String({ format: 'uri', description: 'Webhook subscriptions: the delivery log.' })),
    charges: Type.String({ format: 'uri' }),
    fund: Type.Object(
      {
        url: Type.String({ format: 'uri' }),
        method: Type.Literal('POST'),
        body: Type.Object({ subscription_id: Type.String({ pattern: SUBSCRIPTION_ID }) }),
        buys_events: Type.Integer({ minimum: 1 }),
        price_usdc: Usdc(),
      },
      { description: 'How to top the subscription up (a paid x402 call).' },
    ),
  }),
});
export type SubscriptionView = Static<typeof SubscriptionView>;

// One flat object (not an allOf): the view plus what creation shows once.
export const CreatedSubscription = Type.Composite([
  SubscriptionView,
  Type.Object({
    token: Type.String({ pattern: '^st_', description: 'The bearer token of this subscription. Shown once: only its hash is kept.' }),
    webhook_secret: Type.Optional(Type.String({ pattern: '^whsec_', description: 'Webhook subscriptions: the Standard Webhooks signing secret. Shown once.' })),
  }),
]);

export const SubscriptionCharge = Type.Object({
  seq: Type.Integer({ minimum: 1, description: 'The event charged.' }),
  amount_usdc: Usdc(),
  source: StringEnum(['prepaid', 'voucher'] as const),
  channel_id: Type.Optional(Type.String({ description: 'Voucher charges: the batch-settlement channel.' })),
  state: StringEnum(['reserved', 'charged'] as const, { description: '`reserved` while the delivery is in progress.' }),
  reserved_at: Timestamp(),
  charged_at: NullableTimestamp('When the delivery was confirmed and charged.'),
});
export type SubscriptionCharge = Static<typeof SubscriptionCharge>;

export const SubscriptionCharges = Type.Object({
  subscription_id: Type.String({ pattern: SUBSCRIPTION_ID }),
  funds: SubscriptionFunds,
  charges: Type.Array(SubscriptionCharge, { description: 'In seq order, after `after_seq`, at most `limit`.' }),
});
export type SubscriptionCharges = Static<typeof SubscriptionCharges>;

export const DeliveryAttemptEntry = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  attempt: Type.Integer({ minimum: 1, description: '1 for the first attempt at this event.' }),
  at: Timestamp(),
  ok: Type.Boolean(),
  status: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status your receiver answered; null when it did not answer.' }),
  error: Type.Union([Type.String(), Type.Null()], { description: 'A short fixed description of a failure (`timeout`, `connection_failed`, `status_500`…); null when ok.' }),
  duration_ms: Type.Integer({ minimum: 0 }),
  next_attempt_at: NullableTimestamp('Failures: when the next attempt is due.'),
});
export type DeliveryAttemptEntry = Static<typeof DeliveryAttemptEntry>;

export const SubscriptionDeliveries = Type.Object({
  subscription_id: Type.String({ pattern: SUBSCRIPTION_ID }),
  attempts: Type.Array(DeliveryAttemptEntry, { description: 'The most recent attempts, at most `limit`.' }),
});
export type SubscriptionDeliveries = Static<typeof SubscriptionDeliveries>;

/** The `data` of an event frame (and the body of a webhook POST). */
export const StreamEvent = Type.Object({
  subscription_id: Type.String({ pattern: SUBSCRIPTION_ID }),
  seq: Type.Integer({ minimum: 1, description: 'Also the frame\'s `id`: send it back as `Last-Event-ID` to resume.' }),
  id: Type.String({ description: 'The event\'s own id, the same for every subscriber of the same watchlist.' }),
  type: Type.String(),
  source: SubscriptionSource,
  subject: Type.Object({ type: Type.String(), address: Type.String() }),
  occurred_at: Timestamp(),
  detected_at: Timestamp(),
  data: Type.Record(Type.String(), Type.Unknown(), { description: 'The alert, launchpad event or verdict change, worded as the polling endpoint words it.' }),
});

/** The `data` of a `gap` frame: events older than the replay window that can no longer be sent. */
export const StreamGap = Type.Object({
  missed_from_seq: Type.Integer({ minimum: 1 }),
  missed_to_seq: Type.Integer({ minimum: 1 }),
  reason: Type.String(),
});

/** The `data` of a `paused` frame: the next event waits for a top-up. */
export const StreamPaused = Type.Object({
  subscription_id: Type.String({ pattern: SUBSCRIPTION_ID }),
  reason: Type.Literal('unfunded'),
  next_seq: Type.Integer({ minimum: 1 }),
  fund: Type.Object({
    url: Type.String({ format: 'uri' }),
    body: Type.Object({ subscription_id: Type.String({ pattern: SUBSCRIPTION_ID }) }),
    buys_events: Type.Integer({ minimum: 1 }),
    price_usdc: Usdc(),
  }),
});

/** The `data` of a `cancelled` frame, the stream's last. */
export const StreamCancelled = Type.Object({ subscription_id: Type.String({ pattern: SUBSCRIPTION_ID }) });
