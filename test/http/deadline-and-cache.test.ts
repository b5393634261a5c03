/** The answer deadline (504, not charged, the handler told to stop) and the result cache (hit, still charged). */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureRegistry } from '../helpers/fixture-endpoints.js';
import { newPayer, paidInvoke } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('deadline and cache', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ registry: fixtureRegistry() }, { ANSWER_DEADLINE_MS: '300' });
  });
  after(() => service.close());

  it('a call past the answer deadline → 504 upstream_timeout, retryable, nothing charged', async () => {
    const payer = await newPayer(service, 'base');
    const before = await payer.balance();
    const started = Date.now();
    const res = await paidInvoke(payer, service, 'test-slow', {});
    assert.equal(res.status, 504);
    const err = ((await res.json()) as any).error;
    assert.equal(err.code, 'upstream_timeout');
    assert.equal(err.retryable, true);
    assert.ok(Date.now() - started < 5000, 'answered at the deadline, not when the handler gave up');
    assert.equal(await payer.balance(), before);
  });

  it('a repeat call inside the TTL is served from the cache, and is charged like any call', async () => {
    const payer = await newPayer(service, 'solana');
    const before = await payer.balance();
    const first = (await (await paidInvoke(payer, service, 'test-echo', { value: 'cache-me' })).json()) as any;
    const second = (await (await paidInvoke(payer, service, 'test-echo', { value: 'cache-me', format: 'json' })).json()) as any;
    assert.equal(first.meta.cache.hit, false);
    assert.equal(second.meta.cache.hit, true);
    assert.equal(second.meta.cache.ttl_s, 30);
    assert.equal(second.request_id, first.request_id, 'the same answer');
    assert.notEqual(second.meta.request_id, first.meta.request_id, 'but a new call');
    assert.equal(before - (await payer.balance()), 4000n);
  });
});
