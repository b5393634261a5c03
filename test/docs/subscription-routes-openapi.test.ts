/**
 * The subscription routes' real bodies, served by a sandbox service on loopback, against the schemas its own
 * /openapi.json publishes for them (src/docs/bodies/subscriptions.ts). As in route-bodies.test.ts, every
 * published object is read as closed, and an unknown field added to any object of a real body must be refused,
 * so a field added to a body but not to its schema fails. `input` (the polling endpoint's own input) is open by
 * design and left out of that check.
 *
 * Real charges and delivery attempts need a delivered event: a perps position crossing its liquidation buffer
 * (the sandbox moment of test/http/alert-streams.test.ts), detected for a streamed and a webhook subscription,
 * both funded with `exact` on Solana.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { PERPS_POOL_CAST as P } from '../../src/sandbox/world/perps/index.js';
import { newPayer, type Payer } from '../helpers/payers.js';
import { openSse } from '../helpers/sse-client.js';
import { suiteService } from '../helpers/service.js';
import { webhookReceiver } from '../helpers/alert-streams.js';
import { isObject, objectPaths as pathsOf, UNKNOWN_FIELD, withUnknownField } from '../helpers/closed-bodies.js';

const objectPaths = (value: unknown) => pathsOf(value, OPEN);

type Json = Record<string, unknown>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const MIN = 60_000;
/** The polling endpoint's own input is open by design: not entered by the unknown-field check. */
const OPEN = ['input'];

describe('subscription route bodies against the schemas /openapi.json publishes', () => {
  const t0 = Date.parse('2026-11-20T17:40:00Z');
  const service = suiteService({ fixedNow: new Date(t0) });
  const hook = webhookReceiver();
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  let openapi: Json;
  let payer: Payer;

  before(async () => {
    openapi = (await (await fetch(`${service.url}/openapi.json`)).json()) as Json;
    payer = await newPayer(service, 'solana');
  });
  after(() => hook.close());

  /** A published schema with every `#/components/schemas/…` inlined and every object that lists properties closed. */
  function closedReading(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map(closedReading);
    if (!isObject(schema)) return schema;
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.replace('#/components/schemas/', '');
      const target = ((openapi.components as Json).schemas as Json)[name];
      assert.ok(target, `unresolved ${schema.$ref}`);
      return closedReading(target);
    }
    const copy: Json = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closedReading(v)]));
    if (isObject(copy.properties) && copy.additionalProperties === undefined) copy.additionalProperties = false;
    return copy;
  }

  function operation(path: string, method: string): Json {
    const op = ((openapi.paths as Json)[path] as Json | undefined)?.[method] as Json | undefined;
    assert.ok(op, `no ${method.toUpperCase()} ${path} in /openapi.json`);
    return op;
  }

  /** The response object of an operation, following a `#/components/responses/…` reference. */
  function response(path: string, method: string, status: string): Json {
    const found = (operation(path, method).responses as Json)[status] as Json | undefined;
    assert.ok(found, `${method.toUpperCase()} ${path}: no ${status}`);
    if (typeof found.$ref === 'string') return ((openapi.components as Json).responses as Json)[found.$ref.replace('#/components/responses/', '')] as Json;
    return found;
  }

  function publishedSchema(path: string, method: string, status: string): ValidateFunction {
    const media = (response(path, method, status).content as Json)['application/json'] as Json;
    return ajv.compile(closedReading(media.schema) as object);
  }

  function assertDescribedExactly(validate: ValidateFunction, body: unknown, what: string): void {
    assert.ok(validate(body), `${what}: ${ajv.errorsText(validate.errors)}`);
    for (const path of objectPaths(body)) {
      assert.equal(validate(withUnknownField(body, path)), false, `${what}: an unknown field at /${path.join('/')} passes the published schema`);
    }
  }

  async function call(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${service.url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }

  it('create, read, fund, stream, charges, deliveries and cancel: every body as published', async () => {
    const createSchema = publishedSchema('/subscriptions', 'post', '201');
    const requestMedia = ((operation('/subscriptions', 'post').requestBody as Json).content as Json)['application/json'] as Json;
    const request = ajv.compile(closedReading(requestMedia.schema) as object);
    const input = {
      wallets: [P.PERP_NEAR_LIQ],
      criteria: { perp_liquidation_buffer_pct: 7, perp_max_leverage: 100, perp_min_pnl_swing_pts: 1000, min_portfolio_change_pct: 10000, min_risk_score_delta: 1 },
    };
    const streamRequest = { source: 'check-alerts', input, delivery: { type: 'stream' } };
    const hookRequest = { source: 'check-alerts', input, delivery: { type: 'webhook', url: await hook.start() } };
    for (const body of [streamRequest, hookRequest]) assert.ok(request(body), ajv.errorsText(request.errors));
    assert.equal(request({ ...streamRequest, extra: 1 }), false, 'the published request refuses unknown fields, as the route does');

    const created = await call('POST', '/subscriptions', undefined, streamRequest);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assertDescribedExactly(createSchema, created.body, 'POST /subscriptions (stream)');
    const createdHook = await call('POST', '/subscriptions', undefined, hookRequest);
    assert.equal(createdHook.status, 201, JSON.stringify(createdHook.body));
    assertDescribedExactly(createSchema, createdHook.body, 'POST /subscriptions (webhook)');
    const stream = created.body as { id: string; token: string };
    const webhook = createdHook.body as { id: string; token: string; webhook_secret?: string };
    assert.match(webhook.webhook_secret ?? '', /^whsec_/);

    const viewSchema = publishedSchema('/subscriptions/{id}', 'get', '200');
    for (const sub of [stream, webhook]) {
      const view = await call('GET', `/subscriptions/${sub.id}`, sub.token);
      assert.equal(view.status, 200);
      assertDescribedExactly(viewSchema, view.body, `GET /subscriptions/{id} (${sub.id})`);
    }

    for (const sub of [stream, webhook]) {
      const funded = await payer.fetch(`${service.url}/subscriptions/fund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ subscription_id: sub.id }) });
      const answer = await funded.json();
      assert.equal(funded.status, 200, JSON.stringify(answer));
      // The answer is the envelope around the top-up's output (caveats, next_steps and meta are the endpoints' own).
      const fundSchema = publishedSchema('/subscriptions/fund', 'post', '200');
      assert.ok(fundSchema(answer), ajv.errorsText(fundSchema.errors));
    }

    // A crossing of the 7 % liquidation buffer between 17:43 and 18:04 (test/http/alert-streams.test.ts).
    const sse = await openSse(`${service.url}/subscriptions/${stream.id}/events`, { authorization: `Bearer ${stream.token}` });
    assert.equal(sse.status, 200);
    let clock = t0;
    for (let k = 1; k <= 8; k++) {
      const tick = t0 + 3 * k * MIN;
      service.advance(tick - clock);
      clock = tick;
      await service.streamDetection.run({ now: new Date(tick), signal: new AbortController().signal, timers: service.timers });
      await service.streams.dispatcher.sweep();
      await service.streams.dispatcher.idle();
    }
    const [event] = await sse.waitFor(1);
    sse.close();
    const sseEvents = (response('/subscriptions/{id}/events', 'get', '200')['x-sse-events'] as Json);
    const eventSchema = ajv.compile(closedReading(sseEvents.message) as object);
    const data = JSON.parse(event!.data) as Json;
    assert.ok(eventSchema(data), ajv.errorsText(eventSchema.errors));
    assert.equal(hook.received.length, 1, 'the webhook got the event');
    assert.ok(eventSchema(JSON.parse(hook.received[0]!.body)), ajv.errorsText(eventSchema.errors));

    const chargesSchema = publishedSchema('/subscriptions/{id}/charges', 'get', '200');
    for (const sub of [stream, webhook]) {
      const charges = await call('GET', `/subscriptions/${sub.id}/charges?after_seq=0&limit=10`, sub.token);
      assert.equal(charges.status, 200);
      assert.equal((charges.body as { charges: unknown[] }).charges.length, 1, 'one charge per delivered event');
      assertDescribedExactly(chargesSchema, charges.body, `GET /subscriptions/{id}/charges (${sub.id})`);
    }

    const deliveries = await call('GET', `/subscriptions/${webhook.id}/deliveries?limit=10`, webhook.token);
    assert.equal(deliveries.status, 200);
    assert.equal((deliveries.body as { attempts: unknown[] }).attempts.length, 1);
    assertDescribedExactly(publishedSchema('/subscriptions/{id}/deliveries', 'get', '200'), deliveries.body, 'GET /subscriptions/{id}/deliveries');

    const webhookView = await call('GET', `/subscriptions/${webhook.id}`, webhook.token);
    assertDescribedExactly(viewSchema, webhookView.body, 'GET /subscriptions/{id} (webhook, after a delivery)');

    const cancelled = await call('DELETE', `/subscriptions/${stream.id}`, stream.token);
    assert.equal(cancelled.status, 200);
    assert.equal((cancelled.body as Json).status, 'cancelled');
    assertDescribedExactly(publishedSchema('/subscriptions/{id}', 'delete', '200'), cancelled.body, 'DELETE /subscriptions/{id}');
  });

  it('errors: unknown_subscription (404) and a webhook subscription\'s stream (409) as published', async () => {
    const created = (await call('POST', '/subscriptions', undefined, { source: 'exit-signal', input: { mint: P.PERP_NEAR_LIQ }, delivery: { type: 'webhook', url: 'http://127.0.0.1:9/hook' } })).body as { id: string; token: string };
    const wrongToken = await call('GET', `/subscriptions/${created.id}`, 'st_wrong');
    assert.equal(wrongToken.status, 404);
    assert.equal(((wrongToken.body as Json).error as Json).code, 'unknown_subscription');
    for (const [path, method] of [['/subscriptions/{id}', 'get'], ['/subscriptions/{id}', 'delete'], ['/subscriptions/{id}/charges', 'get'], ['/subscriptions/{id}/deliveries', 'get'], ['/subscriptions/{id}/events', 'get']] as const) {
      const notFound = response(path, method, '404');
      assert.match(String(notFound.description), /unknown_subscription/, `${method} ${path}`);
      const validate = publishedSchema(path, method, '404');
      assert.ok(validate(wrongToken.body), `${method} ${path}: ${ajv.errorsText(validate.errors)}`);
    }
    const notStreamed = await call('GET', `/subscriptions/${created.id}/events`, created.token);
    assert.equal(notStreamed.status, 409);
    const validate = publishedSchema('/subscriptions/{id}/events', 'get', '409');
    assert.ok(validate(notStreamed.body), ajv.errorsText(validate.errors));
  });

  it('the top-up is a paid operation: 402 listed, x-payment-info with its price, and a real 402 body as published', async () => {
    const fund = operation('/subscriptions/fund', 'post');
    assert.ok((fund.responses as Json)['402'], 'the top-up lists its 402');
    assert.equal(fund.security, undefined, 'payment is not a security scheme');
    const info = fund['x-payment-info'] as Json;
    assert.deepEqual(info.price, { mode: 'fixed', currency: 'USD', amount: '0.1' });
    assert.equal(info.amount_atomic, '100000');
    assert.equal(info.upto, undefined, 'a top-up is never upto');

    const created = (await call('POST', '/subscriptions', undefined, { source: 'exit-signal', input: { mint: P.PERP_NEAR_LIQ }, delivery: { type: 'stream' } })).body as { id: string };
    const unpaid = await call('POST', '/subscriptions/fund', undefined, { subscription_id: created.id });
    assert.equal(unpaid.status, 402);
    const media = (response('/subscriptions/fund', 'post', '402').content as Json)['application/json'] as Json;
    const validate = ajv.compile(closedReading(media.schema) as object);
    assert.ok(validate(unpaid.body), ajv.errorsText(validate.errors));

    const schemes = (openapi.components as Json).securitySchemes as Json;
    assert.deepEqual(Object.keys(schemes), ['subscriptionToken'], 'the subscription token is the only scheme (payment is never one)');
    assert.deepEqual(schemes.subscriptionToken, { ...(schemes.subscriptionToken as Json), type: 'http', scheme: 'bearer' });
    assert.deepEqual(operation('/subscriptions/{id}', 'get').security, [{ subscriptionToken: [] }]);
    assert.deepEqual(operation('/subscriptions', 'post').security, [], 'creating needs no token');
    assert.ok(isObject(((response('/subscriptions/{id}/events', 'get', '200').content as Json)['text/event-stream'])));
  });
});
