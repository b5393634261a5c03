/** The answer deadline (504, not charged, the handler told to stop) and the result cache (hit, still charged; degraded answers kept 30 s). */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { fixtureRegistry } from '../helpers/fixture-endpoints.js';
import { SourceRequests } from '../helpers/drive.js';
import { newPayer, paidInvoke } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

/** A fixed past moment (paid authorizations are checked against real time): every run reads the same world. */
const AT = new Date('2026-11-20T10:00:00Z');

describe('deadline and cache', () => {
  let service: TestService;
  const DEADLINE_MS = 300;
  before(async () => {
    service = await startTestService({ registry: fixtureRegistry() }, { ANSWER_DEADLINE_MS: String(DEADLINE_MS) });
  });
  after(() => service.close());

  it('a call past the answer deadline → 504 upstream_timeout, retryable, nothing charged; the handler is told to stop', async () => {
    // The wallet-asset source hangs (its own 4 s budget is far off): the call is still computing when the
    // time reaches the answer deadline, which is only when this test moves it.
    const faults = service.sandbox!.providers!.faults;
    faults.set('wallet_assets', { hang: true });
    const requests = new SourceRequests(service);
    try {
      const payer = await newPayer(service, 'base');
      const before = await payer.balance();
      const held = faults.stalled('wallet_assets');
      let answered = false;
      const call = paidInvoke(payer, service, 'enrich-wallet-light', { address: A.WALLET_DEFI }).finally(() => {
        answered = true;
      });
      await held;
      assert.equal(answered, false, 'no answer while the source is held');
      service.advance(DEADLINE_MS);
      const res = await call;
      assert.equal(res.status, 504);
      const err = ((await res.json()) as any).error;
      assert.equal(err.code, 'upstream_timeout');
      assert.equal(err.retryable, true);
      assert.match(err.message, /not charged/);
      assert.equal(await payer.balance(), before);
      // The held requests end although their own budget has not passed: the deadline aborted the handler's signal.
      await requests.idle();
    } finally {
      requests.restore();
      faults.set('wallet_assets', undefined);
    }
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

describe('cache: degraded answers are kept 30 s, complete ones their full TTL', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ fixedNow: AT });
  });
  after(() => service.close());

  it('a repeat call after 30 s gets the recovered answer; a complete answer stays cached', async () => {
    const payer = await newPayer(service, 'solana');
    const ask = async (mint: string) => (await (await paidInvoke(payer, service, 'enrich-token-light', { mint })).json()) as any;
    const degradedMint = A.TOKEN_VOL_LOW;
    const completeMint = A.TOKEN_SAFE;
    const complete = await ask(completeMint);
    assert.equal(complete.meta.cache.ttl_s, 60);
    service.sandbox!.providers!.faults.set('market_data', { errorRate: 1 });
    const degraded = await ask(degradedMint);
    service.sandbox!.providers!.faults.clear();
    assert.ok(degraded.caveats.some((c: any) => c.code === 'leg_degraded' && c.leg === 'market_data'));
    assert.equal(degraded.meta.cache.ttl_s, 30);
    service.advance(29_000);
    assert.equal((await ask(degradedMint)).meta.cache.hit, true, 'still inside 30 s');
    service.advance(2_000);
    const recovered = await ask(degradedMint);
    assert.equal(recovered.meta.cache.hit, false);
    assert.ok(!recovered.caveats.some((c: any) => c.code === 'leg_degraded'));
    assert.equal(recovered.meta.cache.ttl_s, 60);
    assert.equal((await ask(completeMint)).meta.cache.hit, true, 'a complete answer keeps its 60 s');
  });
});
