/**
 * JSON Schemas of the subscription tools (./subscription-tools.ts): inputs precise enough for an agent to build a
 * valid call from the schema alone, outputs matching what the tools put in `structuredContent`. Every output
 * schema also admits the error body, because MCP clients (the official SDK's included) validate
 * `structuredContent` against the output schema even on an `isError` result.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Registry } from '../registry/index.js';
import { CreatedSubscription, SubscriptionCharges, SubscriptionDeliveries, SubscriptionView } from '../docs/bodies/subscriptions.js';
import { plainSchema } from '../lib/plain-schema.js';
import { SET_BY_THE_SUBSCRIPTION, SUBSCRIPTION_SOURCES } from '../streams/subscriptions.js';

type Json = Record<string, unknown>;
type InputSchema = Tool['inputSchema'];
type OutputSchema = NonNullable<Tool['outputSchema']>;

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

// The bodies are the HTTP routes' (src/docs/bodies/subscriptions.ts, published in /openapi.json): one definition.
export const VIEW_OUTPUT = orError(plainSchema(SubscriptionView));
export const CREATE_OUTPUT = orError(plainSchema(CreatedSubscription));
export const CHARGES_OUTPUT = orError(plainSchema(SubscriptionCharges));
export const DELIVERIES_OUTPUT = orError(plainSchema(SubscriptionDeliveries));
