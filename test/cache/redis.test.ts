import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRedisCache, createRedisRateLimiter } from '../../src/cache/redis.js';
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
      const cache = createRedisCache({ client: a.client, prefix });
      await cache.getOrCompute('ttl-check', 90, async () => ({ ok: true }));
      const pttl = await a.client.pttl(`${prefix}c:ttl-check`);
      assert.ok(pttl > 85_000 && pttl <= 90_000, `pttl ${pttl}`);
      assert.equal(await a.client.exists(`${prefix}l:ttl-check`), 0, 'the compute lock is released');
      await createRedisRateLimiter({ client: a.client, prefix }).hit('ttl-ip', 5, 30);
      const rpttl = await a.client.pttl(`${prefix}r:ttl-ip`);
      assert.ok(rpttl > 25_000 && rpttl <= 30_000, `pttl ${rpttl}`);
    });

    await t.test('redis: with no injected clock the limiter uses Redis time and reports a sane reset', async () => {
      const limiter = createRedisRateLimiter({ client: a.client, prefix });
      const before = Date.now();
      const first = await limiter.hit('clock-ip', 1, 10);
      const refused = await limiter.hit('clock-ip', 1, 10);
      assert.equal(first.allowed, true);
      assert.equal(refused.allowed, false);
      // Redis and this process share a host in CI; allow a little skew anyway.
      assert.ok(Math.abs(refused.resetsAt.getTime() - (before + 10_000)) < 2_000, refused.resetsAt.toISOString());
      assert.ok(refused.retryAfterS >= 8 && refused.retryAfterS <= 11, String(refused.retryAfterS));
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
