/**
 * Contract tests of the launch-platform client: the real client (and HttpSource underneath) against a
 * loopback server serving bodies hand-written to the service's assumed platform API
 * (src/sources/wire/launchpad.ts, docs/launchpad.md "Platform API"); the token bucket on an injected clock.
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
  rewardCoinFrom,
  TokenBucket,
  type Clock,
} from '../../src/sources/launchpad.js';
import { failure } from '../helpers/source-failure.js';
import { startScriptedServer, type ScriptedServer } from '../helpers/scripted-server.js';
import { ManualTimers, systemTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const COIN_A = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const COIN_B = '9n4nbM75f5Ui33ZbPYXn59EwSgE8CGsHtAeTH5YFeJ9E';
const DISTRIBUTOR = 'DRiP2Pn2K6fuMLKQmt5rZWyHiUZ6WK3GChEySUpHSS4x';

const PAIRS = {
  pairs: [
    { quote_mint: SOL, symbol: 'SOL', name: 'Wrapped SOL', category: 'solana', launchable: true, decimals: 9, token_program: TOKEN, price_usd: 150 },
    { quote_mint: USDC, symbol: 'USDC', name: 'USD Coin', category: 'currency', launchable: false, decimals: 6, token_program: TOKEN, price_usd: null },
  ],
};

const SUMMARY_A = {
  mint: COIN_A, symbol: 'RAIN', name: 'Rain', quote_mint: SOL, quote_symbol: 'SOL', quote_category: 'solana', mode: 'reward',
  created_at: 1_767_225_600_000, transfer_fee_bps: 300, transfer_fee_max: null, withdraw_authority: DISTRIBUTOR, fee_mutable: false,
  adopted: true, flywheel: true, holders: 1200, top10_pct: 22.5, market_cap_usd: 250_000, volume_24h_usd: 80_000,
  price_change_24h_pct: -4.2, last_payout_at: 1_767_268_800_000, total_distributed_quote: 1.5,
};
const SUMMARY_B = { ...SUMMARY_A, mint: COIN_B, symbol: 'NOFEE', mode: 'standard', transfer_fee_bps: null, withdraw_authority: null, holders: null, top10_pct: null, market_cap_usd: null, volume_24h_usd: null, price_change_24h_pct: null, last_payout_at: null, total_distributed_quote: 0 };

const PAYOUTS = [
  { at: 1_767_247_200_000, quote_amount: 0.5, usd: 75, signature: 'sigA1' },
  { at: 1_767_268_800_000, quote_amount: 1, usd: null, signature: 'sigA2' },
];

const PRICING = {
  pricing: {
    quote_mint: SOL, mode: 'reward', program_id: 'LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj', global_config: COIN_B, platform_id: DISTRIBUTOR,
    quote_token_program: TOKEN, base_decimals: 6, curve_type: 0, supply: '1000000000000000', total_sell: '793100000000000', raise: '85000000000',
    vesting: { total_locked: '0', cliff_seconds: 0, unlock_seconds: 0 }, creator_fee_on: 'quote_token', curve_rule_account: COIN_A,
    transfer_fee: { tiers_bps: [100, 300], max_fee: '10000000000000' },
  },
};

const STATS = { stats: { platform_distributor: DISTRIBUTOR, tokens: 2, reward_tokens: 1, paying_24h: 1, launches_24h: 0, distributed_24h_usd: 75, distributed_total_usd: 75, updated_at: 1_767_270_000_000 } };

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

const json = (body: unknown) => ({ body: JSON.stringify(body) });

describe('LaunchpadClient reads', () => {
  test('pairs(): GET /api/v1/pairs with category and launchability', async () => {
    fake.script = [json(PAIRS)];
    const pairs = await client().pairs();
    assert.deepEqual(fake.requests.map((r) => r.url), ['/api/v1/pairs']);
    assert.deepEqual(pairs.map((p) => [p.symbol, p.category, p.launchable, p.price_usd]), [['SOL', 'solana', true, 150], ['USDC', 'currency', false, null]]);
  });

  test('rewardTokens(): first page without a cursor, then the cursor given back, until next_cursor is null', async () => {
    fake.script = [json({ tokens: [SUMMARY_A], next_cursor: 'b2Zmc2V0OjE' }), json({ tokens: [SUMMARY_B], next_cursor: null })];
    const c = client();
    const first = await c.rewardTokens({ limit: 1 });
    assert.equal(first.next_cursor, 'b2Zmc2V0OjE');
    const second = await c.rewardTokens({ cursor: first.next_cursor!, limit: 1 });
    assert.equal(second.next_cursor, null);
    assert.deepEqual([...first.tokens, ...second.tokens].map((t) => t.symbol), ['RAIN', 'NOFEE']);
    assert.deepEqual(fake.requests.map((r) => [r.path, r.query.get('cursor'), r.query.get('limit')]), [
      ['/api/v1/reward-tokens', null, '1'],
      ['/api/v1/reward-tokens', 'b2Zmc2V0OjE', '1'],
    ]);
    assert.equal(second.tokens[0]!.transfer_fee_bps, null);
  });

  test('rewardTokens(): the limit defaults to 100 and is clamped to 1…100', async () => {
    fake.script = [json({ tokens: [], next_cursor: null })];
    const c = client();
    await c.rewardTokens();
    await c.rewardTokens({ limit: 500 });
    await c.rewardTokens({ limit: 0 });
    assert.deepEqual(fake.requests.map((r) => r.query.get('limit')), ['100', '100', '1']);
  });

  test('token(): detail with payouts, and the RewardCoin the analytics consume', async () => {
    fake.script = [json({ token: { ...SUMMARY_A, payouts: PAYOUTS } })];
    const detail = await client().token(COIN_A);
    assert.equal(fake.requests[0]!.path, `/api/v1/tokens/${COIN_A}`);
    assert.equal(detail.payouts.length, 2);
    const coin = rewardCoinFrom(detail, DISTRIBUTOR);
    assert.deepEqual(coin.payouts, [{ at: 1_767_247_200_000, quote_amount: 0.5, usd: 75 }, { at: 1_767_268_800_000, quote_amount: 1, usd: null }]);
    assert.deepEqual([coin.platform_distributor, coin.withdraw_authority, coin.transfer_fee_bps, coin.top10_pct, coin.quote_category, coin.daily], [DISTRIBUTOR, DISTRIBUTOR, 300, 22.5, 'solana', []]);
  });

  test('token(): an unknown mint (404) is not_found, not retried', async () => {
    fake.script = [{ status: 404, body: '{"error":"Unknown token"}' }];
    const err = await failure(client().token(COIN_B));
    assert.equal(err.kind, 'not_found');
    assert.equal(fake.requests.length, 1);
  });

  test('rewardsLedger(): mint and since go in the query; both optional', async () => {
    fake.script = [json({ entries: [{ mint: COIN_A, quote_mint: SOL, ...PAYOUTS[1] }] })];
    const c = client();
    const entries = await c.rewardsLedger(COIN_A, 1_767_247_200_000);
    assert.equal(entries[0]!.quote_amount, 1);
    await c.rewardsLedger();
    assert.deepEqual(fake.requests.map((r) => r.url), [`/api/v1/rewards?mint=${COIN_A}&since=1767247200000`, '/api/v1/rewards']);
  });

  test('launchPricing(): quote_mint and mode in the query; raw amounts stay strings', async () => {
    fake.script = [json(PRICING)];
    const p = await client().launchPricing(SOL, 'reward');
    assert.equal(fake.requests[0]!.url, `/api/v1/launch-pricing?quote_mint=${SOL}&mode=reward`);
    assert.deepEqual([p.supply, p.raise, p.transfer_fee?.tiers_bps], ['1000000000000000', '85000000000', [100, 300]]);
  });

  test('stats(): totals and the distributor', async () => {
    fake.script = [json(STATS)];
    const s = await client().stats();
    assert.deepEqual([s.platform_distributor, s.tokens, s.paying_24h, s.distributed_24h_usd], [DISTRIBUTOR, 2, 1, 75]);
  });

  test('the live default is a placeholder (no public host serves the assumed format)', () => {
    assert.equal(LIVE_SOURCE_URLS.launchpad, LAUNCHPAD_LIVE_URL);
  });
});

describe('LaunchpadClient failures (malformed)', () => {
  const cases: [string, () => Promise<unknown>, unknown][] = [
    ['a bare array of pairs', () => client().pairs(), PAIRS.pairs],
    ['an unknown quote category', () => client().pairs(), { pairs: [{ ...PAIRS.pairs[0], category: 'stock' }] }],
    ['a page without next_cursor', () => client().rewardTokens(), { tokens: [SUMMARY_A] }],
    ['a top-10 share given as a fraction over 100 %', () => client().rewardTokens(), { tokens: [{ ...SUMMARY_A, top10_pct: 120 }], next_cursor: null }],
    ['fee bps as a string', () => client().rewardTokens(), { tokens: [{ ...SUMMARY_A, transfer_fee_bps: '300' }], next_cursor: null }],
    ['an ISO time where epoch ms are documented', () => client().token(COIN_A), { token: { ...SUMMARY_A, payouts: [{ ...PAYOUTS[0], at: '2026-01-01T06:00:00Z' }] } }],
    ['a detail without payouts', () => client().token(COIN_A), { token: SUMMARY_A }],
    ['a negative payout', () => client().rewardsLedger(), { entries: [{ mint: COIN_A, quote_mint: SOL, ...PAYOUTS[0], quote_amount: -1 }] }],
    ['a raw supply as a number (loses precision)', () => client().launchPricing(SOL, 'reward'), { pricing: { ...PRICING.pricing, supply: 1e15 } }],
    ['stats without the distributor', () => client().stats(), { stats: { ...STATS.stats, platform_distributor: undefined } }],
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

  test('a page whose next_cursor is the cursor it was asked for is malformed (it would page forever)', async () => {
    fake.script = [json({ tokens: [SUMMARY_A], next_cursor: 'same' })];
    const err = await failure(client().rewardTokens({ cursor: 'same' }));
    assert.equal(err.kind, 'malformed');
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

  test('the assumed platform limit: 5 requests a second, a burst of 5', () => {
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
