/** A result's cache period: the endpoint's TTL, 30 s when degraded, never longer than the result's own cap. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ttlFor } from '../../src/app/execute.js';
import type { RegisteredEndpoint } from '../../src/registry/index.js';

const endpoint = (cacheTtlSeconds: number) => ({ def: { cacheTtlSeconds } }) as unknown as RegisteredEndpoint;

test('maxTtlSeconds caps the endpoint TTL and the degraded TTL, never below 1 s, never above the endpoint TTL', () => {
  const ttl = ttlFor(endpoint(86_400));
  assert.equal(ttl({ data: {} }), 86_400);
  assert.equal(ttl({ data: {}, maxTtlSeconds: 3_600 }), 3_600);
  assert.equal(ttl({ data: {}, maxTtlSeconds: 100_000 }), 86_400);
  assert.equal(ttl({ data: {}, maxTtlSeconds: 0 }), 1);
  const degraded = [{ code: 'leg_degraded', message: 'x' }];
  assert.equal(ttl({ data: {}, caveats: degraded }), 30);
  assert.equal(ttl({ data: {}, caveats: degraded, maxTtlSeconds: 10 }), 10);
  assert.equal(ttl({ data: {}, caveats: degraded, maxTtlSeconds: 60 }), 30);
});
