/**
 * The launchpad index job against the real sandbox platform (through the production client) and a
 * scripted proxy that fails chosen pages: a full refresh indexes every coin; a failing 2nd page leaves the
 * previous index serving and the next run resumes there; a slow platform saves partial progress without
 * publishing; the SQLite file survives a restart; retention at 35 days; daily point and staleness
 * arithmetic on hand-computed numbers at their boundaries.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import {
  dailyPointOf,
  indexedCoin,
  LAUNCHPAD_INDEX_STALE_MS,
  launchpadIndexJob,
  launchpadIndexState,
} from '../../src/jobs/launchpad-index.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { createLaunchpadHandler } from '../../src/sandbox/providers/launchpad.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import { launchpadTokensAt } from '../../src/sandbox/world/launchpad.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { LaunchpadClient, TokenBucket } from '../../src/sources/launchpad.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Job budgets on manual time: they pass only when a test moves it (src/lib/timers.ts). */
const timers = new ManualTimers();

const MIN = 60_000;
/** Mid-day, well after every sandbox coin was created. */
const T0 = Date.UTC(2026, 4, 12, 13, 30);
const TODAY = '2026-05-12';
const never = new AbortController().signal;
const PAGE = 10; // 31 coins → 4 pages

let nowMs = T0;
/** The platform's latency waits on the same manual time as the job's budget. */
const faults = new FaultController({}, timers);
let platform: ProviderServer;
let proxy: Server;
let proxyUrl: string;
/** Scripted failures of the proxy: page requests (with a cursor, i.e. page 2+) answered 503 while set. */
const script = { failCursorPages: false, pageRequests: [] as (string | null)[] };

before(async () => {
  platform = await startProviderServer('launchpad', createLaunchpadHandler(() => new Date(nowMs)), faults);
  proxy = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    if (url.pathname === '/api/v1/reward-tokens') {
      const cursor = url.searchParams.get('cursor');
      script.pageRequests.push(cursor);
      if (cursor !== null && script.failCursorPages) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"scripted failure"}');
        return;
      }
    }
    fetch(`${platform.url}${url.pathname}${url.search}`).then(async (r) => {
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' }).end(await r.text());
    }, () => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  proxyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
after(async () => {
  await platform.close();
  await new Promise((resolve) => proxy.close(resolve));
});
beforeEach(() => {
  nowMs = T0;
  faults.clear();
  script.failCursorPages = false;
  script.pageRequests = [];
});

const client = (baseUrl: string) =>
  new LaunchpadClient({ http: new HttpSource({ leg: 'launchpad', baseUrl, backoffMs: 1, retries: 0, timers }), bucket: new TokenBucket(1e6, 1e6) });

describe('launchpad index job', () => {
  test('a full refresh indexes every coin (4 pages of 10), publishes, and writes today\'s daily points', async () => {
    const store = openSqliteStore(':memory:');
    const job = launchpadIndexJob({ store, client: client(platform.url), pageLimit: PAGE });
    const summary = await job.run({ now: new Date(T0), signal: never, timers });
    assert.match(summary, /^new refresh, 4 pages \(31 coins\) staged, index published with 31 coins, 31 daily points written, 0 points deleted$/);
    const expected = launchpadTokensAt(T0);
    const coins = (await store.launchpadCoins()).map(indexedCoin);
    assert.deepEqual(coins.map((c) => c.mint).sort(), expected.map((c) => c.mint).sort());
    const solrain = expected.find((c) => c.symbol === 'SOLRAIN')!;
    assert.deepEqual(indexedCoin((await store.launchpadCoin(solrain.mint))!), solrain);
    assert.deepEqual(await launchpadIndexState(store, new Date(T0)), { refreshed_at: new Date(T0).toISOString(), age_s: 0, stale: false, coins: 31 });
    const [point] = await store.launchpadDailyPoints(solrain.mint, TODAY, TODAY);
    assert.deepEqual(point?.data, dailyPointOf(solrain, TODAY, new Date(T0)));
    assert.ok((point!.data.distributions_quote as number) > 0, 'SOLRAIN paid today');
    const state = await store.launchpadRefreshState();
    assert.equal(state.refreshStartedAt, null);
    assert.equal(state.cursor, null);
    await store.close();
  });

  test('a failing 2nd page leaves the previous index serving; the next run resumes at page 2 and completes', async () => {
    const store = openSqliteStore(':memory:');
    const job = launchpadIndexJob({ store, client: client(proxyUrl), pageLimit: PAGE });
    await job.run({ now: new Date(T0), signal: never, timers });
    const before = await store.launchpadCoins();

    script.failCursorPages = true;
    script.pageRequests = [];
    const t1 = T0 + 10 * MIN;
    nowMs = t1;
    await assert.rejects(job.run({ now: new Date(t1), signal: never, timers }));
    assert.deepEqual(script.pageRequests.map((c) => c === null), [true, false], 'page 1 read, page 2 failed');
    assert.deepEqual(await store.launchpadCoins(), before, 'the previous index keeps serving, untouched');
    const failed = await store.launchpadRefreshState();
    assert.equal(failed.pages, 1);
    assert.notEqual(failed.cursor, null);
    assert.equal(failed.refreshedAt?.getTime(), T0);
    assert.match(failed.lastError ?? '', /^page 2: /);
    assert.deepEqual(await launchpadIndexState(store, new Date(t1)), { refreshed_at: new Date(T0).toISOString(), age_s: 600, stale: false, coins: 31 });

    script.failCursorPages = false;
    script.pageRequests = [];
    const t2 = T0 + 20 * MIN;
    nowMs = t2;
    const summary = await job.run({ now: new Date(t2), signal: never, timers });
    assert.match(summary, /^resumed at page 2, 3 pages \(21 coins\) staged, index published with 31 coins/);
    assert.equal(script.pageRequests[0], failed.cursor, 'continued from the saved cursor, page 1 not read again');
    assert.equal(script.pageRequests.length, 3);
    const done = await store.launchpadRefreshState();
    assert.equal(done.refreshedAt?.getTime(), t2);
    assert.equal(done.lastError, null);
    assert.equal(done.coins, 31);
    await store.close();
  });

  test('a slow platform (latency beyond the budget): partial progress saved, index unchanged until complete', async () => {
    const store = openSqliteStore(':memory:');
    // 300 ms a request, on manual time: page 1 = 1 page read + 10 details in 3 rounds of ≤4, done at 1.2 s;
    // page 2's read ends at 1.5 s and its first round of details would end at 1.8 s, when the 1.8 s budget
    // (set before any request, so first among timers due then) has already cut it.
    faults.set('launchpad', { latencyMs: 300 });
    const job = launchpadIndexJob({ store, client: client(platform.url), pageLimit: PAGE, detailConcurrency: 4, budgetMs: 1_800 });
    const start = timers.now();
    const held = faults.stallCount('launchpad');
    const run = job.run({ now: new Date(T0), signal: never, timers });
    // Cumulative requests held when each round is in flight: page 1 read, 4 + 4 + 2 details, page 2 read, 4 details.
    for (const count of [1, 5, 9, 11, 12, 16]) {
      await faults.stalled('launchpad', held + count);
      timers.advance(300);
    }
    const summary = await run;
    assert.equal(timers.now() - start, 1_800);
    assert.equal(faults.stallCount('launchpad') - held, 16, 'no request after the budget ran out');
    assert.match(summary, /^new refresh, 1 pages \(10 coins\) staged, out of time budget \(1800 ms\) after 1 pages; the next run resumes$/);
    const partial = await store.launchpadRefreshState();
    assert.equal(partial.pages, 1);
    assert.notEqual(partial.cursor, null);
    assert.equal(partial.coins, 0, 'nothing published');
    assert.deepEqual(await store.launchpadCoins(), []);
    assert.deepEqual(await launchpadIndexState(store, new Date(T0)), { refreshed_at: null, age_s: null, stale: true, coins: 0 });

    faults.clear();
    const t1 = T0 + 10 * MIN;
    nowMs = t1;
    const done = await launchpadIndexJob({ store, client: client(platform.url), pageLimit: PAGE }).run({ now: new Date(t1), signal: never, timers });
    assert.match(done, /^resumed at page 2, 3 pages \(21 coins\) staged, index published with 31 coins/);
    assert.equal((await store.launchpadCoins()).length, 31);
    await store.close();
  });

  test('the page bound ends a run early; the next run resumes', async () => {
    const store = openSqliteStore(':memory:');
    const job = launchpadIndexJob({ store, client: client(platform.url), pageLimit: PAGE, maxPages: 2 });
    assert.equal(await job.run({ now: new Date(T0), signal: never, timers }), 'new refresh, 2 pages (20 coins) staged, page bound 2 reached; the next run resumes');
    assert.equal((await store.launchpadRefreshState()).coins, 0);
    assert.match(await job.run({ now: new Date(T0 + 10 * MIN), signal: never, timers }), /^resumed at page 3, 2 pages \(11 coins\) staged, index published with 31 coins/);
    await store.close();
  });

  test('restart: the index, the daily points and a refresh in progress survive closing and reopening the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'launchpad-index-'));
    try {
      const file = join(dir, 'store.sqlite');
      let store = openSqliteStore(file);
      await launchpadIndexJob({ store, client: client(platform.url), pageLimit: PAGE }).run({ now: new Date(T0), signal: never, timers });
      const t1 = T0 + 10 * MIN;
      await launchpadIndexJob({ store, client: client(platform.url), pageLimit: PAGE, maxPages: 1 }).run({ now: new Date(t1), signal: never, timers });
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
      assert.equal(state.refreshStartedAt?.getTime(), t1);
      const t2 = T0 + 20 * MIN;
      assert.match(await launchpadIndexJob({ store, client: client(platform.url), pageLimit: PAGE }).run({ now: new Date(t2), signal: never, timers }), /^resumed at page 2, 3 pages/);
      assert.equal((await store.launchpadRefreshState()).refreshedAt?.getTime(), t2);
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a refresh in progress for 2 h or more is started over rather than resumed', async () => {
    const store = openSqliteStore(':memory:');
    await launchpadIndexJob({ store, client: client(platform.url), pageLimit: PAGE, maxPages: 1 }).run({ now: new Date(T0), signal: never, timers });
    const job = launchpadIndexJob({ store, client: client(platform.url), pageLimit: PAGE, maxPages: 1 });
    assert.match(await job.run({ now: new Date(T0 + 120 * MIN - 1), signal: never, timers }), /^resumed at page 2/);
    assert.match(await job.run({ now: new Date(T0 + 120 * MIN), signal: never, timers }), /^new refresh/);
    await store.close();
  });

  test('retention: points of days before today − 35 are deleted, day − 35 is kept', async () => {
    const store = openSqliteStore(':memory:');
    const put = (day: string) => store.putLaunchpadDailyPoint({ mint: 'OLD', day, data: { day } });
    await put('2026-04-06'); // today − 36
    await put('2026-04-07'); // today − 35
    await put('2026-05-11');
    const summary = await launchpadIndexJob({ store, client: client(platform.url), pageLimit: PAGE }).run({ now: new Date(T0), signal: never, timers });
    assert.match(summary, /, 1 points deleted$/);
    assert.deepEqual((await store.launchpadDailyPoints('OLD', '2026-01-01', TODAY)).map((p) => p.day), ['2026-04-07', '2026-05-11']);
    assert.equal(await store.deleteLaunchpadDailyPointsBefore('2026-04-07'), 0);
    await store.close();
  });

  test('yesterday\'s point gets the payouts that landed after its last refresh; its market cap and holders stay', async () => {
    const store = openSqliteStore(':memory:');
    const rain = launchpadTokensAt(T0).find((c) => c.symbol === 'SOLRAIN')!;
    const late = Date.UTC(2026, 4, 11, 23, 55);
    // As if its last refresh of the day saw none of the day's payouts (they landed later).
    await store.putLaunchpadDailyPoint({ mint: rain.mint, day: '2026-05-11', data: {
      day: '2026-05-11', at: late, distributions_quote: 0, distributions_usd: 0, market_cap_usd: 1, holders: 2,
    } });
    await launchpadIndexJob({ store, client: client(platform.url), pageLimit: PAGE }).run({ now: new Date(T0), signal: never, timers });
    const [fixed] = await store.launchpadDailyPoints(rain.mint, '2026-05-11', '2026-05-11');
    assert.deepEqual(fixed!.data, dailyPointOf({ ...rain, market_cap_usd: 1, holders: 2 }, '2026-05-11', new Date(late)));
    assert.ok((fixed!.data.distributions_quote as number) > 0, 'SOLRAIN paid on 2026-05-11');
    await store.close();
  });
});

describe('daily point and staleness arithmetic', () => {
  test('distributions sum the payouts of the UTC day, lower-inclusive at midnight; unpriced payouts add no USD', () => {
    const payouts = [
      { at: Date.UTC(2026, 4, 11, 23, 59, 59, 999), quote_amount: 100, usd: 200, signature: 'a' }, // the day before
      { at: Date.UTC(2026, 4, 12, 0, 0, 0, 0), quote_amount: 1.5, usd: 3, signature: 'b' }, // midnight: this day
      { at: Date.UTC(2026, 4, 12, 12), quote_amount: 2.25, usd: null, signature: 'c' }, // unpriced
      { at: Date.UTC(2026, 4, 12, 23, 59, 59, 999), quote_amount: 0.25, usd: 0.5, signature: 'd' },
      { at: Date.UTC(2026, 4, 13, 0, 0, 0, 0), quote_amount: 50, usd: 75, signature: 'e' }, // the next day
    ];
    const at = new Date(Date.UTC(2026, 4, 12, 13));
    assert.deepEqual(dailyPointOf({ payouts, market_cap_usd: 420_000, holders: 1850 }, TODAY, at), {
      day: TODAY, at: at.getTime(), distributions_quote: 4, distributions_usd: 3.5, market_cap_usd: 420_000, holders: 1850,
    });
    assert.deepEqual(dailyPointOf({ payouts: [], market_cap_usd: null, holders: null }, TODAY, at), {
      day: TODAY, at: at.getTime(), distributions_quote: 0, distributions_usd: 0, market_cap_usd: null, holders: null,
    });
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
