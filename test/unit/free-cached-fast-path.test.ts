/**
 * The warm path of free cached calls (docs/performance.md, target 2): synchronous cache peeks that never serve past a
 * TTL nor share an in-flight computation, the pre-serialised body (the same bytes as the object form),
 * per-call meta, the free-route limit on warm calls, CORS, and the recorder capturing a re-served free
 * answer once per UTC day while paid answers are captured every time.
 */
import { after, before, describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { buildMeta, formatResponse, jsonHead, withMeta } from '../../src/app/envelope.js';
import { createRecorder } from '../../src/app/recorder.js';
import { createMemoryCache } from '../../src/cache/memory.js';
import { createRedisCache } from '../../src/cache/redis-cache.js';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { buildRegistry } from '../../src/registry/index.js';
import { defineEndpoint, type Caveat, type HandlerResult } from '../../src/registry/types.js';
import type { Store } from '../../src/store/types.js';
import { connectOrSkip, deletePrefix, uniquePrefix } from '../cache/redis-helpers.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('envelope: the cached head plus per-call meta', () => {
  const meta = buildMeta({ endpoint: 'x', request_id: 'req_1', served_at: '2026-11-26T00:00:00.000Z', data_mode: 'sandbox', cache: { hit: true, age_s: 3, ttl_s: 30 } });
  const caveats: Caveat[] = [{ code: 'sandbox_data', message: 'synthetic "data"' }];
  const cases: HandlerResult[] = [
    { data: { text: 'é "q" \\ \u2028 ✓ \u0000', nested: { list: [1, 2.5, null, { deep: [true] }] }, gone: undefined, n: -0.000001 } },
    // A data field named like an envelope field keeps its place, as the spread does.
    { data: { a: 1, caveats: ['overridden'], z: 2 }, next_steps: [{ endpoint: 'e', input: { k: 'v' }, reason: 'r' }] },
    { data: {} },
  ];

  it('gives exactly the bytes of JSON.stringify(formatResponse(json))', () => {
    for (const result of cases) {
      const head = jsonHead(result, caveats);
      assert.ok(head !== undefined);
      const expected = JSON.stringify(formatResponse({ format: 'json', result, caveats, meta, briefing: () => '' }));
      assert.equal(withMeta(head, meta), expected);
    }
  });

  it('declines data with a field named meta (serialised whole instead)', () => {
    assert.equal(jsonHead({ data: { meta: 1 } }, caveats), undefined);
  });
});

describe('memory cache: peek', () => {
  it('answers only fresh stored values, never an in-flight computation, never past the TTL', async () => {
    let now = 1_000_000;
    const cache = createMemoryCache({ now: () => now });
    assert.ok(cache.peek);
    assert.equal(cache.peek('k'), undefined);
    let runs = 0;
    let release = () => {};
    const slow = cache.getOrCompute('k', 60, async () => {
      runs++;
      await new Promise<void>((r) => (release = r));
      return { v: 1 };
    });
    assert.equal(cache.peek('k'), undefined, 'a computation in flight is not a value');
    const joined = cache.getOrCompute('k', 60, async () => ({ v: 2 }));
    release();
    assert.deepEqual([(await slow).hit, (await joined).hit, runs], [false, true, 1], 'coalescing unchanged');
    now += 59_999;
    assert.deepEqual(cache.peek('k'), { value: { v: 1 }, hit: true, ageS: 59, ttlS: 60 });
    now += 1;
    assert.equal(cache.peek('k'), undefined, 'expired at its TTL');
  });
});

test('redis cache: the hot layer holds a read at most hotHoldMs and never past the entry\'s expiry', async (t) => {
  const conns = await connectOrSkip(t, 2);
  if (!conns) return;
  const [a, b] = conns as [(typeof conns)[0], (typeof conns)[0]];
  const prefix = uniquePrefix('hot');
  let now = 5_000_000;
  const writer = createRedisCache({ client: a.client, prefix, now: () => now });
  const reader = createRedisCache({ client: b.client, prefix, now: () => now, hotHoldMs: 1_000, pollMs: 5 });
  try {
    await writer.getOrCompute('k', 60, async () => ({ v: 'x' }));
    assert.equal(reader.peek?.('k'), undefined, 'nothing read yet');
    const read = await reader.getOrCompute('k', 60, async () => ({ v: 'recomputed' }));
    assert.deepEqual([read.hit, read.value], [true, { v: 'x' }]);
    now += 999;
    const held = reader.peek?.<{ v: string }>('k');
    assert.deepEqual(held && [held.hit, held.value, held.ageS, held.ttlS], [true, { v: 'x' }, 0, 60]);
    assert.equal(held?.value, reader.peek?.<{ v: string }>('k')?.value, 'the same object while held');
    now += 1;
    assert.equal(reader.peek?.('k'), undefined, 'the hold is over: Redis is asked again');

    // An entry read 100 ms before its expiry is held 100 ms, not the full second.
    await writer.getOrCompute('short', 2, async () => ({ v: 's' }));
    now += 1_900;
    assert.equal((await reader.getOrCompute('short', 2, async () => ({ v: 'recomputed' }))).hit, true);
    now += 99;
    assert.ok(reader.peek?.('short'));
    now += 1;
    assert.equal(reader.peek?.('short'), undefined, 'never past the TTL');

    // A computation in flight at this instance is never answered by peek (coalescing unchanged).
    let release = () => {};
    let computing!: () => void;
    const started = new Promise<void>((r) => (computing = r));
    const slow = reader.getOrCompute('slow', 60, async () => {
      const released = new Promise<void>((r) => (release = r));
      computing();
      await released;
      return 1;
    });
    // Once the computation runs (the lock is taken), not after a guessed number of milliseconds.
    await started;
    assert.equal(reader.peek?.('slow'), undefined);
    release();
    assert.equal((await slow).hit, false);
  } finally {
    await deletePrefix(a.client, prefix);
    for (const c of conns) await c.close();
  }
});

describe('HTTP: a warm free call', () => {
  let service: TestService;
  let runs = 0;
  const FREE = defineEndpoint({
    key: 'test-free-cached', family: 'wallet-token', description: 'test fixture', summary: 'free, cached', price: null, cacheTtlSeconds: 30,
    input: Type.Object({}, { additionalProperties: false }), output: Type.Object({}), example: {},
    handler: async (_input, ctx) => {
      runs++;
      return { data: { text: 'é "q" ✓', nested: { list: [1, 2.5, null] }, computed_for: ctx.requestId } };
    },
  });
  before(async () => {
    service = await startTestService({ registry: buildRegistry([...ENDPOINTS, FREE]), fixedNow: new Date('2026-11-26T12:00:00.000Z') }, { FREE_ROUTE_LIMIT_PER_MINUTE: '8' });
  });
  after(() => service.close());

  const call = async (body: unknown = {}) => {
    const res = await service.invoke('test-free-cached', body);
    return { res, text: await res.text() };
  };

  it('is served from the cache as the same bytes with a fresh meta; the limit still counts it', async () => {
    const cold = await call();
    const first = JSON.parse(cold.text);
    assert.equal(first.meta.cache.hit, false);
    const warm = await call();
    assert.equal(warm.res.status, 200);
    assert.equal(warm.res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(warm.res.headers.get('x-content-type-options'), 'nosniff', 'the security headers are still added');
    const body = JSON.parse(warm.text);
    assert.equal(warm.text, JSON.stringify(body), 'compact JSON, as Fastify serialises it');
    assert.deepEqual(Object.keys(body), ['text', 'nested', 'computed_for', 'caveats', 'next_steps', 'meta']);
    assert.deepEqual({ ...body, meta: null }, { ...first, meta: null }, 'the same answer');
    assert.deepEqual(body.meta.cache, { hit: true, age_s: 0, ttl_s: 30 });
    assert.equal(body.meta.request_id, warm.res.headers.get('x-request-id'));
    assert.notEqual(body.meta.request_id, first.meta.request_id);
    assert.equal(runs, 1);

    service.advance(5_000);
    const later = JSON.parse((await call()).text);
    assert.deepEqual(later.meta.cache, { hit: true, age_s: 5, ttl_s: 30 });
    assert.equal(later.meta.served_at, '2026-11-26T12:00:05.000Z');

    const llm = JSON.parse((await call({ format: 'llm' })).text);
    assert.equal(typeof llm.briefing, 'string');
    assert.equal(llm.meta.cache.hit, true);

    service.advance(25_000);
    const recomputed = JSON.parse((await call()).text);
    assert.equal(recomputed.meta.cache.hit, false, 'past the TTL the answer is computed again');
    assert.equal(runs, 2);

    // 5 calls so far in this minute; the limit is 8, warm or not.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call()).res.status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
  });

  it('answers CORS: origin reflected, payment headers exposed, strict preflight; nothing but Vary without an Origin', async () => {
    const origin = 'https://agent.example';
    const pre = await fetch(`${service.url}/entrypoints/test-free-cached/invoke`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), origin);
    assert.equal(pre.headers.get('access-control-allow-methods'), 'GET, POST, OPTIONS');
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /PAYMENT-SIGNATURE, X-PAYMENT/);
    assert.equal(pre.headers.get('vary'), 'Origin');
    const loose = await fetch(`${service.url}/status`, { method: 'OPTIONS', headers: { origin } });
    assert.equal(loose.status, 400, 'a preflight names the method it asks for');
    const get = await fetch(`${service.url}/llms.txt`, { headers: { origin } });
    assert.equal(get.headers.get('access-control-allow-origin'), origin);
    assert.match(get.headers.get('access-control-expose-headers') ?? '', /PAYMENT-REQUIRED.*X-Request-Id.*Server-Timing/);
    // No Origin, no CORS request: only Vary (browsers always name their origin; other clients ignore CORS).
    const plain = await fetch(`${service.url}/llms.txt`);
    assert.deepEqual([plain.headers.get('access-control-allow-origin'), plain.headers.get('access-control-expose-headers'), plain.headers.get('vary')], [null, null, 'Origin']);
  });
});

describe('recorder: a free answer re-served from the cache is captured once per UTC day', () => {
  const SNAP = defineEndpoint({
    key: 'test-snap', family: 'wallet-token', description: 'test fixture', summary: 'snapshots', price: '0.002', cacheTtlSeconds: 60,
    input: Type.Object({ mint: Type.String() }), output: Type.Object({}), example: { mint: 'm' },
    handler: async () => ({ data: {} }),
    snapshot: (input, result) => [{ subjectType: 'token', subject: String(input.mint), data: result.data }],
  });
  const PLAIN = defineEndpoint({
    key: 'test-plain', family: 'wallet-token', description: 'test fixture', summary: 'no snapshots', price: null, cacheTtlSeconds: 60,
    input: Type.Object({}), output: Type.Object({}), example: {}, handler: async () => ({ data: {} }),
  });

  it('captures free re-serves once a day, paid answers every time, and schedules nothing with nothing to write', async () => {
    const registry = buildRegistry([SNAP, PLAIN]);
    const snap = registry.get('test-snap')!;
    const plain = registry.get('test-plain')!;
    const writes = { snapshots: [] as string[], observations: 0, queries: 0 };
    const store = {
      putSnapshot: async (s: { day: string }) => void writes.snapshots.push(s.day),
      putObservation: async () => void writes.observations++,
      recordQuery: async () => void writes.queries++,
    } as unknown as Store;
    const recorder = createRecorder({ store, logger: { warn: () => {} } as never, excludedPayers: [] });
    const day1 = new Date('2026-11-26T23:59:00Z');
    const day2 = new Date('2026-11-27T00:01:00Z');
    const cached: HandlerResult = { data: { price: 1 } };
    const input = { mint: 'M1' };

    for (let i = 0; i < 3; i++) recorder.record({ endpoint: snap, input, result: cached, at: day1, requestId: `r${i}` });
    await recorder.idle();
    assert.deepEqual([writes.snapshots, writes.observations], [['2026-11-26'], 1], 'one capture for three free answers');

    recorder.record({ endpoint: snap, input, result: cached, at: day2, requestId: 'r3' });
    recorder.record({ endpoint: snap, input, result: { data: { price: 2 } }, at: day2, requestId: 'r4' });
    await recorder.idle();
    assert.deepEqual(writes.snapshots, ['2026-11-26', '2026-11-27', '2026-11-27'], 'a new day, and a recomputed answer, are captured');

    for (let i = 0; i < 2; i++) recorder.record({ endpoint: snap, input, result: cached, at: day2, payer: 'P', requestId: `p${i}` });
    await recorder.idle();
    assert.equal(writes.snapshots.length, 5, 'paid answers are captured on every call');
    assert.equal(writes.queries, 2);

    recorder.record({ endpoint: plain, input: {}, result: cached, at: day2, requestId: 'n' });
    let settled = false;
    void recorder.idle().then(() => (settled = true));
    await Promise.resolve();
    await Promise.resolve();
    assert.equal(settled, true, 'nothing was scheduled');
    assert.equal(writes.snapshots.length, 5);
  });
});
