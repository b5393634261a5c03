/**
 * Delivery and money rules of alert streams (docs/streaming.md), with events stored as detection stores them
 * (`appendGroupEvents` + the hub's wake-up), on the sandbox clock:
 * - a stream that drops and resumes with `Last-Event-ID` gets the missed events and is not charged twice;
 * - a stream resuming without the header starts after the last event it was charged for;
 * - a webhook receiver failing twice then succeeding gets each event once (one 2xx each), in order, with the same
 *   `webhook-id` on every attempt, retried on the backoff schedule; the delivery log shows the attempts;
 * - an unfunded subscription pauses (a `paused` event on the stream, nothing posted), delivers nothing free, keeps
 *   its events, and delivers them once funded;
 * - management needs the token: a wrong one is `unknown_subscription`, like an unknown id.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newPayer } from '../helpers/payers.js';
import { openSse } from '../helpers/sse-client.js';
import { suiteService, type TestService } from '../helpers/service.js';
import { createSubscription, fund, readSubscription, webhookReceiver } from '../helpers/alert-streams.js';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import type { GroupEvent } from '../../src/store/subscriptions/types.js';

type Json = any;
const t0 = Date.parse('2026-11-20T12:00:00Z');
const INPUT = { tokens: [A.TOKEN_RISKY] };

/**
 * Stores `n` events for the subscription's group (ids `e<from>`…), as the detection job does, and wakes deliveries.
 * Stored a second after the subscription was created (a group's events go to the subscriptions existing then).
 */
async function storeEvents(service: TestService, sub: Json, from: number, n: number, storedAt = new Date(Date.parse(sub.created_at) + 1_000)): Promise<void> {
  const row = (await service.streams.store.getSubscription(sub.id))!;
  const events: GroupEvent[] = Array.from({ length: n }, (_, i) => {
    const id = `e${from + i}`;
    const at = new Date(t0 + (from + i) * 1000).toISOString();
    return { eventId: id, type: 'price_spike', occurredAt: new Date(at), body: JSON.stringify({ id, type: 'price_spike', source: 'check-alerts', subject: { type: 'token', address: A.TOKEN_RISKY }, occurred_at: at, detected_at: at, data: { n: from + i } }) };
  });
  const { subscriptionIds } = await service.streams.store.appendGroupEvents(row.groupKey, events, storedAt);
  service.streams.hub.notify(subscriptionIds);
}

async function prepaid(service: TestService, sub: Json): Promise<void> {
  const payer = await newPayer(service, 'solana');
  const res = await fund(payer.fetch, service, sub);
  assert.equal(res.status, 200, await res.clone().text());
}

const charged = async (service: TestService, sub: Json) => (await readSubscription(service, sub, '/charges')).charges.filter((c: Json) => c.state === 'charged').map((c: Json) => c.seq);

describe('alert streams: delivery and charging', () => {
  const service = suiteService({ fixedNow: new Date(t0) });

  it('a stream that drops and resumes with Last-Event-ID gets what it missed, charged once', async () => {
    const sub = await createSubscription(service, { source: 'check-alerts', input: INPUT, delivery: { type: 'stream' } });
    await prepaid(service, sub);
    const url = `${service.url}/subscriptions/${sub.id}/events`;
    const auth = { authorization: `Bearer ${sub.token}` };

    const first = await openSse(url, auth);
    await storeEvents(service, sub, 1, 3);
    const got = await first.waitFor(3);
    assert.deepEqual(got.map((f) => f.id), ['1', '2', '3']);
    first.close();
    await waitUntil(async () => (await charged(service, sub)).length === 3);

    // While disconnected: two more events.
    await storeEvents(service, sub, 4, 2);
    // The client only processed seq 1: it resumes from there. 2 and 3 come again free, 4 and 5 are charged now.
    const second = await openSse(url, { ...auth, 'last-event-id': '1' });
    const resumed = await second.waitFor(4);
    second.close();
    assert.deepEqual(resumed.map((f) => f.id), ['2', '3', '4', '5']);
    assert.deepEqual(resumed.map((f) => JSON.parse(f.data).seq), [2, 3, 4, 5]);
    await waitUntil(async () => (await charged(service, sub)).length === 5);
    const view = await readSubscription(service, sub);
    assert.deepEqual(view.funds.charged, { events: 5, usdc: '0.005' }, 'five events, five charges: none twice');
    assert.deepEqual(view.funds.available_usdc, { prepaid: '0.095', voucher: '0' });

    // Without the header: after the last event charged (5): nothing is sent again until a new event.
    const third = await openSse(url, auth);
    await storeEvents(service, sub, 6, 1);
    const next = await third.waitFor(1);
    third.close();
    assert.deepEqual(next.map((f) => f.id), ['6']);
    await waitUntil(async () => (await charged(service, sub)).length === 6);
  });

  it('a receiver that fails twice then succeeds gets each event once, in order; retries follow the backoff', async () => {
    const receiver = webhookReceiver([500, 503]);
    after(() => receiver.close());
    const sub = await createSubscription(service, { source: 'check-alerts', input: { ...INPUT, criteria: { min_price_change_pct: 1 } }, delivery: { type: 'webhook', url: await receiver.start() } });
    await prepaid(service, sub);
    await storeEvents(service, sub, 1, 2);
    await service.streams.dispatcher.idle();
    assert.deepEqual(receiver.received.map((r) => r.status), [500], 'first attempt failed; nothing after it was sent');
    assert.deepEqual(await charged(service, sub), []);

    service.advance(9_000);
    await service.streams.dispatcher.sweep();
    assert.equal(receiver.received.length, 1, 'not before the 10 s backoff');
    service.advance(1_000);
    await service.streams.dispatcher.sweep();
    assert.deepEqual(receiver.received.map((r) => r.status), [500, 503]);
    service.advance(29_000);
    await service.streams.dispatcher.sweep();
    assert.equal(receiver.received.length, 2, 'the second retry waits 30 s');
    service.advance(1_000);
    await service.streams.dispatcher.sweep();
    await service.streams.dispatcher.idle();

    const seqs = receiver.received.map((r) => JSON.parse(r.body).seq);
    assert.deepEqual(seqs, [1, 1, 1, 2], 'seq 1 three times (two failures, one success), then seq 2');
    const acked = receiver.received.filter((r) => r.status === 200).map((r) => JSON.parse(r.body).seq);
    assert.deepEqual(acked, [1, 2], 'each event acknowledged once, in order');
    const ids = receiver.received.slice(0, 3).map((r) => r.headers['webhook-id']);
    assert.deepEqual(new Set(ids).size, 1, 'the same webhook-id on every attempt');
    assert.deepEqual(await charged(service, sub), [1, 2], 'charged once per event, only after the 2xx');

    const log = (await readSubscription(service, sub, '/deliveries')).attempts;
    assert.deepEqual(log.map((a: Json) => [a.seq, a.attempt, a.ok, a.status]).reverse(), [[1, 1, false, 500], [1, 2, false, 503], [1, 3, true, 200], [2, 1, true, 200]]);
    assert.equal(log.find((a: Json) => a.status === 500).error, 'status_500');
  });

  it('unfunded: paused, nothing delivered free, events kept; funded: delivered once', async () => {
    const receiver = webhookReceiver();
    after(() => receiver.close());
    const hook = await createSubscription(service, { source: 'check-alerts', input: { ...INPUT, criteria: { min_price_change_pct: 2 } }, delivery: { type: 'webhook', url: await receiver.start() } });
    const stream = await createSubscription(service, { source: 'check-alerts', input: { ...INPUT, criteria: { min_price_change_pct: 3 } }, delivery: { type: 'stream' } });
    const sse = await openSse(`${service.url}/subscriptions/${stream.id}/events`, { authorization: `Bearer ${stream.token}` });
    await storeEvents(service, hook, 1, 2);
    await storeEvents(service, stream, 1, 2);
    await service.streams.dispatcher.idle();
    const [paused] = await sse.waitFor(1);
    assert.equal(paused!.event, 'paused');
    assert.equal(paused!.id, '0', 'a control event never moves Last-Event-ID past an event not sent');
    assert.equal(JSON.parse(paused!.data).next_seq, 1);
    assert.equal(receiver.received.length, 0, 'nothing posted unpaid');
    assert.equal((await readSubscription(service, hook)).status, 'paused');
    assert.deepEqual(await charged(service, hook), []);

    await prepaid(service, hook);
    await prepaid(service, stream);
    await service.streams.dispatcher.idle();
    const frames = await sse.waitFor(3);
    sse.close();
    assert.deepEqual(frames.slice(1).map((f) => f.id), ['1', '2']);
    assert.deepEqual(receiver.received.map((r) => JSON.parse(r.body).seq), [1, 2]);
    assert.deepEqual(await charged(service, hook), [1, 2]);
    await waitUntil(async () => (await charged(service, stream)).length === 2);
  });

  it('a receiver answering 503 with Retry-After is retried after it, not sooner; 410 Gone cancels the subscription, uncharged', async () => {
    const receiver = webhookReceiver([{ status: 503, headers: { 'retry-after': '120' } }, 200, 410]);
    after(() => receiver.close());
    const sub = await createSubscription(service, { source: 'check-alerts', input: { ...INPUT, criteria: { min_price_change_pct: 4 } }, delivery: { type: 'webhook', url: await receiver.start() } });
    await prepaid(service, sub);
    await storeEvents(service, sub, 1, 1);
    await service.streams.dispatcher.idle();
    const [failed] = (await readSubscription(service, sub, '/deliveries')).attempts;
    assert.deepEqual([failed.status, failed.next_attempt_at], [503, new Date(Date.parse(failed.at) + 120_000).toISOString()], 'Retry-After 120 s beats the 10 s backoff');
    service.advance(60_000);
    await service.streams.dispatcher.sweep();
    assert.equal(receiver.received.length, 1, 'not before Retry-After');
    service.advance(60_000);
    await service.streams.dispatcher.sweep();
    await service.streams.dispatcher.idle();
    assert.deepEqual(receiver.received.map((r) => r.status), [503, 200]);

    await storeEvents(service, sub, 2, 1);
    await service.streams.dispatcher.idle();
    assert.deepEqual(receiver.received.map((r) => r.status), [503, 200, 410]);
    const view = await readSubscription(service, sub);
    assert.equal(view.status, 'cancelled', '410 Gone: no more deliveries');
    assert.deepEqual(await charged(service, sub), [1], 'the refused event is not charged');
    await storeEvents(service, sub, 3, 1);
    await service.streams.dispatcher.sweep();
    assert.equal(receiver.received.length, 3, 'nothing posted after Gone');
  });

  it('a stream waiting unfunded past the replay window says which events it missed (gap), then goes on', async () => {
    const sub = await createSubscription(service, { source: 'check-alerts', input: { ...INPUT, criteria: { min_price_change_pct: 5 } }, delivery: { type: 'stream' } });
    const sse = await openSse(`${service.url}/subscriptions/${sub.id}/events`, { authorization: `Bearer ${sub.token}` });
    await storeEvents(service, sub, 1, 2);
    const [paused] = await sse.waitFor(1);
    assert.equal(paused!.event, 'paused');
    // Retention removes everything stored so far (the replay window passed); one more event is stored after it.
    const created = Date.parse(sub.created_at);
    await service.streams.store.deleteEventsBefore(new Date(created + 2_000));
    await storeEvents(service, sub, 3, 1, new Date(created + 3_000));
    await prepaid(service, sub);
    const frames = await sse.waitFor(3);
    sse.close();
    assert.deepEqual(frames.slice(1).map((f) => [f.event, f.id]), [['gap', '2'], ['message', '3']]);
    assert.deepEqual(JSON.parse(frames[1]!.data), { missed_from_seq: 1, missed_to_seq: 2, reason: 'no longer stored: older than the replay window' });
    await waitUntil(async () => (await charged(service, sub)).length === 1);
    assert.deepEqual(await charged(service, sub), [3], 'only the event delivered is charged');
  });

  it('management needs the token; a wrong token and an unknown id are the same answer', async () => {
    const sub = await createSubscription(service, { source: 'exit-signal', input: { mint: A.TOKEN_RISKY }, delivery: { type: 'stream' } });
    const wrong = await fetch(`${service.url}/subscriptions/${sub.id}`, { headers: { authorization: 'Bearer st_nope' } });
    const unknown = await fetch(`${service.url}/subscriptions/sub_000000000000000000000000`, { headers: { authorization: `Bearer ${sub.token}` } });
    assert.deepEqual([wrong.status, unknown.status], [404, 404]);
    const [a, b] = [await wrong.json(), await unknown.json()];
    assert.deepEqual([a.error.code, b.error.code], ['unknown_subscription', 'unknown_subscription']);
    assert.equal(a.error.message, b.error.message);
    const cancelled = await fetch(`${service.url}/subscriptions/${sub.id}`, { method: 'DELETE', headers: { authorization: `bearer ${sub.token}` } });
    assert.equal((await cancelled.json()).status, 'cancelled', 'the Bearer scheme name in any case');
    const stream = await fetch(`${service.url}/subscriptions/${sub.id}/events`, { headers: { authorization: `Bearer ${sub.token}` } });
    assert.equal(stream.status, 204, 'a cancelled subscription tells EventSource to stop reconnecting');
    // A cancelled subscription cannot be topped up: refused before anything is settled.
    const payer = await newPayer(service, 'solana');
    const before = await payer.balance();
    const res = await fund(payer.fetch, service, sub);
    assert.equal(res.status, 404);
    assert.equal(await payer.balance(), before, 'not charged');
  });

  it('creation is validated like the polling endpoint, and since/format are the subscription\'s', async () => {
    const post = (body: unknown) => fetch(`${service.url}/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const tooMany = await post({ source: 'check-alerts', input: { tokens: Array.from({ length: 11 }, () => A.TOKEN_RISKY) }, delivery: { type: 'stream' } });
    assert.equal(tooMany.status, 400);
    assert.ok((await tooMany.json()).error.issues.some((i: Json) => i.path.startsWith('/input/tokens')));
    const empty = await post({ source: 'check-alerts', input: {}, delivery: { type: 'stream' } });
    assert.equal(empty.status, 400, 'both watchlists empty: the same cross-field rule as check-alerts');
    const since = await post({ source: 'check-alerts', input: { ...INPUT, since: '2026-11-20T00:00:00Z' }, delivery: { type: 'stream' } });
    assert.deepEqual((await since.json()).error.issues.map((i: Json) => i.path), ['/input/since']);
    const source = await post({ source: 'enrich-token-full', input: {}, delivery: { type: 'stream' } });
    assert.ok((await source.json()).error.issues.some((i: Json) => i.path === '/source'));
    const created = await createSubscription(service, { source: 'launchpad-alerts', input: { mints: [A.TOKEN_RISKY] }, delivery: { type: 'stream' } });
    assert.deepEqual(created.input, { mints: [A.TOKEN_RISKY], min_holders_change_pct: 10, stale_after_hours: 24 }, 'defaults applied as the endpoint applies them');
  });
});

/** Polls a condition the service reaches asynchronously (a stream's charge is committed after the socket write). */
async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    if (await check()) return;
    await new Promise((r) => setImmediate(r));
  }
  assert.fail('condition not reached');
}
