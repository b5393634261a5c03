/**
 * Pool venue A (Jupiter Perpetuals): the layout decoders on account bytes written here BY HAND, field by
 * field in the IDL's order (not with the sandbox encoder), the client against a loopback node serving those
 * bytes (numbers computed by hand below), and a round trip world → sandbox node → client.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { getAddressDecoder, getAddressEncoder, getBase58Decoder } from '@solana/kit';
import { collectSkipped } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import {
  AccountLayoutError,
  decodeCustody,
  decodeDovesPriceFeed,
  decodePool,
  decodePosition,
} from '../../src/sources/perps/jupiter-perps-layout.js';
import {
  JUPITER_PERPS_MAINNET_POOL,
  JupiterPerpsClient,
  accruedBorrowFeeUsd,
  jumpRateCurve,
  jumpRateYearlyBps,
} from '../../src/sources/perps/jupiter-perps.js';
import type { PerpsWorld, PoolMarket, PoolPosition } from '../../src/analytics/perps/venue-data.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderHandler, type ProviderServer } from '../../src/sandbox/providers/server.js';
import { createJupiterPerpsRpcHandler } from '../../src/sandbox/providers/perps/jupiter-perps-rpc.js';
import { failure } from '../helpers/source-failure.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

// ---- a Borsh writer for the fixtures (little-endian, Pubkey = 32 bytes, bool = 1 byte) ----

const keyBytes = getAddressEncoder();
class Bytes {
  private readonly chunks: Buffer[] = [];
  private push(b: Buffer): this {
    this.chunks.push(b);
    return this;
  }
  raw(bytes: ArrayLike<number>): this {
    return this.push(Buffer.from(Uint8Array.from(bytes)));
  }
  zeros(n: number): this {
    return this.push(Buffer.alloc(n));
  }
  u8(v: number): this {
    const b = Buffer.alloc(1);
    b.writeUInt8(v);
    return this.push(b);
  }
  i8(v: number): this {
    const b = Buffer.alloc(1);
    b.writeInt8(v);
    return this.push(b);
  }
  bool(v: boolean): this {
    return this.u8(v ? 1 : 0);
  }
  u32(v: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    return this.push(b);
  }
  u64(v: bigint): this {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(v);
    return this.push(b);
  }
  i64(v: bigint): this {
    const b = Buffer.alloc(8);
    b.writeBigInt64LE(v);
    return this.push(b);
  }
  u128(v: bigint): this {
    return this.u64(v & ((1n << 64n) - 1n)).u64(v >> 64n);
  }
  key(address: string): this {
    return this.raw(keyBytes.encode(address as Parameters<typeof keyBytes.encode>[0]));
  }
  /** Anchor's discriminator: sha256("account:<Name>")[0..8]. */
  discriminator(name: string): this {
    return this.raw(createHash('sha256').update(`account:${name}`).digest().subarray(0, 8));
  }
  build(size?: number): Buffer {
    const out = Buffer.concat(this.chunks);
    return size === undefined ? out : Buffer.concat([out, Buffer.alloc(size - out.length)]);
  }
}

const addressOf = getAddressDecoder();
/** A deterministic test address from a label. */
const addr = (label: string): string => addressOf.decode(createHash('sha256').update(label).digest());

const PROGRAM = 'PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu';
const DOVES = 'DoVEsk76QybCEHQGzkvYPWLQu9gzNoZZZt3TPiL597e';
const POOL = JUPITER_PERPS_MAINNET_POOL;
const MINT = {
  SOL: 'So11111111111111111111111111111111111111112',
  WBTC: '3NZ9JMVBmGAqocybic2c7LQCJScmgsAZ6vQqTDzcqmJh',
  WETH: '7vfCXTUXx5WJV5JADk17DUJ4ksgau7utNKj4b963voxs',
  USDC: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
};
const SOL_CUSTODY = '7xS2gz2bTp3fwCC7knJvUWTEU9Tycczu6VhJYKgi1wdz';
const BTC_CUSTODY = '5Pv3gM9JrFFH883SWAhvJC9RPYmo8UNxuFtv5bMMALkm';
const USDC_CUSTODY = 'G18jKKXQwBbrHeiK3C9MRXhkHsLHf7XgCSisykV46EZa';
const SOL_FEED = '39cWjvHrpHNz2SbXv6ME4NPhqBDBd4KsjUYv5JkHEAJU';
const BTC_FEED = '4HBbPx9QJdjJ7GUe6bsiJjGybvfpDhQMMPXP1UEa7VT5';
const USDC_FEED = 'A28T5pKtscnhDo6C1Sz786Tup88aTjt8uyKewjVvPrGk';
const OWNER_A = addr('owner-a');
const OWNER_B = addr('owner-b');

interface CustodyFixture {
  mint: string;
  decimals: number;
  isStable: boolean;
  maxLeverage: bigint;
  maxGlobalLongSizes: bigint;
  maxGlobalShortSizes: bigint;
  owned: bigint;
  locked: bigint;
  globalShortSizes: bigint;
  cumulativeInterestRate: bigint;
  lastUpdate: bigint;
  increasePositionBps: bigint;
  decreasePositionBps: bigint;
  /** USD, 6 decimals; 0 = no limit. */
  maxPositionSizeUsd: bigint;
  dovesOracle: string;
  jump: [min: bigint, max: bigint, target: bigint, targetUtilization: bigint];
}

/** A Custody account, every field of the IDL in order, padded to the account's 1117 bytes. */
function custodyBytes(c: CustodyFixture): Buffer {
  const b = new Bytes()
    .discriminator('Custody')
    .key(POOL).key(c.mint).key(addr(`token-account/${c.mint}`))
    .u8(c.decimals).bool(c.isStable)
    // oracle: oracleAccount, oracleType (Pyth = 2), buffer, maxPriceAgeSec
    .key(addr(`pyth/${c.mint}`)).u8(2).u64(0n).u32(60)
    // pricing: tradeImpactFeeScalar, buffer, swapSpread, maxLeverage, maxGlobalLongSizes, maxGlobalShortSizes
    .u64(1_250_000_000_000n).u64(0n).u64(0n).u64(c.maxLeverage).u64(c.maxGlobalLongSizes).u64(c.maxGlobalShortSizes)
    // permissions: 7 bools
    .bool(true).bool(true).bool(true).bool(true).bool(true).bool(true).bool(true)
    .u64(4_700n) // targetRatioBps
    // assets: feesReserves, owned, locked, guaranteedUsd, globalShortSizes, globalShortAveragePrices
    .u64(5_000_000_000n).u64(c.owned).u64(c.locked).u64(100_000_000_000_000n).u64(c.globalShortSizes).u64(150_000_000n)
    // fundingRateState: cumulativeInterestRate (u128), lastUpdate (i64), hourlyFundingDbps
    .u128(c.cumulativeInterestRate).i64(c.lastUpdate).u64(1n)
    .u8(255).u8(254) // bump, tokenAccountBump
    .u64(c.increasePositionBps).u64(c.decreasePositionBps).u64(c.maxPositionSizeUsd)
    .key(c.dovesOracle)
    // jumpRateState: minRateBps, maxRateBps, targetRateBps, targetUtilizationRate
    .u64(c.jump[0]).u64(c.jump[1]).u64(c.jump[2]).u64(c.jump[3])
    .key(addr(`doves-ag/${c.mint}`)); // dovesAgOracle; the rest of the account stays zero
  return b.build(1117);
}

const SOL_CUSTODY_FIXTURE: CustodyFixture = {
  mint: MINT.SOL, decimals: 9, isStable: false,
  maxLeverage: 5_000_000n, // 500×
  maxGlobalLongSizes: 400_000_000_000_000n, // $400 M
  maxGlobalShortSizes: 0n, // no cap
  owned: 8_000_000_000_000_000n, // 8 M SOL
  locked: 2_000_000_000_000_000n, // 2 M SOL → 25 %
  globalShortSizes: 120_000_000_000_000n, // $120 M
  cumulativeInterestRate: 2_500_000_000n,
  lastUpdate: 1_750_000_000n,
  increasePositionBps: 6n, decreasePositionBps: 7n,
  maxPositionSizeUsd: 2_500_000_000_000n, // $2.5 M per position
  dovesOracle: SOL_FEED,
  jump: [100n, 15_000n, 2_000n, 800_000_000n], // 1 % → 20 % at 80 % → 150 %
};
const BTC_CUSTODY_FIXTURE: CustodyFixture = {
  mint: MINT.WBTC, decimals: 8, isStable: false,
  maxLeverage: 1_000_000n, // 100×
  maxGlobalLongSizes: 0n,
  maxGlobalShortSizes: 50_000_000_000_000n, // $50 M
  owned: 250_000_000_000n, // 2 500 BTC
  locked: 100_000_000_000n, // 1 000 BTC → 40 %
  globalShortSizes: 30_000_000_000_000n, // $30 M
  cumulativeInterestRate: 1_000_000_000n,
  lastUpdate: 0n,
  increasePositionBps: 6n, decreasePositionBps: 6n,
  maxPositionSizeUsd: 0n, // no per-position limit
  dovesOracle: BTC_FEED, // not served: the price is unusable
  jump: [100n, 15_000n, 2_000n, 800_000_000n],
};
const USDC_CUSTODY_FIXTURE: CustodyFixture = {
  mint: MINT.USDC, decimals: 6, isStable: true,
  maxLeverage: 0n, maxGlobalLongSizes: 0n, maxGlobalShortSizes: 0n,
  owned: 500_000_000_000_000n, // 500 M USDC
  locked: 300_000_000_000_000n, // 300 M → 60 %
  globalShortSizes: 0n,
  cumulativeInterestRate: 4_000_000_000n,
  lastUpdate: 1_750_000_000n,
  increasePositionBps: 0n, decreasePositionBps: 0n,
  maxPositionSizeUsd: 0n,
  dovesOracle: USDC_FEED,
  jump: [50n, 10_000n, 1_500n, 900_000_000n], // 0.5 % → 15 % at 90 % → 100 %
};

function poolBytes(custodies: string[]): Buffer {
  const b = new Bytes().discriminator('Pool').u32(4).raw(Buffer.from('Pool')).u32(custodies.length);
  for (const c of custodies) b.key(c);
  return b.u128(1_500_000_000_000_000n).zeros(220).build(); // aumUsd, then the rest of the pool
}

function priceFeedBytes(price: bigint, expo: number, timestamp: bigint): Buffer {
  const pair = Buffer.alloc(32);
  pair.write('SOL/USD');
  return new Bytes().discriminator('PriceFeed').raw(pair).zeros(33).u64(price).i8(expo).i64(timestamp).u8(255).build();
}

interface PositionFixture {
  owner: string;
  custody: string;
  collateralCustody: string;
  openTime: bigint;
  updateTime: bigint;
  side: number;
  price: bigint;
  sizeUsd: bigint;
  collateralUsd: bigint;
  realisedPnlUsd: bigint;
  snapshot: bigint;
  lockedAmount: bigint;
}

function positionBytes(p: PositionFixture, discriminator = 'Position'): Buffer {
  return new Bytes()
    .discriminator(discriminator)
    .key(p.owner).key(POOL).key(p.custody).key(p.collateralCustody)
    .i64(p.openTime).i64(p.updateTime)
    .u8(p.side)
    .u64(p.price).u64(p.sizeUsd).u64(p.collateralUsd).i64(p.realisedPnlUsd)
    .u128(p.snapshot).u64(p.lockedAmount)
    .u8(253)
    .build();
}

const LONG_SOL: PositionFixture = {
  owner: OWNER_A, custody: SOL_CUSTODY, collateralCustody: SOL_CUSTODY,
  openTime: 1_749_000_000n, updateTime: 1_749_990_000n, side: 1,
  price: 140_500_000n, sizeUsd: 10_000_000_000n, collateralUsd: 1_000_000_000n, realisedPnlUsd: -12_500_000n,
  snapshot: 2_500_000_000n - 1_000_000n, // Δ = 0.001 × size → $10
  lockedAmount: 71_174_377_224n,
};
const SHORT_BTC: PositionFixture = {
  owner: OWNER_A, custody: BTC_CUSTODY, collateralCustody: USDC_CUSTODY,
  openTime: 1_749_500_000n, updateTime: 1_749_500_000n, side: 2,
  price: 65_000_000_000n, sizeUsd: 5_000_123_456n, collateralUsd: 500_000_000n, realisedPnlUsd: 0n,
  // Δ = 3 000 001 on the USDC custody: 3 000 001 × 5 000 123 456 ÷ 10^9 = 15 000 375.37… → ceil 15 000 376
  snapshot: 4_000_000_000n - 3_000_001n,
  lockedAmount: 5_000_123_456n,
};
const CLOSED: PositionFixture = { ...LONG_SOL, sizeUsd: 0n, collateralUsd: 0n, side: 1 };
const SOMEONE_ELSE: PositionFixture = { ...LONG_SOL, owner: OWNER_B };

describe('Jupiter Perpetuals layout decoders (hand-written bytes)', () => {
  test('Custody: every field read sits at its IDL offset', () => {
    const c = decodeCustody(custodyBytes(SOL_CUSTODY_FIXTURE));
    assert.equal(c.pool, POOL);
    assert.equal(c.mint, MINT.SOL);
    assert.equal(c.tokenAccount, addr(`token-account/${MINT.SOL}`));
    assert.equal(c.decimals, 9);
    assert.equal(c.isStable, false);
    assert.equal(c.oracleAccount, addr(`pyth/${MINT.SOL}`));
    assert.deepEqual(c.pricing, {
      tradeImpactFeeScalar: 1_250_000_000_000n, buffer: 0n, swapSpread: 0n, maxLeverage: 5_000_000n,
      maxGlobalLongSizes: 400_000_000_000_000n, maxGlobalShortSizes: 0n,
    });
    assert.equal(c.targetRatioBps, 4_700n);
    assert.deepEqual(c.assets, {
      feesReserves: 5_000_000_000n, owned: 8_000_000_000_000_000n, locked: 2_000_000_000_000_000n,
      guaranteedUsd: 100_000_000_000_000n, globalShortSizes: 120_000_000_000_000n, globalShortAveragePrices: 150_000_000n,
    });
    assert.deepEqual(c.fundingRateState, { cumulativeInterestRate: 2_500_000_000n, lastUpdate: 1_750_000_000n, hourlyFundingDbps: 1n });
    assert.equal(c.increasePositionBps, 6n);
    assert.equal(c.decreasePositionBps, 7n);
    assert.equal(c.maxPositionSizeUsd, 2_500_000_000_000n);
    assert.equal(c.dovesOracle, SOL_FEED);
    assert.deepEqual(c.jumpRateState, { minRateBps: 100n, maxRateBps: 15_000n, targetRateBps: 2_000n, targetUtilizationRate: 800_000_000n });
  });

  test('Custody: a u128 above 2^64 keeps its high half', () => {
    const c = decodeCustody(custodyBytes({ ...SOL_CUSTODY_FIXTURE, cumulativeInterestRate: (7n << 64n) + 5n }));
    assert.equal(c.fundingRateState.cumulativeInterestRate, 129_127_208_515_966_861_317n);
  });

  test('Pool: name and custodies', () => {
    assert.deepEqual(decodePool(poolBytes([SOL_CUSTODY, BTC_CUSTODY, USDC_CUSTODY])), {
      name: 'Pool',
      custodies: [SOL_CUSTODY, BTC_CUSTODY, USDC_CUSTODY],
    });
  });

  test('Position: every field', () => {
    assert.deepEqual(decodePosition(positionBytes(SHORT_BTC)), {
      owner: OWNER_A, pool: POOL, custody: BTC_CUSTODY, collateralCustody: USDC_CUSTODY,
      openTime: 1_749_500_000n, updateTime: 1_749_500_000n, side: 'short',
      price: 65_000_000_000n, sizeUsd: 5_000_123_456n, collateralUsd: 500_000_000n, realisedPnlUsd: 0n,
      cumulativeInterestSnapshot: 3_996_999_999n, lockedAmount: 5_000_123_456n,
    });
    assert.equal(decodePosition(positionBytes(LONG_SOL)).realisedPnlUsd, -12_500_000n);
  });

  test('Doves price feed: price, expo, timestamp', () => {
    assert.deepEqual(decodeDovesPriceFeed(priceFeedBytes(15_025_000_000n, -8, 1_750_000_123n)), {
      price: 15_025_000_000n, expo: -8, timestamp: 1_750_000_123n,
    });
  });

  test('a wrong discriminator or data ending early is a layout error', () => {
    assert.throws(() => decodePool(custodyBytes(SOL_CUSTODY_FIXTURE)), AccountLayoutError);
    assert.throws(() => decodeCustody(custodyBytes(SOL_CUSTODY_FIXTURE).subarray(0, 383)), AccountLayoutError);
    assert.throws(() => decodePosition(positionBytes(LONG_SOL).subarray(0, 200)), AccountLayoutError);
    assert.throws(() => decodePosition(positionBytes({ ...LONG_SOL, side: 3 })), AccountLayoutError);
  });
});

describe('the program arithmetic', () => {
  const jump = { minRateBps: 100n, maxRateBps: 15_000n, targetRateBps: 2_000n, targetUtilizationRate: 800_000_000n };

  test('jump-rate APR below, at and above the kink', () => {
    assert.equal(jumpRateYearlyBps(jump, 0), 100);
    assert.equal(jumpRateYearlyBps(jump, 0.4), 1_050); // 100 + 1 900 × 0.4 / 0.8
    assert.equal(jumpRateYearlyBps(jump, 0.8), 2_000);
    assert.ok(Math.abs(jumpRateYearlyBps(jump, 0.9) - 8_500) < 1e-9); // 2 000 + 13 000 × 0.1 / 0.2
    assert.equal(jumpRateYearlyBps(jump, 1), 15_000);
  });

  test('the curve is (0, min), (kink, target), (100, max) in percent', () => {
    assert.deepEqual(jumpRateCurve(jump).points, [
      { utilizationPct: 0, aprPct: 1 },
      { utilizationPct: 80, aprPct: 20 },
      { utilizationPct: 100, aprPct: 150 },
    ]);
    // A kink at 100 %: the kink's rate is the end point.
    assert.deepEqual(jumpRateCurve({ ...jump, targetUtilizationRate: 1_000_000_000n }).points, [
      { utilizationPct: 0, aprPct: 1 },
      { utilizationPct: 100, aprPct: 20 },
    ]);
  });

  test('borrow fee = ceil(Δcumulative × size ÷ 10^9) micro-dollars', () => {
    assert.equal(accruedBorrowFeeUsd(10_000_000_000n, 2_500_000_000n, 2_499_000_000n), 10);
    assert.equal(accruedBorrowFeeUsd(5_000_123_456n, 4_000_000_000n, 3_996_999_999n), 15.000376);
    assert.equal(accruedBorrowFeeUsd(10_000_000_000n, 1n, 2n), 0, 'a snapshot ahead of the custody accrues nothing');
  });
});

// ---- the client against a node serving the hand-written accounts ----

interface RpcCall {
  method: string;
  params: unknown[];
}

interface ScriptedNode {
  accounts: Map<string, { owner: string; data: Buffer }>;
  programAccounts: { pubkey: string; owner: string; data: Buffer }[];
  calls: RpcCall[];
}

function scriptedHandler(node: ScriptedNode): ProviderHandler {
  const render = (a: { owner: string; data: Buffer }) => ({
    data: [a.data.toString('base64'), 'base64'], executable: false, lamports: 1_000_000, owner: a.owner, rentEpoch: 0, space: a.data.length,
  });
  return ({ body }) => {
    const { id, method, params } = body as { id: number; method: string; params: unknown[] };
    node.calls.push({ method, params });
    const context = { slot: 300_000_000 };
    const one = (address: unknown) => {
      const a = node.accounts.get(String(address));
      return a ? render(a) : null;
    };
    if (method === 'getAccountInfo') return { body: { jsonrpc: '2.0', id, result: { context, value: one(params[0]) } } };
    if (method === 'getMultipleAccounts') return { body: { jsonrpc: '2.0', id, result: { context, value: (params[0] as unknown[]).map(one) } } };
    if (method === 'getProgramAccounts') {
      return { body: { jsonrpc: '2.0', id, result: node.programAccounts.map((a) => ({ pubkey: a.pubkey, account: render(a) })) } };
    }
    return { body: { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } } };
  };
}

function handWrittenNode(): ScriptedNode {
  return {
    accounts: new Map([
      [POOL, { owner: PROGRAM, data: poolBytes([BTC_CUSTODY, USDC_CUSTODY, SOL_CUSTODY]) }],
      [SOL_CUSTODY, { owner: PROGRAM, data: custodyBytes(SOL_CUSTODY_FIXTURE) }],
      [BTC_CUSTODY, { owner: PROGRAM, data: custodyBytes(BTC_CUSTODY_FIXTURE) }],
      [USDC_CUSTODY, { owner: PROGRAM, data: custodyBytes(USDC_CUSTODY_FIXTURE) }],
      [SOL_FEED, { owner: DOVES, data: priceFeedBytes(15_025_000_000n, -8, 1_750_000_100n) }],
    ]),
    programAccounts: [
      { pubkey: addr('position/long-sol'), owner: PROGRAM, data: positionBytes(LONG_SOL) },
      { pubkey: addr('position/short-btc'), owner: PROGRAM, data: positionBytes(SHORT_BTC) },
      { pubkey: addr('position/closed'), owner: PROGRAM, data: positionBytes(CLOSED) },
      { pubkey: addr('position/other-owner'), owner: PROGRAM, data: positionBytes(SOMEONE_ELSE) },
    ],
    calls: [],
  };
}

describe('JupiterPerpsClient on hand-written accounts', () => {
  let node: ScriptedNode;
  let server: ProviderServer;
  let client: JupiterPerpsClient;

  before(async () => {
    node = handWrittenNode();
    server = await startProviderServer('perps_venue_a', scriptedHandler(node), new FaultController());
    client = new JupiterPerpsClient({ rpc: new HttpSource({ leg: 'perps_venue_a', baseUrl: server.url, backoffMs: 1, retries: 0, timers: sourceTimers }), poolAddress: POOL });
  });
  after(() => server.close());

  const reset = (): void => {
    const fresh = handWrittenNode();
    node.accounts = fresh.accounts;
    node.programAccounts = fresh.programAccounts;
    node.calls = [];
  };

  test('markets: one per asset custody (SOL before BTC), shorts on the USDC custody', async () => {
    reset();
    const markets = await client.markets();
    assert.deepEqual(node.calls.map((c) => c.method), ['getAccountInfo', 'getMultipleAccounts', 'getMultipleAccounts']);
    assert.deepEqual(node.calls[0]!.params, [POOL, { encoding: 'base64', commitment: 'confirmed' }]);
    assert.deepEqual(node.calls[2]!.params[0], [SOL_FEED, BTC_FEED]);
    assert.deepEqual(markets.map((m) => m.asset), ['SOL', 'BTC']);
    const [sol, btc] = markets as [PoolMarket, PoolMarket];
    const usdcShort = {
      utilizationPct: 60,
      borrowCurve: { points: [{ utilizationPct: 0, aprPct: 0.5 }, { utilizationPct: 90, aprPct: 15 }, { utilizationPct: 100, aprPct: 100 }] },
    };
    assert.deepEqual({ ...sol, short: { ...sol.short, borrowAprPct: 0 } }, {
      venue: 'A', asset: 'SOL', custody: SOL_CUSTODY, collateralMint: MINT.SOL, collateralSymbol: 'SOL',
      oraclePriceUsd: 150.25, collateralPriceUsd: 150.25,
      long: {
        openInterestUsd: 300_500_000, // 2 M SOL locked × $150.25
        maxOpenInterestUsd: 400_000_000,
        utilizationPct: 25,
        borrowCurve: { points: [{ utilizationPct: 0, aprPct: 1 }, { utilizationPct: 80, aprPct: 20 }, { utilizationPct: 100, aprPct: 150 }] },
        borrowAprPct: 6.9375, // 1 + 19 × 0.25 / 0.8
      },
      short: { openInterestUsd: 120_000_000, maxOpenInterestUsd: null, ...usdcShort, borrowAprPct: 0 },
      openFeeBps: 6, closeFeeBps: 7, maxLeverage: 500, maxPositionSizeUsd: 2_500_000,
      updatedAt: '2025-06-15T15:06:40.000Z',
    });
    // 0.5 + 14.5 × 0.6 / 0.9
    assert.ok(Math.abs(sol.short.borrowAprPct - 10.166666666666666) < 1e-12);
    // No usable BTC feed: no price, long OI unvalued; no long cap; no last update.
    assert.equal(btc.oraclePriceUsd, null);
    assert.equal(btc.collateralSymbol, 'WBTC');
    assert.deepEqual(btc.long, {
      openInterestUsd: 0, maxOpenInterestUsd: null, utilizationPct: 40,
      borrowCurve: sol.long.borrowCurve, borrowAprPct: 10.5,
    });
    assert.deepEqual({ ...btc.short, borrowAprPct: 0 }, { openInterestUsd: 30_000_000, maxOpenInterestUsd: 50_000_000, ...usdcShort, borrowAprPct: 0 });
    assert.equal(btc.maxLeverage, 100);
    assert.equal(btc.maxPositionSizeUsd, null, 'a maxPositionSizeUsd of 0 is no limit');
    assert.equal(btc.updatedAt, null);
  });

  test('positionsByOwner: the documented filters; closed and foreign positions dropped; borrow fees on the collateral custody', async () => {
    reset();
    const positions = await client.positionsByOwner(OWNER_A);
    const gpa = node.calls.find((c) => c.method === 'getProgramAccounts')!;
    const positionDiscriminator = getBase58Decoder().decode(createHash('sha256').update('account:Position').digest().subarray(0, 8));
    assert.deepEqual(gpa.params, [PROGRAM, {
      encoding: 'base64', commitment: 'confirmed',
      filters: [{ dataSize: 210 }, { memcmp: { offset: 0, bytes: positionDiscriminator } }, { memcmp: { offset: 8, bytes: OWNER_A } }],
    }]);
    const expected: PoolPosition[] = [
      {
        venue: 'A', address: addr('position/long-sol'), owner: OWNER_A, asset: 'SOL', side: 'long',
        sizeUsd: 10_000, collateralUsd: 1_000, entryPriceUsd: 140.5,
        openedAt: '2025-06-04T01:20:00.000Z', updatedAt: '2025-06-15T12:20:00.000Z',
        borrowFeesUsd: 10, realisedPnlUsd: -12.5, collateralSymbol: 'SOL',
      },
      {
        venue: 'A', address: addr('position/short-btc'), owner: OWNER_A, asset: 'BTC', side: 'short',
        sizeUsd: 5_000.123456, collateralUsd: 500, entryPriceUsd: 65_000,
        openedAt: new Date(1_749_500_000_000).toISOString(), updatedAt: new Date(1_749_500_000_000).toISOString(),
        borrowFeesUsd: 15.000376, realisedPnlUsd: 0, collateralSymbol: 'USDC',
      },
    ];
    assert.deepEqual(positions, expected.sort((a, b) => (a.address < b.address ? -1 : 1)));
  });

  test('an owner that is not an address asks nothing and has no positions', async () => {
    reset();
    assert.deepEqual(await client.positionsByOwner('not-an-address'), []);
    assert.equal(node.calls.length, 0);
  });

  test('a pool account with the wrong discriminator is malformed', async () => {
    reset();
    node.accounts.set(POOL, { owner: PROGRAM, data: custodyBytes(SOL_CUSTODY_FIXTURE) });
    const err = await failure(client.markets());
    assert.equal(err.kind, 'malformed');
    assert.equal(err.leg, 'perps_venue_a');
  });

  test('a pool account owned by another program is malformed', async () => {
    reset();
    node.accounts.set(POOL, { owner: DOVES, data: poolBytes([SOL_CUSTODY]) });
    assert.equal((await failure(client.markets())).kind, 'malformed');
  });

  test('a custody cut short is malformed', async () => {
    reset();
    node.accounts.set(SOL_CUSTODY, { owner: PROGRAM, data: custodyBytes(SOL_CUSTODY_FIXTURE).subarray(0, 300) });
    assert.equal((await failure(client.markets())).kind, 'malformed');
  });

  test("a position account with the wrong discriminator is skipped and reported; the owner's other positions answer", async () => {
    reset();
    const whole = await client.positionsByOwner(OWNER_A);
    node.programAccounts.push({ pubkey: addr('position/bad'), owner: PROGRAM, data: positionBytes(LONG_SOL, 'PositionRequest') });
    const { value, skipped } = await collectSkipped(() => client.positionsByOwner(OWNER_A));
    assert.deepEqual(value, whole);
    assert.deepEqual(skipped.map((n) => [n.leg, n.provider, n.what, n.count]), [['perps_venue_a', 'pool venue A', 'position account', 1]]);
    assert.match(skipped[0]!.firstError ?? '', new RegExp(`^position ${addr('position/bad')}: `));
  });

  test('a list of position accounts none of which decodes is malformed (a changed layout, not an odd account)', async () => {
    reset();
    node.programAccounts = [{ pubkey: addr('position/bad'), owner: PROGRAM, data: positionBytes(LONG_SOL, 'PositionRequest') }];
    assert.equal((await failure(client.positionsByOwner(OWNER_A))).kind, 'malformed');
  });
});

// ---- round trip: world values → sandbox node → client ----

const NOW = new Date('2025-06-20T10:00:00.000Z');

const WORLD_MARKETS: PoolMarket[] = [
  {
    venue: 'A', asset: 'SOL', custody: SOL_CUSTODY, collateralMint: MINT.SOL, collateralSymbol: 'SOL',
    oraclePriceUsd: 150.25, collateralPriceUsd: 150.25,
    long: {
      openInterestUsd: 300_500_000, maxOpenInterestUsd: 400_000_000, utilizationPct: 25,
      borrowCurve: { points: [{ utilizationPct: 0, aprPct: 1 }, { utilizationPct: 80, aprPct: 20 }, { utilizationPct: 100, aprPct: 150 }] },
      borrowAprPct: 6.9375,
    },
    short: {
      openInterestUsd: 120_000_000, maxOpenInterestUsd: null, utilizationPct: 60,
      borrowCurve: { points: [{ utilizationPct: 0, aprPct: 0.5 }, { utilizationPct: 90, aprPct: 15 }, { utilizationPct: 100, aprPct: 100 }] },
      borrowAprPct: 0.5 + (14.5 * 0.6) / 0.9,
    },
    openFeeBps: 6, closeFeeBps: 6, maxLeverage: 500, maxPositionSizeUsd: 10_000_000, updatedAt: '2025-06-20T09:59:12.000Z',
  },
  {
    venue: 'A', asset: 'BTC', custody: BTC_CUSTODY, collateralMint: MINT.WBTC, collateralSymbol: 'WBTC',
    oraclePriceUsd: 65_000.5, collateralPriceUsd: 65_000.5,
    long: {
      openInterestUsd: 48_250_371.25, maxOpenInterestUsd: 150_000_000, utilizationPct: 37.5,
      borrowCurve: { points: [{ utilizationPct: 0, aprPct: 1 }, { utilizationPct: 80, aprPct: 20 }, { utilizationPct: 100, aprPct: 150 }] },
      borrowAprPct: 1 + (19 * 0.375) / 0.8,
    },
    short: {
      openInterestUsd: 31_000_000.5, maxOpenInterestUsd: 60_000_000, utilizationPct: 60,
      borrowCurve: { points: [{ utilizationPct: 0, aprPct: 0.5 }, { utilizationPct: 90, aprPct: 15 }, { utilizationPct: 100, aprPct: 100 }] },
      borrowAprPct: 0.5 + (14.5 * 0.6) / 0.9,
    },
    openFeeBps: 6, closeFeeBps: 6, maxLeverage: 250, maxPositionSizeUsd: null, updatedAt: '2025-06-20T09:58:00.000Z',
  },
  {
    venue: 'A', asset: 'ETH', custody: 'AQCGyheWPLeo6Qp9WpYS9m3Qj479t7R636N9ey1rEjEn', collateralMint: MINT.WETH, collateralSymbol: 'WETH',
    oraclePriceUsd: 3_412.87, collateralPriceUsd: 3_412.87,
    long: {
      openInterestUsd: 92_114_000.1, maxOpenInterestUsd: 200_000_000, utilizationPct: 88.25,
      borrowCurve: { points: [{ utilizationPct: 0, aprPct: 1 }, { utilizationPct: 80, aprPct: 20 }, { utilizationPct: 100, aprPct: 150 }] },
      borrowAprPct: 20 + (130 * 0.0825) / 0.2,
    },
    short: {
      openInterestUsd: 15_500_000, maxOpenInterestUsd: 60_000_000, utilizationPct: 60,
      borrowCurve: { points: [{ utilizationPct: 0, aprPct: 0.5 }, { utilizationPct: 90, aprPct: 15 }, { utilizationPct: 100, aprPct: 100 }] },
      borrowAprPct: 0.5 + (14.5 * 0.6) / 0.9,
    },
    openFeeBps: 6, closeFeeBps: 6, maxLeverage: 250, maxPositionSizeUsd: 2_345_678.9, updatedAt: '2025-06-20T09:59:59.000Z',
  },
];

const position = (p: Partial<PoolPosition> & Pick<PoolPosition, 'address' | 'owner' | 'asset' | 'side'>): PoolPosition => ({
  venue: 'A', sizeUsd: 25_000, collateralUsd: 2_500, entryPriceUsd: 148.125,
  openedAt: '2025-06-18T08:00:00.000Z', updatedAt: '2025-06-19T08:00:00.000Z',
  borrowFeesUsd: 7.123456, realisedPnlUsd: -3.5,
  collateralSymbol: p.side === 'long' ? 'SOL' : 'USDC',
  ...p,
});

const WORLD_POSITIONS: PoolPosition[] = [
  position({ address: addr('w/a/long-sol'), owner: OWNER_A, asset: 'SOL', side: 'long' }),
  position({
    address: addr('w/a/short-eth'), owner: OWNER_A, asset: 'ETH', side: 'short', sizeUsd: 1_234_567.891234, collateralUsd: 98_765.4321,
    entryPriceUsd: 3_401.5, borrowFeesUsd: 1_018.9, realisedPnlUsd: 12_345.67, collateralSymbol: 'USDT',
  }),
  position({
    address: addr('w/a/long-btc'), owner: OWNER_A, asset: 'BTC', side: 'long', sizeUsd: 80_000, collateralUsd: 4_000,
    entryPriceUsd: 64_321.99, borrowFeesUsd: 0, realisedPnlUsd: 0, collateralSymbol: 'WBTC',
  }),
  position({ address: addr('w/b/short-sol'), owner: OWNER_B, asset: 'SOL', side: 'short', sizeUsd: 3_000 }),
];

const tinyWorld: PerpsWorld = {
  poolMarkets: (venue) => (venue === 'A' ? WORLD_MARKETS : []),
  poolPositions: (venue) => (venue === 'A' ? WORLD_POSITIONS : []),
  refMarkets: () => [],
  refAccount: (address) => ({ address, accountValueUsd: 0, totalNotionalUsd: 0, withdrawableUsd: 0, positions: [] }),
  refPortfolio: () => {
    const zero = { pnlUsd: 0, volumeUsd: 0 };
    return { day: zero, week: zero, month: zero, allTime: zero };
  },
  leaderboard: () => [],
};

/** Deep equality with numbers equal to 1e-6 relative (at least 1e-6 absolute): the accounts' granularity. */
function assertClose(actual: unknown, expected: unknown, path = '$'): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const tolerance = Math.max(1e-6, Math.abs(expected) * 1e-6);
    assert.ok(Math.abs(actual - expected) <= tolerance, `${path}: ${actual} ≠ ${expected}`);
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    assert.ok(actual !== null && typeof actual === 'object', `${path}: not an object`);
    assert.deepEqual(Object.keys(actual as object).sort(), Object.keys(expected).sort(), `${path}: keys`);
    for (const [k, v] of Object.entries(expected)) assertClose((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
    return;
  }
  assert.equal(actual, expected, path);
}

describe('round trip: world → sandbox venue-A node → client', () => {
  let server: ProviderServer;
  let faults: FaultController;
  let client: JupiterPerpsClient;

  before(async () => {
    faults = new FaultController();
    server = await startProviderServer('perps_venue_a', createJupiterPerpsRpcHandler(tinyWorld, () => NOW), faults);
    client = new JupiterPerpsClient({
      rpc: new HttpSource({ leg: 'perps_venue_a', baseUrl: server.url, backoffMs: 1, retries: 1, timers: sourceTimers }),
      poolAddress: JUPITER_PERPS_MAINNET_POOL,
    });
  });
  after(() => server.close());

  test('markets decode to the world values', async () => {
    assertClose(await client.markets(), WORLD_MARKETS);
  });

  test("positionsByOwner returns exactly that owner's positions, with the world's numbers", async () => {
    const ofA = WORLD_POSITIONS.filter((p) => p.owner === OWNER_A).sort((a, b) => (a.address < b.address ? -1 : 1));
    assertClose(await client.positionsByOwner(OWNER_A), ofA);
    assertClose(await client.positionsByOwner(OWNER_B), WORLD_POSITIONS.filter((p) => p.owner === OWNER_B));
    assert.deepEqual(await client.positionsByOwner(addr('nobody')), []);
  });

  test('a failing node is an unavailable leg', async () => {
    faults.set('perps_venue_a', { errorRate: 1 });
    try {
      const err = await failure(client.markets());
      assert.equal(err.kind, 'unavailable');
      assert.equal(err.leg, 'perps_venue_a');
    } finally {
      faults.set('perps_venue_a', undefined);
    }
  });
});

describe('the sandbox venue-A node speaks Solana JSON-RPC', () => {
  const handler = createJupiterPerpsRpcHandler(tinyWorld, () => NOW);
  const call = async (method: string, params: unknown[]) =>
    (await handler({ method: 'POST', path: '/', query: new URLSearchParams(), headers: {}, body: { jsonrpc: '2.0', id: 7, method, params } })).body as Record<string, unknown>;

  test('account methods answer { context: { slot }, value }; unknown accounts are null', async () => {
    const answer = await call('getMultipleAccounts', [[JUPITER_PERPS_MAINNET_POOL, addr('nothing')], { encoding: 'base64' }]);
    assert.equal(answer.jsonrpc, '2.0');
    assert.equal(answer.id, 7);
    const result = answer.result as { context: { slot: number }; value: ({ owner: string; data: [string, string] } | null)[] };
    assert.ok(Number.isInteger(result.context.slot) && result.context.slot > 0);
    assert.equal(result.value[0]!.owner, PROGRAM);
    assert.equal(result.value[0]!.data[1], 'base64');
    assert.equal(result.value[1], null);
  });

  test('getProgramAccounts applies dataSize and memcmp (base58 and base64) filters', async () => {
    const ownerB64 = Buffer.from(keyBytes.encode(OWNER_B as Parameters<typeof keyBytes.encode>[0])).toString('base64');
    const byOwner = (await call('getProgramAccounts', [PROGRAM, {
      encoding: 'base64',
      filters: [{ dataSize: 210 }, { memcmp: { offset: 8, bytes: ownerB64, encoding: 'base64' } }],
    }])).result as { pubkey: string }[];
    assert.deepEqual(byOwner.map((a) => a.pubkey), [addr('w/b/short-sol')]);
    const custodies = (await call('getProgramAccounts', [PROGRAM, { encoding: 'base64', filters: [{ dataSize: 1117 }] }])).result as unknown[];
    assert.equal(custodies.length, 5, 'three asset custodies, USDC and USDT');
  });

  test('base58 is refused for accounts over 128 bytes, as a node does', async () => {
    const answer = await call('getAccountInfo', [JUPITER_PERPS_MAINNET_POOL, { encoding: 'base58' }]);
    assert.equal((answer.error as { code: number }).code, -32600);
  });
});
