/**
 * The sandbox launch platform read back by the production client (through HttpSource) and judged by the
 * launchpad analytics: every payout status and health level present at any moment, each coin as
 * designed, quotes in every category, the RAINSTOP PAYING→STALE crossing at the exported moment,
 * paging, pricing, and determinism; the leg is wired into the sandbox providers.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { healthScore, payoutStatus } from '../../src/analytics/launchpad/index.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { createLaunchpadHandler } from '../../src/sandbox/providers/launchpad.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import {
  LAUNCHPAD_COINS,
  LAUNCHPAD_DISTRIBUTOR,
  LAUNCHPAD_PLATFORM_IDS,
  LAUNCHPAD_STALE_CROSSING_MS,
  LAUNCHPAD_STALE_LAST_PAYOUT_MS,
  launchpadLedgerAt,
  launchpadStatsAt,
  launchpadTokensAt,
  RAINSTOP,
} from '../../src/sandbox/world/launchpad.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { LaunchpadClient, rewardCoinFrom, TokenBucket, type LaunchpadTokenDetail } from '../../src/sources/launchpad.js';
import { failure } from '../helpers/source-failure.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A moment well after RAINSTOP stopped, mid-day. */
const LATER = Date.UTC(2026, 4, 12, 13, 37);

let nowMs = LATER;
const faults = new FaultController();
let server: ProviderServer;
let client: LaunchpadClient;

before(async () => {
  server = await startProviderServer('launchpad', createLaunchpadHandler(() => new Date(nowMs)), faults);
  // A generous bucket: these tests are about the platform, not the rate limit (test/sources/launchpad.test.ts).
  client = new LaunchpadClient({ http: new HttpSource({ leg: 'launchpad', baseUrl: server.url, backoffMs: 1, retries: 0, timers: sourceTimers }), bucket: new TokenBucket(1e6, 1e6) });
});
after(() => server.close());
beforeEach(() => {
  nowMs = LATER;
  faults.clear();
});

/** Every coin through the client: pages of `limit`, then each coin's detail. */
async function allCoins(limit = 10): Promise<LaunchpadTokenDetail[]> {
  const mints: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const page = await client.rewardTokens({ cursor, limit });
    mints.push(...page.tokens.map((t) => t.mint));
    if (page.next_cursor === null) return Promise.all(mints.map((m) => client.token(m)));
    cursor = page.next_cursor;
  }
  throw new Error('paging did not end');
}

function judged(details: LaunchpadTokenDetail[], at: number) {
  return details.map((d) => {
    const coin = rewardCoinFrom(d, LAUNCHPAD_DISTRIBUTOR);
    const health = healthScore(coin, at);
    return { symbol: d.symbol, status: payoutStatus(coin, at).status, level: health.level, score: health.health_score };
  });
}

describe('sandbox launch platform', () => {
  test('pages the 31 coins (4 pages of 10) and every status and health level is present, each coin as designed', async () => {
    const details = await allCoins(10);
    assert.equal(details.length, 31);
    assert.equal(new Set(details.map((d) => d.mint)).size, 31);
    const rows = judged(details, nowMs);
    const designs = new Map([...LAUNCHPAD_COINS, RAINSTOP].map((c) => [c.symbol, c]));
    for (const r of rows) {
      const d = designs.get(r.symbol)!;
      // RAINSTOP is past its crossing at LATER: STALE, still HEALTHY.
      const status = d === RAINSTOP ? 'STALE' : d.status;
      assert.deepEqual([r.status, r.level], [status, d.level], `${r.symbol} (score ${r.score})`);
    }
    assert.deepEqual([...new Set(rows.map((r) => r.status))].sort(), ['NEVER', 'NOT_REWARD', 'PAYING', 'STALE']);
    assert.deepEqual([...new Set(rows.map((r) => r.level))].sort(), ['BROKEN', 'HEALTHY', 'MIXED', 'WEAK']);
  });

  test('statuses and levels hold at every hour of a day and on other days', () => {
    for (const day of [Date.UTC(2025, 6, 1), Date.UTC(2026, 0, 16), Date.UTC(2027, 1, 28)]) {
      for (let h = 0; h < 24; h += 1.5) {
        const at = day + h * HOUR;
        for (const r of judged(launchpadTokensAt(at), at)) {
          const d = [...LAUNCHPAD_COINS, RAINSTOP].find((c) => c.symbol === r.symbol)!;
          if (d === RAINSTOP) continue;
          assert.deepEqual([r.status, r.level], [d.status, d.level], `${r.symbol} at ${new Date(at).toISOString()}`);
        }
      }
    }
  });

  test('RAINSTOP is PAYING 1 ms before the exported crossing and STALE exactly at it', async () => {
    assert.equal(LAUNCHPAD_STALE_CROSSING_MS - LAUNCHPAD_STALE_LAST_PAYOUT_MS, 24 * HOUR);
    const statusAt = async (at: number) => {
      nowMs = at;
      const page = await client.rewardTokens({ limit: 100 });
      const mint = page.tokens.find((t) => t.symbol === 'RAINSTOP')!.mint;
      const detail = await client.token(mint);
      assert.equal(detail.last_payout_at, LAUNCHPAD_STALE_LAST_PAYOUT_MS);
      return payoutStatus(rewardCoinFrom(detail, LAUNCHPAD_DISTRIBUTOR), at).status;
    };
    assert.equal(await statusAt(LAUNCHPAD_STALE_CROSSING_MS - 1), 'PAYING');
    assert.equal(await statusAt(LAUNCHPAD_STALE_CROSSING_MS), 'STALE');
    // Before its last payout it pays every 6 h: at 11:59 the last one was 06:00.
    nowMs = LAUNCHPAD_STALE_LAST_PAYOUT_MS - 60_000;
    const before = launchpadTokensAt(nowMs).find((t) => t.symbol === 'RAINSTOP')!;
    assert.equal(before.last_payout_at, LAUNCHPAD_STALE_LAST_PAYOUT_MS - 6 * HOUR);
    // It is not listed before it was created (12 days before its last payout).
    assert.equal(launchpadTokensAt(LAUNCHPAD_STALE_LAST_PAYOUT_MS - 13 * DAY).some((t) => t.symbol === 'RAINSTOP'), false);
  });

  test('payouts are periodic on the UTC grid and land as time passes', () => {
    const at = Date.UTC(2026, 4, 12, 0, 30);
    const rain = (t: number) => launchpadTokensAt(t).find((x) => x.symbol === 'SOLRAIN')!;
    // SOLRAIN: every 4 h at 01:00, 05:00, …: at 00:30 the last was 21:00 the day before.
    assert.equal(rain(at).last_payout_at, Date.UTC(2026, 4, 11, 21));
    assert.equal(rain(Date.UTC(2026, 4, 12, 1)).last_payout_at, Date.UTC(2026, 4, 12, 1));
    const gaps = rain(at).payouts.slice(1).map((p, i) => p.at - rain(at).payouts[i]!.at);
    assert.ok(gaps.every((g) => g === 4 * HOUR));
    // A payout that happened never changes later.
    const p = rain(at).payouts.find((x) => x.at === Date.UTC(2026, 4, 11, 21))!;
    assert.deepEqual(rain(at + 5 * HOUR).payouts.find((x) => x.at === p.at), p);
    assert.ok(rain(at).payouts.every((x) => x.usd !== null && x.usd > 0 && x.quote_amount > 0));
  });

  test('quotes in every category, some not launchable; pricing only for launchable quotes', async () => {
    const pairs = await client.pairs();
    assert.deepEqual([...new Set(pairs.map((p) => p.category))].sort(), ['collectible', 'currency', 'custom', 'leverage', 'prestock', 'solana', 'xstock']);
    const closed = pairs.filter((p) => !p.launchable).map((p) => p.symbol);
    assert.deepEqual(closed, ['NVDAx', 'CARDS']);
    const sol = pairs.find((p) => p.symbol === 'SOL')!;
    const reward = await client.launchPricing(sol.quote_mint, 'reward');
    const standard = await client.launchPricing(sol.quote_mint, 'standard');
    assert.deepEqual([reward.platform_id, standard.platform_id], [LAUNCHPAD_PLATFORM_IDS.reward, LAUNCHPAD_PLATFORM_IDS.standard]);
    assert.deepEqual(reward.transfer_fee, { tiers_bps: [100, 300], max_fee: '10000000000000' });
    assert.equal(standard.transfer_fee, null);
    // 85 SOL at 9 decimals.
    assert.equal(reward.raise, '85000000000');
    const nvda = pairs.find((p) => p.symbol === 'NVDAx')!;
    assert.equal((await failure(client.launchPricing(nvda.quote_mint, 'reward'))).kind, 'not_found');
  });

  test('the ledger: all coins or one, strictly after since; stats agree with the tokens', async () => {
    const all = await client.rewardsLedger();
    assert.deepEqual(all, launchpadLedgerAt(nowMs));
    assert.ok(all.every((e, i) => i === 0 || e.at >= all[i - 1]!.at));
    const rain = launchpadTokensAt(nowMs).find((t) => t.symbol === 'SOLRAIN')!;
    const since = rain.payouts.at(-3)!.at;
    const mine = await client.rewardsLedger(rain.mint, since);
    assert.deepEqual(mine.map((e) => e.at), rain.payouts.slice(-2).map((p) => p.at));
    const stats = await client.stats();
    assert.deepEqual(stats, launchpadStatsAt(nowMs));
    assert.equal(stats.tokens, 31);
    assert.equal(stats.platform_distributor, LAUNCHPAD_DISTRIBUTOR);
    // Reward coins = not zero-rate, not no-fee, adopted: 31 − SOLZERO, SOLNOFEE, USDCNONE, LEVFEE, TSLAORPH.
    assert.equal(stats.reward_tokens, 26);
    // Launched in the last 24 h at 13:37: the three age-0 coins SOLNEW, MEMENEVER, MEMEFRESH (created at 18:00 the day before).
    assert.equal(stats.launches_24h, 3);
  });

  test('the same clock gives the same answers (determinism)', async () => {
    const a = await allCoins(100);
    const b = await allCoins(7);
    assert.deepEqual(a, b);
    assert.deepEqual(launchpadTokensAt(LATER), launchpadTokensAt(LATER));
    assert.deepEqual(launchpadStatsAt(LATER), launchpadStatsAt(LATER));
  });

  test('unknown mint is not_found; bad paging is refused; faults reach the client', async () => {
    assert.equal((await failure(client.token(LAUNCHPAD_DISTRIBUTOR))).kind, 'not_found');
    assert.equal((await fetch(`${server.url}/api/v1/reward-tokens?cursor=zzz`)).status, 400);
    assert.equal((await fetch(`${server.url}/api/v1/reward-tokens?limit=0`)).status, 400);
    assert.equal((await fetch(`${server.url}/api/v1/nothing`)).status, 404);
    faults.set('launchpad', { malformed: true });
    assert.equal((await failure(client.pairs())).kind, 'malformed');
    faults.set('launchpad', { wrongShape: true });
    assert.equal((await failure(client.stats())).kind, 'malformed');
    faults.set('launchpad', { errorRate: 1 });
    assert.equal((await failure(client.stats())).kind, 'unavailable');
  });
});

describe('launchpad in the sandbox providers', () => {
  test('startSandboxProviders serves the leg and hands its URL to createSources', async () => {
    const { startSandboxProviders } = await import('../../src/sandbox/providers/index.js');
    const { createSandboxWorld } = await import('../../src/sandbox/world/index.js');
    const { createSources } = await import('../../src/sources/index.js');
    const providers = await startSandboxProviders(createSandboxWorld('launchpad-test'), () => new Date(LATER), new FaultController());
    try {
      assert.equal(providers.servers.launchpad.leg, 'launchpad');
      assert.equal(providers.urls.launchpad, providers.servers.launchpad.url);
      const sources = createSources(providers.urls, {}, { timeoutMs: 2000, retries: 0 }, undefined, sourceTimers);
      assert.equal((await sources.launchpad.stats()).tokens, 31);
    } finally {
      await providers.close();
    }
  });
});
