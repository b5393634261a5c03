import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRedisCache } from '../../src/cache/redis-cache.js';
import { createRedisRateLimiter } from '../../src/cache/redis-rate-limiter.js';
import { cacheContract } from './contract.js';
import { connectOrSkip, deletePrefix, uniquePrefix } from './redis-helpers.js';

test('redis backend: cache and rate-limiter contract', async (t) => {
  const conns = await connectOrSkip(t, 2);
  if (!conns) return;
  const [a, b] = conns as [(typeof conns)[0], (typeof conns)[0]];
  const prefix = uniquePrefix('cache');
  try {
    await cacheContract(t, {
      cache: (options) => createRedisCache({ client: a.client, prefix, pollMs: 5, ...options }),
      limiter: (options) => createRedisRateLimiter({ client: a.client, prefix, ...options }),
      peer: {
        cache: (options) => createRedisCache({ client: b.client, prefix, pollMs: 5, ...options }),
        limiter: (options) => createRedisRateLimiter({ client: b.client, prefix, ...options }),
      },
    });

    await t.test('redis: values are written with a PX TTL; the limiter key expires with its window', async () => {
      // Redis counts a TTL down in real time: the bounds allow exactly the time measured around the calls.
      const cache = createRedisCache({ client: a.client, prefix });
      let started = performance.now();
      await cache.getOrCompute('ttl-check', 90, async () => ({ ok: true }));
      const pttl = await a.client.pttl(`${prefix}c:ttl-check`);
      let elapsed = Math.ceil(performance.now() - started);
      assert.ok(pttl <= 90_000 && pttl >= 90_000 - elapsed - 1, `pttl ${pttl} after ${elapsed} ms`);
      assert.equal(await a.client.exists(`${prefix}l:ttl-check`), 0, 'the compute lock is released');
      started = performance.now();
      await createRedisRateLimiter({ client: a.client, prefix }).hit('ttl-ip', 5, 30);
      const rpttl = await a.client.pttl(`${prefix}r:ttl-ip`);
      elapsed = Math.ceil(performance.now() - started);
      assert.ok(rpttl <= 30_000 && rpttl >= 30_000 - elapsed - 1, `pttl ${rpttl} after ${elapsed} ms`);
    });

    await t.test('redis: with no injected clock the limiter uses Redis time and reports a sane reset', async () => {
      const limiter = createRedisRateLimiter({ client: a.client, prefix });
      const before = Date.now();
      const first = await limiter.hit('clock-ip', 1, 10);
      const refused = await limiter.hit('clock-ip', 1, 10);
      const after = Date.now();
      assert.equal(first.allowed, true);
      assert.equal(refused.allowed, false);
      // The first hit was counted at Redis's time, between `before` and `after` (ms rounding aside). Redis
      // and this process share a host in CI; SKEW_MS allows for the clocks of two hosts, not for speed.
      const SKEW_MS = 2_000;
      const resetsAt = refused.resetsAt.getTime();
      assert.ok(resetsAt >= before + 10_000 - 1 - SKEW_MS && resetsAt <= after + 10_000 + 1 + SKEW_MS, `${refused.resetsAt.toISOString()} not within [${before}, ${after}] + 10 s`);
      // Both hits on Redis's clock: the refusal came at most `after - before` after the first hit.
      const lowest = Math.max(1, Math.ceil((10_000 - (after - before) - 1) / 1000));
      assert.ok(refused.retryAfterS >= lowest && refused.retryAfterS <= 10, `${refused.retryAfterS} s, ${after - before} ms measured`);
    });

    await t.test('redis: a value that is not JSON (bigint) is returned but not shared', async () => {
      const cache = createRedisCache({ client: a.client, prefix });
      const got = await cache.getOrCompute('bigint', 60, async () => ({ n: 1n }));
      assert.equal(got.value.n, 1n);
      assert.equal(await a.client.exists(`${prefix}c:bigint`), 0);
    });

    await t.test('redis: an unreachable Redis does not fail cache calls; ping says false', async () => {
      const cache = createRedisCache({ url: 'redis://127.0.0.1:1', prefix });
      try {
        assert.equal(await cache.ping(), false);
        const got = await cache.getOrCompute('down', 60, async () => 42);
        assert.deepEqual([got.value, got.hit], [42, false]);
      } finally {
        await cache.close();
      }
    });
  } finally {
    await deletePrefix(a.client, prefix);
    for (const c of conns) await c.close();
  }
});
