/**
 * The sandbox launch platform speaks StonkFun's real format: every route read back by the production
 * client (`LaunchpadClient` over HttpSource, i.e. the same wire schemas the live service validates
 * with), paging by volume, the platform's error bodies, lifetime totals that agree with the recent
 * distributions payout by payout, and the chain (sandbox data RPC) giving every coin of the cast its
 * designed fee, authorities, mutability, adoption and top-10 share through `readCoinChainFacts`. The
 * sandbox aggregator prices every quote. Assembled as the index assembles them (src/launchpad-index/coins.ts)
 * and judged by the launchpad analytics, the coins show every payout status and health level as designed.
 * The leg is wired into the sandbox providers.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { createJupiterHandler } from '../../src/sandbox/providers/jupiter.js';
import { createLaunchpadHandler } from '../../src/sandbox/providers/launchpad.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import { createSolanaDataRpcHandler } from '../../src/sandbox/providers/solana-data-rpc/index.js';
import { createSandboxWorld } from '../../src/sandbox/world/index.js';
import {
  coinMint,
  coinMode,
  LAUNCHPAD_ALL_COINS,
  LAUNCHPAD_COINS,
  LAUNCHPAD_DISTRIBUTOR,
  LAUNCHPAD_OTHER_PLATFORM,
  LAUNCHPAD_OUTSIDER,
  LAUNCHPAD_PLATFORM_IDS,
  LAUNCHPAD_QUOTES,
  LAUNCHPAD_STALE_CROSSING_MS,
  LAUNCHPAD_STALE_LAST_PAYOUT_MS,
  launchpadTokensAt,
  quoteMint,
  RAINSTOP,
  type CoinDesign,
} from '../../src/sandbox/world/launchpad/index.js';
import { healthScore } from '../../src/analytics/launchpad/index.js';
import { assembleCoins, readPlatformFacts, totalsOf } from '../../src/launchpad-index/coins.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { JupiterClient } from '../../src/sources/jupiter.js';
import { LaunchpadClient, LAUNCHPAD_QUOTE_CATEGORIES, normalizeCategory, TokenBucket, type StonkLedgerLaunch, type StonkToken } from '../../src/sources/launchpad.js';
import { LAUNCHLAB_PROGRAM_ID, readCoinChainFacts } from '../../src/sources/launchpad-chain.js';
import { SolanaRpcClient } from '../../src/sources/solana-rpc.js';
import { wireParser } from '../../src/sources/wire.js';
import { StonkErrorSchema } from '../../src/sources/wire/launchpad.js';
import { failure } from '../helpers/source-failure.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A moment well after RAINSTOP stopped, mid-day. */
const LATER = Date.UTC(2026, 4, 12, 13, 37);
const SUPPLY = '1000000000000000';
const ALL = LAUNCHPAD_ALL_COINS.length;
const REWARD_COINS = LAUNCHPAD_ALL_COINS.filter((c) => coinMode(c) === 'reward').length;
const parseError = wireParser(StonkErrorSchema);

let nowMs = LATER;
const faults = new FaultController();
const world = createSandboxWorld('launchpad-platform-test');
let platform: ProviderServer;
let chain: ProviderServer;
let jupiter: ProviderServer;
let client: LaunchpadClient;
let rpc: SolanaRpcClient;

before(async () => {
  const clock = () => new Date(nowMs);
  platform = await startProviderServer('launchpad', createLaunchpadHandler(clock), faults);
  chain = await startProviderServer('chain_rpc', createSolanaDataRpcHandler(world, clock), faults);
  jupiter = await startProviderServer('price_aggregator', createJupiterHandler(world, clock), faults);
  // A generous bucket: these tests are about the platform, not the rate limit (test/sources/launchpad.test.ts).
  client = new LaunchpadClient({ http: new HttpSource({ leg: 'launchpad', baseUrl: platform.url, backoffMs: 1, retries: 0, timers: sourceTimers }), bucket: new TokenBucket(1e6, 1e6) });
  rpc = new SolanaRpcClient({ http: new HttpSource({ leg: 'chain_rpc', baseUrl: chain.url, backoffMs: 1, retries: 0, timers: sourceTimers }) });
});
after(async () => {
  await platform.close();
  await chain.close();
  await jupiter.close();
});
beforeEach(() => {
  nowMs = LATER;
  faults.clear();
});

const design = (symbol: string): CoinDesign => LAUNCHPAD_ALL_COINS.find((c) => c.symbol === symbol)!;
const byMint = (a: { mint: string }, b: { mint: string }) => (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0);

/** Every listed coin through the client, page by page. */
async function allTokens(pageSize: number, sort?: string): Promise<StonkToken[]> {
  const out: StonkToken[] = [];
  for (let page = 1; ; page++) {
    const p = await client.tokens({ page, pageSize, ...(sort !== undefined ? { sort } : {}) });
    assert.equal(p.skipped, 0, `page ${page} had malformed coins`);
    out.push(...p.tokens);
    if (page >= p.totalPages) return out;
  }
}

async function raw(path: string, init?: RequestInit): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(`${platform.url}${path}`, init);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe('sandbox launch platform: the real routes through the client', () => {
  test('/pairs: ten quotes, raw categories include tessera and backpack, every normalized category covered', async () => {
    const pairs = await client.pairs();
    assert.equal(pairs.skipped, 0);
    assert.equal(pairs.items.length, LAUNCHPAD_QUOTES.length);
    const raws = new Set(pairs.items.map((p) => p.category));
    assert.ok(raws.has('tessera') && raws.has('backpack'));
    assert.equal(pairs.items.find((p) => p.category === 'backpack')!.categoryLabel, 'Sunrise');
    assert.deepEqual([...new Set(pairs.items.map((p) => normalizeCategory(p.category)))].sort(), [...LAUNCHPAD_QUOTE_CATEGORIES].sort());
    for (const q of LAUNCHPAD_QUOTES) {
      const p = pairs.items.find((x) => x.mint === quoteMint(q))!;
      assert.equal(normalizeCategory(p.category), q.category, q.symbol);
      assert.equal(p.tokenProgram, q.token2022 ? 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' : 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
    }
    assert.deepEqual(pairs.items.filter((p) => !p.launchable).map((p) => p.symbol), ['NVDAx', 'CARDS']);
    // The envelope: `meta.generatedAt` is the clock.
    const body = (await raw('/pairs')).body as { meta: { generatedAt: string } };
    assert.equal(body.meta.generatedAt, new Date(LATER).toISOString());
  });

  test('/tokens/{mint} and /tokens/{mint}/rewards for every coin: fields as designed', async () => {
    const tokens = await allTokens(100);
    assert.equal(tokens.length, ALL);
    const worldCoins = launchpadTokensAt(LATER);
    for (const c of LAUNCHPAD_ALL_COINS) {
      const mint = coinMint(c);
      const { token, launch, network } = await client.token(mint);
      assert.equal(network, 'mainnet-beta');
      assert.deepEqual(token, tokens.find((t) => t.mint === mint), `${c.symbol}: the detail is the listed coin`);
      assert.equal(token.mode, coinMode(c), c.symbol);
      // transferFee only on transfer-fee coins (fee-share and standard coins carry none); flywheel only when on.
      assert.deepEqual(token.transferFee, c.bps === null ? undefined : { bps: c.bps }, c.symbol);
      assert.deepEqual(token.flywheel, c.flywheel ? { active: true } : undefined, c.symbol);
      assert.equal(token.market.marketCapUsd, c.mcap);
      assert.equal(token.market.volume24hUsd, c.vol24);
      assert.equal(token.quote.mint, quoteMint(LAUNCHPAD_QUOTES.find((q) => q.symbol === c.quote)!));
      assert.equal(token.status, c.mcap >= 40_000 ? 'graduated' : 'active');
      assert.equal(launch?.mint, mint);
      assert.equal(launch?.pool, token.pool);

      const rewards = await client.tokenRewards(mint);
      assert.equal(rewards.mode, coinMode(c));
      if (coinMode(c) === 'standard') {
        assert.equal(rewards.rewards, null, c.symbol);
        continue;
      }
      const r = rewards.rewards!;
      const designed = worldCoins.find((t) => t.symbol === c.symbol)!;
      assert.equal(r.distributedRaw, designed.distributedRaw.toString(), c.symbol);
      assert.equal(r.distributedTokens, Number(BigInt(r.distributedRaw)) / 10 ** rewards.quote.decimals, `${c.symbol}: raw and UI agree exactly`);
      assert.equal(r.payoutCount, designed.payouts.length);
      assert.equal(r.holderCount, c.holders);
      assert.equal(r.lastPayoutAt, designed.lastPayoutAt === null ? null : new Date(designed.lastPayoutAt).toISOString());
      // Nothing is pending for a coin that stopped or never paid.
      if (c.status !== 'PAYING') assert.equal(r.undistributedRaw, '0', c.symbol);
    }
  });

  test('fee-share coins: reward mode, no transferFee, classic SPL on chain (two: one PAYING, one STALE)', async () => {
    const feeShare = LAUNCHPAD_COINS.filter((c) => c.feeShare === true);
    assert.deepEqual(feeShare.map((c) => c.status).sort(), ['PAYING', 'STALE']);
    for (const c of feeShare) {
      const { token } = await client.token(coinMint(c));
      assert.equal(token.mode, 'reward');
      assert.equal('transferFee' in token, false);
      const account = (await rpc.getAccountInfo(coinMint(c))).value!;
      assert.equal(account.owner, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
    }
  });

  test('/launchlab/pricing for every listed quote (launchable or not), both modes in one document', async () => {
    for (const q of LAUNCHPAD_QUOTES) {
      const p = await client.launchLabPricing(quoteMint(q));
      assert.equal(p.quote.mint, quoteMint(q));
      assert.equal(p.quote.decimals, q.decimals);
      assert.equal(p.raise.units, q.raise, q.symbol);
      assert.equal(p.raise.raw, (BigInt(q.raise) * 10n ** BigInt(q.decimals)).toString());
      assert.deepEqual(p.platform, LAUNCHPAD_PLATFORM_IDS);
      assert.equal(p.curve.curveType, 'ConstantCurve');
      assert.equal(p.curve.cpmmCreatorFeeOn, 0);
      assert.deepEqual([p.curve.supply, p.curve.totalSellA], [SUPPLY, '793100000000000']);
      assert.deepEqual(p.modes.reward.transferFeeBps, [100, 300]);
      assert.equal(p.modes.reward.withdrawWithheldAuthority, LAUNCHPAD_DISTRIBUTOR);
      assert.equal(p.modes.standard.transferFee, null);
      assert.notEqual(p.curveRule.standard, p.curveRule.reward);
      // The curve's graduation multiple is the same for every quote (same supply and sale).
      assert.ok(Math.abs(p.marketCap!.graduationMultiple! - 14.6938) < 0.001, `${q.symbol}: ${p.marketCap!.graduationMultiple}`);
    }
  });

  test('/stats and /rewards: platform totals', async () => {
    const stats = await client.stats();
    assert.equal(stats.tokens.total, ALL);
    assert.equal(stats.tokens.rewardLaunches, REWARD_COINS);
    assert.equal(stats.tokens.totalMarketCapUsd, LAUNCHPAD_ALL_COINS.reduce((s, c) => s + c.mcap, 0));
    assert.equal(stats.config?.launchLabEnabled, true);
    const ledger = await client.rewards();
    assert.equal(ledger.skipped, 0);
    assert.equal(ledger.launches.length, REWARD_COINS);
    assert.equal(ledger.distributions.length, 100);
  });
});

describe('sandbox launch platform: paging, sorting, errors', () => {
  test('/tokens pages by 24 h volume, highest first, ties by mint; other sorts by market cap; mode filters', async () => {
    const expected = (key: (c: CoinDesign) => number) => LAUNCHPAD_ALL_COINS
      .map((c) => ({ mint: coinMint(c), k: key(c) }))
      .sort((a, b) => b.k - a.k || byMint(a, b))
      .map((x) => x.mint);
    const byVolume = await allTokens(7);
    assert.deepEqual(byVolume.map((t) => t.mint), expected((c) => c.vol24));
    // Two coins trade nothing: their order is by mint.
    assert.equal(LAUNCHPAD_ALL_COINS.filter((c) => c.vol24 === 0).length, 2);
    const first = await client.tokens({ page: 1, pageSize: 7 });
    assert.deepEqual([first.page, first.totalPages, first.total, first.tokens.length], [1, Math.ceil(ALL / 7), ALL, 7]);
    const beyond = await client.tokens({ page: 9, pageSize: 7 });
    assert.deepEqual([beyond.tokens.length, beyond.total], [0, ALL]);
    for (const sort of ['marketCap', 'nonsense']) assert.deepEqual((await allTokens(10, sort)).map((t) => t.mint), expected((c) => c.mcap), sort);
    const standard = await client.tokens({ mode: 'standard' });
    assert.deepEqual(standard.tokens.map((t) => t.symbol).sort(), ['SOLNOFEE', 'USDCNONE']);
    assert.equal((await client.tokens({ mode: 'reward' })).total, REWARD_COINS);
    // A page size above 100 is answered with 100.
    const big = (await raw('/tokens?pageSize=500')).body as { data: { pagination: { pageSize: number } } };
    assert.equal(big.data.pagination.pageSize, 100);
  });

  test('errors are the platform\'s bodies: invalid_request 400, not_found 404, method_not_allowed 405', async () => {
    const expectError = async (path: string, status: number, code: string, init?: RequestInit) => {
      const r = await raw(path, init);
      assert.equal(r.status, status, path);
      const body = parseError(r.body);
      assert.equal(body.error.code, code, path);
      return { ...r, body };
    };
    const bad = await expectError('/tokens/not-a-mint', 400, 'invalid_request');
    assert.equal(bad.body.error.message, 'The mint must be a base58 Solana address.');
    await expectError('/tokens/0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl/rewards', 400, 'invalid_request');
    await expectError(`/tokens/${LAUNCHPAD_DISTRIBUTOR}`, 404, 'not_found');
    await expectError(`/tokens/${LAUNCHPAD_DISTRIBUTOR}/rewards`, 404, 'not_found');
    await expectError('/launchlab/pricing', 400, 'invalid_request');
    await expectError(`/launchlab/pricing?quoteMint=${LAUNCHPAD_DISTRIBUTOR}`, 404, 'not_found');
    await expectError('/tokens?page=0', 400, 'invalid_request');
    await expectError('/tokens?mode=pump', 400, 'invalid_request');
    await expectError('/rewards?limit=x', 400, 'invalid_request');
    await expectError('/api/v1/pairs', 404, 'not_found');
    const post = await expectError('/pairs', 405, 'method_not_allowed', { method: 'POST' });
    assert.equal(post.headers.get('allow'), 'GET');
    // Through the client: an unknown mint or quote is not_found; a malformed mint is the platform refusing.
    assert.equal((await failure(client.token(LAUNCHPAD_DISTRIBUTOR))).kind, 'not_found');
    assert.equal((await failure(client.launchLabPricing(LAUNCHPAD_DISTRIBUTOR))).kind, 'not_found');
    assert.equal((await failure(client.token('not-a-mint'))).status, 400);
    // The real path prefix is accepted too.
    assert.equal((await raw('/api/public/v1/stats')).status, 200);
  });

  test('faults reach the client', async () => {
    faults.set('launchpad', { malformed: true });
    assert.equal((await failure(client.pairs())).kind, 'malformed');
    faults.set('launchpad', { wrongShape: true });
    assert.equal((await failure(client.stats())).kind, 'malformed');
    faults.set('launchpad', { errorRate: 1 });
    assert.equal((await failure(client.stats())).kind, 'unavailable');
  });
});

describe('sandbox launch platform: totals and distributions', () => {
  test('lifetime totals agree with /tokens/{mint}/rewards; never-paid reward coins are listed; biggest first', async () => {
    const ledger = await client.rewards();
    const sorted = [...ledger.launches].sort((a, b) => b.distributedTokens - a.distributedTokens || byMint(a, b));
    assert.deepEqual(ledger.launches.map((l) => l.mint), sorted.map((l) => l.mint));
    for (const l of ledger.launches) {
      const one = (await client.tokenRewards(l.mint)).rewards!;
      assert.deepEqual(
        [l.distributedRaw, l.distributedTokens, l.payoutCount, l.holderCount, l.lastPayoutAt],
        [one.distributedRaw, one.distributedTokens, one.payoutCount, one.holderCount, one.lastPayoutAt],
      );
    }
    const never = ledger.launches.filter((l) => l.payoutCount === 0);
    assert.deepEqual(
      never.map((l) => LAUNCHPAD_ALL_COINS.find((c) => coinMint(c) === l.mint)!.symbol).sort(),
      ['LEVFEE', 'MEMENEVER', 'OAIWAIT', 'SOLNEW', 'SOLZERO', 'USD1QUIET'],
    );
    assert.ok(never.every((l) => l.lastPayoutAt === null && l.distributedRaw === '0'));
    assert.equal(ledger.launches.some((l) => l.mint === coinMint(design('SOLNOFEE'))), false, 'standard launches are not reward launches');
    assert.equal((await client.rewards(5)).launches.length, 5);
  });

  test('recent distributions: the latest 100 newest first, each coin\'s newest at its lastPayoutAt', async () => {
    const { launches, distributions } = await client.rewards();
    assert.equal(distributions.length, 100);
    assert.ok(distributions.every((d, i) => i === 0 || d.distributedAt <= distributions[i - 1]!.distributedAt));
    assert.equal(new Set(distributions.map((d) => d.signature)).size, 100);
    const totals = new Map(launches.map((l) => [l.mint, l]));
    for (const d of distributions) {
      const l = totals.get(d.mint)!;
      assert.equal(d.quoteMint, l.quote.mint);
      assert.equal(d.amountTokens, Number(BigInt(d.amountRaw)) / 10 ** l.quote.decimals);
      assert.ok(d.distributedAt <= l.lastPayoutAt!, 'no distribution after the coin\'s last payout');
    }
    for (const mint of new Set(distributions.map((d) => d.mint))) {
      assert.equal(distributions.find((d) => d.mint === mint)!.distributedAt, totals.get(mint)!.lastPayoutAt);
    }
  });

  test('totals grow by exactly the distributions that landed in between', async () => {
    const at = async (t: number) => {
      nowMs = t;
      return client.rewards();
    };
    const before = await at(LATER);
    const later = await at(LATER + 6 * HOUR);
    const since = new Date(LATER).toISOString();
    const landed = later.distributions.filter((d) => d.distributedAt > since);
    // Fewer than the 100 listed, so every one that landed is in the list.
    assert.ok(landed.length > 5 && landed.length < 100, `${landed.length} distributions in 6 h`);
    const was = new Map(before.launches.map((l) => [l.mint, l]));
    for (const l of later.launches) {
      const mine = landed.filter((d) => d.mint === l.mint);
      const prev: StonkLedgerLaunch = was.get(l.mint)!;
      assert.equal(BigInt(l.distributedRaw) - BigInt(prev.distributedRaw), mine.reduce((s, d) => s + BigInt(d.amountRaw), 0n), l.mint);
      assert.equal(l.payoutCount - prev.payoutCount, mine.length);
    }
  });

  test('RAINSTOP: listed from its creation, pays every 6 h until its last payout, then nothing', async () => {
    const rain = coinMint(RAINSTOP);
    nowMs = LAUNCHPAD_STALE_LAST_PAYOUT_MS - 13 * DAY;
    assert.equal((await failure(client.token(rain))).kind, 'not_found');
    assert.equal((await rpc.getAccountInfo(rain)).value, null, 'no mint before its creation');
    const rewardsAt = async (t: number) => {
      nowMs = t;
      return (await client.tokenRewards(rain)).rewards!;
    };
    const justBefore = await rewardsAt(LAUNCHPAD_STALE_CROSSING_MS - 1);
    const atCrossing = await rewardsAt(LAUNCHPAD_STALE_CROSSING_MS);
    const muchLater = await rewardsAt(LATER);
    for (const r of [justBefore, atCrossing, muchLater]) assert.equal(r.lastPayoutAt, new Date(LAUNCHPAD_STALE_LAST_PAYOUT_MS).toISOString());
    assert.deepEqual([atCrossing.distributedRaw, muchLater.distributedRaw], [justBefore.distributedRaw, justBefore.distributedRaw]);
    const lastButOne = await rewardsAt(LAUNCHPAD_STALE_LAST_PAYOUT_MS - 60_000);
    assert.equal(lastButOne.lastPayoutAt, new Date(LAUNCHPAD_STALE_LAST_PAYOUT_MS - 6 * HOUR).toISOString());
    assert.equal(justBefore.payoutCount, lastButOne.payoutCount + 1);
  });

  test('payouts are periodic on the UTC grid and never change once made', () => {
    const at = Date.UTC(2026, 4, 12, 0, 30);
    const rain = (t: number) => launchpadTokensAt(t).find((x) => x.symbol === 'SOLRAIN')!;
    // SOLRAIN: every 4 h at 01:00, 05:00, …: at 00:30 the last was 21:00 the day before.
    assert.equal(rain(at).lastPayoutAt, Date.UTC(2026, 4, 11, 21));
    assert.equal(rain(Date.UTC(2026, 4, 12, 1)).lastPayoutAt, Date.UTC(2026, 4, 12, 1));
    const payouts = rain(at).payouts;
    assert.ok(payouts.slice(1).every((p, i) => p.at - payouts[i]!.at === 4 * HOUR));
    const p = payouts.find((x) => x.at === Date.UTC(2026, 4, 11, 21))!;
    assert.deepEqual(rain(at + 5 * HOUR).payouts.find((x) => x.at === p.at), p);
    assert.ok(payouts.every((x) => x.amountRaw > 0n));
  });

  test('the same clock gives the same answers (determinism)', async () => {
    assert.deepEqual(await allTokens(100), await allTokens(100));
    assert.deepEqual(await client.rewards(), await client.rewards());
    assert.deepEqual(launchpadTokensAt(LATER), launchpadTokensAt(LATER));
  });
});

describe('sandbox launch platform on chain', () => {
  test('readCoinChainFacts gives every coin its designed fee, authorities, mutability, adoption and top-10 share', async () => {
    const listed = await allTokens(100);
    const facts = await readCoinChainFacts(rpc, listed.map((t) => ({ mint: t.mint, pool: t.pool })));
    assert.equal(facts.size, ALL);
    for (const c of LAUNCHPAD_ALL_COINS) {
      const mint = coinMint(c);
      const token = listed.find((t) => t.mint === mint)!;
      const f = facts.get(mint)!;
      const m = f.mint!;
      assert.equal(m.program, c.bps !== null ? 'spl-token-2022' : 'spl-token', c.symbol);
      assert.deepEqual([m.decimals, m.supplyRaw], [6, SUPPLY]);
      if (c.bps === null) assert.equal(m.transferFee, null, c.symbol);
      else {
        assert.deepEqual(m.transferFee, {
          bps: c.bps,
          maximumFeeRaw: c.max === 0 ? '0' : SUPPLY,
          withdrawWithheldAuthority: c.authority === 'outsider' ? LAUNCHPAD_OUTSIDER : LAUNCHPAD_DISTRIBUTOR,
          configAuthority: m.transferFee!.configAuthority,
        }, c.symbol);
        assert.equal(m.transferFee!.configAuthority !== null, c.feeMutable, `${c.symbol}: config authority set iff the fee is mutable`);
      }
      const pool = f.pool!;
      assert.ok(pool, `${c.symbol}: a LaunchLab pool state`);
      assert.equal(pool.baseMint, mint);
      assert.equal(pool.quoteMint, token.quote.mint);
      assert.equal(pool.platformConfig, c.adopted ? LAUNCHPAD_PLATFORM_IDS[coinMode(c)] : LAUNCHPAD_OTHER_PLATFORM, c.symbol);
      assert.equal(pool.globalConfig, (await client.launchLabPricing(token.quote.mint)).curve.configId);
      assert.equal(pool.creator, (await client.token(mint)).launch?.creator);
      assert.equal(f.top10Pct, c.top10, c.symbol);
    }
    // The cast covers every on-chain variant: both programs, both authorities, mutable and fixed, unadopted.
    const kinds = new Set(LAUNCHPAD_ALL_COINS.map((c) => `${c.bps === null}:${c.authority}:${c.feeMutable}:${c.adopted}`));
    assert.ok(kinds.size >= 5);
  });

  test('the pool state is a LaunchLab account as a node serves it: base64, 429 bytes, owned by the program', async () => {
    const { pool } = await client.token(coinMint(design('SOLRAIN'))).then((d) => d.token);
    const account = (await rpc.getMultipleAccounts([pool])).value[0]!;
    assert.equal(account.owner, LAUNCHLAB_PROGRAM_ID);
    assert.ok(Array.isArray(account.data) && account.data[1] === 'base64');
    assert.equal(Buffer.from(account.data[0], 'base64').length, 429);
    // A coin's pool is an account, not a mint.
    assert.equal(world.token(pool, new Date(LATER)), null);
  });

  test('the aggregator prices every quote mint (the derived ones at exactly their designed price)', async () => {
    const jup = new JupiterClient({ http: new HttpSource({ leg: 'price_aggregator', baseUrl: jupiter.url, backoffMs: 1, retries: 0, timers: sourceTimers }) });
    const prices = await jup.prices(LAUNCHPAD_QUOTES.map(quoteMint));
    for (const q of LAUNCHPAD_QUOTES) {
      const price = prices[quoteMint(q)]?.usdPrice;
      assert.ok(price !== undefined, `${q.symbol} priced`);
      // SOL and USDC are the world's own mints, priced on its paths around the designed values.
      if (q.mint === undefined) assert.equal(price, q.priceUsd, q.symbol);
      else assert.ok(Math.abs(price / q.priceUsd - 1) < 0.35, `${q.symbol}: ${price}`);
    }
  });
});

describe('sandbox launch platform judged by the service', () => {
  /** Every listed coin as the index assembles it (API + chain + aggregator), with its payout status and health. */
  async function judged(at: number) {
    nowMs = at;
    const jup = new JupiterClient({ http: new HttpSource({ leg: 'price_aggregator', baseUrl: jupiter.url, backoffMs: 1, retries: 0, timers: sourceTimers }) });
    const platformFacts = await readPlatformFacts(client);
    const page = await client.tokens({ pageSize: 100 });
    const ledger = await client.rewards();
    const totals = new Map(ledger.launches.map((l) => [l.mint, totalsOf(l)]));
    const coins = await assembleCoins({ rpc, jupiter: jup }, page.tokens, totals, new Map(), platformFacts);
    return coins.map((c) => {
      const health = healthScore({ ...c, daily: [] }, at);
      return { symbol: c.symbol, mechanism: c.reward_mechanism, status: health.payout.status, level: health.level, score: health.health_score };
    });
  }

  test('every status, level and reward mechanism is present, each coin as designed, at several hours of several days', async () => {
    for (const at of [LATER, Date.UTC(2025, 6, 1, 0, 30), Date.UTC(2027, 1, 28, 23, 54)]) {
      const rows = await judged(at);
      for (const r of rows) {
        const d = design(r.symbol);
        // RAINSTOP is past its crossing at these moments (or not listed yet: 2025): STALE, still HEALTHY.
        assert.deepEqual([r.status, r.level], [d === RAINSTOP ? 'STALE' : d.status, d.level], `${r.symbol} at ${new Date(at).toISOString()} (score ${r.score})`);
        assert.equal(r.mechanism, coinMode(d) === 'standard' ? null : d.feeShare === true ? 'fee_share' : 'transfer_fee', r.symbol);
      }
      assert.deepEqual([...new Set(rows.map((r) => r.status))].sort(), ['NEVER', 'NOT_REWARD', 'PAYING', 'STALE']);
      assert.deepEqual([...new Set(rows.map((r) => r.level))].sort(), ['BROKEN', 'HEALTHY', 'MIXED', 'WEAK']);
    }
  });

  test('RAINSTOP is PAYING 1 ms before the exported crossing and STALE exactly at it', async () => {
    const rain = async (at: number) => (await judged(at)).find((r) => r.symbol === 'RAINSTOP')!.status;
    assert.equal(await rain(LAUNCHPAD_STALE_CROSSING_MS - 1), 'PAYING');
    assert.equal(await rain(LAUNCHPAD_STALE_CROSSING_MS), 'STALE');
  });
});

describe('launchpad in the sandbox providers', () => {
  test('startSandboxProviders serves the leg and hands its URL to createSources', async () => {
    const { startSandboxProviders } = await import('../../src/sandbox/providers/index.js');
    const { createSources } = await import('../../src/sources/index.js');
    const providers = await startSandboxProviders(createSandboxWorld('launchpad-test'), () => new Date(LATER), new FaultController());
    try {
      assert.equal(providers.servers.launchpad.leg, 'launchpad');
      assert.equal(providers.urls.launchpad, providers.servers.launchpad.url);
      const sources = createSources(providers.urls, {}, { timeoutMs: 2000, retries: 0 }, undefined, sourceTimers);
      assert.equal((await sources.launchpad.stats()).tokens.total, ALL);
    } finally {
      await providers.close();
    }
  });
});
