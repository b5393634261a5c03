/**
 * Contract tests of the launch-platform client: the real client (and HttpSource underneath) against a
 * loopback server serving bodies in StonkFun's public API format (test/fixtures/stonkfun/bodies.ts:
 * `{data, meta}` envelope, camelCase, ISO times, open categories); lists validated per element; the token
 * bucket on an injected clock.
 */
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { after, before, beforeEach, describe, test } from 'node:test';
import { HttpSource } from '../../src/sources/http-source.js';
import { LIVE_SOURCE_URLS } from '../../src/sources/index.js';
import {
  LAUNCHPAD_LIVE_URL,
  LAUNCHPAD_RATE_LIMIT_BURST,
  LAUNCHPAD_RATE_LIMIT_PER_SECOND,
  LaunchpadClient,
  normalizeCategory,
  TokenBucket,
  type Clock,
} from '../../src/sources/launchpad.js';
import { failure } from '../helpers/source-failure.js';
import { startScriptedServer, type ScriptedServer } from '../helpers/scripted-server.js';
import { ManualTimers, systemTimers } from '../../src/lib/timers.js';
import * as B from '../fixtures/stonkfun/bodies.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();
const PAIRS = B.PAIRS;
const STATS = B.STATS;

let fake: ScriptedServer;

before(async () => {
  fake = await startScriptedServer();
});
after(() => fake.close());
beforeEach(() => fake.reset());

/** A bucket that never waits in these tests, unless one is given. */
function client(bucket = new TokenBucket(1e6, 1e6)): LaunchpadClient {
  return new LaunchpadClient({ http: new HttpSource({ leg: 'launchpad', baseUrl: fake.baseUrl, backoffMs: 1, retries: 2, timers: sourceTimers }), bucket });
}

const json = (body: unknown, status?: number) => ({ body: JSON.stringify(body), ...(status === undefined ? {} : { status }) });

describe('LaunchpadClient reads (StonkFun public API format)', () => {
  test('pairs(): GET /pairs, unwrapped from {data, meta}; raw categories kept, normalized by normalizeCategory', async () => {
    fake.script = [json(PAIRS)];
    const pairs = await client().pairs();
    assert.deepEqual(fake.requests.map((r) => r.url), ['/pairs']);
    assert.equal(pairs.skipped, 0);
    assert.deepEqual(pairs.items.map((p) => [p.symbol, p.category, normalizeCategory(p.category), p.launchable, p.launchLabReady ?? null]), [
      ['SPYX', 'xstock', 'xstock', true, true],
      ['OPENAI', 'tessera', 'xstock', false, true],
      ['MU', 'backpack', 'prestock', true, true],
      ['USDC', 'currency', 'currency', true, true],
      ['SOL', 'solana', 'solana', true, null],
    ]);
  });

  test('normalizeCategory: the spec enum, tessera → xstock, backpack → prestock, anything else (or nothing) → custom', () => {
    assert.deepEqual(['xstock', 'prestock', 'currency', 'leverage', 'solana', 'collectible', 'custom', 'tessera', 'backpack', 'Backpack', 'newthing', '', null].map(normalizeCategory),
      ['xstock', 'prestock', 'currency', 'leverage', 'solana', 'collectible', 'custom', 'xstock', 'prestock', 'prestock', 'custom', 'custom', 'custom']);
  });

  test('tokens(): page, pageSize (clamped to 1…100) and sort=volume go in the query; pagination comes back', async () => {
    fake.script = [json(B.tokensPage([B.TOKEN_V3, B.TOKEN_SPL], 1, 3, 250))];
    const c = client();
    const page = await c.tokens();
    assert.deepEqual([page.page, page.totalPages, page.total, page.skipped, page.tokens.map((t) => t.symbol)], [1, 3, 250, 0, ['ZCAT', 'BUTTHOLE']]);
    await c.tokens({ page: 2, pageSize: 500, mode: 'reward' });
    await c.tokens({ pageSize: 0 });
    assert.deepEqual(fake.requests.map((r) => [r.path, r.query.get('page'), r.query.get('pageSize'), r.query.get('sort'), r.query.get('mode')]), [
      ['/tokens', '1', '100', 'volume', null],
      ['/tokens', '2', '100', 'volume', 'reward'],
      ['/tokens', '1', '1', 'volume', null],
    ]);
    assert.deepEqual([page.tokens[0]!.transferFee, page.tokens[1]!.transferFee, page.tokens[0]!.flywheel?.active], [{ bps: 300 }, undefined, true]);
  });

  test('tokens(): one malformed coin is skipped and counted, the rest of the page is kept', async () => {
    const broken = { ...B.TOKEN_STD, market: { ...B.TOKEN_STD.market, marketCapUsd: 'n/a' } };
    const noPool = { ...B.TOKEN_SPL, pool: undefined };
    fake.script = [json(B.tokensPage([B.TOKEN_V3, broken, noPool], 1, 1))];
    const page = await client().tokens();
    assert.deepEqual([page.tokens.map((t) => t.symbol), page.skipped], [['ZCAT'], 2]);
  });

  test('token(): GET /tokens/{mint}: the coin and its launch record', async () => {
    fake.script = [json(B.TOKEN_DETAIL)];
    const detail = await client().token(B.COIN_V3);
    assert.equal(fake.requests[0]!.path, `/tokens/${B.COIN_V3}`);
    assert.deepEqual([detail.token.symbol, detail.token.pool, detail.launch?.creator, detail.token.market.marketCapUsd], ['ZCAT', B.POOL_V3, B.CREATOR, 85_479_403.63]);
  });

  test('token(): an unknown mint (404 with the error envelope) is not_found, not retried', async () => {
    fake.script = [json(B.ERROR_NOT_FOUND, 404)];
    const err = await failure(client().token(B.COIN_STD));
    assert.equal(err.kind, 'not_found');
    assert.equal(fake.requests.length, 1);
  });

  test('tokenRewards(): lifetime totals; a standard launch has rewards null', async () => {
    fake.script = [json(B.TOKEN_REWARDS), json(B.TOKEN_REWARDS_STD)];
    const c = client();
    const r = await c.tokenRewards(B.COIN_V3);
    assert.equal(fake.requests[0]!.path, `/tokens/${B.COIN_V3}/rewards`);
    assert.deepEqual([r.rewards?.distributedTokens, r.rewards?.payoutCount, r.rewards?.holderCount, r.rewards?.lastPayoutAt, r.quote.decimals], [1446.90050624, 300226, 12580, '2026-09-06T10:43:29.035Z', 8]);
    assert.equal((await c.tokenRewards(B.COIN_STD)).rewards, null);
  });

  test('rewards(): every coin\'s totals and the latest distributions; limit in the query; malformed entries skipped', async () => {
    const bad = { ...B.LEDGER.data.recentDistributions[0], amountRaw: 12 };
    fake.script = [json(B.LEDGER), json(B.wrap({ launches: [...B.LEDGER.data.launches, { mint: 'x' }], recentDistributions: [bad, B.LEDGER.data.recentDistributions[1]] }))];
    const c = client();
    const ledger = await c.rewards();
    assert.equal(fake.requests[0]!.url, '/rewards?limit=10000');
    assert.deepEqual([ledger.launches.map((l) => l.mint), ledger.distributions.map((d) => d.amountTokens), ledger.skipped], [[B.COIN_V3, B.COIN_SPL], [0.54775939, 0.026180374], 0]);
    const degraded = await c.rewards(50);
    assert.equal(fake.requests[1]!.url, '/rewards?limit=50');
    assert.deepEqual([degraded.launches.length, degraded.distributions.length, degraded.skipped], [2, 1, 2]);
  });

  test('a list whose every entry is malformed is a changed format: malformed, never an empty list', async () => {
    fake.script = [json(B.tokensPage([{ ...B.TOKEN_V3, pool: 7 }, { ...B.TOKEN_SPL, pool: 7 }]))];
    const err = await failure(client().tokens());
    assert.equal(err.kind, 'malformed');
    fake.reset();
    fake.script = [json(B.tokensPage([]))];
    assert.deepEqual((await client().tokens()).tokens, [], 'an empty page is just empty');
  });

  test('launchLabPricing(): quoteMint in the query; both modes in one document; raw amounts stay strings', async () => {
    fake.script = [json(B.PRICING)];
    const p = await client().launchLabPricing(B.SPYX);
    assert.equal(fake.requests[0]!.url, `/launchlab/pricing?quoteMint=${B.SPYX}`);
    assert.deepEqual([p.curve.supply, p.raise.raw, p.curve.curveType, p.curve.cpmmCreatorFeeOn, p.modes.reward.transferFeeBps, p.modes.reward.withdrawWithheldAuthority, p.platform.reward],
      ['1000000000000000', '1164789044', 'ConstantCurve', 0, [100, 300], B.DISTRIBUTOR, B.PLATFORM_REWARD]);
  });

  test('stats(): platform totals and config switches', async () => {
    fake.script = [json(STATS)];
    const s = await client().stats();
    assert.deepEqual([s.tokens.total, s.tokens.rewardLaunches, s.config?.launchLabEnabled], [9041, 6316, true]);
  });

  test('the live default is StonkFun\'s public API (not a placeholder)', () => {
    assert.equal(LIVE_SOURCE_URLS.launchpad, LAUNCHPAD_LIVE_URL);
    assert.equal(LAUNCHPAD_LIVE_URL, 'https://www.stonkfun.xyz/api/public/v1');
  });
});

describe('LaunchpadClient failures (malformed)', () => {
  const cases: [string, () => Promise<unknown>, unknown][] = [
    ['a body without the {data} envelope', () => client().pairs(), B.PAIRS.data],
    ['pairs that are not a list', () => client().pairs(), B.wrap({ pairs: { SPYX: {} } })],
    ['a page without pagination', () => client().tokens(), B.wrap({ tokens: [B.TOKEN_V3] })],
    ['a detail without the token', () => client().token(B.COIN_V3), B.wrap({ launch: null })],
    ['a detail whose token lacks its pool', () => client().token(B.COIN_V3), B.wrap({ token: { ...B.TOKEN_V3, pool: undefined } })],
    ['totals with a raw amount as a number (loses precision)', () => client().tokenRewards(B.COIN_V3), B.wrap({ ...B.TOKEN_REWARDS.data, rewards: { ...B.TOKEN_REWARDS.data.rewards, distributedRaw: 144690050624 } })],
    ['a ledger without launches', () => client().rewards(), B.wrap({ recentDistributions: [] })],
    ['pricing with a raw supply as a number', () => client().launchLabPricing(B.SPYX), B.wrap({ ...B.PRICING.data, curve: { ...B.PRICING.data.curve, supply: 1e15 } })],
    ['pricing without the distributor', () => client().launchLabPricing(B.SPYX), B.wrap({ ...B.PRICING.data, modes: { ...B.PRICING.data.modes, reward: { ...B.PRICING.data.modes.reward, withdrawWithheldAuthority: undefined } } })],
    ['stats without token totals', () => client().stats(), B.wrap({ network: 'mainnet-beta' })],
  ];
  for (const [name, call, body] of cases) {
    test(`${name} is malformed on leg launchpad`, async () => {
      fake.script = [json(body)];
      const err = await failure(call());
      assert.equal(err.kind, 'malformed');
      assert.equal(err.leg, 'launchpad');
      assert.equal(fake.requests.length, 1, 'a malformed body is not retried');
    });
  }

  test('a truncated body is malformed', async () => {
    fake.script = [{ body: JSON.stringify(PAIRS).slice(0, 40) }];
    assert.equal((await failure(client().pairs())).kind, 'malformed');
  });

  test('a 429 with Retry-After is retried, then answers', async () => {
    fake.script = [{ status: 429, body: JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests' } }) }, json(STATS)];
    const s = await client().stats();
    assert.equal(s.tokens.total, 9041);
    assert.equal(fake.requests.length, 2);
  });
});

/** A clock whose time moves only when told, recording every sleep asked for. */
function fakeClock(advanceOnSleep: boolean): Clock & { t: number; sleeps: number[] } {
  const c = {
    t: 0,
    sleeps: [] as number[],
    now: () => c.t,
    sleep: async (ms: number) => {
      c.sleeps.push(ms);
      if (advanceOnSleep) c.t += ms;
    },
  };
  return c;
}

describe('TokenBucket (client-side rate limit)', () => {
  test('real sleeps leave no abort listener behind on a long-lived signal (an index run shares one)', async () => {
    const run = new AbortController();
    // The real sleep on a clock that does not move: no refill however slow the machine, so every take after
    // the first sleeps (k ms for the k-th in debt at one token per millisecond).
    const bucket = new TokenBucket(1000, 1, { now: () => 0, sleep: (ms, signal) => systemTimers.sleep(ms, signal) });
    let waited = 0;
    for (let i = 0; i < 15; i++) waited += await bucket.take(run.signal);
    assert.equal(waited, 105, 'the takes did sleep: 1 + 2 + … + 14 ms');
    assert.equal(getEventListeners(run.signal, 'abort').length, 0);
  });

  test('the platform limit: 300 requests a minute is 5 a second, a burst of 5', () => {
    assert.deepEqual([LAUNCHPAD_RATE_LIMIT_PER_SECOND, LAUNCHPAD_RATE_LIMIT_BURST], [5, 5]);
  });

  test('a burst of 5 goes at once; the 6th and 7th concurrent callers wait 200 and 400 ms', async () => {
    const clock = fakeClock(false);
    const bucket = new TokenBucket(5, 5, clock);
    const waits = await Promise.all(Array.from({ length: 7 }, () => bucket.take()));
    assert.deepEqual(waits, [0, 0, 0, 0, 0, 200, 400]);
    assert.deepEqual(clock.sleeps, [200, 400]);
  });

  test('sequential callers past the burst are spaced 1/rate apart; an idle second refills the burst', async () => {
    const clock = fakeClock(true);
    const bucket = new TokenBucket(5, 5, clock);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) waits.push(await bucket.take());
    assert.deepEqual(waits, [0, 0, 0, 0, 0, 200, 200, 200]);
    assert.equal(clock.t, 600);
    clock.t += 1000; // idle: 5 tokens again (capped at the burst, not 5 + debt)
    const after: number[] = [];
    for (let i = 0; i < 6; i++) after.push(await bucket.take());
    assert.deepEqual(after, [0, 0, 0, 0, 0, 200]);
  });

  test('a partial refill: 100 ms after running dry at 5/s is half a token, so the next caller waits 100 ms', async () => {
    const clock = fakeClock(false);
    const bucket = new TokenBucket(5, 1, clock);
    assert.equal(await bucket.take(), 0);
    clock.t = 100;
    assert.equal(await bucket.take(), 100);
  });

  test('an aborted waiter gives its slot back', async () => {
    const sleeps: number[] = [];
    const clock: Clock = {
      now: () => 0,
      sleep: async (ms, signal) => {
        if (signal?.aborted) throw new Error('aborted');
        sleeps.push(ms);
      },
    };
    const bucket = new TokenBucket(5, 1, clock);
    assert.equal(await bucket.take(), 0);
    await assert.rejects(bucket.take(AbortSignal.abort()));
    // Had the aborted caller kept its reservation, the next would wait 400 ms.
    assert.equal(await bucket.take(), 200);
    assert.deepEqual(sleeps, [200]);
  });

  test('invalid limits are refused', () => {
    assert.throws(() => new TokenBucket(0, 5), RangeError);
    assert.throws(() => new TokenBucket(5, 0), RangeError);
  });

  test('the client waits on the bucket before each request (7 calls: waits of 200 and 400 ms, 7 requests, none failed)', async () => {
    fake.script = [json(STATS)];
    const clock = fakeClock(false);
    const c = client(new TokenBucket(5, 5, clock));
    const stats = await Promise.all(Array.from({ length: 7 }, () => c.stats()));
    assert.equal(stats.length, 7);
    assert.deepEqual(clock.sleeps, [200, 400]);
    assert.equal(fake.requests.length, 7);
  });
});
