/**
 * The cache and rate-limiter contract (src/cache/types.ts), run against every backend by
 * test/cache/memory.test.ts and test/cache/redis.test.ts, so both behave the same for the service.
 */
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { Cache, RateLimiter } from '../../src/cache/types.js';

export interface Backend {
  cache(options?: { now?: () => number }): Cache;
  limiter(options?: { now?: () => number }): RateLimiter;
  /**
   * For shared backends: a second instance over the same store (another client, as another process
   * would have). Absent for in-process backends, whose instances share nothing by design.
   */
  peer?: {
    cache(options?: { now?: () => number }): Cache;
    limiter(options?: { now?: () => number }): RateLimiter;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function cacheContract(t: TestContext, backend: Backend): Promise<void> {
  await t.test('cache: concurrent identical misses share one computation; hits within the TTL, recompute after', async () => {
    let now = 1_000_000;
    const cache = backend.cache({ now: () => now });
    let computations = 0;
    const compute = async () => {
      computations++;
      await sleep(10);
      return { n: computations };
    };
    const results = await Promise.all(Array.from({ length: 100 }, () => cache.getOrCompute('k', 60, compute)));
    assert.equal(computations, 1);
    assert.equal(results.filter((r) => !r.hit).length, 1, 'exactly one caller computed');
    now += 30_000;
    const hit = await cache.getOrCompute('k', 60, compute);
    assert.equal(hit.hit, true);
    assert.equal(hit.ageS, 30);
    assert.deepEqual(hit.value, { n: 1 });
    now += 31_000;
    const fresh = await cache.getOrCompute('k', 60, compute);
    assert.equal(fresh.hit, false);
    assert.equal(computations, 2);
  });

  await t.test('cache: failures are not cached', async () => {
    const cache = backend.cache();
    await assert.rejects(cache.getOrCompute('fail', 60, async () => { throw new Error('boom'); }));
    const ok = await cache.getOrCompute('fail', 60, async () => 1);
    assert.equal(ok.value, 1);
    assert.equal(ok.hit, false);
  });

  await t.test('cache: the TTL may depend on the value (a short-lived degraded answer beside a long-lived complete one)', async () => {
    let now = 1_000_000;
    const cache = backend.cache({ now: () => now });
    const ttl = (v: { degraded: boolean }) => (v.degraded ? 30 : 120);
    const degraded = await cache.getOrCompute('d', ttl, async () => ({ degraded: true }));
    const complete = await cache.getOrCompute('c', ttl, async () => ({ degraded: false }));
    assert.deepEqual([degraded.ttlS, complete.ttlS], [30, 120]);
    now += 29_999;
    assert.equal((await cache.getOrCompute('d', ttl, async () => ({ degraded: false }))).hit, true);
    now += 1;
    const recomputed = await cache.getOrCompute('d', ttl, async () => ({ degraded: false }));
    assert.deepEqual([recomputed.hit, recomputed.value.degraded, recomputed.ttlS], [false, false, 120]);
    const hit = await cache.getOrCompute('c', ttl, async () => ({ degraded: true }));
    assert.deepEqual([hit.hit, hit.ttlS], [true, 120]);
  });

  await t.test('rate limiter: rolling window, Retry-After until the oldest call leaves it', async () => {
    let now = 0;
    const limiter = backend.limiter({ now: () => now });
    for (let i = 0; i < 10; i++) {
      const d = await limiter.hit('ip', 10, 3600);
      assert.equal(d.allowed, true);
      assert.equal(d.remaining, 9 - i);
      now += 60_000;
    }
    const refused = await limiter.hit('ip', 10, 3600);
    assert.equal(refused.allowed, false);
    assert.equal(refused.remaining, 0);
    assert.equal(refused.limit, 10);
    assert.equal(refused.retryAfterS, 3600 - 600);
    assert.equal(refused.resetsAt.getTime(), 3_600_000);
    assert.equal((await limiter.hit('other-ip', 10, 3600)).allowed, true, 'per key');
    now = 3_600_001;
    assert.equal((await limiter.hit('ip', 10, 3600)).allowed, true, 'the first call left the window');
    assert.equal((await limiter.hit('ip', 10, 3600)).allowed, false, 'the second has not');
  });

  await t.test('rate limiter: 50 concurrent hits with limit 10 allow exactly 10; refused calls do not count', async () => {
    let now = 5_000_000;
    const limiter = backend.limiter({ now: () => now });
    const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.hit('burst', 10, 60)));
    assert.equal(decisions.filter((d) => d.allowed).length, 10);
    // Had the 40 refusals counted, the window would still be full a minute after the burst.
    now += 60_001;
    assert.equal((await limiter.hit('burst', 10, 60)).allowed, true);
  });

  const peer = backend.peer;
  if (!peer) return;

  await t.test('shared: two cache instances share values', async () => {
    const a = backend.cache();
    const b = peer.cache();
    const first = await a.getOrCompute('shared-value', 60, async () => ({ from: 'a' }));
    const second = await b.getOrCompute('shared-value', 60, async () => ({ from: 'b' }));
    assert.equal(first.hit, false);
    assert.deepEqual([second.hit, second.value], [true, { from: 'a' }]);
  });

  await t.test('shared: concurrent misses on two instances run one computation', async () => {
    const a = backend.cache();
    const b = peer.cache();
    let computations = 0;
    const compute = async () => {
      computations++;
      await sleep(100);
      return { n: computations };
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).getOrCompute('shared-compute', 60, compute)),
    );
    assert.equal(computations, 1);
    assert.equal(results.filter((r) => !r.hit).length, 1, 'exactly one caller computed');
    for (const r of results) assert.deepEqual(r.value, { n: 1 });
  });

  await t.test('shared: when the computing instance fails, the waiting one computes itself', async () => {
    const a = backend.cache();
    const b = peer.cache();
    let computing!: () => void;
    const holding = new Promise<void>((resolve) => (computing = resolve));
    const failing = a.getOrCompute('shared-fail', 60, async () => {
      computing();
      await sleep(50); // pacing: b usually finds the lock taken and waits; it computes itself either way
      throw new Error('boom');
    });
    await holding; // a computes: it holds the lock (an event, not a guessed delay)
    const waiting = b.getOrCompute('shared-fail', 60, async () => 'from b');
    await assert.rejects(failing);
    const got = await waiting;
    assert.deepEqual([got.hit, got.value], [false, 'from b']);
  });

  await t.test('shared: two limiters share one window', async () => {
    let now = 9_000_000;
    const a = backend.limiter({ now: () => now });
    const b = peer.limiter({ now: () => now });
    const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).hit('shared-ip', 10, 60)));
    assert.equal(decisions.filter((d) => d.allowed).length, 10);
    assert.equal((await a.hit('shared-ip', 10, 60)).allowed, false);
    assert.equal((await b.hit('shared-ip', 10, 60)).allowed, false);
    now += 60_001;
    assert.equal((await b.hit('shared-ip', 10, 60)).allowed, true);
  });
}
