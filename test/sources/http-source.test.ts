/** The shared source path: retries, Retry-After, deadline, breaker, typed parsing, not-found. */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CircuitBreaker } from '../../src/sources/breaker.js';
import { SourceError } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** `hold`: the answer waits until the test releases it (a slow upstream, slower than whatever the test lets pass). */
type Step = { status: number; body?: string; headers?: Record<string, string>; hold?: boolean };
let script: Step[] = [];
let hits = 0;
/** Answers held back (`hold`), released by the test or at the end of the test. */
let held: (() => void)[] = [];
let arrivals: { count: number; resolve: () => void }[] = [];
/** Resolves once `count` requests have arrived since the test began. */
const arrived = (count: number) => new Promise<void>((resolve) => {
  if (hits >= count) resolve();
  else arrivals.push({ count, resolve });
});
let seenQueries: string[] = [];
let server: Server;
let url: string;

const parseOk = (json: unknown) => {
  if (typeof json !== 'object' || json === null || !('ok' in json)) throw new Error('no ok field');
  return json as { ok: boolean };
};

describe('HttpSource', () => {
  before(async () => {
    server = createServer((req, res) => {
      seenQueries.push(req.url ?? '');
      const step = script[Math.min(hits, script.length - 1)]!;
      hits++;
      const answer = () => res.writeHead(step.status, { 'content-type': 'application/json', ...(step.headers ?? {}) }).end(step.body ?? '');
      if (step.hold) held.push(answer);
      else answer();
      for (const a of arrivals.filter((x) => x.count <= hits)) a.resolve();
      arrivals = arrivals.filter((x) => x.count > hits);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise((r) => { server.closeAllConnections(); server.close(r); }));
  /** The sources' budgets run on manual time: one passes only when a test advances it (retry pauses stay real). */
  let timers = new ManualTimers();
  beforeEach(() => {
    hits = 0;
    seenQueries = [];
    arrivals = [];
    timers = new ManualTimers();
  });
  afterEach(() => {
    for (const release of held) release();
    held = [];
  });

  const source = (extra: Partial<ConstructorParameters<typeof HttpSource>[0]> = {}) =>
    new HttpSource({ leg: 'market_data', baseUrl: url, backoffMs: 5, timers, ...extra });

  it('returns the parsed body; adds the configured query (e.g. an api key) without exposing it', async () => {
    script = [{ status: 200, body: '{"ok":true}' }];
    assert.deepEqual(await source({ query: { 'api-key': 'SECRET' } }).request('/x', { parse: parseOk, query: { a: 1 } }), { ok: true });
    assert.match(seenQueries[0]!, /a=1/);
    assert.match(seenQueries[0]!, /api-key=SECRET/);
  });

  it('retries 5xx and 429 with backoff, then succeeds', async () => {
    script = [{ status: 503 }, { status: 429, headers: { 'retry-after': '0.01' } }, { status: 200, body: '{"ok":true}' }];
    const s = source();
    assert.deepEqual(await s.request('/x', { parse: parseOk }), { ok: true });
    assert.equal(hits, 3);
    assert.equal(s.requestCount, 3);
  });

  it('gives up after the bounded retries: unavailable, and the message holds no URL or key', async () => {
    script = [{ status: 500 }];
    await assert.rejects(source({ retries: 2, query: { 'api-key': 'SECRET' } }).request('/x', { parse: parseOk }), (e: unknown) => {
      assert.ok(e instanceof SourceError);
      assert.equal(e.kind, 'unavailable');
      assert.doesNotMatch(e.message, /SECRET|127\.0\.0\.1/);
      return true;
    });
    assert.equal(hits, 3);
  });

  it('does not retry a 401 (a retry cannot fix a bad key)', async () => {
    script = [{ status: 401 }];
    await assert.rejects(source().request('/x', { parse: parseOk }), (e: unknown) => e instanceof SourceError && e.status === 401);
    assert.equal(hits, 1);
  });

  it('a slow upstream is cut at the budget: timeout', async () => {
    script = [{ status: 200, body: '{"ok":true}', hold: true }];
    const call = source({ timeoutMs: 100 }).request('/x', { parse: parseOk });
    await arrived(1);
    timers.advance(99);
    let settled = false;
    void call.then(() => (settled = true), () => (settled = true));
    await new Promise((r) => setImmediate(r));
    assert.equal(settled, false, 'still waiting 1 ms before the budget');
    timers.advance(1);
    await assert.rejects(call, (e: unknown) => e instanceof SourceError && e.kind === 'timeout');
    assert.equal(hits, 1, 'the budget covers the retries: none after it ran out');
  });

  it('the caller\'s signal cuts it too', async () => {
    script = [{ status: 200, body: '{"ok":true}', hold: true }];
    const call = source().request('/x', { parse: parseOk, signal: timers.timeout(50) });
    await arrived(1);
    timers.advance(50);
    await assert.rejects(call, (e: unknown) => e instanceof SourceError && e.kind === 'timeout');
  });

  it('a truncated or wrongly shaped body is malformed, not passed on', async () => {
    script = [{ status: 200, body: '{"ok":tr' }];
    await assert.rejects(source({ retries: 0 }).request('/x', { parse: parseOk }), (e: unknown) => e instanceof SourceError && e.kind === 'malformed');
    hits = 0;
    script = [{ status: 200, body: '{"other":1}' }];
    await assert.rejects(source({ retries: 0 }).request('/x', { parse: parseOk }), (e: unknown) => e instanceof SourceError && e.kind === 'malformed');
  });

  it('a declared not-found status is an answer: not_found, no retry, breaker untouched', async () => {
    script = [{ status: 404 }];
    const s = source();
    await assert.rejects(s.request('/x', { parse: parseOk, notFoundStatuses: [404] }), (e: unknown) => e instanceof SourceError && e.kind === 'not_found');
    assert.equal(hits, 1);
    assert.equal(s.breaker.state, 'closed');
  });

  it('the breaker opens after repeated failures, fails fast, then lets one trial through and closes', async () => {
    const breaker = new CircuitBreaker(2, 1000, () => timers.now());
    const s = source({ retries: 0, breaker });
    script = [{ status: 500 }];
    for (let i = 0; i < 2; i++) await assert.rejects(s.request('/x', { parse: parseOk }));
    assert.equal(breaker.state, 'open');
    const before = hits;
    await assert.rejects(s.request('/x', { parse: parseOk }), (e: unknown) => e instanceof SourceError && e.kind === 'circuit_open');
    assert.equal(hits, before, 'no request while open');
    timers.advance(999);
    assert.equal(breaker.state, 'open', 'still cooling down 1 ms before the end');
    timers.advance(1);
    assert.equal(breaker.state, 'half_open');
    script = [{ status: 200, body: '{"ok":true}' }];
    hits = 0;
    assert.deepEqual(await s.request('/x', { parse: parseOk }), { ok: true });
    assert.equal(breaker.state, 'closed');
  });
});
