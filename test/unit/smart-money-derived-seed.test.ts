/**
 * The live smart-money seed derived from public trading (src/endpoints/discovery/shared/smart-money-derived-seed.ts)
 * against fake sources: which fee payers count as traders of a sampled pool, the screen (known entities,
 * automated traders: two swaps in one slot, more than 4 swaps within 10 minutes), the ranking, which pools
 * are sampled, the derivation's degraded reads and failures, reuse for 15 minutes on the service's clock,
 * and the trenches' smart-money leg reading a derived seed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { USDC_MINT } from '../../src/analytics/copy-trade-valuation.js';
import { createEntityDirectory } from '../../src/analytics/entities.js';
import {
  BURST_WINDOW_S, DERIVED_SEED_SIZE, DERIVED_SEED_TTL_MS, DERIVED_TOKENS, derivedSeed, looksAutomated, rankTraders, samplePools,
} from '../../src/endpoints/discovery/shared/smart-money-derived-seed.js';
import { smartMoneyLeg, smartSeedOf } from '../../src/endpoints/discovery/shared/trenches-signals.js';
import type { HandlerContext } from '../../src/registry/types.js';
import { ManualTimers } from '../../src/lib/timers.js';
import { SourceError } from '../../src/sources/errors.js';
import type { DexPair } from '../../src/sources/wire/dexscreener.js';
import type { EnhancedTransaction } from '../../src/sources/wire/helius.js';

const NOW_S = 1_790_000_000;
const TOKEN_A = 'TokenA1111111111111111111111111111111111111';
const TOKEN_B = 'TokenB1111111111111111111111111111111111111';
const TOKEN_C = 'TokenC1111111111111111111111111111111111111';
const POOL_A = 'PoolA11111111111111111111111111111111111111';
const POOL_B = 'PoolB11111111111111111111111111111111111111';
const ENTITY = 'Exch111111111111111111111111111111111111111';
const addr = (name: string) => name.padEnd(43, '1');
const T1 = addr('T1x');
const T2 = addr('T2x');
const T3 = addr('T3x');
const T4 = addr('T4x');
const BOT = addr('BOT');
const BURST = addr('BURST');
const SPREAD = addr('SPREAD');
const OTHER = addr('OTHER');

let sigs = 0;
/** `trader` pays USDC for `mint` (or sells it back with `sell`) through `pool`, at `t` in `slot`. */
function swap(trader: string, pool: string, mint: string, t: number, slot: number, opts: { sell?: boolean; error?: string; signature?: string } = {}): EnhancedTransaction {
  const [sold, bought] = opts.sell ? [mint, USDC_MINT] : [USDC_MINT, mint];
  return {
    description: '', type: 'SWAP', source: 'RAYDIUM', fee: 5000, feePayer: trader, signature: opts.signature ?? `sig${++sigs}`, slot, timestamp: t,
    nativeTransfers: [], transactionError: opts.error === undefined ? null : { error: opts.error },
    tokenTransfers: [
      { fromUserAccount: trader, toUserAccount: pool, mint: sold, tokenAmount: 100 },
      { fromUserAccount: pool, toUserAccount: trader, mint: bought, tokenAmount: 50 },
    ],
  };
}

const entities = createEntityDirectory([{ address: ENTITY, name: 'An exchange', kind: 'cex', tags: ['cex'], confidence: 'high' }]);

describe('looksAutomated', () => {
  it('two swaps in one slot, or more than 4 within 10 minutes (equal counts); spread-out trading is not', () => {
    assert.equal(looksAutomated([{ slot: 7, timestamp: 0 }, { slot: 7, timestamp: 1 }]), true);
    const at = (...ts: number[]) => ts.map((t, i) => ({ slot: i, timestamp: t }));
    assert.equal(looksAutomated(at(0, 100, 200, 300, BURST_WINDOW_S)), true, '5 swaps with exactly 600 s from first to last');
    assert.equal(looksAutomated(at(0, 100, 200, 300, BURST_WINDOW_S + 1)), false);
    assert.equal(looksAutomated(at(0, 100, 200, 300)), false, '4 swaps are never a burst');
    assert.equal(looksAutomated(at(5_000, 0, 100, 200, 300, 400)), true, 'order of the sample does not matter');
  });
});

describe('rankTraders', () => {
  const samples = [
    {
      mint: TOKEN_A, pairAddress: POOL_A, transactions: [
        swap(T1, POOL_A, TOKEN_A, NOW_S - 100, 10),
        swap(T2, POOL_A, TOKEN_A, NOW_S - 200, 11),
        swap(T2, POOL_A, TOKEN_A, NOW_S - 3_000, 12, { sell: true }),
        swap(T2, POOL_A, TOKEN_A, NOW_S - 9_000, 13),
        swap(T3, POOL_A, TOKEN_A, NOW_S - 300, 14),
        swap(T4, POOL_A, TOKEN_A, NOW_S - 400, 15),
        // Sandwich: two swaps of the pool in one slot.
        swap(BOT, POOL_A, TOKEN_A, NOW_S - 500, 16), swap(BOT, POOL_A, TOKEN_A, NOW_S - 500, 16, { sell: true }),
        // Five swaps within 10 minutes.
        ...[0, 100, 200, 300, 400].map((d, i) => swap(BURST, POOL_A, TOKEN_A, NOW_S - 2_000 - d, 20 + i)),
        // Five swaps, 15 minutes apart: a busy human.
        ...[0, 900, 1_800, 2_700, 3_600].map((d, i) => swap(SPREAD, POOL_A, TOKEN_A, NOW_S - 4_000 - d, 30 + i)),
        swap(ENTITY, POOL_A, TOKEN_A, NOW_S - 600, 40),
        swap(POOL_A, POOL_A, TOKEN_A, NOW_S - 700, 41), // the pool itself
        swap(OTHER, POOL_A, TOKEN_C, NOW_S - 800, 42), // another token: not a trade of this pool's token
        swap(OTHER, POOL_A, TOKEN_A, NOW_S - 900, 43, { error: 'InstructionError' }), // failed
        swap(OTHER, POOL_A, TOKEN_A, NOW_S + 60, 44), // after now
      ],
    },
    {
      mint: TOKEN_B, pairAddress: POOL_B, transactions: [
        swap(T1, POOL_B, TOKEN_B, NOW_S - 50, 50, { signature: 'dup' }),
        swap(T1, POOL_B, TOKEN_B, NOW_S - 50, 50, { signature: 'dup' }), // listed twice: one swap, not a same-slot pair
      ],
    },
  ];

  it('traders are fee payers of successful swaps of the pool\'s token; entities and automated traders are dropped; ranked by pools, swaps, latest swap', () => {
    const r = rankTraders(samples, entities, NOW_S);
    // T1: 2 pools. SPREAD 5 swaps, T2 3 swaps. T3 (latest −300) before T4 (−400).
    assert.deepEqual(r.ranked, [T1, SPREAD, T2, T3, T4]);
    assert.deepEqual(r.excluded, { known_entities: 1, automated: 2 });
    assert.deepEqual(r.tradersPerPool, [8, 1], 'pool A: T1–T4, BOT, BURST, SPREAD, the entity; OTHER never traded TOKEN_A successfully before now');
    assert.equal(r.tradersSeen, 8);
  });

  it('an automated pattern in any pool excludes the trader everywhere', () => {
    const r = rankTraders([
      { mint: TOKEN_A, pairAddress: POOL_A, transactions: [swap(T1, POOL_A, TOKEN_A, NOW_S - 10, 1), swap(T1, POOL_A, TOKEN_A, NOW_S - 10, 1, { sell: true })] },
      { mint: TOKEN_B, pairAddress: POOL_B, transactions: [swap(T1, POOL_B, TOKEN_B, NOW_S - 10, 2)] },
    ], entities, NOW_S);
    assert.deepEqual(r.ranked, []);
    assert.equal(r.excluded.automated, 1);
  });
});

function pair(mint: string, address: string, h24: number | undefined, liquidity = 1_000): DexPair {
  return {
    chainId: 'solana', dexId: 'raydium', pairAddress: address, baseToken: { address: mint, name: mint.slice(0, 6), symbol: mint.slice(0, 3) },
    quoteToken: { address: USDC_MINT, name: 'USD Coin', symbol: 'USDC' }, txns: {}, volume: h24 === undefined ? {} : { h24 }, liquidity: { usd: liquidity },
  } as unknown as DexPair;
}

describe('samplePools', () => {
  it('each token\'s deepest pair, the DERIVED_TOKENS largest by 24 h volume, unknown volume last; a token without a pair is skipped', () => {
    const mints = Array.from({ length: DERIVED_TOKENS + 2 }, (_, i) => `Mint${i}`.padEnd(43, '1'));
    const pairs = mints.flatMap((m, i) => [pair(m, `Deep${i}`.padEnd(43, '1'), i === 0 ? undefined : i * 10, 5_000), pair(m, `Thin${i}`.padEnd(43, '1'), 1e9, 10)]);
    const sampled = samplePools(pairs, [...mints, 'NoPair'.padEnd(43, '1')]);
    assert.equal(sampled.length, DERIVED_TOKENS);
    assert.ok(sampled.every((p) => p.pairAddress.startsWith('Deep')), 'the deepest pair, not the busiest thin one');
    assert.deepEqual(sampled.map((p) => p.volume.h24), [110, 100, 90, 80, 70, 60, 50, 40, 30, 20]);
  });
});

interface FakeWorld {
  profiles?: string[] | SourceError;
  boosts?: string[] | SourceError;
  pairs: DexPair[];
  histories: Record<string, EnhancedTransaction[] | SourceError>;
}

/** A live-mode context over fake sources; `reads` counts the upstream reads. */
function liveCtx(world: FakeWorld, nowMs: () => number) {
  const reads = { feeds: 0, pairs: 0, histories: [] as string[] };
  const feed = (v: string[] | SourceError | undefined) => async () => {
    reads.feeds++;
    if (v instanceof SourceError) throw v;
    return (v ?? []).map((tokenAddress) => ({ chainId: 'solana', tokenAddress }));
  };
  const sources = {
    dexscreener: {
      latestTokenProfiles: feed(world.profiles),
      topBoostedTokens: feed(world.boosts),
      tokenPairs: async () => { reads.pairs++; return world.pairs; },
    },
    helius: {
      async getTransactionsByAddress(address: string) {
        reads.histories.push(address);
        const h = world.histories[address] ?? [];
        if (h instanceof SourceError) throw h;
        return h;
      },
    },
    defillama: { batchHistoricalPrices: async () => assert.fail('no SOL-quoted swap') },
  };
  const ctx = { now: () => new Date(nowMs()), signal: new AbortController().signal, timers: new ManualTimers(), sources, entities, dataMode: 'live' } as unknown as HandlerContext;
  return { ctx, reads };
}

const WORLD: FakeWorld = {
  profiles: [TOKEN_A],
  boosts: [TOKEN_B, TOKEN_A],
  pairs: [pair(TOKEN_A, POOL_A, 500_000), pair(TOKEN_B, POOL_B, 200_000)],
  histories: {
    [POOL_A]: [swap(T1, POOL_A, TOKEN_A, NOW_S - 60, 1), swap(T2, POOL_A, TOKEN_A, NOW_S - 120, 2), swap(BOT, POOL_A, TOKEN_A, NOW_S - 180, 3), swap(BOT, POOL_A, TOKEN_A, NOW_S - 180, 3, { sell: true })],
    [POOL_B]: [swap(T2, POOL_B, TOKEN_B, NOW_S - 30, 4), swap(ENTITY, POOL_B, TOKEN_B, NOW_S - 40, 5)],
  },
};

describe('derivedSeed', () => {
  it('reads the feeds, the pairs and each sampled pool once; the seed and how it was found', async () => {
    const { ctx, reads } = liveCtx(WORLD, () => NOW_S * 1000);
    const seed = await derivedSeed(ctx);
    assert.deepEqual(seed.wallets, [T2, T1], 'T2 traded both pools');
    assert.deepEqual(seed.caveats, []);
    const d = seed.derivation;
    assert.equal(d.method, 'recent_traders_of_most_traded_feed_tokens');
    assert.equal(d.derived_at, new Date(NOW_S * 1000).toISOString());
    assert.equal(d.feed_tokens, 2);
    assert.equal(d.tokens_with_pair, 2);
    assert.deepEqual(d.pools.map((p) => [p.mint, p.pair_address, p.transactions_read, p.traders]), [[TOKEN_A, POOL_A, 4, 3], [TOKEN_B, POOL_B, 2, 2]]);
    assert.equal(d.traders_seen, 4);
    assert.deepEqual(d.excluded, { known_entities: 1, automated: 1 });
    assert.equal(d.kept, 2);
    assert.deepEqual([reads.feeds, reads.pairs, reads.histories.sort()], [2, 1, [POOL_A, POOL_B]]);
  });

  it('reused for 15 minutes on the service\'s clock (no read), derived again after; a clock moved back derives again', async () => {
    let now = NOW_S * 1000;
    const { ctx, reads } = liveCtx(WORLD, () => now);
    const first = await derivedSeed(ctx);
    now += DERIVED_SEED_TTL_MS - 1;
    assert.equal(await derivedSeed(ctx), first);
    assert.equal(reads.pairs, 1);
    now += 1;
    const second = await derivedSeed(ctx);
    assert.notEqual(second, first);
    assert.equal(reads.pairs, 2);
    now -= 60_000;
    await derivedSeed(ctx);
    assert.equal(reads.pairs, 3, 'a seed derived later is not reused for an earlier moment');
  });

  it('at most DERIVED_SEED_SIZE wallets', async () => {
    const many = Array.from({ length: DERIVED_SEED_SIZE + 5 }, (_, i) => swap(`W${i}x`.padEnd(43, '1'), POOL_A, TOKEN_A, NOW_S - 10 * (i + 1), 100 + i));
    const { ctx } = liveCtx({ ...WORLD, boosts: [], histories: { [POOL_A]: many } }, () => NOW_S * 1000);
    const seed = await derivedSeed(ctx);
    assert.equal(seed.wallets.length, DERIVED_SEED_SIZE);
    assert.equal(seed.wallets[0], 'W0x'.padEnd(43, '1'), 'equal pools and swaps: the latest swap first');
    assert.equal(seed.derivation.traders_seen, DERIVED_SEED_SIZE + 5);
  });

  it('one feed or one pool failing: derived from the rest with a caveat naming the source', async () => {
    const { ctx } = liveCtx({ ...WORLD, profiles: new SourceError('market_data', 'timeout', 'slow'), histories: { ...WORLD.histories, [POOL_A]: new SourceError('wallet_assets', 'unavailable', 'down') } }, () => NOW_S * 1000);
    const seed = await derivedSeed(ctx);
    assert.deepEqual(seed.wallets, [T2], 'pool B only (token A still sampled through the boosts feed)');
    assert.deepEqual(seed.caveats.map((c) => [c.code, c.leg]), [['leg_degraded', 'market_data'], ['leg_degraded', 'wallet_assets']]);
    assert.match(seed.caveats[1]!.message, /history of 1 of 2 sampled pool/);
    assert.equal(seed.derivation.pools[0]!.transactions_read, null);
  });

  it('nothing to sample: both feeds failing, or every pool failing, fails the derivation with that source\'s error (not kept)', async () => {
    const feedsDown = new SourceError('market_data', 'unavailable', 'down');
    await assert.rejects(derivedSeed(liveCtx({ ...WORLD, profiles: feedsDown, boosts: feedsDown }, () => NOW_S * 1000).ctx), (e: unknown) => e === feedsDown);
    const poolsDown = new SourceError('wallet_assets', 'rate_limited', 'slow down');
    const failing = liveCtx({ ...WORLD, histories: { [POOL_A]: poolsDown, [POOL_B]: poolsDown } }, () => NOW_S * 1000);
    await assert.rejects(derivedSeed(failing.ctx), (e: unknown) => e === poolsDown);
    await assert.rejects(derivedSeed(failing.ctx), (e: unknown) => e === poolsDown, 'a failure is not reused: the pools are read again');
    assert.equal(failing.reads.histories.length, 4);
  });

  it('no feed token with a pair: an empty seed, not a failure', async () => {
    const { ctx } = liveCtx({ ...WORLD, pairs: [] }, () => NOW_S * 1000);
    const seed = await derivedSeed(ctx);
    assert.deepEqual(seed.wallets, []);
    assert.deepEqual([seed.derivation.tokens_with_pair, seed.derivation.pools.length], [0, 0]);
  });
});

describe('the trenches\' smart-money leg on a derived seed', () => {
  it('derives the seed, reads its wallets and says where they came from', async () => {
    const { ctx } = liveCtx(WORLD, () => NOW_S * 1000);
    const plan = smartSeedOf(ctx);
    const leg = await smartMoneyLeg(ctx, plan, [TOKEN_A]);
    assert.equal(leg.read.seed.source, 'derived');
    assert.deepEqual(leg.read.seed.wallets, [T2, T1]);
    assert.equal(leg.read.seed.derivation?.kept, 2);
    assert.deepEqual(leg.read.wallets.map((w) => [w.address, w.status]), [[T2, 'insufficient_trades'], [T1, 'insufficient_trades']]);
    assert.ok(leg.read.caveats.some((c) => c.code === 'derived_seed_list' && /2 wallet\(s\) derived/.test(c.message)));
  });

  it('an empty derived seed: the leg answers with no wallets (not a failed read)', async () => {
    const { ctx } = liveCtx({ ...WORLD, pairs: [] }, () => NOW_S * 1000);
    const leg = await smartMoneyLeg(ctx, smartSeedOf(ctx), [TOKEN_A]);
    assert.deepEqual([leg.read.wallets, leg.buys], [[], []]);
  });
});
