/**
 * Pool venue B (Adrena): the account decoders on bytes written here by hand at the release/39 offsets
 * (so a wrong offset in the layout file fails, whatever the encoder does), the unit conversions and
 * formulas on hand-computed numbers, and the real client against the sandbox node (loopback) over a
 * tiny hand-written perps world: values round-trip, a null oracle price stays null, positions are
 * filtered by owner, closed ones dropped, and undecodable accounts are `malformed`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getAddressEncoder, getProgramDerivedAddress, type Address } from '@solana/kit';
import { collectSkipped, SourceError } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import {
  ADRENA_MAIN_POOL,
  ADRENA_ORACLE,
  ADRENA_PROGRAM_ID,
  AdrenaClient,
  adrenaPoolMarket,
  adrenaPoolPosition,
  oraclePriceUsd,
} from '../../src/sources/perps/adrena.js';
import { AdrenaLayoutError, decodeCustody, decodeOracle, decodePool, decodePosition } from '../../src/sources/perps/adrena-layout.js';
import type { PerpsWorld, PoolMarket, PoolMarketSide, PoolPosition } from '../../src/analytics/perps/venue-data.js';
import { createAdrenaRpcHandler } from '../../src/sandbox/providers/perps/adrena-rpc.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderHandler, type ProviderServer } from '../../src/sandbox/providers/server.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const JITOSOL = 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn';
const WBTC = '3NZ9JMVBmGAqocybic2c7LQCJScmgsAZ6vQqTDzcqmJh';
const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDC_CUSTODY = 'Dk523LZeDQbZtUwPEBjFXCd2Au1tD7mWZBJJmcgHktNk';
const JITOSOL_CUSTODY = 'GZ9XfWwgTRhkma2Y91Q9r1XKotNXYjBnKKabj19rhT71';
const WBTC_CUSTODY = 'GFu3qS22mo6bAjg4Lr5R7L8pPgHq6GvbjJPKEHkbbs2c';
const BONK_CUSTODY = '8aJuzsgjxBnvRhDcfQBD7z4CUj7QoPEpaNwVd7KqsSk5';
const ALICE = 'FLJ2HsJUYjxRsKWVcwLbatomDTRAEsQKR9vSRQbLu5eU';
const BOB = 'Sj1RuhzRYTiafvVLCQVQPdVW5Q2pTqp8HbrECPwu7mF';
const CAROL = 'DrBbiAejrAHDbFe3LGfw2xLKGP3NBfZ3t7a2nwe9Qes3';
const POS_1 = 'AXUChvpRwUUPMJhA4d23WcoyAL7W8zgAeo7KgcVUhTdY';
const POS_2 = 'BRjpCHtyQLNCo8gqRUr8jtdAj5AjPYQaoqbvcZiHok1k';
const POS_3 = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

// ── Hand-written account bytes (literal release/39 offsets, discriminator included) ────────────────

const addressBytes = (a: string) => getAddressEncoder().encode(a as Address);

class Bytes {
  readonly buf: Buffer;
  constructor(size: number, discriminator: number[]) {
    this.buf = Buffer.alloc(size);
    this.buf.set(discriminator, 0);
  }
  u8(o: number, v: number) { this.buf.writeUInt8(v, o); return this; }
  u16(o: number, v: number) { this.buf.writeUInt16LE(v, o); return this; }
  u32(o: number, v: number) { this.buf.writeUInt32LE(v, o); return this; }
  i32(o: number, v: number) { this.buf.writeInt32LE(v, o); return this; }
  u64(o: number, v: bigint) { this.buf.writeBigUInt64LE(v, o); return this; }
  i64(o: number, v: number) { this.buf.writeBigInt64LE(BigInt(v), o); return this; }
  key(o: number, a: string) { this.buf.set(addressBytes(a), o); return this; }
  str(o: number, s: string) { this.buf.write(s, o, 'utf8'); this.buf.writeUInt8(s.length, o + 31); return this; }
}

const DISC = {
  pool: [241, 154, 109, 4, 17, 177, 109, 188],
  custody: [1, 184, 48, 81, 93, 131, 63, 145],
  position: [170, 188, 143, 228, 122, 64, 247, 208],
  oracle: [139, 194, 131, 179, 140, 179, 229, 244],
};

const T0 = 1_750_000_000; // custody borrow state last update (2025-06-15T15:06:40Z)

function poolBytes(custodies: string[]): Buffer {
  const b = new Bytes(2528, DISC.pool).u8(15, custodies.length).str(16, 'main-pool');
  custodies.forEach((c, i) => b.key(48 + 32 * i, c));
  return b.buf;
}

/** jitoSOL custody: 25 % utilized, 21.9 % APR now, max 87.6 %, kink at 80 %. */
function jitoCustodyBytes(): Buffer {
  return new Bytes(1168, DISC.custody)
    .u8(12, 9) // decimals
    .u8(13, 0) // is_stable
    .key(16, ADRENA_MAIN_POOL)
    .key(48, JITOSOL)
    .str(112, 'JITOSOLUSD')
    .str(144, 'SOLUSD')
    .u32(176, 1_000_000) // max_initial_leverage 100×
    .u32(180, 2_000_000) // max_leverage 200×
    .u64(192, 5_000_000_000_000n) // max cumulative short $5,000,000
    .u64(200, 0n) // max cumulative long: none
    .u16(220, 16) // close_position fee 16 bps
    .u64(240, 100_000n) // max hourly rate 0.0001/h = 87.6 % APR
    .u64(384, 1_000_000_000_000n) // owned 1000 jitoSOL
    .u64(392, 250_000_000_000n) // locked 250 jitoSOL
    .u64(408, 1_234_567_890n) // long size $1,234.56789
    .u64(608, 2_000_000_000n) // short size $2,000
    .u64(800, 25_000n) // current rate → 21.9 % APR
    .i64(808, T0)
    .u64(816, 0n).u64(824, 5_000_000_000n) // cumulative interest (high, low)
    .u64(832, 8_000n) // optimal utilization 80 %
    .u8(914, 1) // oracle feed: jitoSOL
    .u8(915, 0).buf; // trade feed: SOL
}

/** USDC custody: 50 % utilized, 35.04 % APR now, max 70.08 %, no kink (single slope). */
function usdcCustodyBytes(): Buffer {
  return new Bytes(1168, DISC.custody)
    .u8(12, 6).u8(13, 1)
    .key(16, ADRENA_MAIN_POOL).key(48, USDC)
    .u64(240, 80_000n)
    .u64(384, 2_000_000_000_000n).u64(392, 1_000_000_000_000n)
    .u64(800, 40_000n).i64(808, T0)
    .u64(824, 7_000_000_000n)
    .u8(914, 5).u8(915, 5).buf;
}

function positionBytes(p: { owner: string; side: number; size: bigint; custody?: string; collateralCustody?: string }): Buffer {
  return new Bytes(464, DISC.position)
    .u8(9, p.side)
    .key(16, p.owner)
    .key(48, ADRENA_MAIN_POOL)
    .key(80, p.custody ?? JITOSOL_CUSTODY)
    .key(112, p.collateralCustody ?? JITOSOL_CUSTODY)
    .i64(144, 1_749_990_000) // open
    .i64(152, 1_749_995_000) // update
    .u64(160, 1_500_000_000_000n) // entry $150
    .u64(168, p.size) // size
    .u64(176, p.size) // borrow size
    .u64(184, 1_000_000_000n) // collateral $1,000
    .u64(192, 2_500_000n) // unrealized interest $2.50
    .u64(200, 0n).u64(208, 4_999_000_000n) // interest snapshot (high, low)
    .u64(264, 7_000_000n).buf; // paid interest $7 (settled: realised, not owed)
}

function oracleBytes(now: number): Buffer {
  const b = new Bytes(3224, DISC.oracle).u8(10, 4).i64(16, now - 2);
  const slot = (i: number, feedId: number, price: bigint, timestamp: number, name: string) =>
    b.u64(24 + 64 * i, price).i64(24 + 64 * i + 16, timestamp).i32(24 + 64 * i + 24, -10).u8(24 + 64 * i + 28, feedId).str(24 + 64 * i + 32, name);
  slot(0, 0, 1_500_000_000_000n, now - 5, 'SOLUSD'); // SOL $150
  slot(1, 1, 1_800_000_000_000n, now - 5, 'JITOSOLUSD'); // jitoSOL $180
  slot(2, 4, 200_000n, now - 3_600, 'BONKUSD'); // BONK, an hour old: stale
  slot(3, 32, 970_000_000_000_000n, now - 1, 'BTCUSD'); // BTC $97,000 from the second provider's range (30 + 2)
  return b.buf;
}

// ── Decoders and formulas ──────────────────────────────────────────────────────────────────────────

describe('Adrena account decoders (hand-written bytes)', () => {
  test('pool: name and the registered custodies in order', () => {
    const pool = decodePool(poolBytes([USDC_CUSTODY, JITOSOL_CUSTODY]));
    assert.deepEqual(pool, { name: 'main-pool', registeredCustodyCount: 2, custodies: [USDC_CUSTODY, JITOSOL_CUSTODY] });
  });

  test('custody: every field the client reads, at its offset', () => {
    const c = decodeCustody(jitoCustodyBytes());
    assert.equal(c.pool, ADRENA_MAIN_POOL);
    assert.equal(c.mint, JITOSOL);
    assert.equal(c.decimals, 9);
    assert.equal(c.isStable, false);
    assert.equal(c.oracleName, 'JITOSOLUSD');
    assert.equal(c.tradeOracleName, 'SOLUSD');
    assert.equal(c.oracleFeedId, 1);
    assert.equal(c.tradeOracleFeedId, 0);
    assert.equal(c.maxInitialLeverageBps, 1_000_000);
    assert.equal(c.maxLeverageBps, 2_000_000);
    assert.equal(c.maxCumulativeShortPositionSizeUsd, 5_000_000_000_000n);
    assert.equal(c.maxCumulativeLongPositionSizeUsd, 0n);
    assert.equal(c.closePositionFeeBps, 16);
    assert.equal(c.maxHourlyBorrowInterestRate, 100_000n);
    assert.deepEqual(c.assets, { collateral: 0n, owned: 1_000_000_000_000n, locked: 250_000_000_000n });
    assert.equal(c.long.sizeUsd, 1_234_567_890n);
    assert.equal(c.short.sizeUsd, 2_000_000_000n);
    assert.deepEqual(c.borrowRateState, { currentRate: 25_000n, lastUpdate: T0, cumulativeInterest: 5_000_000_000n });
    assert.equal(c.optimalUtilizationBps, 8_000);
  });

  test('position: keys, times, USD and price fields, the U128 interest snapshot', () => {
    const p = decodePosition(positionBytes({ owner: ALICE, side: 2, size: 10_000_000_000n, collateralCustody: USDC_CUSTODY }));
    assert.equal(p.owner, ALICE);
    assert.equal(p.pool, ADRENA_MAIN_POOL);
    assert.equal(p.custody, JITOSOL_CUSTODY);
    assert.equal(p.collateralCustody, USDC_CUSTODY);
    assert.equal(p.side, 2);
    assert.equal(p.openTime, 1_749_990_000);
    assert.equal(p.updateTime, 1_749_995_000);
    assert.equal(p.price, 1_500_000_000_000n);
    assert.equal(p.sizeUsd, 10_000_000_000n);
    assert.equal(p.borrowSizeUsd, 10_000_000_000n);
    assert.equal(p.collateralUsd, 1_000_000_000n);
    assert.equal(p.unrealizedInterestUsd, 2_500_000n);
    assert.equal(p.cumulativeInterestSnapshot, 4_999_000_000n);
    assert.equal(p.paidInterestUsd, 7_000_000n);
  });

  test('a U128Split high word counts 2^64', () => {
    const bytes = positionBytes({ owner: ALICE, side: 1, size: 1n });
    bytes.writeBigUInt64LE(3n, 200);
    assert.equal(decodePosition(bytes).cumulativeInterestSnapshot, 3n * 2n ** 64n + 4_999_000_000n);
  });

  test('oracle: registered slots with feed id, exponent and timestamp', () => {
    const oracle = decodeOracle(oracleBytes(T0));
    assert.equal(oracle.updatedAt, T0 - 2);
    assert.equal(oracle.prices.length, 4);
    assert.deepEqual(oracle.prices[1], { feedId: 1, name: 'JITOSOLUSD', price: 1_800_000_000_000n, confidence: 0n, exponent: -10, timestamp: T0 - 5 });
  });

  test('wrong discriminator or truncated bytes are layout errors', () => {
    assert.throws(() => decodeCustody(poolBytes([])), AdrenaLayoutError);
    assert.throws(() => decodePosition(positionBytes({ owner: ALICE, side: 1, size: 1n }).subarray(0, 100)), AdrenaLayoutError);
  });
});

describe('Adrena units and formulas (hand-computed)', () => {
  const now = T0 + 360;

  test('oracle prices: mantissa × 10^exponent; stale, missing → null; another provider fills a gap', () => {
    const oracle = decodeOracle(oracleBytes(now));
    assert.equal(oraclePriceUsd(oracle, 0, now, 60), 150);
    assert.equal(oraclePriceUsd(oracle, 1, now, 60), 180);
    assert.equal(oraclePriceUsd(oracle, 4, now, 60), null); // 3600 s old
    assert.equal(oraclePriceUsd(oracle, 4, now, 7_200), 0.00002);
    assert.equal(oraclePriceUsd(oracle, 2, now, 60), 97_000); // BTC slot 2 empty, slot 32 (same asset) used
    assert.equal(oraclePriceUsd(oracle, 3, now, 60), null); // WBTC nowhere
    assert.equal(oraclePriceUsd(null, 0, now, 60), null);
  });

  test('market: OI, caps, utilization, APR, solved kink, fees, leverage, wrapped collateral prices', () => {
    const m = adrenaPoolMarket('SOL', JITOSOL_CUSTODY, decodeCustody(jitoCustodyBytes()), decodeCustody(usdcCustodyBytes()), decodeOracle(oracleBytes(now)), now);
    assert.equal(m.venue, 'B');
    assert.equal(m.collateralMint, JITOSOL);
    assert.equal(m.collateralSymbol, 'jitoSOL');
    assert.equal(m.oraclePriceUsd, 150); // SOL, the traded asset
    assert.equal(m.collateralPriceUsd, 180); // jitoSOL, what the custody holds
    assert.equal(m.openFeeBps, 0);
    assert.equal(m.closeFeeBps, 16);
    assert.equal(m.maxLeverage, 100);
    assert.equal(m.updatedAt, '2025-06-15T15:06:40.000Z');
    // Long side: the jitoSOL custody. 25_000e-9/h × 8760 × 100 = 21.9 %; kink solved 21.9 × 80 / 25 = 70.08.
    assert.equal(m.long.openInterestUsd, 1_234.56789);
    assert.equal(m.long.maxOpenInterestUsd, null);
    assert.equal(m.long.utilizationPct, 25);
    assert.ok(Math.abs(m.long.borrowAprPct - 21.9) < 1e-9);
    const [p0, kink, p100] = m.long.borrowCurve.points;
    assert.deepEqual(p0, { utilizationPct: 0, aprPct: 0 });
    assert.equal(kink!.utilizationPct, 80);
    assert.ok(Math.abs(kink!.aprPct - 70.08) < 1e-9);
    assert.equal(p100!.utilizationPct, 100);
    assert.ok(Math.abs(p100!.aprPct - 87.6) < 1e-9);
    // Short side: OI and cap of the asset custody, borrow state of the USDC custody (single slope).
    assert.equal(m.short.openInterestUsd, 2_000);
    assert.equal(m.short.maxOpenInterestUsd, 5_000_000);
    assert.equal(m.short.utilizationPct, 50);
    assert.ok(Math.abs(m.short.borrowAprPct - 35.04) < 1e-9);
    assert.equal(m.short.borrowCurve.points.length, 2);
    assert.ok(Math.abs(m.short.borrowCurve.points[1]!.aprPct - 70.08) < 1e-9);
  });

  test('position: USD units, entry price, unpaid borrow fees accrued on the collateral custody, settled borrow as realised', () => {
    const raw = decodePosition(positionBytes({ owner: ALICE, side: 1, size: 10_000_000_000n }));
    const p = adrenaPoolPosition(POS_1, raw, 'SOL', decodeCustody(jitoCustodyBytes()), now);
    // cumulative = 5e9 + ceil(360 × 25_000 / 3600) = 5_000_002_500; − snapshot 4_999_000_000 = 1_002_500;
    // × borrow size 1e10 / 1e9 = 10_025_000 ($10.025) + unrealized $2.50 = $12.525.
    assert.deepEqual(p, {
      venue: 'B', address: POS_1, owner: ALICE, asset: 'SOL', side: 'long', sizeUsd: 10_000, collateralUsd: 1_000, entryPriceUsd: 150,
      openedAt: '2025-06-15T12:20:00.000Z', updatedAt: '2025-06-15T13:43:20.000Z', borrowFeesUsd: 12.525, realisedPnlUsd: -7, collateralSymbol: 'jitoSOL',
    });
    assert.equal(adrenaPoolPosition(POS_1, raw, 'SOL', null, now).borrowFeesUsd, null);
  });

  test('the published addresses are the program-derived ones', async () => {
    const program = ADRENA_PROGRAM_ID as Address;
    assert.equal((await getProgramDerivedAddress({ programAddress: program, seeds: ['oracle'] }))[0], ADRENA_ORACLE);
    assert.equal((await getProgramDerivedAddress({ programAddress: program, seeds: ['pool', 'main-pool'] }))[0], ADRENA_MAIN_POOL);
    const custody = await getProgramDerivedAddress({ programAddress: program, seeds: ['custody', addressBytes(ADRENA_MAIN_POOL), addressBytes(JITOSOL)] });
    assert.equal(custody[0], JITOSOL_CUSTODY);
  });
});

// ── Client ↔ sandbox node round trip ───────────────────────────────────────────────────────────────

const NOW = new Date('2025-06-01T12:00:00.000Z');
const UPDATED = '2025-06-01T11:59:00.000Z';

const USDC_SHORT = (oi: number, cap: number | null): PoolMarketSide => ({
  openInterestUsd: oi,
  maxOpenInterestUsd: cap,
  utilizationPct: 50,
  borrowCurve: { points: [{ utilizationPct: 0, aprPct: 0 }, { utilizationPct: 80, aprPct: 16 }, { utilizationPct: 100, aprPct: 80 }] },
  borrowAprPct: 10, // 50/80 × 16
});
const KINKED = [{ utilizationPct: 0, aprPct: 0 }, { utilizationPct: 80, aprPct: 20 }, { utilizationPct: 100, aprPct: 100 }];

function market(asset: 'SOL' | 'BTC' | 'BONK', overrides: Partial<PoolMarket> = {}): PoolMarket {
  const base: Record<typeof asset, PoolMarket> = {
    SOL: {
      venue: 'B', asset: 'SOL', custody: JITOSOL_CUSTODY, collateralMint: JITOSOL, collateralSymbol: 'jitoSOL', oraclePriceUsd: 150.25, collateralPriceUsd: 180.5,
      long: { openInterestUsd: 1_250_000, maxOpenInterestUsd: 10_000_000, utilizationPct: 40, borrowCurve: { points: KINKED }, borrowAprPct: 10 }, // 40/80 × 20
      short: USDC_SHORT(800_000, 5_000_000), openFeeBps: 0, closeFeeBps: 16, maxLeverage: 100, maxPositionSizeUsd: null, updatedAt: UPDATED,
    },
    BTC: {
      venue: 'B', asset: 'BTC', custody: WBTC_CUSTODY, collateralMint: WBTC, collateralSymbol: 'WBTC', oraclePriceUsd: 97_000, collateralPriceUsd: 96_950,
      long: { openInterestUsd: 3_000_000.5, maxOpenInterestUsd: null, utilizationPct: 90, borrowCurve: { points: KINKED }, borrowAprPct: 60 }, // 20 + 10/20 × 80
      short: USDC_SHORT(2_100_000, null), openFeeBps: 0, closeFeeBps: 14, maxLeverage: 50, maxPositionSizeUsd: null, updatedAt: UPDATED,
    },
    BONK: {
      venue: 'B', asset: 'BONK', custody: BONK_CUSTODY, collateralMint: BONK, collateralSymbol: 'BONK', oraclePriceUsd: 0.0000225, collateralPriceUsd: 0.0000225,
      long: { openInterestUsd: 0, maxOpenInterestUsd: 250_000, utilizationPct: 0, borrowCurve: { points: [{ utilizationPct: 0, aprPct: 0 }, { utilizationPct: 100, aprPct: 50 }] }, borrowAprPct: 0 },
      short: USDC_SHORT(12_345.678901, 1_000_000), openFeeBps: 0, closeFeeBps: 20, maxLeverage: 10, maxPositionSizeUsd: null, updatedAt: null,
    },
  };
  return { ...base[asset], ...overrides };
}

const POSITIONS: PoolPosition[] = [
  {
    venue: 'B', address: POS_1, owner: ALICE, asset: 'SOL', side: 'long', sizeUsd: 25_000, collateralUsd: 2_500.123456, entryPriceUsd: 142.3456789,
    openedAt: '2025-05-30T08:00:00.000Z', updatedAt: '2025-05-31T09:30:00.000Z', borrowFeesUsd: 3.21, realisedPnlUsd: -12.345678, collateralSymbol: 'jitoSOL',
  },
  {
    venue: 'B', address: POS_2, owner: ALICE, asset: 'BTC', side: 'short', sizeUsd: 100_000, collateralUsd: 10_000, entryPriceUsd: 99_123.45,
    openedAt: '2025-05-31T00:00:00.000Z', updatedAt: '2025-05-31T00:00:00.000Z', borrowFeesUsd: 40.5, realisedPnlUsd: 0, collateralSymbol: 'USDC',
  },
  {
    venue: 'B', address: POS_3, owner: BOB, asset: 'BONK', side: 'long', sizeUsd: 1_000, collateralUsd: 100, entryPriceUsd: 0.0000211,
    openedAt: '2025-06-01T11:00:00.000Z', updatedAt: '2025-06-01T11:00:00.000Z', borrowFeesUsd: 0, realisedPnlUsd: 0, collateralSymbol: 'BONK',
  },
];

function tinyWorld(markets: () => PoolMarket[]): PerpsWorld {
  const unused = () => {
    throw new Error('not part of venue B');
  };
  return {
    poolMarkets: (venue) => (venue === 'B' ? markets() : []),
    poolPositions: (venue) => (venue === 'B' ? POSITIONS : []),
    refMarkets: unused,
    refAccount: unused,
    refPortfolio: unused,
    leaderboard: unused,
  };
}

/**
 * Equal within the venue's integer units: USD (1e-6) and prices (1e-10) come back exact to float
 * precision; an APR is an hourly rate in 1e-9 units, i.e. steps of 0.000876 APR points, and a solved
 * kink rate can double that step.
 */
function assertClose(actual: unknown, expected: unknown, path = '$'): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const tolerance = /aprPct$/i.test(path) ? 0.00176 : 1e-12 * Math.max(1, Math.abs(expected));
    assert.ok(Math.abs(actual - expected) <= tolerance, `${path}: ${actual} ≠ ${expected}`);
    return;
  }
  if (expected && typeof expected === 'object') {
    assert.ok(actual && typeof actual === 'object', `${path}: not an object`);
    assert.deepEqual(Object.keys(actual as object).sort(), Object.keys(expected).sort(), `${path}: keys`);
    for (const [k, v] of Object.entries(expected)) assertClose((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
    return;
  }
  assert.equal(actual, expected, path);
}

describe('AdrenaClient against the sandbox node', () => {
  let currentMarkets: () => PoolMarket[] = () => [market('SOL'), market('BTC'), market('BONK')];
  const requests: unknown[] = [];
  let server: ProviderServer;

  const client = () => new AdrenaClient({
    rpc: new HttpSource({ leg: 'perps_venue_b', baseUrl: server.url, retries: 0, timers: sourceTimers }),
    poolAddress: ADRENA_MAIN_POOL,
    now: () => NOW,
  });

  before(async () => {
    const inner = createAdrenaRpcHandler(tinyWorld(() => currentMarkets()), () => NOW);
    const recording: ProviderHandler = (req) => {
      requests.push(req.body);
      return inner(req);
    };
    server = await startProviderServer('perps_venue_b', recording, new FaultController());
  });
  after(() => server.close());

  test('markets round-trip: every field of SOL, BTC and BONK, no ETH', async () => {
    const markets = await client().markets();
    assert.deepEqual(markets.map((m) => m.asset).sort(), ['BONK', 'BTC', 'SOL']);
    for (const expected of [market('SOL'), market('BTC'), market('BONK')]) {
      assertClose(markets.find((m) => m.asset === expected.asset), expected, expected.asset);
    }
  });

  test('a null oracle price in the world comes back null (never 0); the other markets keep theirs', async () => {
    currentMarkets = () => [market('SOL'), market('BTC', { oraclePriceUsd: null, collateralPriceUsd: null })];
    try {
      const markets = await client().markets();
      const btc = markets.find((m) => m.asset === 'BTC')!;
      assert.equal(btc.oraclePriceUsd, null);
      assert.equal(btc.collateralPriceUsd, null);
      assert.equal(markets.find((m) => m.asset === 'SOL')!.oraclePriceUsd, 150.25);
    } finally {
      currentMarkets = () => [market('SOL'), market('BTC'), market('BONK')];
    }
  });

  test('positions round-trip and are filtered by owner on the node (memcmp at 16)', async () => {
    requests.length = 0;
    const alice = await client().positionsByOwner(ALICE);
    assertClose(alice, [POSITIONS[0], POSITIONS[1]]);
    const gpa = requests.find((r) => (r as { method?: string }).method === 'getProgramAccounts') as { params: [string, { filters: unknown[] }] };
    assert.equal(gpa.params[0], ADRENA_PROGRAM_ID);
    assert.deepEqual(gpa.params[1].filters.slice(2), [{ memcmp: { offset: 16, bytes: ALICE } }, { memcmp: { offset: 48, bytes: ADRENA_MAIN_POOL } }]);
    assertClose(await client().positionsByOwner(BOB), [POSITIONS[2]]);
    assert.deepEqual(await client().positionsByOwner(CAROL), []);
  });

  test('the node applies dataSize and base58/base64 memcmp filters generically, and only base64 data', async () => {
    const rpc = async (method: string, params: unknown[]) => {
      const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
      return (await res.json()) as { result?: { pubkey: string }[]; error?: { code: number } };
    };
    const custodies = await rpc('getProgramAccounts', [ADRENA_PROGRAM_ID, { encoding: 'base64', filters: [{ dataSize: 1168 }] }]);
    assert.deepEqual(custodies.result!.map((a) => a.pubkey).sort(), [BONK_CUSTODY, USDC_CUSTODY, WBTC_CUSTODY, JITOSOL_CUSTODY].sort());
    const byMint = await rpc('getProgramAccounts', [ADRENA_PROGRAM_ID, { encoding: 'base64', filters: [{ memcmp: { offset: 48, bytes: Buffer.from(addressBytes(WBTC)).toString('base64'), encoding: 'base64' } }] }]);
    assert.deepEqual(byMint.result!.map((a) => a.pubkey), [WBTC_CUSTODY]);
    assert.deepEqual((await rpc('getProgramAccounts', [USDC, { encoding: 'base64' }])).result, []);
    assert.equal((await rpc('getAccountInfo', [ADRENA_MAIN_POOL, { encoding: 'jsonParsed' }])).error!.code, -32602);
  });
});

// ── Hand-made node answers: closed positions, malformed accounts ───────────────────────────────────

describe('AdrenaClient on hand-made accounts', () => {
  let accounts = new Map<string, { data: Buffer; owner?: string }>();
  let server: ProviderServer;
  const now = new Date((T0 + 360) * 1000);

  const account = ({ data, owner }: { data: Buffer; owner?: string }) => ({
    data: [data.toString('base64'), 'base64'], executable: false, lamports: 1, owner: owner ?? ADRENA_PROGRAM_ID, rentEpoch: 0, space: data.length,
  });
  // A node that ignores filters (returns every position): the client must still check what it gets.
  const handler: ProviderHandler = (req) => {
    const { id, method, params } = req.body as { id: number; method: string; params: unknown[] };
    if (method === 'getMultipleAccounts') {
      const value = (params[0] as string[]).map((a) => (accounts.has(a) ? account(accounts.get(a)!) : null));
      return { body: { jsonrpc: '2.0', id, result: { context: { slot: 1 }, value } } };
    }
    const result = [...accounts].filter(([, a]) => a.data.length === 464).map(([pubkey, a]) => ({ pubkey, account: account(a) }));
    return { body: { jsonrpc: '2.0', id, result } };
  };
  const client = () => new AdrenaClient({ rpc: new HttpSource({ leg: 'perps_venue_b', baseUrl: server.url, retries: 0, timers: sourceTimers }), poolAddress: ADRENA_MAIN_POOL, now: () => now });
  const base = () => new Map<string, { data: Buffer; owner?: string }>([
    [ADRENA_MAIN_POOL, { data: poolBytes([USDC_CUSTODY, JITOSOL_CUSTODY]) }],
    [USDC_CUSTODY, { data: usdcCustodyBytes() }],
    [JITOSOL_CUSTODY, { data: jitoCustodyBytes() }],
    [ADRENA_ORACLE, { data: oracleBytes(T0 + 360) }],
  ]);

  before(async () => {
    server = await startProviderServer('perps_venue_b', handler, new FaultController());
  });
  after(() => server.close());

  test('closed positions (size 0) and other owners are dropped', async () => {
    accounts = base();
    accounts.set(POS_1, { data: positionBytes({ owner: ALICE, side: 1, size: 10_000_000_000n }) });
    accounts.set(POS_2, { data: positionBytes({ owner: ALICE, side: 2, size: 0n, collateralCustody: USDC_CUSTODY }) });
    accounts.set(POS_3, { data: positionBytes({ owner: BOB, side: 2, size: 5_000_000n, collateralCustody: USDC_CUSTODY }) });
    const positions = await client().positionsByOwner(ALICE);
    assert.deepEqual(positions.map((p) => [p.address, p.side, p.sizeUsd, p.borrowFeesUsd]), [[POS_1, 'long', 10_000, 12.525]]);
  });

  test('the hand-made market reads the same as the formulas say', async () => {
    accounts = base();
    const [sol] = await client().markets();
    assert.equal(sol!.asset, 'SOL');
    assert.equal(sol!.long.utilizationPct, 25);
    assert.equal(sol!.short.utilizationPct, 50);
    assert.equal(sol!.oraclePriceUsd, 150);
  });

  const malformedCases: [string, () => void][] = [
    ['a custody with the wrong discriminator', () => accounts.set(JITOSOL_CUSTODY, { data: Buffer.concat([Buffer.from(DISC.pool), jitoCustodyBytes().subarray(8)]) })],
    ['a truncated custody', () => accounts.set(JITOSOL_CUSTODY, { data: jitoCustodyBytes().subarray(0, 500) })],
    ['a custody owned by another program', () => accounts.set(JITOSOL_CUSTODY, { data: jitoCustodyBytes(), owner: USDC })],
    ['a pool without a stable custody', () => accounts.set(ADRENA_MAIN_POOL, { data: poolBytes([JITOSOL_CUSTODY]) })],
  ];
  for (const [name, breakIt] of malformedCases) {
    test(`markets: ${name} is malformed`, async () => {
      accounts = base();
      breakIt();
      await assert.rejects(client().markets(), (err: unknown) => err instanceof SourceError && err.kind === 'malformed' && err.leg === 'perps_venue_b');
    });
  }

  test("positions: one account with an unknown side is skipped and reported; the owner's other positions answer", async () => {
    accounts = base();
    accounts.set(POS_1, { data: positionBytes({ owner: ALICE, side: 1, size: 10_000_000_000n }) });
    accounts.set(POS_2, { data: positionBytes({ owner: ALICE, side: 7, size: 1n }) });
    const { value, skipped } = await collectSkipped(() => client().positionsByOwner(ALICE));
    assert.deepEqual(value.map((p) => [p.address, p.side]), [[POS_1, 'long']]);
    assert.deepEqual(skipped.map((n) => [n.leg, n.provider, n.what, n.count]), [['perps_venue_b', 'pool venue B', 'position account', 1]]);
    assert.match(skipped[0]!.firstError ?? '', /side 7/);
  });

  test('positions: when the only account is undecodable or has an unknown side, the list is malformed', async () => {
    accounts = base();
    const bad = Buffer.from(positionBytes({ owner: ALICE, side: 1, size: 1n }));
    bad[0] = 0;
    accounts.set(POS_1, { data: bad });
    await assert.rejects(client().positionsByOwner(ALICE), (err: unknown) => err instanceof SourceError && err.kind === 'malformed');
    accounts.set(POS_1, { data: positionBytes({ owner: ALICE, side: 7, size: 1n }) });
    await assert.rejects(client().positionsByOwner(ALICE), (err: unknown) => err instanceof SourceError && err.kind === 'malformed');
  });

  test('a missing pool is not_found; a missing oracle only blanks the prices', async () => {
    accounts = base();
    accounts.delete(ADRENA_ORACLE);
    const [sol] = await client().markets();
    assert.equal(sol!.oraclePriceUsd, null);
    assert.equal(sol!.collateralPriceUsd, null);
    accounts.delete(ADRENA_MAIN_POOL);
    await assert.rejects(client().markets(), (err: unknown) => err instanceof SourceError && err.kind === 'not_found');
  });
});
