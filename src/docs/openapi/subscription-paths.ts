/**
 * The alert subscription routes (src/app/subscription-routes.ts, docs/streaming.md) in the OpenAPI document:
 * create, read, cancel, the event stream, the charges and delivery log, and the paid top-up. Management calls
 * are free (rate-limited) and opened with the subscription's bearer token; the top-up is a paid x402 operation
 * described like the endpoints are (`x-payment-info`, payment headers, 402). The body schemas are the TypeBox
 * objects the routes type their bodies with (src/docs/bodies/subscriptions.ts).
 */
import { plainSchema } from '../../lib/plain-schema.js';
import { systemTimers } from '../../lib/timers.js';
import type { Registry, RegisteredEndpoint } from '../../registry/index.js';
import { fundEndpoint } from '../../streams/fund-endpoint.js';
import { StreamHub } from '../../streams/hub.js';
import { DEFAULT_STREAM_SETTINGS, EVENT_PRICE_USDC, EVENTS_PER_TOP_UP, TOP_UP_USDC } from '../../streams/settings.js';
import {
  CreatedSubscription,
  CreateSubscriptionRequest,
  StreamCancelled,
  StreamEvent,
  StreamGap,
  StreamPaused,
  SubscriptionCharges,
  SubscriptionDeliveries,
  SubscriptionView,
} from '../bodies/subscriptions.js';
import type { SiteInfo } from '../site.js';
import { successSchema } from './endpoint-paths.js';
import { headerRef, ref, responseRef, type Json } from './json.js';
import { paymentInfo } from './payment-schemas.js';

/** Tag of the subscription routes. */
export const SUBSCRIPTIONS_TAG = 'Alert subscriptions';
/** The security scheme of the management routes: the `st_…` token given once at creation. */
export const SUBSCRIPTION_TOKEN_SCHEME = 'subscriptionToken';

const FREE_NOTE = 'Free; rate-limited per client IP.';
const HOUR_MS = 3_600_000;

/** The top-up as the service builds it, for its schemas and price; the documents never run its handler. */
function documentedFund(): RegisteredEndpoint {
  const never = async (): Promise<never> => {
    throw new Error('the documents never run the top-up');
  };
  return fundEndpoint({ getSubscription: never, creditSubscription: never }, new StreamHub(systemTimers), () => new Date(0));
}

/** A polling endpoint's documented example as a subscription input: without what the subscription sets itself. */
function pollingExample(registry: Registry, key: string): Json {
  const { since: _since, format: _format, ...input } = plainSchema(registry.get(key)?.def.example ?? {});
  return input;
}

export function subscriptionSecuritySchemes(): Record<string, Json> {
  return {
    [SUBSCRIPTION_TOKEN_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      description: 'Alert subscriptions only: the `st_…` token POST /subscriptions answers once. Only its hash is kept; a lost token cannot be recovered. ' +
        'Paid endpoints need no credential (x402 per call).',
    },
  };
}

const idParameter: Json = {
  name: 'id', in: 'path', required: true, description: 'The subscription id (`sub_…`).',
  schema: { type: 'string', pattern: '^sub_[0-9a-f]{24}$' },
};

function limitParameter(what: string): Json {
  return { name: 'limit', in: 'query', required: false, description: `At most this many ${what}.`, schema: { type: 'integer', minimum: 0, maximum: 1000, default: 100 } };
}

const tokenSecurity = [{ [SUBSCRIPTION_TOKEN_SCHEME]: [] }];

/** A JSON 200 of a management route, with `no-store` (the bodies carry balances and the token). */
function jsonOk(description: string, schema: Json): Json {
  return {
    description,
    headers: { 'X-Request-Id': headerRef('X-Request-Id'), 'Cache-Control': { description: '`no-store`.', schema: { type: 'string' } } },
    content: { 'application/json': { schema } },
  };
}

const managementErrors: Json = {
  '404': responseRef('UnknownSubscription'),
  '429': responseRef('RateLimited'),
  '500': responseRef('InternalError'),
};

function managed(operationId: string, summary: string, description: string, ok: Json, extra: Json = {}): Json {
  return {
    operationId, tags: [SUBSCRIPTIONS_TAG], summary, description: `${description} ${FREE_NOTE}`, security: tokenSecurity,
    parameters: [idParameter, ...((extra.parameters as Json[] | undefined) ?? [])],
    responses: { '200': ok, ...managementErrors },
  };
}

const STREAM_DESCRIPTION = [
  'The subscription\'s events as Server-Sent Events (`text/event-stream`), for `delivery: {"type": "stream"}` subscriptions; a webhook subscription answers 409 `wrong_delivery_mode`, a cancelled one 204 (which tells an EventSource to stop reconnecting). One stream per subscription: a new connection replaces an open one.',
  'Frames:',
  '- `retry: 3000` first: how long EventSource waits before reconnecting.',
  '- an event: `id: <seq>` and `data: <StreamEvent JSON>` (no `event:` field, so EventSource dispatches it as `message`). Each is charged ' +
    `${EVENT_PRICE_USDC} USDC once the connection took it; an event sent again (a replay) is not charged again.`,
  '- `event: gap`: events older than the replay window ' + `(${DEFAULT_STREAM_SETTINGS.replayWindowMs / HOUR_MS} h) were missed; data \`StreamGap\`, not charged.`,
  '- `event: paused`: the next event waits for a top-up (POST /subscriptions/fund); data `StreamPaused`. The stream stays open and resumes when funded.',
  '- `event: gap`: also in the middle of a stream, whenever the next stored event is not the next seq (it left the replay window while the stream waited).',
  '- `event: cancelled`: the subscription was cancelled; data `StreamCancelled`; the stream ends (reconnecting answers 204).',
  `- \`: keep-alive\` comment lines on an idle stream (about every ${DEFAULT_STREAM_SETTINGS.heartbeatMs / 1000} s).`,
  'Control frames carry the stream\'s position as their `id`, so `Last-Event-ID` never passes an event not sent. ' +
    'Resume after `Last-Event-ID` (header, or `last_event_id` query); without it the stream resumes after the last event charged. ' +
    `${FREE_NOTE.replace('Free; ', 'Opening the stream is free; ')}`,
].join('\n');

function eventsOperation(): Json {
  return {
    operationId: 'streamSubscriptionEvents', tags: [SUBSCRIPTIONS_TAG], summary: 'Stream the events (SSE)', description: STREAM_DESCRIPTION,
    security: tokenSecurity,
    parameters: [
      idParameter,
      // Not a second security scheme: an `apiKey` scheme reads to agent clients as "this API needs a key".
      { name: 'token', in: 'query', required: false, description: 'The subscription token, instead of `Authorization: Bearer`, for EventSource clients that cannot set headers.', schema: { type: 'string' } },
      { name: 'Last-Event-ID', in: 'header', required: false, description: 'Resume after this seq (a reconnecting EventSource sends it).', schema: { type: 'string', pattern: '^[0-9]+$' } },
      { name: 'last_event_id', in: 'query', required: false, description: 'As `Last-Event-ID`, for clients that cannot set it.', schema: { type: 'string', pattern: '^[0-9]+$' } },
    ],
    responses: {
      '200': {
        description: 'The event stream (long-lived). Event data: `StreamEvent`; control events `gap`, `paused`, `cancelled`.',
        headers: { 'X-Request-Id': headerRef('X-Request-Id'), 'Cache-Control': { description: '`no-store`.', schema: { type: 'string' } } },
        content: {
          'text/event-stream': {
            schema: { type: 'string', description: 'WHATWG `text/event-stream` frames, as described above.' },
            example: 'retry: 3000\n\nid: 1\ndata: {"subscription_id":"sub_000000000000000000000000","seq":1,"id":"…","type":"…","source":"check-alerts",…}\n\n: keep-alive\n\n',
          },
        },
        'x-sse-events': {
          message: ref('StreamEvent'),
          gap: ref('StreamGap'),
          paused: ref('StreamPaused'),
          cancelled: ref('StreamCancelled'),
        },
      },
      '204': { description: 'The subscription is cancelled: nothing will be streamed again (an EventSource stops reconnecting).' },
      '404': responseRef('UnknownSubscription'),
      '409': responseRef('NotAStreamSubscription'),
      '429': responseRef('RateLimited'),
      '500': responseRef('InternalError'),
    },
  };
}

function fundOperation(fund: RegisteredEndpoint, site: SiteInfo): Json {
  const example = plainSchema(fund.def.example);
  return {
    operationId: 'fundSubscription',
    tags: [SUBSCRIPTIONS_TAG],
    summary: fund.def.summary,
    description: [
      fund.def.description,
      `**Price:** ${fund.def.price} USDC per top-up (${fund.priceAtomic} atomic units), paid with x402. ` +
        `\`exact\` on Solana or Base (or a card, where enabled) credits a prepaid balance of ${EVENTS_PER_TOP_UP} events at ${EVENT_PRICE_USDC} USDC. ` +
        'A `batch-settlement` voucher on Base is credited as an allowance: nothing moves on chain, only the events delivered are claimed from your channel, and what was never delivered goes back with the channel\'s refund.',
      'Settled only after a successful (2xx) answer: an unknown or cancelled subscription answers 404 `unknown_subscription` and is never charged. No subscription token is needed: anyone may pay for a subscription.',
    ].join('\n\n'),
    parameters: [{ $ref: '#/components/parameters/PaymentSignature' }, { $ref: '#/components/parameters/XPayment' }, { $ref: '#/components/parameters/ReferralCode' }],
    requestBody: {
      required: true,
      description: 'The subscription to fund, flat or wrapped as `{"input": {...}}`.',
      content: {
        'application/json': {
          schema: {
            oneOf: [
              ref('SubscriptionFundInput'),
              { type: 'object', title: 'Wrapped input', properties: { input: ref('SubscriptionFundInput'), format: ref('OutputFormat') }, required: ['input'], additionalProperties: false },
            ],
          },
          examples: { flat: { summary: 'Flat input', value: example } },
        },
      },
    },
    responses: {
      '200': {
        description: 'The top-up was paid and credited; the settlement receipt is in `PAYMENT-RESPONSE`.',
        headers: { 'X-Request-Id': headerRef('X-Request-Id'), 'PAYMENT-RESPONSE': headerRef('PAYMENT-RESPONSE'), 'X-PAYMENT-RESPONSE': headerRef('X-PAYMENT-RESPONSE') },
        content: { 'application/json': { schema: { anyOf: [ref('SubscriptionFundResponse'), ref('LlmEnvelope')] } } },
      },
      '400': responseRef('BadRequest'),
      '402': responseRef('PaymentRequired'),
      '404': responseRef('UnknownSubscription'),
      '413': responseRef('PayloadTooLarge'),
      '500': responseRef('InternalError'),
      '503': responseRef('ServiceUnavailable'),
    },
    'x-payment-info': paymentInfo(fund, site),
    'x-price-usdc': fund.def.price,
    'x-events-per-top-up': EVENTS_PER_TOP_UP,
  };
}

/** The subscription routes' paths and component schemas. */
export function subscriptionPaths(registry: Registry, site: SiteInfo): { schemas: Record<string, Json>; paths: Record<string, Record<string, Json>> } {
  const fund = documentedFund();
  const schemas: Record<string, Json> = {
    CreateSubscriptionRequest: plainSchema(CreateSubscriptionRequest),
    CreatedSubscription: plainSchema(CreatedSubscription),
    Subscription: plainSchema(SubscriptionView),
    SubscriptionCharges: plainSchema(SubscriptionCharges),
    SubscriptionDeliveries: plainSchema(SubscriptionDeliveries),
    StreamEvent: plainSchema(StreamEvent),
    StreamGap: plainSchema(StreamGap),
    StreamPaused: plainSchema(StreamPaused),
    StreamCancelled: plainSchema(StreamCancelled),
    SubscriptionFundInput: { ...plainSchema(fund.inputSchema), examples: [plainSchema(fund.def.example)] },
    SubscriptionFundResponse: successSchema(plainSchema(fund.def.output)),
  };
  const paths: Record<string, Record<string, Json>> = {
    '/subscriptions': {
      post: {
        operationId: 'createSubscription', tags: [SUBSCRIPTIONS_TAG], summary: 'Create an alert subscription',
        description: 'Subscribes to what a polling alert endpoint (check-alerts, launchpad-alerts, exit-signal) would report, delivered as it is detected on a ' +
          `Server-Sent Events stream or to a signed webhook, at ${EVENT_PRICE_USDC} USDC per delivered event. Creating is free; nothing is delivered until it is ` +
          `funded (POST /subscriptions/fund: ${TOP_UP_USDC} USDC buys ${EVENTS_PER_TOP_UP} events). The answer carries the bearer \`token\` (and a webhook's ` +
          `\`webhook_secret\`) once: keep them. ${FREE_NOTE}`,
        security: [],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateSubscriptionRequest'),
              examples: {
                stream: { summary: 'check-alerts on a stream', value: { source: 'check-alerts', input: pollingExample(registry, 'check-alerts'), delivery: { type: 'stream' } } },
                webhook: {
                  summary: 'exit-signal to a webhook',
                  value: { source: 'exit-signal', input: pollingExample(registry, 'exit-signal'), delivery: { type: 'webhook', url: 'https://example.com/hooks/alerts' } },
                },
              },
            },
          },
        },
        responses: {
          '201': jsonOk('Created: the subscription, its `token` and (webhooks) its `webhook_secret`, both shown only here.', ref('CreatedSubscription')),
          '400': responseRef('BadRequest'),
          '413': responseRef('PayloadTooLarge'),
          '429': responseRef('RateLimited'),
          '500': responseRef('InternalError'),
        },
      },
    },
    '/subscriptions/{id}': {
      get: managed('getSubscription', 'Read a subscription', 'Its status, funds, how far delivery got and its links.', jsonOk('The subscription.', ref('Subscription'))),
      delete: managed('cancelSubscription', 'Cancel a subscription', 'Stops delivery for good; an open stream ends with a `cancelled` event.',
        jsonOk('The subscription, now `cancelled`.', ref('Subscription'))),
    },
    '/subscriptions/{id}/events': { get: eventsOperation() },
    '/subscriptions/{id}/charges': {
      get: managed('listSubscriptionCharges', 'List the charges', 'One charge per delivered event, in seq order, with the funds.', jsonOk('The charges.', ref('SubscriptionCharges')), {
        parameters: [
          { name: 'after_seq', in: 'query', required: false, description: 'Only charges of events after this seq (paging).', schema: { type: 'integer', minimum: 0, default: 0 } },
          limitParameter('charges'),
        ],
      }),
    },
    '/subscriptions/{id}/deliveries': {
      get: managed('listSubscriptionDeliveries', 'List the webhook delivery attempts', 'The most recent webhook delivery attempts (empty for a stream subscription).', jsonOk('The delivery log.', ref('SubscriptionDeliveries')), {
        parameters: [limitParameter('attempts')],
      }),
    },
    [fund.path]: { post: fundOperation(fund, site) },
  };
  return { schemas, paths };
}
