import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryCache, createMemoryRateLimiter } from '../../src/cache/memory.js';
import { cacheContract } from './contract.js';

test('memory backend: cache and rate-limiter contract', (t) =>
  cacheContract(t, {
    cache: (options) => createMemoryCache(options),
    limiter: (options) => createMemoryRateLimiter(options),
  }));

// Memory-only: Redis bounds its memory with maxmemory and TTLs, not an entry count.
test('memory cache: bounded, oldest evicted', async () => {
  const cache = createMemoryCache({ maxEntries: 2 });
  let n = 0;
  for (const k of ['a', 'b', 'c']) await cache.getOrCompute(k, 60, async () => ++n);
  assert.equal((await cache.getOrCompute('a', 60, async () => ++n)).hit, false, 'a was evicted');
  assert.equal((await cache.getOrCompute('c', 60, async () => ++n)).hit, true);
});
