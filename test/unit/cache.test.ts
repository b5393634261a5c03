import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryCache, createMemoryRateLimiter } from '../../src/cache/memory.js';

test('cache: concurrent identical misses share one computation; hits within the TTL, recompute after', async () => {
  let t = 1_000_000;
  const cache = createMemoryCache({ now: () => t });
  let computations = 0;
  const compute = async () => {
    computations++;
    await new Promise((r) => setTimeout(r, 10));
    return { n: computations };
  };
  const results = await Promise.all(Array.from({ length: 100 }, () => cache.getOrCompute('k', 60, compute)));
  assert.equal(computations, 1);
  assert.equal(results.filter((r) => !r.hit).length, 1, 'exactly one caller computed');
  t += 30_000;
  const hit = await cache.getOrCompute('k', 60, compute);
  assert.equal(hit.hit, true);
  assert.equal(hit.ageS, 30);
  t += 31_000;
  const fresh = await cache.getOrCompute('k', 60, compute);
  assert.equal(fresh.hit, false);
  assert.equal(computations, 2);
});

test('cache: failures are not cached', async () => {
  const cache = createMemoryCache();
  await assert.rejects(cache.getOrCompute('k', 60, async () => { throw new Error('boom'); }));
  const ok = await cache.getOrCompute('k', 60, async () => 1);
  assert.equal(ok.value, 1);
  assert.equal(ok.hit, false);
});

test('cache: bounded, oldest evicted', async () => {
  const cache = createMemoryCache({ maxEntries: 2 });
  let n = 0;
  for (const k of ['a', 'b', 'c']) await cache.getOrCompute(k, 60, async () => ++n);
  assert.equal((await cache.getOrCompute('a', 60, async () => ++n)).hit, false, 'a was evicted');
  assert.equal((await cache.getOrCompute('c', 60, async () => ++n)).hit, true);
});

test('rate limiter: rolling window, Retry-After until the oldest call leaves it', async () => {
  let t = 0;
  const limiter = createMemoryRateLimiter({ now: () => t });
  for (let i = 0; i < 10; i++) {
    assert.equal((await limiter.hit('ip', 10, 3600)).allowed, true);
    t += 60_000;
  }
  const refused = await limiter.hit('ip', 10, 3600);
  assert.equal(refused.allowed, false);
  assert.equal(refused.retryAfterS, 3600 - 600);
  assert.equal(refused.resetsAt.getTime(), 3_600_000);
  assert.equal((await limiter.hit('other-ip', 10, 3600)).allowed, true, 'per key');
  t = 3_600_001;
  assert.equal((await limiter.hit('ip', 10, 3600)).allowed, true, 'the first call left the window');
  assert.equal((await limiter.hit('ip', 10, 3600)).allowed, false, 'the second has not');
});

test('cache: the TTL may depend on the value (a short-lived degraded answer beside a long-lived complete one)', async () => {
  let t = 1_000_000;
  const cache = createMemoryCache({ now: () => t });
  const ttl = (v: { degraded: boolean }) => (v.degraded ? 30 : 120);
  const degraded = await cache.getOrCompute('d', ttl, async () => ({ degraded: true }));
  const complete = await cache.getOrCompute('c', ttl, async () => ({ degraded: false }));
  assert.deepEqual([degraded.ttlS, complete.ttlS], [30, 120]);
  t += 29_999;
  assert.equal((await cache.getOrCompute('d', ttl, async () => ({ degraded: false }))).hit, true);
  t += 1;
  const recomputed = await cache.getOrCompute('d', ttl, async () => ({ degraded: false }));
  assert.deepEqual([recomputed.hit, recomputed.value.degraded, recomputed.ttlS], [false, false, 120]);
  const hit = await cache.getOrCompute('c', ttl, async () => ({ degraded: true }));
  assert.deepEqual([hit.hit, hit.ttlS], [true, 120]);
});
