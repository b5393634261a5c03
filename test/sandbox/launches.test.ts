/**
 * The fresh-launch market (docs/sandbox.md, "Fresh launches"): the launch cast moves through its designed stage
 * schedule in every life, read the way the service reads it — from the DEX Screener pairs the sandbox renders,
 * with the SHARED STAGE RULES written out below (the analytics implement the same rules in
 * src/analytics/discovery/); the BUYERS/SELLERS twins, the wash trader and the rug show their traits; the
 * latest-profiles feed lists the last day's launches newest first, capped at 30; background launches are real
 * tokens to every source; pools without a profile render exactly as before.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { createDexScreenerHandler } from '../../src/sandbox/providers/dexscreener.js';
import { LATEST_PROFILES_MAX } from '../../src/sandbox/providers/dexscreener-profiles.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startSandboxProviders, type SandboxProviders } from '../../src/sandbox/providers/index.js';
import type { ProviderHandler } from '../../src/sandbox/providers/server.js';
import { CAST_ADDRESS, createSandboxWorld, LAUNCH_CAST, LAUNCH_NAMES, launchAgeMinutes, launchStageAt, recentLaunches, type LaunchName, type RunnerStage } from '../../src/sandbox/world/index.js';
import { backgroundLaunchKind, backgroundLaunchesSince, launchesInHour } from '../../src/sandbox/world/launches/index.js';
import { createSources, type Sources } from '../../src/sources/index.js';
import { readMint } from '../../src/sources/solana-rpc.js';
import type { DexTokenBoost } from '../../src/sources/wire/dexscreener-boosts.js';
import type { DexTokenProfile } from '../../src/sources/wire/dexscreener-profiles.js';
import type { DexPair } from '../../src/sources/wire/dexscreener.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const SEED = 'launch-test-seed';
const world = createSandboxWorld(SEED);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A UTC midnight: every launch-cast life starts there (all periods divide 24 h). */
const DAY0 = Date.UTC(2025, 2, 3);

let nowMs = DAY0;
const handler: ProviderHandler = createDexScreenerHandler(world, () => new Date(nowMs));

async function get(path: string, atMs: number): Promise<unknown> {
  nowMs = atMs;
  return (await handler({ method: 'GET', path, query: new URLSearchParams(), headers: {}, body: undefined })).body;
}

async function pairAt(mint: string, atMs: number): Promise<DexPair> {
  const pairs = (await get(`/tokens/v1/solana/${mint}`, atMs)) as DexPair[];
  assert.equal(pairs.length, 1, `one pool for ${mint}`);
  return pairs[0]!;
}

// ---------------------------------------------------------------------------------------------
// The SHARED STAGE RULES, written out (docs/discovery.md, "Runner stage").

type Win = 'm5' | 'h1' | 'h6' | 'h24';
const WINDOW_MIN: Record<Win, number> = { m5: 5, h1: 60, h6: 360, h24: 1440 };

interface Reading {
  stage: RunnerStage;
  /** The stage from ratios and shares rounded to 4 decimals (what the analytics compare). */
  stage4: RunnerStage;
  a1: number | null;
  a2: number | null;
  buyShareM5: number | null;
  buyShareH1: number | null;
  liquidityUsd: number | null;
  rug: boolean;
  wash: boolean;
}

function read(pair: DexPair, atMs: number): Reading {
  // rate_w = volume_w ÷ minutes_w (USD per minute); buy share_w = buys ÷ (buys + sells).
  const rate = (w: Win) => (pair.volume[w] === undefined ? null : pair.volume[w]! / WINDOW_MIN[w]);
  const ratio = (a: Win, b: Win) => {
    const x = rate(a);
    const y = rate(b);
    return x === null || y === null || y === 0 ? null : x / y;
  };
  const share = (w: Win) => {
    const t = pair.txns[w];
    return !t || t.buys + t.sells === 0 ? null : t.buys / (t.buys + t.sells);
  };
  const change = (w: Win) => pair.priceChange?.[w] ?? null;
  const a1 = ratio('m5', 'h1');
  const a2 = ratio('h1', 'h6');
  const bs5 = share('m5');
  const bs1 = share('h1');
  const liquidityUsd = pair.liquidity?.usd ?? null;
  const poolAgeMin = pair.pairCreatedAt ? (atMs - pair.pairCreatedAt) / MINUTE : null;
  const h1 = change('h1');
  const h6 = change('h6');
  const accelerating = (x: number | null) => x !== null && x >= 1.5;
  // 1. FADING: liquidity pulled (no prior reading here: the rug form) or sellers in control.
  const rug = liquidityUsd !== null && liquidityUsd < 1_000 && h1 !== null && h1 <= -50;
  // 2. PARABOLIC_LATE: already ran and buying decelerates.
  const ran = (h6 !== null && h6 >= 100) || (h1 !== null && h1 >= 100 && poolAgeMin !== null && poolAgeMin < 360);
  const stageOf = (a1: number | null, a2: number | null, bs5: number | null, bs1: number | null): RunnerStage => {
    const sellers = bs5 !== null && bs1 !== null && bs5 < 0.45 && bs1 < 0.5;
    if (rug || sellers) return 'FADING';
    if (ran && a1 !== null && a1 < 1) return 'PARABOLIC_LATE';
    if (accelerating(a1) && accelerating(a2) && bs5 !== null && bs5 >= 0.55) return 'RUNNING';
    if (accelerating(a1) !== accelerating(a2) && bs5 !== null && bs5 >= 0.55) return 'IGNITING';
    return 'QUIET';
  };
  const r4 = (x: number | null) => (x === null ? null : Math.round(x * 10_000) / 10_000);
  const stage = stageOf(a1, a2, bs5, bs1);
  const stage4 = stageOf(r4(a1), r4(a2), r4(bs5), r4(bs1));
  // Wash: h1 trades ≥ 20 averaging ≥ $2,000 on < $100k liquidity, or ≥ 2,000 trades averaging < $15.
  const h1Trades = (pair.txns.h1?.buys ?? 0) + (pair.txns.h1?.sells ?? 0);
  const avg = h1Trades > 0 ? (pair.volume.h1 ?? 0) / h1Trades : null;
  const wash = avg !== null && ((h1Trades >= 20 && avg >= 2_000 && liquidityUsd !== null && liquidityUsd < 100_000) || (h1Trades >= 2_000 && avg < 15));
  return { stage, stage4, a1, a2, buyShareM5: bs5, buyShareH1: bs1, liquidityUsd, rug, wash };
}

/** Ages (minutes) whose reading may be between stages: the last 5 minutes before each band, and a life's first 5 minutes. */
function transitional(name: LaunchName, age: number): boolean {
  return age > 0 && (age < 5 || LAUNCH_CAST[name].schedule.some((b) => b.from > 0 && age > b.from - 5 && age < b.from));
}

// ---------------------------------------------------------------------------------------------

describe('launch cast: the stage schedule', () => {
  test('launchStageAt follows the bands and repeats every period', () => {
    assert.equal(launchStageAt('TOKEN_LAUNCH_RUNNER', 0), 'QUIET');
    assert.equal(launchStageAt('TOKEN_LAUNCH_RUNNER', 14.99), 'QUIET');
    assert.equal(launchStageAt('TOKEN_LAUNCH_RUNNER', 15), 'IGNITING');
    assert.equal(launchStageAt('TOKEN_LAUNCH_RUNNER', 45), 'RUNNING');
    assert.equal(launchStageAt('TOKEN_LAUNCH_RUNNER', 180), 'PARABOLIC_LATE');
    assert.equal(launchStageAt('TOKEN_LAUNCH_RUNNER', 300), 'FADING');
    assert.equal(launchStageAt('TOKEN_LAUNCH_RUNNER', 479), 'FADING');
    assert.equal(launchStageAt('TOKEN_LAUNCH_RUNNER', 480 + 60), 'RUNNING');
    assert.equal(launchStageAt('TOKEN_LAUNCH_RUG', 119), 'RUNNING');
    assert.equal(launchStageAt('TOKEN_LAUNCH_RUG', 120), 'FADING');
    assert.deepEqual(LAUNCH_NAMES.map((n) => LAUNCH_CAST[n].periodMinutes), [480, 360, 720, 720, 720, 1440]);
    assert.equal(launchAgeMinutes('TOKEN_LAUNCH_RUNNER', DAY0 + 9 * HOUR + 30 * MINUTE), 90);
    for (const name of LAUNCH_NAMES) assert.equal(LAUNCH_CAST[name].mint, CAST_ADDRESS[name]);
  });

  for (const name of LAUNCH_NAMES) {
    const { mint, periodMinutes } = LAUNCH_CAST[name];

    test(`${name}: every 5-minute reading over 3 lives is the scheduled stage`, async () => {
      const wrong: string[] = [];
      for (let age = 0; age < 3 * periodMinutes; age += 5) {
        const at = DAY0 + age * MINUTE;
        const r = read(await pairAt(mint, at), at);
        const want = launchStageAt(name, age);
        if (r.stage !== want || r.stage4 !== want) wrong.push(`age ${age}: ${r.stage}, scheduled ${want} (a1 ${r.a1}, a2 ${r.a2}, buys m5 ${r.buyShareM5}, h1 ${r.buyShareH1})`);
      }
      assert.deepEqual(wrong, []);
    });

    test(`${name}: every minute of a life reads the band's stage outside the 5 minutes before a change`, async () => {
      const wrong: string[] = [];
      for (let age = 0; age < periodMinutes; age += 1) {
        const exact = age + 17 / 60;
        if (transitional(name, exact)) continue;
        const at = DAY0 + periodMinutes * MINUTE + exact * MINUTE;
        const r = read(await pairAt(mint, at), at);
        if (r.stage !== launchStageAt(name, exact) || r.stage4 !== r.stage) wrong.push(`age ${age}:17: ${r.stage} / ${r.stage4}`);
      }
      assert.deepEqual(wrong, []);
    });
  }

  test('the runner: liquidity $15k → $120k while running, then sellers in control and a falling price', async () => {
    const { mint } = LAUNCH_CAST.TOKEN_LAUNCH_RUNNER;
    const at = (min: number) => DAY0 + min * MINUTE;
    assert.equal((await pairAt(mint, at(0))).liquidity?.usd, 15_000);
    let last = 0;
    for (let age = 0; age <= 180; age += 5) {
      const liq = (await pairAt(mint, at(age))).liquidity!.usd!;
      assert.ok(liq >= last, `liquidity never falls before the top (age ${age})`);
      last = liq;
    }
    assert.ok(last >= 118_000 && last <= 125_000, `≈ $120k at 3 h: ${last}`);
    const running = await pairAt(mint, at(120));
    assert.ok(read(running, at(120)).buyShareM5! >= 0.7, 'buyers ≥ 70 % while running');
    let price = Infinity;
    for (let age = 300; age < 480; age += 15) {
      const p = await pairAt(mint, at(age));
      const r = read(p, at(age));
      assert.ok(r.buyShareM5! < 0.4 && r.buyShareH1! < 0.5, `sellers in control at ${age}`);
      assert.ok(Number(p.priceUsd) < price, `price falling at ${age}`);
      price = Number(p.priceUsd);
    }
    const parabolic = await pairAt(mint, at(240));
    assert.ok(parabolic.priceChange!.h6! >= 100, 'ran more than +100 % since launch');
  });

  test('the rug: a runner for 2 h, then the pool is pulled (< $1k, h1 ≤ −80 %, huge sells)', async () => {
    const { mint, rugAt } = LAUNCH_CAST.TOKEN_LAUNCH_RUG;
    assert.equal(rugAt, 120);
    const at = (min: number) => DAY0 + 6 * HOUR + min * MINUTE;
    const before = await pairAt(mint, at(119));
    assert.ok(before.liquidity!.usd! > 50_000 && !read(before, at(119)).rug);
    const pulled = await pairAt(mint, at(120));
    assert.ok(pulled.liquidity!.usd! < 1_000);
    assert.ok(pulled.priceChange!.h1! <= -80, `h1 ${pulled.priceChange!.h1}`);
    assert.ok(read(pulled, at(120)).rug);
    const dump = await pairAt(mint, at(125));
    assert.ok(dump.txns.m5!.sells >= 10 * dump.txns.m5!.buys && dump.volume.m5! > 5_000, `huge sells: ${JSON.stringify(dump.txns.m5)} $${dump.volume.m5}`);
    for (let age = 125; age < 360; age += 5) {
      const p = await pairAt(mint, at(age));
      const r = read(p, at(age));
      assert.ok(r.rug && p.priceChange!.h1! <= -80, `still a rug at ${age}: liquidity ${r.liquidityUsd}, h1 ${p.priceChange!.h1}`);
      // An active dump too (m5 ≤ −15 % with sells ≥ 2 × buys), for exit-signal's hard trigger.
      assert.ok(p.priceChange!.m5! <= -15 && p.txns.m5!.sells >= 2 * p.txns.m5!.buys, `dumping at ${age}: ${p.priceChange!.m5} ${JSON.stringify(p.txns.m5)}`);
    }
    const token = world.token(mint, new Date(at(60)))!;
    assert.ok(token.mintAuthority, 'mint authority active');
  });

  test('buyers vs sellers: the same volume and trade count in every window, 85 % against 43 % buyers', async () => {
    const buyers = LAUNCH_CAST.TOKEN_LAUNCH_BUYERS.mint;
    const sellers = LAUNCH_CAST.TOKEN_LAUNCH_SELLERS.mint;
    for (let age = 5; age < 720; age += 25) {
      const at = DAY0 + age * MINUTE;
      const b = await pairAt(buyers, at);
      const s = await pairAt(sellers, at);
      assert.deepEqual(b.volume, s.volume, `equal volume at ${age}`);
      for (const w of ['m5', 'h1', 'h6', 'h24'] as const) assert.equal(b.txns[w]!.buys + b.txns[w]!.sells, s.txns[w]!.buys + s.txns[w]!.sells);
      const rb = read(b, at);
      const rs = read(s, at);
      assert.ok(Math.abs(rb.buyShareH1! - 0.85) < 0.02 && Math.abs(rs.buyShareH1! - 0.43) < 0.02, `${rb.buyShareH1} / ${rs.buyShareH1}`);
      assert.ok(['RUNNING', 'IGNITING'].includes(rb.stage) && ['FADING', 'QUIET'].includes(rs.stage), `${rb.stage} / ${rs.stage} at ${age}`);
      assert.equal(b.liquidity?.usd, s.liquidity?.usd);
    }
  });

  test('the wash trader: ≈ 120+ h1 trades averaging ≥ $3,000 on ≈ $60k — flagged at every age from 15 min; nobody else is', async () => {
    const { mint, washFrom } = LAUNCH_CAST.TOKEN_LAUNCH_WASH;
    assert.equal(washFrom, 15);
    for (let age = 15; age < 720; age += 5) {
      const at = DAY0 + age * MINUTE;
      const p = await pairAt(mint, at);
      assert.ok(read(p, at).wash, `wash at ${age}`);
      if (age >= 60) {
        const trades = p.txns.h1!.buys + p.txns.h1!.sells;
        assert.ok(trades >= 110 && trades <= 260 && p.volume.h1! / trades >= 3_000, `${trades} trades, avg ${p.volume.h1! / trades}`);
        assert.ok(p.liquidity!.usd! > 55_000 && p.liquidity!.usd! < 65_000);
      }
    }
    for (const name of LAUNCH_NAMES.filter((n) => n !== 'TOKEN_LAUNCH_WASH')) {
      for (let age = 0; age < LAUNCH_CAST[name].periodMinutes; age += 5) {
        const at = DAY0 + age * MINUTE;
        assert.equal(read(await pairAt(LAUNCH_CAST[name].mint, at), at).wash, false, `${name} at ${age}`);
      }
    }
  });

  test('risk traits: RUNNER and BUYERS clean, RUG with mint authority, WASH with freeze authority, all unverified; liquidity ≥ $1k but the pulled rug', async () => {
    const at = new Date(DAY0 + 30 * MINUTE);
    const t = (n: LaunchName) => world.token(LAUNCH_CAST[n].mint, at)!;
    for (const n of ['TOKEN_LAUNCH_RUNNER', 'TOKEN_LAUNCH_BUYERS'] as const) assert.deepEqual([t(n).mintAuthority, t(n).freezeAuthority], [null, null], n);
    assert.ok(t('TOKEN_LAUNCH_RUG').mintAuthority);
    assert.ok(t('TOKEN_LAUNCH_WASH').freezeAuthority);
    for (const n of LAUNCH_NAMES) {
      assert.equal(t(n).verified, false);
      assert.equal(t(n).pools[0]!.dex, 'pumpswap');
      for (let age = 0; age < LAUNCH_CAST[n].periodMinutes; age += 5) {
        const liq = (await pairAt(LAUNCH_CAST[n].mint, DAY0 + age * MINUTE)).liquidity!.usd!;
        if (n === 'TOKEN_LAUNCH_RUG' && age >= 120) assert.ok(liq < 1_000);
        else assert.ok(liq >= 1_000, `${n} at ${age}: ${liq}`);
      }
    }
  });

  test('the launch cast is the same in every sandbox (seed-independent) and deterministic', async () => {
    const other = createSandboxWorld('another-seed');
    for (const name of LAUNCH_NAMES) {
      for (const age of [3, 47, 125, 333]) {
        const at = new Date(DAY0 + age * MINUTE);
        assert.deepEqual(other.token(LAUNCH_CAST[name].mint, at), world.token(LAUNCH_CAST[name].mint, at), `${name} at ${age}`);
      }
    }
  });

  test('a life starts at its period boundary: created then, and young again after it', () => {
    const runner = LAUNCH_CAST.TOKEN_LAUNCH_RUNNER.mint;
    const late = world.token(runner, new Date(DAY0 + 8 * HOUR - 1_000))!;
    const fresh = world.token(runner, new Date(DAY0 + 8 * HOUR))!;
    assert.equal(late.createdAt, DAY0 / 1000);
    assert.equal(fresh.createdAt, (DAY0 + 8 * HOUR) / 1000);
    assert.equal(fresh.pools[0]!.volume24hUsd, 0);
  });
});

describe('windows', () => {
  test('nested windows never decrease and a young pool shows its whole life in the longer ones', async () => {
    const { mint } = LAUNCH_CAST.TOKEN_LAUNCH_RUNNER;
    for (const age of [7, 50, 200, 400]) {
      const p = await pairAt(mint, DAY0 + age * MINUTE);
      const v = p.volume;
      assert.ok(v.m5! <= v.h1! && v.h1! <= v.h6! && v.h6! <= v.h24!);
      const trades = (w: Win) => p.txns[w]!.buys + p.txns[w]!.sells;
      assert.ok(trades('m5') <= trades('h1') && trades('h1') <= trades('h6') && trades('h6') <= trades('h24'));
      if (age < 60) assert.equal(v.h1, v.h24);
      if (age < 360) assert.equal(v.h6, v.h24);
      const state = world.token(mint, new Date(DAY0 + age * MINUTE))!.pools[0]!;
      assert.equal(state.volume24hUsd, v.h24, 'the 24 h figure is the h24 window');
      assert.deepEqual(state.txns24h, p.txns.h24);
    }
  });

  test('pools without a profile render exactly as before the launch market existed', async () => {
    const fixture = JSON.parse(readFileSync(new URL('../fixtures/sandbox/dexscreener-pairs-before-launches.json', import.meta.url), 'utf8')) as {
      seed: string;
      pairs: Record<string, DexPair[]>;
    };
    const old = createSandboxWorld(fixture.seed);
    for (const [iso, expected] of Object.entries(fixture.pairs)) {
      const h = createDexScreenerHandler(old, () => new Date(iso));
      const mints = [...new Set(expected.map((p) => p.baseToken.address))];
      assert.equal(mints.length, 5);
      const body = (await h({ method: 'GET', path: `/tokens/v1/solana/${mints.join(',')}`, query: new URLSearchParams(), headers: {}, body: undefined })).body;
      assert.deepEqual(body, expected, iso);
      for (const p of body as DexPair[]) {
        assert.equal(p.volume.m5, Number((p.volume.h24! / 288).toFixed(2)), 'm5 = h24 ÷ 288');
        assert.equal(p.txns.h1!.buys, Math.floor(p.txns.h24!.buys / 24), 'h1 buys = h24 ÷ 24');
      }
    }
  });
});

describe('background launches', () => {
  test('≈ 24 a day from (seed, hour): mostly QUIET/FADING profiles, a few IGNITING; another seed launches others', () => {
    const hours = Array.from({ length: 14 * 24 }, (_, i) => DAY0 / HOUR + i);
    const refs = hours.flatMap((h) => launchesInHour(SEED, h));
    const perDay = refs.length / 14;
    assert.ok(perDay > 18 && perDay < 30, `${perDay} a day`);
    for (const r of refs) assert.equal(Math.floor(r.createdAt / 3600), r.hour);
    const kinds = new Map<string, number>();
    for (const r of refs) kinds.set(backgroundLaunchKind(SEED, r.mint), (kinds.get(backgroundLaunchKind(SEED, r.mint)) ?? 0) + 1);
    assert.ok(kinds.get('QUIET')! + kinds.get('FADING')! > 0.7 * refs.length && kinds.get('IGNITING')! > 0, JSON.stringify([...kinds]));
    assert.deepEqual(launchesInHour(SEED, hours[5]!), launchesInHour(SEED, hours[5]!));
    const other = new Set(hours.flatMap((h) => launchesInHour('another-seed', h)).map((r) => r.mint));
    assert.ok(refs.every((r) => !other.has(r.mint)));
  });

  test('a background launch is a token from its launch moment on (null before it), never a wallet', () => {
    const [ref] = backgroundLaunchesSince(SEED, (DAY0 + 20 * HOUR) / 1000, 24 * 3600);
    assert.ok(ref);
    const at = (s: number) => new Date(s * 1000);
    assert.equal(world.token(ref.mint, at(ref.createdAt - 1)), null);
    const t = world.token(ref.mint, at(ref.createdAt + 600))!;
    assert.equal(t.createdAt, ref.createdAt);
    assert.equal(t.pools[0]!.createdAt, ref.createdAt);
    assert.equal(t.verified, false);
    assert.ok(t.pools[0]!.windows, 'trades in windows');
    assert.equal(world.wallet(ref.mint, at(ref.createdAt + 600)), null);
    // Days later it is the same token.
    assert.equal(world.token(ref.mint, at(ref.createdAt + 10 * 86_400))!.name, t.name);
    assert.deepEqual(createSandboxWorld(SEED).token(ref.mint, at(ref.createdAt + 600)), t);
  });
});

describe('DEX Screener latest token profiles', () => {
  test('the launches of the last 24 h, newest first, at most 30, each a token the world answers', async () => {
    let capped = 0;
    let under = 0;
    for (let h = 0; h < 48; h += 1) {
      const atMs = DAY0 + 2 * 86_400_000 + h * HOUR + 13 * MINUTE;
      const profiles = (await get('/token-profiles/latest/v1', atMs)) as DexTokenProfile[];
      const launches = recentLaunches(SEED, atMs / 1000);
      assert.equal(profiles.length, Math.min(LATEST_PROFILES_MAX, launches.length));
      if (launches.length > LATEST_PROFILES_MAX) capped++;
      else under++;
      assert.deepEqual(profiles.map((p) => p.tokenAddress), launches.slice(0, LATEST_PROFILES_MAX).map((l) => l.mint));
      let previous = Infinity;
      for (const p of profiles) {
        assert.equal(p.chainId, 'solana');
        assert.equal(p.url, `https://dexscreener.com/solana/${p.tokenAddress.toLowerCase()}`);
        assert.ok(p.icon && p.description && p.links && p.links.length > 0);
        const token = world.token(p.tokenAddress, new Date(atMs))!;
        assert.ok(token.createdAt * 1000 <= atMs && token.createdAt * 1000 > atMs - 24 * HOUR);
        assert.ok(token.createdAt <= previous, 'newest first');
        previous = token.createdAt;
      }
      // Every launch-cast life is younger than a day: each is listed unless the cap cut it.
      const listed = new Set(profiles.map((p) => p.tokenAddress));
      for (const name of LAUNCH_NAMES) {
        const life = launches.findIndex((l) => l.mint === LAUNCH_CAST[name].mint);
        assert.ok(life >= 0);
        assert.equal(listed.has(LAUNCH_CAST[name].mint), life < LATEST_PROFILES_MAX);
      }
    }
    assert.ok(capped > 0 && under > 0, `the cap was hit ${capped} times of 48`);
  });

  test('same clock, same feed (any world of the seed); another seed lists other background launches', async () => {
    const atMs = DAY0 + 30 * HOUR;
    const a = await get('/token-profiles/latest/v1', atMs);
    const again = createDexScreenerHandler(createSandboxWorld(SEED), () => new Date(atMs));
    assert.deepEqual((await again({ method: 'GET', path: '/token-profiles/latest/v1', query: new URLSearchParams(), headers: {}, body: undefined })).body, a);
    const other = createDexScreenerHandler(createSandboxWorld('another-seed'), () => new Date(atMs));
    const b = (await other({ method: 'GET', path: '/token-profiles/latest/v1', query: new URLSearchParams(), headers: {}, body: undefined })).body as DexTokenProfile[];
    const cast = new Set(LAUNCH_NAMES.map((n) => LAUNCH_CAST[n].mint));
    const background = (list: DexTokenProfile[]) => list.filter((p) => !cast.has(p.tokenAddress)).map((p) => p.tokenAddress);
    assert.notDeepEqual(background(a as DexTokenProfile[]), background(b));
  });

  test('top boosts include the launch cast', async () => {
    const boosts = (await get('/token-boosts/top/v1', DAY0 + 2 * HOUR)) as DexTokenBoost[];
    const boosted = new Set(boosts.map((b) => b.tokenAddress));
    for (const name of LAUNCH_NAMES) assert.ok(boosted.has(LAUNCH_CAST[name].mint), name);
  });
});

describe('launches through the production clients', () => {
  let providers: SandboxProviders;
  let sources: Sources;
  const atMs = DAY0 + 26 * HOUR + 7 * MINUTE;
  before(async () => {
    providers = await startSandboxProviders(world, () => new Date(atMs), new FaultController());
    sources = createSources(providers.urls, {}, { timeoutMs: 5_000, retries: 0 }, () => new Date(atMs), sourceTimers);
  });
  after(() => providers.close());

  test('feed → pairs → DAS asset, RPC mint, aggregator token and price: every launch is a real token to every source', async () => {
    const profiles = await sources.dexscreener.latestTokenProfiles();
    assert.ok(profiles.length >= 20);
    const mints = profiles.map((p) => p.tokenAddress);
    const pairs = await sources.dexscreener.tokenPairs(mints);
    assert.deepEqual(new Set(pairs.map((p) => p.baseToken.address)), new Set(mints));
    const prices = await sources.jupiter.prices(mints.slice(0, 10));
    for (const mint of mints.slice(0, 10)) {
      const asset = await sources.helius.getAsset(mint);
      assert.ok(asset, `DAS knows ${mint}`);
      const mintFacts = readMint((await sources.rpc.getAccountInfo(mint)).value);
      assert.equal(mintFacts?.decimals, 6);
      assert.ok(await sources.jupiter.token(mint), `the aggregator knows ${mint}`);
      assert.ok(prices[mint], `the aggregator prices ${mint}`);
    }
    // 0.1 SOL buys some of the newest launch through its pool.
    const quote = await sources.jupiter.quote({ inputMint: 'So11111111111111111111111111111111111111112', outputMint: mints[0]!, amount: 100_000_000n });
    assert.ok(quote && BigInt(quote.outAmount) > 0n);
  });
});
