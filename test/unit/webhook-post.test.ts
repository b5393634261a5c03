/**
 * One webhook POST against real loopback servers: 2xx, 5xx, a redirect (not followed), an oversized answer,
 * a receiver that never answers (the deadline fired on ManualTimers), a refused connection, the address guard
 * at connect time, and an abort.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
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
      case '/hang':
        hanging.push(res);
        break;
      default:
        res.writeHead(404).end();
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

test('an answer body over the cap is response_too_large; under it, read and discarded', async () => {
  const big = await postWebhook(options('/big', { maxResponseBytes: 1024 }));
  assert.deepEqual([big.ok, big.status, big.error], [false, 200, 'response_too_large']);
  const fits = await postWebhook(options('/big', { maxResponseBytes: 5000 }));
  assert.deepEqual([fits.ok, fits.status, fits.error], [true, 200, null]);
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
