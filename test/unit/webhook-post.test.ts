/**
 * One webhook POST against real loopback servers: 2xx, 5xx, a redirect (not followed), an oversized answer
 * (acknowledged after a 2xx), a receiver that never answers (the deadline fired on ManualTimers), Retry-After
 * and 410 Gone, a refused connection, the address guard at connect time, and an abort.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { guardedLookup, type Resolver } from '../../src/lib/callback-url.js';
import { ManualTimers } from '../../src/lib/timers.js';
import { postWebhook, type WebhookPostOptions } from '../../src/streams/webhook-post.js';

interface Received {
  method: string | undefined;
  path: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
const hanging: http.ServerResponse[] = [];

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ method: req.method, path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    switch (req.url) {
      case '/ok':
        res.writeHead(200).end('{"thanks":true}');
        break;
      case '/accepted-empty':
        res.writeHead(204).end();
        break;
      case '/fail':
        res.writeHead(500).end('internal details the service must not repeat');
        break;
      case '/redirect':
        res.writeHead(302, { location: '/ok' }).end();
        break;
      case '/big':
        res.writeHead(200).end('x'.repeat(5000));
        break;
      case '/big-fail':
        res.writeHead(500).end('x'.repeat(5000));
        break;
      case '/ok-then-hang':
        // Headers and a little body, then nothing: the 2xx is already the acknowledgement.
        res.writeHead(200);
        res.write('partial');
        hanging.push(res);
        break;
      case '/gone':
        res.writeHead(410).end();
        break;
      case '/hang':
        hanging.push(res);
        break;
      default: {
        // /status/<code>?retry-after=<value>&date=<value>: an answer with those headers.
        const url = new URL(req.url ?? '/', 'http://receiver');
        const code = /^\/status\/(\d{3})$/.exec(url.pathname)?.[1];
        if (code) {
          const headers: Record<string, string> = {};
          const retryAfter = url.searchParams.get('retry-after');
          if (retryAfter !== null) headers['retry-after'] = retryAfter;
          const date = url.searchParams.get('date');
          if (date !== null) headers.date = date;
          // Node adds a Date header of its own unless told not to: the test decides whether there is one.
          res.sendDate = false;
          res.writeHead(Number(code), headers).end();
        } else res.writeHead(404).end();
      }
    }
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
after(() => {
  server.closeAllConnections();
  server.close();
});

const loopbackResolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

function options(path: string, overrides: Partial<WebhookPostOptions> = {}): WebhookPostOptions {
  return {
    url: new URL(`http://127.0.0.1:${port}${path}`),
    body: '{"id":"evt_1","seq":3}',
    headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1700000000', 'webhook-signature': 'v1,abc=' },
    timeoutMs: 10_000,
    lookup: guardedLookup('sandbox', loopbackResolver),
    timers: new ManualTimers(),
    ...overrides,
  };
}

function lastReceived(): Received {
  const last = received.at(-1);
  assert.ok(last, 'the server received a request');
  return last;
}

test('a 2xx answer is ok; the POST carries the body, the given headers and content-type application/json', async () => {
  const result = await postWebhook(options('/ok', { headers: { 'webhook-id': 'msg_1', 'Content-Type': 'text/plain' } }));
  assert.equal(result.ok, true);
  assert.equal(result.status, 200);
  assert.equal(result.error, null);
  assert.equal(typeof result.durationMs, 'number');
  const req = lastReceived();
  assert.equal(req.method, 'POST');
  assert.equal(req.body, '{"id":"evt_1","seq":3}');
  assert.equal(req.headers['content-type'], 'application/json');
  assert.equal(req.headers['webhook-id'], 'msg_1');

  const empty = await postWebhook(options('/accepted-empty'));
  assert.deepEqual([empty.ok, empty.status, empty.error], [true, 204, null]);
});

test('a 5xx is a failure status_500, without the receiver text', async () => {
  const result = await postWebhook(options('/fail'));
  assert.deepEqual([result.ok, result.status, result.error], [false, 500, 'status_500']);
});

test('a redirect is not followed: status_302, and its target is never requested', async () => {
  const before = received.length;
  const result = await postWebhook(options('/redirect'));
  assert.deepEqual([result.ok, result.status, result.error], [false, 302, 'status_302']);
  assert.equal(received.length, before + 1);
  assert.equal(lastReceived().path, '/redirect');
});

test('an answer body over the cap: a 2xx is still acknowledged, a non-2xx is response_too_large', async () => {
  const big = await postWebhook(options('/big', { maxResponseBytes: 1024 }));
  assert.deepEqual([big.ok, big.status, big.error], [true, 200, null]);
  const fits = await postWebhook(options('/big', { maxResponseBytes: 5000 }));
  assert.deepEqual([fits.ok, fits.status, fits.error], [true, 200, null]);
  const bigFailure = await postWebhook(options('/big-fail', { maxResponseBytes: 1024 }));
  assert.deepEqual([bigFailure.ok, bigFailure.status, bigFailure.error], [false, 500, 'response_too_large']);
  const failure = await postWebhook(options('/big-fail', { maxResponseBytes: 5000 }));
  assert.deepEqual([failure.ok, failure.status, failure.error], [false, 500, 'status_500']);
});

/**
 * Resolves once the client side has the answer's status line for `path`. Node publishes this just before the
 * request's 'response' event, in the same turn, so the attempt under test has seen the status by then.
 */
function clientSawResponse(path: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if ((message as { request: http.ClientRequest }).request.path !== path) return;
      unsubscribe('http.client.response.finish', onMessage);
      resolve();
    };
    subscribe('http.client.response.finish', onMessage);
  });
}

test('a 2xx whose body never ends is acknowledged when the deadline passes; an abort there is still aborted', async () => {
  const timers = new ManualTimers();
  let seen = clientSawResponse('/ok-then-hang');
  const pending = postWebhook(options('/ok-then-hang', { timers, timeoutMs: 5000 }));
  await seen;
  timers.advance(5000);
  const result = await pending;
  assert.deepEqual([result.ok, result.status, result.error], [true, 200, null]);

  const during = new AbortController();
  seen = clientSawResponse('/ok-then-hang');
  const aborted = postWebhook(options('/ok-then-hang', { signal: during.signal }));
  await seen;
  during.abort();
  const abortedResult = await aborted;
  assert.deepEqual([abortedResult.ok, abortedResult.status, abortedResult.error], [false, 200, 'aborted']);
});

test('gone is true for a 410 only', async () => {
  const gone = await postWebhook(options('/gone'));
  assert.deepEqual([gone.ok, gone.status, gone.error, gone.gone, gone.retryAfterS], [false, 410, 'status_410', true, null]);
  for (const path of ['/ok', '/fail', '/status/404', '/status/429']) assert.equal((await postWebhook(options(path))).gone, false, path);
});

function statusPath(code: number, headers: { 'retry-after'?: string; date?: string }): string {
  return `/status/${code}?${new URLSearchParams(headers).toString()}`;
}

test('Retry-After of a 429 or 503: delta-seconds, or an HTTP-date against the answer Date or else now()', async () => {
  const now = () => new Date('2026-01-01T00:00:00Z');
  const retryAfter = async (code: number, headers: { 'retry-after'?: string; date?: string }) =>
    (await postWebhook(options(statusPath(code, headers), { now }))).retryAfterS;

  assert.equal(await retryAfter(429, { 'retry-after': '120' }), 120);
  assert.equal(await retryAfter(503, { 'retry-after': '0' }), 0);
  // HTTP-date against the answer's own Date (the receiver's clock, whatever ours says).
  assert.equal(await retryAfter(503, { 'retry-after': 'Wed, 21 Oct 2015 07:28:30 GMT', date: 'Wed, 21 Oct 2015 07:28:00 GMT' }), 30);
  // Against now() when there is no Date header, or an unusable one.
  assert.equal(await retryAfter(429, { 'retry-after': 'Thu, 01 Jan 2026 00:01:30 GMT' }), 90);
  assert.equal(await retryAfter(429, { 'retry-after': 'Thu, 01 Jan 2026 00:01:30 GMT', date: 'yesterday' }), 90);
  // The other two HTTP-date forms (RFC 850, asctime: read as GMT).
  assert.equal(await retryAfter(429, { 'retry-after': 'Thursday, 01-Jan-26 00:00:10 GMT' }), 10);
  assert.equal(await retryAfter(429, { 'retry-after': 'Thu Jan  1 00:00:20 2026' }), 20);
  // A date already past means now; a part second rounds up.
  assert.equal(await retryAfter(503, { 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' }), 0);
  assert.equal(await retryAfter(503, { 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT', date: 'Thu, 01 Jan 2026 00:00:04 GMT' }), 1);

  // Unparseable, absent, or on another status: null.
  for (const value of ['soon', '-5', '1.5', '2026-01-01T00:01:00Z', '']) assert.equal(await retryAfter(429, { 'retry-after': value }), null, value);
  assert.equal(await retryAfter(429, {}), null);
  assert.equal(await retryAfter(500, { 'retry-after': '120' }), null);
  assert.equal(await retryAfter(200, { 'retry-after': '120' }), null);
  assert.equal((await postWebhook(options('/ok'))).retryAfterS, null);
});

test('a receiver that never answers: timeout exactly when the ManualTimers deadline passes, not before', async () => {
  const timers = new ManualTimers();
  const hangsBefore = hanging.length;
  let settled = false;
  const pending = postWebhook(options('/hang', { timers, timeoutMs: 5000 })).finally(() => {
    settled = true;
  });
  while (hanging.length === hangsBefore) await nextTurn();
  timers.advance(4999);
  await nextTurn();
  assert.equal(settled, false, 'still waiting one millisecond before the deadline');
  timers.advance(1);
  const result = await pending;
  assert.deepEqual([result.ok, result.status, result.error], [false, null, 'timeout']);
});

test('the guard applies: a blocked literal address or a name resolving to one is blocked_address, nothing is sent', async () => {
  const before = received.length;
  const literal = await postWebhook(options('/ok', { lookup: guardedLookup('live', loopbackResolver) }));
  assert.deepEqual([literal.ok, literal.status, literal.error], [false, null, 'blocked_address']);
  const named = await postWebhook(
    options('/ok', { url: new URL(`http://hooks.example.test:${port}/ok`), lookup: guardedLookup('live', loopbackResolver) }),
  );
  assert.deepEqual([named.ok, named.status, named.error], [false, null, 'blocked_address']);
  assert.equal(received.length, before);

  // The same name in sandbox mode connects to the checked loopback address.
  const allowed = await postWebhook(options('/ok', { url: new URL(`http://hooks.example.test:${port}/ok`) }));
  assert.deepEqual([allowed.ok, allowed.status], [true, 200]);
});

test('a refused connection is connection_failed', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const result = await postWebhook(options('/ok', { url: new URL(`http://127.0.0.1:${closedPort}/ok`) }));
  assert.deepEqual([result.ok, result.status, result.error], [false, null, 'connection_failed']);
});

test('an abort (shutdown) ends the attempt as aborted, before or during it', async () => {
  const early = new AbortController();
  early.abort();
  assert.equal((await postWebhook(options('/ok', { signal: early.signal }))).error, 'aborted');

  const during = new AbortController();
  const hangsBefore = hanging.length;
  const pending = postWebhook(options('/hang', { signal: during.signal }));
  while (hanging.length === hangsBefore) await nextTurn();
  during.abort();
  const result = await pending;
  assert.deepEqual([result.ok, result.error], [false, 'aborted']);
});
