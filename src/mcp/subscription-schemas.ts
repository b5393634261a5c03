/**
 * JSON Schemas of the subscription tools (./subscription-tools.ts): inputs precise enough for an agent to build a
 * valid call from the schema alone, outputs matching what the tools put in `structuredContent`. Every output
 * schema also admits the error body, because MCP clients (the official SDK's included) validate
 * `structuredContent` against the output schema even on an `isError` result.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Registry } from '../registry/index.js';
import { SUBSCRIPTION_SOURCES } from '../streams/subscriptions.js';

type Json = Record<string, unknown>;
type InputSchema = Tool['inputSchema'];
type OutputSchema = NonNullable<Tool['outputSchema']>;

/** Polling inputs the subscription sets itself (`since` moves with each tick, `format` is the envelope's). */
const SET_BY_THE_SUBSCRIPTION = ['since', 'format'];

export const SUBSCRIPTION_ID = { type: 'string', pattern: '^sub_[0-9a-f]{24}$', description: 'The subscription id (`sub_…`) returned by subscription_create.' };
/** `st_` and the base64url of 24 random bytes. */
export const SUBSCRIPTION_TOKEN = { type: 'string', pattern: '^st_[A-Za-z0-9_-]{32}$', description: 'The bearer token (`st_…`) returned once by subscription_create.' };

const ERROR_SCHEMA = {
  type: 'object',
  description: 'isError: the same error body as the HTTP API (docs/errors.md).',
  required: ['error'],
  properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } } },
};

const orError = (success: Json): OutputSchema =>
  ({ type: 'object', description: 'The answer; on an isError result the error body.', anyOf: [success, ERROR_SCHEMA] }) as OutputSchema;

/** A polling endpoint's input as a subscription takes it: without `since` and `format`. */
function watchInputSchema(registry: Registry, source: string): Json {
  const endpoint = registry.get(source);
  if (!endpoint) return { type: 'object', title: `${source} input` };
  const { required: given, ...schema } = JSON.parse(JSON.stringify(endpoint.inputSchema)) as Json;
  const properties = { ...(schema.properties as Json | undefined) };
  for (const key of SET_BY_THE_SUBSCRIPTION) delete properties[key];
  const required = (Array.isArray(given) ? (given as string[]) : []).filter((k) => !SET_BY_THE_SUBSCRIPTION.includes(k));
  return {
    ...schema,
    title: `${source} input`,
    description: `For source "${source}": the ${source} tool's input without since and format.`,
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
  };
}

export function createInputSchema(registry: Registry): InputSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['source', 'input', 'delivery'],
    properties: {
      source: { type: 'string', enum: [...SUBSCRIPTION_SOURCES], description: 'The polling endpoint whose alerts are delivered.' },
      input: {
        description: 'The watchlist and criteria: the input of the tool named by `source`, without since and format (the subscription moves since itself).',
        anyOf: SUBSCRIPTION_SOURCES.map((source) => watchInputSchema(registry, source)),
      },
      delivery: {
        description: 'Where events go. A webhook is what an MCP client can receive; a stream is read over HTTP (GET /subscriptions/{id}/events, Server-Sent Events).',
        oneOf: [
          { type: 'object', additionalProperties: false, required: ['type', 'url'], properties: { type: { const: 'webhook' }, url: { type: 'string', description: 'Public https URL that receives each event as a signed POST (Standard Webhooks).' } } },
          { type: 'object', additionalProperties: false, required: ['type'], properties: { type: { const: 'stream' } } },
        ],
      },
    },
  } as InputSchema;
}

/** `subscription_id` + `token`, and any extra (paging) properties. */
export function openInputSchema(extra: Record<string, Json> = {}): InputSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['subscription_id', 'token'],
    properties: { subscription_id: SUBSCRIPTION_ID, token: SUBSCRIPTION_TOKEN, ...extra },
  } as InputSchema;
}

export const LIMIT = { type: 'integer', minimum: 1, maximum: 1000, default: 100, description: 'At most this many rows.' };
export const AFTER_SEQ = { type: 'integer', minimum: 0, default: 0, description: 'Only charges of events after this sequence number (paging).' };

const USDC = { type: 'string', description: 'USDC amount as a decimal string' };
const FUNDS = {
  type: 'object',
  required: ['available_usdc', 'reserved_usdc', 'charged', 'credited_usdc'],
  properties: {
    available_usdc: { type: 'object', required: ['prepaid', 'voucher'], properties: { prepaid: USDC, voucher: USDC } },
    reserved_usdc: USDC,
    charged: { type: 'object', required: ['events', 'usdc'], properties: { events: { type: 'integer' }, usdc: USDC } },
    credited_usdc: { type: 'object', required: ['prepaid', 'voucher'], properties: { prepaid: USDC, voucher: USDC } },
  },
};
const NULLABLE_TIME = { type: ['string', 'null'], description: 'ISO 8601 time, null when none' };

const VIEW_PROPERTIES: Json = {
  id: SUBSCRIPTION_ID,
  source: { type: 'string', enum: [...SUBSCRIPTION_SOURCES] },
  input: { type: 'object', description: 'The watchlist and criteria as validated (defaults filled).' },
  delivery: { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['stream', 'webhook'] }, url: { type: 'string' } } },
  status: { type: 'string', enum: ['active', 'paused', 'cancelled'], description: '`paused`: active but unfunded, nothing is delivered until it is topped up (subscription_fund).' },
  price_per_event_usdc: USDC,
  funds: FUNDS,
  events: { type: 'object', required: ['first_seq', 'last_seq'], properties: { first_seq: { type: 'integer' }, last_seq: { type: 'integer' } } },
  webhook: {
    type: 'object',
    description: 'Webhook delivery state (webhook subscriptions only).',
    properties: { acked_seq: { type: 'integer' }, failed_attempts: { type: 'integer' }, next_attempt_at: NULLABLE_TIME },
  },
  created_at: { type: 'string' },
  links: { type: 'object', description: 'HTTP URLs of this subscription (self, events or deliveries, charges, fund).' },
};
const VIEW_REQUIRED = ['id', 'source', 'input', 'delivery', 'status', 'price_per_event_usdc', 'funds', 'events', 'created_at', 'links'];

export const VIEW_OUTPUT = orError({ type: 'object', required: VIEW_REQUIRED, properties: VIEW_PROPERTIES });

export const CREATE_OUTPUT = orError({
  type: 'object',
  required: [...VIEW_REQUIRED, 'token'],
  properties: {
    ...VIEW_PROPERTIES,
    token: { ...SUBSCRIPTION_TOKEN, description: 'Bearer token for every later call on this subscription. Shown only now: keep it.' },
    webhook_secret: { type: 'string', description: 'whsec_… secret that signs each webhook delivery (webhook subscriptions only). Shown only now.' },
  },
});

export const CHARGES_OUTPUT = orError({
  type: 'object',
  required: ['subscription_id', 'funds', 'charges'],
  properties: {
    subscription_id: SUBSCRIPTION_ID,
    funds: FUNDS,
    charges: {
      type: 'array',
      items: {
        type: 'object',
        required: ['seq', 'amount_usdc', 'source', 'state', 'reserved_at', 'charged_at'],
        properties: {
          seq: { type: 'integer' }, amount_usdc: USDC, source: { type: 'string', enum: ['prepaid', 'voucher'] }, channel_id: { type: 'string' },
          state: { type: 'string', enum: ['reserved', 'charged'] }, reserved_at: { type: 'string' }, charged_at: NULLABLE_TIME,
        },
      },
    },
  },
});

export const DELIVERIES_OUTPUT = orError({
  type: 'object',
  required: ['subscription_id', 'attempts'],
  properties: {
    subscription_id: SUBSCRIPTION_ID,
    attempts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['seq', 'attempt', 'at', 'ok', 'status', 'error', 'duration_ms', 'next_attempt_at'],
        properties: {
          seq: { type: 'integer' }, attempt: { type: 'integer' }, at: { type: 'string' }, ok: { type: 'boolean' },
          status: { type: ['integer', 'null'], description: 'HTTP status answered, null when none' },
          error: { type: ['string', 'null'], description: 'timeout, connection_failed, status_500, …; null when ok' },
          duration_ms: { type: 'number' }, next_attempt_at: NULLABLE_TIME,
        },
      },
    },
  },
});
