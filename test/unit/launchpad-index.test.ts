/**
 * The launchpad index job against the sandbox providers (launch platform, data RPC, price aggregator)
 * through the production clients, with a scripted proxy in front of the platform that fails, rewrites or
 * empties chosen `/tokens` pages and logs which pages were asked:
 *  - a full refresh walks the platform by volume (pages of 10: 4 pages for the 34 coins), publishes what
 *    `assembleCoins` makes of the platform and the chain, and writes today's cumulative daily points;
 *  - the walk ends at the last page, at the first page whose last coin has no 24 h volume, or at an empty
 *    page — and asks no page after it;
 *  - a failing 2nd page leaves the previous index serving and the next run resumes at page 2; a slow
 *    platform (manual time) saves partial progress without publishing; the page bound ends a run early;
 *    a refresh in progress for 2 h is started over; the SQLite file survives a restart;
 *  - one malformed coin is skipped and counted; observed distributions accumulate across refreshes;
 *  - retention at 35 days, staleness from 30 min, `mergeRecentPayouts` at its boundaries.
 * Every budget runs on `ManualTimers`: no verdict depends on how fast the machine answers.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { Payout } from '../../src/analytics/launchpad/types.js';
import { assembleCoins, readPlatformFacts, totalsOf, type IndexedCoin } from '../../src/launchpad-index/coins.js';
import { indexedCoin, LAUNCHPAD_DAILY_RETENTION_DAYS, LAUNCHPAD_INDEX_STALE_MS, launchpadIndexState } from '../../src/launchpad-index/state.js';
import {
  dailyPointOf,
  LAUNCHPAD_INDEX_DEFAULTS,
  LAUNCHPAD_RECENT_PAYOUTS_KEPT,
  launchpadIndexJob,
  mergeRecentPayouts,
  type LaunchpadIndexOptions,
} from '../../src/jobs/launchpad-index.js';
import type { Job } from '../../src/jobs/runner.js';
import { ManualTimers } from '../../src/lib/timers.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startSandboxProviders, type SandboxProviders } from '../../src/sandbox/providers/index.js';
import { createSandboxWorld } from '../../src/sandbox/world/index.js';
import {
  coinMode,
  LAUNCHPAD_ALL_COINS,
  LAUNCHPAD_DISTRIBUTOR,
  LAUNCHPAD_OUTSIDER,
  LAUNCHPAD_RECENT_DISTRIBUTIONS,
  launchpadDistributionsAt,
  launchpadTokensAt,
  type LaunchpadCoinAt,
} from '../../src/sandbox/world/launchpad/index.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { createSources, type Sources } from '../../src/sources/index.js';
import { LaunchpadClient, TokenBucket } from '../../src/sources/launchpad.js';
import { openSqliteStore } from '../../src/store/sqlite.js';

/** Source and job budgets on manual time: they pass only when a test moves it (src/lib/timers.ts). */
const timers = new ManualTimers();

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** Mid-day, well after every sandbox coin was created (RAINSTOP and EVERPAY included: 34 coins). */
const T0 = Date.UTC(2026, 4, 12, 13, 30);
const TODAY = '2026-05-12';
const never = new AbortController().signal;
const PAGE = 10; // 34 coins → 4 pages
const ALL = LAUNCHPAD_ALL_COINS.length;

/** The sandbox clock: every provider answers as of it; `run` sets it to the run's `now`. */
let nowMs = T0;
/** The platform's latency waits on the same manual time as the job's budget. */
const faults = new FaultController({}, timers);
let providers: SandboxProviders;
let sources: Sources;
let proxy: Server;
let proxyUrl: string;

/** The platform's `/tokens` body as the proxy sees it (only what the scripts touch is typed). */
interface TokensBody {
  data: { tokens: { mint: unknown; market: { volume24hUsd: number } }[]; pagination: { page: number; totalPages: number } };
}

/** What the proxy does to `/tokens` (every other route passes through untouched). */
const script = {
  /** Pages asked, in order. */
  pages: [] as number[],
  /** Pages from this one on are answered 503 (null: none). */
  failFrom: null as number | null,
  /** Edits a page's body before it is passed on. */
  rewrite: null as ((page: number, body: TokensBody) => void) | null,
};

before(async () => {
  providers = await startSandboxProviders(createSandboxWorld('launchpad-index-test'), () => new Date(nowMs), faults);
  sources = createSources(providers.urls, {}, { timeoutMs: 4_000, retries: 0 }, () => new Date(nowMs), timers);
  const platformUrl = providers.urls.launchpad;
  proxy = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const listing = url.pathname === '/tokens';
    const page = Number(url.searchParams.get('page') ?? '1');
    if (listing) {
      script.pages.push(page);
      if (script.failFrom !== null && page >= script.failFrom) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":"unavailable","message":"scripted failure"}}');
        return;
      }
    }
    const rewrite = listing ? script.rewrite : null;
    fetch(`${platformUrl}${url.pathname}${url.search}`).then(async (r) => {
      let text = await r.text();
      if (rewrite !== null && r.ok) {
        const body = JSON.parse(text) as TokensBody;
        rewrite(page, body);
        text = JSON.stringify(body);
      }
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' }).end(text);
    }, () => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  proxyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
after(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await providers.close();
});
beforeEach(() => {
  nowMs = T0;
  faults.clear();
  script.pages = [];
  script.failFrom = null;
  script.rewrite = null;
});

/**
 * The job's sources: the data RPC and aggregator of `createSources`, and a platform client of its own
 * (fresh breaker per job, so one test's scripted failures do not open another's) with a generous bucket —
 * the rate limit is real time and is tested in test/sources/launchpad.test.ts.
 */
function jobSources(baseUrl = proxyUrl): LaunchpadIndexOptions['sources'] {
  const launchpad = new LaunchpadClient({ http: new HttpSource({ leg: 'launchpad', baseUrl, backoffMs: 1, retries: 0, timers }), bucket: new TokenBucket(1e6, 1e6) });
  return { launchpad, rpc: sources.rpc, jupiter: sources.jupiter };
}

type Options = Omit<LaunchpadIndexOptions, 'store' | 'sources'>;
const indexJob = (store: LaunchpadIndexOptions['store'], options: Options = {}, baseUrl?: string): Job =>
  launchpadIndexJob({ store, sources: jobSources(baseUrl), pageSize: PAGE, ...options });

/** One run at `at` on the sandbox clock. */
function run(job: Job, at: number): Promise<string> {
  nowMs = at;
  return job.run({ now: new Date(at), signal: never, timers });
}

/** A listed coin's lifetime distributed amount in UI units of its quote, as the platform divides. */
const distributedOf = (t: LaunchpadCoinAt) => Number(t.distributedRaw) / 10 ** t.quote.decimals;

/** The observed distributions of `mint` that `/rewards` lists at `at` (its latest 100, platform-wide), newest first. */
function listedPayouts(mint: string, at: number): Payout[] {
  return launchpadDistributionsAt(at).slice(0, LAUNCHPAD_RECENT_DISTRIBUTIONS)
    .filter((d) => d.mint === mint)
    .map((d) => ({ at: Date.parse(d.distributedAt), quote_amount: d.amountTokens, signature: d.signature }));
}

const coinsOf = async (store: LaunchpadIndexOptions['store']): Promise<IndexedCoin[]> => (await store.launchpadCoins()).map(indexedCoin);
const bySymbol = (symbol: string) => launchpadTokensAt(T0).find((t) => t.symbol === symbol)!;

describe('launchpad index job', () => {
  test('a full refresh indexes every coin (4 pages of 10), publishes what assembleCoins makes of them, and writes today\'s cumulative points', async () => {
    const store = openSqliteStore(':memory:');
    const summary = await run(indexJob(store), T0);
    assert.equal(summary, `new refresh, 4 pages (${ALL} coins) staged, index published with ${ALL} coins, ${ALL} daily points written, 0 points deleted`);
    assert.deepEqual(script.pages, [1, 2, 3, 4]);

    // What the index should hold, assembled independently: one page of 100, the totals of /rewards, and
    // the observed distributions straight from the world.
    const direct = jobSources(providers.urls.launchpad);
    const platform = await readPlatformFacts(direct.launchpad);
    const listed = await direct.launchpad.tokens({ pageSize: 100 });
    const ledger = await direct.launchpad.rewards();
    const totals = new Map(ledger.launches.map((l) => [l.mint, totalsOf(l)]));
    const recent = new Map(listed.tokens.map((t) => [t.mint, listedPayouts(t.mint, T0)]));
    const expected = (await assembleCoins(direct, listed.tokens, totals, recent, platform)).sort((a, b) => (a.mint < b.mint ? -1 : 1));
    const coins = (await coinsOf(store)).sort((a, b) => (a.mint < b.mint ? -1 : 1));
    assert.equal(coins.length, ALL);
    assert.deepEqual(coins, expected);

    // The key facts against the world's design, coin by coin.
    const world = new Map(launchpadTokensAt(T0).map((t) => [t.mint, t]));
    for (const coin of coins) {
      const t = world.get(coin.mint)!;
      const c = t.design;
      const reward = coinMode(c) === 'reward';
      assert.equal(coin.symbol, c.symbol);
      assert.equal(coin.reward_mechanism, !reward ? null : c.feeShare === true ? 'fee_share' : 'transfer_fee', c.symbol);
      assert.equal(coin.transfer_fee_bps, c.feeShare === true ? null : c.bps, c.symbol);
      assert.equal(coin.withdraw_authority, c.authority === 'distributor' ? LAUNCHPAD_DISTRIBUTOR : c.authority === 'outsider' ? LAUNCHPAD_OUTSIDER : null, c.symbol);
      assert.equal(coin.fee_mutable, c.feeMutable, c.symbol);
      assert.equal(coin.adopted, c.adopted, c.symbol);
      assert.equal(coin.top10_pct, c.top10, c.symbol);
      // Holders and totals come from /rewards, which lists reward coins only.
      assert.equal(coin.holders, reward ? c.holders : null, c.symbol);
      assert.equal(coin.distributed_quote, distributedOf(t), c.symbol);
      assert.equal(coin.payout_count, t.payouts.length, c.symbol);
      assert.equal(coin.platform_distributor, LAUNCHPAD_DISTRIBUTOR);
    }
    assert.ok(coins.some((c) => c.reward_mechanism === 'fee_share') && coins.some((c) => !c.adopted), 'the cast covers fee-share and unadopted coins');
    assert.ok(coins.find((c) => c.symbol === 'SOLRAIN')!.recent_payouts!.length > 0, 'SOLRAIN paid within the platform\'s latest 100');

    // Today's point of every coin is its lifetime totals (and price, cap, holders) as read now.
    for (const coin of coins) {
      const points = await store.launchpadDailyPoints(coin.mint, TODAY, TODAY);
      assert.deepEqual(points.map((p) => p.data), [dailyPointOf(coin, TODAY, new Date(T0))], coin.symbol);
    }
    assert.deepEqual(await launchpadIndexState(store, new Date(T0)), { refreshed_at: new Date(T0).toISOString(), age_s: 0, stale: false, coins: ALL });
    const state = await store.launchpadRefreshState();
    assert.equal(state.refreshStartedAt, null);
    assert.equal(state.cursor, null);
    assert.equal(state.lastError, null);
    await store.close();
  });

  test('the points are cumulative: a coin fixed in absolute time shows its lifetime total of each day', async () => {
    const store = openSqliteStore(':memory:');
    const job = indexJob(store);
    const t1 = T0 + DAY;
    await run(job, T0);
    await run(job, t1);
    const ever = bySymbol('EVERPAY');
    const points = (await store.launchpadDailyPoints(ever.mint, TODAY, '2026-05-13')).map((p) => p.data);
    const atT1 = launchpadTokensAt(t1).find((t) => t.mint === ever.mint)!;
    assert.deepEqual(points.map((p) => [p.day, p.at, p.distributed_quote, p.payout_count]), [
      [TODAY, T0, distributedOf(ever), ever.payouts.length],
      ['2026-05-13', t1, distributedOf(atT1), atT1.payouts.length],
    ]);
    // EVERPAY pays every 6 h: four payouts in the day between, so the difference is a day's rewards.
    assert.equal(atT1.payouts.length - ever.payouts.length, 4);
    await store.close();
  });

  test('the walk stops at the first page whose last coin has no 24 h volume: no page after it is asked', async () => {
    // Pages of 11: page 3 ends with the 33rd coin by volume, the first of the two with none; 4 pages exist.
    const store = openSqliteStore(':memory:');
    const summary = await run(indexJob(store, { pageSize: 11 }), T0);
    assert.equal(summary, 'new refresh, 3 pages (33 coins) staged, index published with 33 coins, 33 daily points written, 0 points deleted');
    assert.deepEqual(script.pages, [1, 2, 3]);
    const volumes = (await coinsOf(store)).map((c) => c.volume_24h_usd);
    assert.equal(volumes.filter((v) => v === 0).length, 1, 'the one dead coin on page 3 is indexed, the one on page 4 is not');
    await store.close();
  });

  test('nextPage: a last coin with any volume continues; the last page ends the walk whatever its volume; an empty page does not; an all-malformed page fails the run', async () => {
    // 0.01 USD of volume on the coin that ended page 3 above: the walk goes on to page 4 (the last).
    let store = openSqliteStore(':memory:');
    script.rewrite = (page, body) => {
      if (page === 3) body.data.tokens.at(-1)!.market.volume24hUsd = 0.01;
    };
    assert.match(await run(indexJob(store, { pageSize: 11 }), T0), /^new refresh, 4 pages \(34 coins\) staged, index published with 34 coins/);
    assert.deepEqual(script.pages, [1, 2, 3, 4]);
    await store.close();

    // Every coin of the last page trading: page 4 of 4 still ends the walk (no page 5 asked).
    store = openSqliteStore(':memory:');
    script.pages = [];
    script.rewrite = (page, body) => {
      if (page === 4) for (const t of body.data.tokens) t.market.volume24hUsd = 1;
    };
    assert.match(await run(indexJob(store), T0), /^new refresh, 4 pages \(34 coins\) staged, index published with 34 coins/);
    assert.deepEqual(script.pages, [1, 2, 3, 4]);
    await store.close();

    // An empty page 2 (of 4), e.g. coins moving between pages during the walk: it does not end the walk.
    store = openSqliteStore(':memory:');
    script.pages = [];
    script.rewrite = (page, body) => {
      if (page === 2) body.data.tokens = [];
    };
    assert.match(await run(indexJob(store), T0), /^new refresh, 4 pages \(24 coins\) staged, index published with 24 coins/);
    assert.deepEqual(script.pages, [1, 2, 3, 4]);
    await store.close();

    // A page whose every coin is malformed is a changed format, not an empty page: the run fails on it and
    // the index is not replaced by a cut-short one.
    store = openSqliteStore(':memory:');
    script.pages = [];
    script.rewrite = (page, body) => {
      if (page === 2) for (const t of body.data.tokens) (t as { pool?: unknown }).pool = 7;
    };
    await assert.rejects(run(indexJob(store), T0));
    assert.deepEqual(await store.launchpadCoins(), []);
    assert.match((await store.launchpadRefreshState()).lastError ?? '', /^page 2: .*malformed/);
    await store.close();
  });

  test('the price aggregator down: the index still publishes, every coin unpriced (its yields say so), nothing else lost', async () => {
    const store = openSqliteStore(':memory:');
    faults.set('price_aggregator', { errorRate: 1 });
    try {
      assert.match(await run(indexJob(store), T0), /index published with \d+ coins/);
    } finally {
      faults.set('price_aggregator', undefined);
    }
    const coins = await coinsOf(store);
    assert.equal(coins.length, ALL);
    assert.ok(coins.every((c) => c.quote_price_usd === null));
    const rain = coins.find((c) => c.symbol === 'SOLRAIN')!;
    assert.equal(rain.distributed_quote, distributedOf(bySymbol('SOLRAIN')));
    assert.equal(rain.top10_pct, 18);
    await store.close();
  });

  test('a failing 2nd page leaves the previous index serving; the next run resumes at page 2 and completes', async () => {
    const store = openSqliteStore(':memory:');
    const job = indexJob(store);
    await run(job, T0);
    const before = await store.launchpadCoins();

    script.failFrom = 2;
    script.pages = [];
    const t1 = T0 + 10 * MIN;
    await assert.rejects(run(job, t1));
    assert.deepEqual(script.pages, [1, 2], 'page 1 read, page 2 failed, nothing after');
    assert.deepEqual(await store.launchpadCoins(), before, 'the previous index keeps serving, untouched');
    const failed = await store.launchpadRefreshState();
    assert.equal(failed.pages, 1);
    assert.equal(failed.cursor, '2');
    assert.equal(failed.refreshStartedAt?.getTime(), t1);
    assert.equal(failed.refreshedAt?.getTime(), T0);
    assert.match(failed.lastError ?? '', /^page 2: /);
    assert.equal(failed.lastErrorAt?.getTime(), t1);
    assert.deepEqual(await launchpadIndexState(store, new Date(t1)), { refreshed_at: new Date(T0).toISOString(), age_s: 600, stale: false, coins: ALL });

    script.failFrom = null;
    script.pages = [];
    const t2 = T0 + 20 * MIN;
    const summary = await run(job, t2);
    assert.match(summary, new RegExp(`^resumed at page 2, 3 pages \\(${ALL - PAGE} coins\\) staged, index published with ${ALL} coins`));
    assert.deepEqual(script.pages, [2, 3, 4], 'continued from the saved cursor, page 1 not read again');
    const done = await store.launchpadRefreshState();
    assert.equal(done.refreshedAt?.getTime(), t2);
    assert.equal(done.refreshStartedAt, null);
    assert.equal(done.cursor, null);
    assert.equal(done.lastError, null);
    assert.equal(done.coins, ALL);
    await store.close();
  });

  test('a slow platform (latency beyond the budget): partial progress saved, index unchanged until complete', async () => {
    const store = openSqliteStore(':memory:');
    // 250 ms a platform request, on manual time: pairs and /rewards together (done at 250), the pricing
    // (500), page 1 (750; its chain reads and prices are not slowed), page 2 would answer at 1,000 — when
    // the 1,000 ms budget, set before any request and so first among the timers due then, cuts it.
    faults.set('launchpad', { latencyMs: 250 });
    const job = indexJob(store, { budgetMs: 1_000 }, providers.urls.launchpad);
    const start = timers.now();
    const held = faults.stallCount('launchpad');
    const pending = run(job, T0);
    for (const count of [2, 3, 4, 5]) {
      await faults.stalled('launchpad', held + count);
      timers.advance(250);
    }
    const summary = await pending;
    assert.equal(timers.now() - start, 1_000);
    assert.equal(faults.stallCount('launchpad') - held, 5, 'no request after the budget ran out');
    assert.equal(summary, 'new refresh, 1 pages (10 coins) staged, out of time budget (1000 ms) after 1 pages; the next run resumes');
    const partial = await store.launchpadRefreshState();
    assert.equal(partial.pages, 1);
    assert.equal(partial.cursor, '2');
    assert.equal(partial.coins, 0, 'nothing published');
    assert.match(partial.lastError ?? '', /^out of time budget/);
    assert.deepEqual(await store.launchpadCoins(), []);
    assert.deepEqual(await launchpadIndexState(store, new Date(T0)), { refreshed_at: null, age_s: null, stale: true, coins: 0 });

    faults.clear();
    const done = await run(indexJob(store), T0 + 10 * MIN);
    assert.match(done, new RegExp(`^resumed at page 2, 3 pages \\(${ALL - PAGE} coins\\) staged, index published with ${ALL} coins`));
    assert.equal((await store.launchpadCoins()).length, ALL);
    await store.close();
  });

  test('the page bound ends a run early; the next run resumes', async () => {
    const store = openSqliteStore(':memory:');
    assert.equal(LAUNCHPAD_INDEX_DEFAULTS.maxPages, 40);
    const job = indexJob(store, { maxPages: 2 });
    assert.equal(await run(job, T0), 'new refresh, 2 pages (20 coins) staged, page bound 2 reached; the next run resumes');
    assert.deepEqual(script.pages, [1, 2]);
    assert.equal((await store.launchpadRefreshState()).coins, 0);
    assert.equal((await store.launchpadRefreshState()).cursor, '3');
    assert.match(await run(job, T0 + 10 * MIN), new RegExp(`^resumed at page 3, 2 pages \\(${ALL - 2 * PAGE} coins\\) staged, index published with ${ALL} coins`));
    assert.deepEqual(script.pages, [1, 2, 3, 4]);
    await store.close();
  });

  test('one malformed coin on a page is skipped and counted; the run still publishes the rest', async () => {
    const store = openSqliteStore(':memory:');
    let broken = '';
    script.rewrite = (page, body) => {
      if (page !== 2) return;
      const coin = body.data.tokens[3]!;
      broken = String(coin.mint);
      coin.mint = 42; // not an address: the coin fails the wire schema
    };
    const summary = await run(indexJob(store), T0);
    assert.equal(summary, `new refresh, 4 pages (${ALL - 1} coins) staged, index published with ${ALL - 1} coins, ${ALL - 1} daily points written, 0 points deleted, 1 malformed entries skipped`);
    assert.notEqual(broken, '');
    assert.equal(await store.launchpadCoin(broken), undefined);
    assert.equal((await store.launchpadCoins()).length, ALL - 1);
    await store.close();
  });

  test('observed distributions from /rewards land in recent_payouts and survive a later refresh that no longer lists them', async () => {
    const store = openSqliteStore(':memory:');
    const job = indexJob(store);
    const rain = bySymbol('SOLRAIN');
    const t2 = T0 + 2 * DAY;
    const seen0 = listedPayouts(rain.mint, T0);
    const seen2 = listedPayouts(rain.mint, t2);
    // The platform's latest 100 cover about a day and a half: two days later none of the first are listed.
    assert.ok(seen0.length > 0 && seen2.length > 0);
    assert.equal(seen2.filter((p) => seen0.some((q) => q.signature === p.signature)).length, 0);

    await run(job, T0);
    assert.deepEqual(indexedCoin((await store.launchpadCoin(rain.mint))!).recent_payouts, seen0);
    await run(job, t2);
    assert.deepEqual(indexedCoin((await store.launchpadCoin(rain.mint))!).recent_payouts, [...seen2, ...seen0], 'kept ones after the newer, newest first');
    await store.close();
  });

  test('restart: the index, the daily points and a refresh in progress survive closing and reopening the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'launchpad-index-'));
    try {
      const file = join(dir, 'store.sqlite');
      let store = openSqliteStore(file);
      await run(indexJob(store), T0);
      const t1 = T0 + 10 * MIN;
      await run(indexJob(store, { maxPages: 1 }), t1);
      const coins = await store.launchpadCoins();
      const mint = coins[0]!.mint;
      const points = await store.launchpadDailyPoints(mint, TODAY, TODAY);
      await store.close();

      store = openSqliteStore(file);
      assert.deepEqual(await store.launchpadCoins(), coins);
      assert.deepEqual(await store.launchpadDailyPoints(mint, TODAY, TODAY), points);
      assert.equal(points.length, 1);
      const state = await store.launchpadRefreshState();
      assert.equal(state.refreshedAt?.getTime(), T0);
      assert.equal(state.pages, 1);
      assert.equal(state.cursor, '2');
      assert.equal(state.refreshStartedAt?.getTime(), t1);
      const t2 = T0 + 20 * MIN;
      assert.match(await run(indexJob(store), t2), /^resumed at page 2, 3 pages/);
      assert.equal((await store.launchpadRefreshState()).refreshedAt?.getTime(), t2);
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a refresh in progress for 2 h or more is started over rather than resumed', async () => {
    const store = openSqliteStore(':memory:');
    assert.equal(LAUNCHPAD_INDEX_DEFAULTS.abandonAfterMs, 120 * MIN);
    await run(indexJob(store, { maxPages: 1 }), T0);
    const job = indexJob(store, { maxPages: 1 });
    assert.match(await run(job, T0 + 120 * MIN - 1), /^resumed at page 2/);
    script.pages = [];
    assert.match(await run(job, T0 + 120 * MIN), /^new refresh, 1 pages/);
    assert.deepEqual(script.pages, [1]);
    assert.equal((await store.launchpadRefreshState()).refreshStartedAt?.getTime(), T0 + 120 * MIN);
    await store.close();
  });

  test('retention: points of days before today − 35 are deleted, day − 35 is kept', async () => {
    const store = openSqliteStore(':memory:');
    assert.equal(LAUNCHPAD_DAILY_RETENTION_DAYS, 35);
    const put = (day: string) => store.putLaunchpadDailyPoint({ mint: 'OLD', day, data: { day } });
    await put('2026-04-06'); // today − 36
    await put('2026-04-07'); // today − 35
    await put('2026-05-11');
    const summary = await run(indexJob(store), T0);
    assert.match(summary, /, 1 points deleted$/);
    assert.deepEqual((await store.launchpadDailyPoints('OLD', '2026-01-01', TODAY)).map((p) => p.day), ['2026-04-07', '2026-05-11']);
    assert.equal(await store.deleteLaunchpadDailyPointsBefore('2026-04-07'), 0);
    await store.close();
  });
});

describe('recent payouts and staleness arithmetic', () => {
  const p = (signature: string, at: number, quote_amount = 1): Payout => ({ at, quote_amount, signature });

  test('mergeRecentPayouts: deduplicated by signature (the platform\'s latest word wins), newest first', () => {
    const kept = [p('a', T0 - 3 * MIN, 1), p('b', T0 - 2 * MIN)];
    const seen = [p('c', T0 - MIN), p('a', T0 - 3 * MIN, 7)];
    assert.deepEqual(mergeRecentPayouts(kept, seen, T0), [p('c', T0 - MIN), p('b', T0 - 2 * MIN), p('a', T0 - 3 * MIN, 7)]);
    assert.deepEqual(mergeRecentPayouts([], [], T0), []);
  });

  test('mergeRecentPayouts: at most 50, the newest', () => {
    assert.equal(LAUNCHPAD_RECENT_PAYOUTS_KEPT, 50);
    const all = Array.from({ length: 60 }, (_, i) => p(`s${i}`, T0 - i * MIN));
    const merged = mergeRecentPayouts(all.slice(30), all.slice(0, 30), T0);
    assert.deepEqual(merged, all.slice(0, 50));
  });

  test('mergeRecentPayouts: kept from exactly 35 days back up to now; older and future-dated ones dropped', () => {
    const floor = T0 - 35 * DAY;
    const merged = mergeRecentPayouts([p('old', floor - 1), p('edge', floor)], [p('now', T0), p('future', T0 + 1)], T0);
    assert.deepEqual(merged.map((x) => x.signature), ['now', 'edge']);
  });

  test('stale from 30 min of age on (lower-inclusive); never refreshed is stale', async () => {
    const store = openSqliteStore(':memory:');
    assert.deepEqual(await launchpadIndexState(store, new Date(T0)), { refreshed_at: null, age_s: null, stale: true, coins: 0 });
    await store.beginLaunchpadRefresh(new Date(T0));
    await store.stageLaunchpadPage([{ mint: 'M1', data: { mint: 'M1' }, at: new Date(T0) }], null);
    assert.equal(await store.publishLaunchpadIndex(new Date(T0)), 1);
    assert.equal(LAUNCHPAD_INDEX_STALE_MS, 30 * MIN);
    assert.deepEqual(await launchpadIndexState(store, new Date(T0 + 30 * MIN - 1)), { refreshed_at: new Date(T0).toISOString(), age_s: 1799, stale: false, coins: 1 });
    assert.deepEqual(await launchpadIndexState(store, new Date(T0 + 30 * MIN)), { refreshed_at: new Date(T0).toISOString(), age_s: 1800, stale: true, coins: 1 });
    await store.close();
  });
});
