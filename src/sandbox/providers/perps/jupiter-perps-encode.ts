/**
 * The sandbox side of pool venue A: Borsh encoders of the Jupiter Perpetuals accounts (the exact layouts
 * documented in src/sources/perps/jupiter-perps-layout.ts — what that file decodes, this file writes, field
 * by field in IDL order), and the rendering of the perps world's venue-A markets and positions into the
 * account set a node would hold.
 *
 * Rendering (world values → accounts, so that the client's decoding gives the same numbers back):
 *  - One pool (the given address, named "Pool") listing the world's venue-A custodies in world order, then the
 *    USDC and USDT custodies (at their mainnet addresses). Each custody's Doves price feed, Pyth account and
 *    token account are derived addresses (`deriveAddress('perps/A/…', custody)`).
 *  - Asset custody: mint = market.collateralMint; locked = long OI ÷ oracle price in atomic tokens (0 without
 *    a price); owned = locked ÷ long utilization (a fixed 10^6 tokens when either is 0); globalShortSizes =
 *    short OI; caps (null → 0 = none); fees; maxLeverage × 10 000; jumpRateState from the long curve;
 *    fundingRateState.lastUpdate = updatedAt (0 when null).
 *  - USDC/USDT custodies: the stable custody shorts borrow is one account, so its utilization and curve come
 *    from the FIRST market's short side (the world is expected to give all venue-A markets the same short
 *    side). owned = 250 M tokens, locked = utilization × owned.
 *  - Curves map to the jump-rate state as (first point → min, second → target and its utilization, last →
 *    max); a 2-point curve has its kink at the last point. Rates are whole bps per year, utilizations 10^-9.
 *  - Every custody's cumulativeInterestRate is a constant (CUMULATIVE_INTEREST_RATE), so custody and position
 *    reads made at different instants agree; a position's snapshot is that constant minus
 *    borrowFeesUsd ÷ sizeUsd × 10^9 (a null fee renders as 0). Longs use their asset's custody as collateral,
 *    shorts the USDT custody when their collateralSymbol is USDT, else the USDC one.
 *  - Fields the client does not read get plausible constants (permissions all on, bumps 255, …) and the
 *    tail of a custody after `jumpRateState` is zeros up to the real account size (1117 bytes).
 * Precision: USD values are whole micro-dollars; utilization and borrow fees are exact to about 1e-9 of
 * the amounts involved (the atomic token and 10^-9 rate granularity of the accounts).
 */
import {
  CUSTODY_ACCOUNT_SIZE,
  CUSTODY_DISCRIMINATOR,
  DOVES_PRICE_FEED_SIZE,
  DOVES_PROGRAM_ID,
  JUPITER_PERPS_PROGRAM_ID,
  POOL_DISCRIMINATOR,
  POSITION_ACCOUNT_SIZE,
  POSITION_DISCRIMINATOR,
  PRICE_FEED_DISCRIMINATOR,
  RATE_POWER,
  type CustodyAccount,
  type JumpRateState,
  type PoolAccount,
  type PositionAccount,
} from '../../../sources/perps/jupiter-perps-layout.js';
import { JUPITER_PERPS_MINTS } from '../../../sources/perps/jupiter-perps.js';
import type { BorrowCurve, PoolMarket, PoolPosition } from '../../../analytics/perps/venue-data.js';
import { addressToBytes, deriveAddress } from '../../world/random.js';

/** A little-endian Borsh writer into a growable buffer (`room` may replace the buffer: call it before touching it). */
class BorshWriter {
  private bytes = new Uint8Array(256);
  private view = new DataView(this.bytes.buffer);
  private length = 0;

  private room(n: number): number {
    if (this.length + n > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
      bigger.set(this.bytes);
      this.bytes = bigger;
      this.view = new DataView(bigger.buffer);
    }
    const at = this.length;
    this.length += n;
    return at;
  }

  raw(bytes: Uint8Array): this {
    const at = this.room(bytes.length);
    this.bytes.set(bytes, at);
    return this;
  }
  zeros(n: number): this {
    this.room(n);
    return this;
  }
  u8(v: number): this {
    const at = this.room(1);
    this.view.setUint8(at, v);
    return this;
  }
  i8(v: number): this {
    const at = this.room(1);
    this.view.setInt8(at, v);
    return this;
  }
  bool(v: boolean): this {
    return this.u8(v ? 1 : 0);
  }
  u32(v: number): this {
    const at = this.room(4);
    this.view.setUint32(at, v, true);
    return this;
  }
  u64(v: bigint): this {
    const at = this.room(8);
    this.view.setBigUint64(at, BigInt.asUintN(64, v), true);
    return this;
  }
  i64(v: bigint): this {
    const at = this.room(8);
    this.view.setBigInt64(at, BigInt.asIntN(64, v), true);
    return this;
  }
  u128(v: bigint): this {
    return this.u64(v & 0xffff_ffff_ffff_ffffn).u64(v >> 64n);
  }
  pubkey(address: string): this {
    const bytes = addressToBytes(address);
    if (!bytes) throw new Error(`not an address: ${address}`);
    return this.raw(bytes);
  }
  string(text: string): this {
    const utf8 = new TextEncoder().encode(text);
    return this.u32(utf8.length).raw(utf8);
  }
  /** The bytes written, zero-padded to `size` when given. */
  done(size?: number): Uint8Array {
    if (size !== undefined && this.length > size) throw new Error(`account overflows its ${size} bytes`);
    const out = new Uint8Array(size ?? this.length);
    out.set(this.bytes.subarray(0, this.length));
    return out;
  }
}

function encodePool(pool: PoolAccount & { aumUsd: bigint }): Uint8Array {
  const w = new BorshWriter().raw(POOL_DISCRIMINATOR).string(pool.name).u32(pool.custodies.length);
  for (const custody of pool.custodies) w.pubkey(custody);
  // aumUsd, then limit (40), fees (72), poolApr (24), maxRequestExecutionSec, bumps, inceptionTime,
  // parameterUpdateOracle (33), aumUsdUpdatedAt, maxTriggerPriceDiffBps, disableClosePositionRequest,
  // maxLpTokenPriceChangeBps, aumUsdRefreshedAtSlot — 220 bytes the service never reads.
  return w.u128(pool.aumUsd).zeros(220).done();
}

function encodeCustody(c: CustodyAccount): Uint8Array {
  const w = new BorshWriter()
    .raw(CUSTODY_DISCRIMINATOR)
    .pubkey(c.pool)
    .pubkey(c.mint)
    .pubkey(c.tokenAccount)
    .u8(c.decimals)
    .bool(c.isStable)
    // oracle: oracleAccount, oracleType = Pyth (2), buffer, maxPriceAgeSec
    .pubkey(c.oracleAccount).u8(2).u64(0n).u32(60)
    .u64(c.pricing.tradeImpactFeeScalar).u64(c.pricing.buffer).u64(c.pricing.swapSpread)
    .u64(c.pricing.maxLeverage).u64(c.pricing.maxGlobalLongSizes).u64(c.pricing.maxGlobalShortSizes);
  for (let i = 0; i < 7; i++) w.bool(true); // permissions
  w.u64(c.targetRatioBps)
    .u64(c.assets.feesReserves).u64(c.assets.owned).u64(c.assets.locked)
    .u64(c.assets.guaranteedUsd).u64(c.assets.globalShortSizes).u64(c.assets.globalShortAveragePrices)
    .u128(c.fundingRateState.cumulativeInterestRate).i64(c.fundingRateState.lastUpdate).u64(c.fundingRateState.hourlyFundingDbps)
    .u8(255).u8(255) // bump, tokenAccountBump
    .u64(c.increasePositionBps).u64(c.decreasePositionBps).u64(c.maxPositionSizeUsd)
    .pubkey(c.dovesOracle)
    .u64(c.jumpRateState.minRateBps).u64(c.jumpRateState.maxRateBps).u64(c.jumpRateState.targetRateBps).u64(c.jumpRateState.targetUtilizationRate);
  // dovesAgOracle, priceImpactBuffer, borrow-lend state, …: zeros up to the account's size.
  return w.done(CUSTODY_ACCOUNT_SIZE);
}

function encodePosition(p: PositionAccount): Uint8Array {
  return new BorshWriter()
    .raw(POSITION_DISCRIMINATOR)
    .pubkey(p.owner).pubkey(p.pool).pubkey(p.custody).pubkey(p.collateralCustody)
    .i64(p.openTime).i64(p.updateTime)
    .u8(p.side === 'long' ? 1 : p.side === 'short' ? 2 : 0)
    .u64(p.price).u64(p.sizeUsd).u64(p.collateralUsd).i64(p.realisedPnlUsd)
    .u128(p.cumulativeInterestSnapshot).u64(p.lockedAmount)
    .u8(255)
    .done(POSITION_ACCOUNT_SIZE);
}

function encodeDovesPriceFeed(feed: { pair: string; price: bigint; expo: number; timestamp: bigint }): Uint8Array {
  const pair = new Uint8Array(32);
  pair.set(new TextEncoder().encode(feed.pair).subarray(0, 32));
  return new BorshWriter()
    .raw(PRICE_FEED_DISCRIMINATOR)
    .raw(pair)
    .zeros(33) // signer (a compressed secp256k1 key)
    .u64(feed.price).i8(feed.expo).i64(feed.timestamp)
    .u8(255)
    .done(DOVES_PRICE_FEED_SIZE);
}

// ---- world → accounts ----

export interface SandboxAccount {
  address: string;
  /** The owning program. */
  owner: string;
  data: Uint8Array;
}

/** Every custody's cumulative interest (3.0 × 10^9: 300 % of size accrued since inception). */
const CUMULATIVE_INTEREST_RATE = 3n * RATE_POWER;

const DECIMALS_OF_MINT: Readonly<Record<string, number>> = {
  [JUPITER_PERPS_MINTS.SOL]: 9,
  [JUPITER_PERPS_MINTS.WBTC]: 8,
  [JUPITER_PERPS_MINTS.WETH]: 8,
  [JUPITER_PERPS_MINTS.USDC]: 6,
  [JUPITER_PERPS_MINTS.USDT]: 6,
};
const STABLE_OWNED_TOKENS = 250_000_000n;
const DEFAULT_OWNED_TOKENS = 1_000_000n;
const PRICE_EXPO = -8;

const micro = (usd: number): bigint => BigInt(Math.round(usd * 1e6));
const bps = (pct: number): bigint => BigInt(Math.max(0, Math.round(pct * 100)));
const unixSeconds = (iso: string | null): bigint => (iso === null ? 0n : BigInt(Math.floor(Date.parse(iso) / 1000)));
/** The JLP pool's stable custodies on mainnet (jup-ag docs "custody account"; the example repository's constants). */
const STABLE_CUSTODY = { USDC: 'G18jKKXQwBbrHeiK3C9MRXhkHsLHf7XgCSisykV46EZa', USDT: '4vkNeXiYEUizLdrpdPS1eC2mccyM4NUPRtERrk6ZETkk' } as const;
const stableCustodyAddress = (symbol: 'USDC' | 'USDT') => STABLE_CUSTODY[symbol];
const dovesFeedAddress = (custody: string) => deriveAddress('perps/A/doves', custody);

function jumpRateOf(curve: BorrowCurve): JumpRateState {
  const points = curve.points;
  const first = points[0] ?? { utilizationPct: 0, aprPct: 0 };
  const last = points[points.length - 1] ?? first;
  const kink = points.length >= 3 ? points[1]! : last;
  return {
    minRateBps: bps(first.aprPct),
    targetRateBps: bps(kink.aprPct),
    maxRateBps: bps(last.aprPct),
    targetUtilizationRate: BigInt(Math.round((kink.utilizationPct / 100) * Number(RATE_POWER))),
  };
}

/** The hourly rate the program would accrue at `aprPct`, in its legacy hourlyFundingDbps unit (10^-5). */
const hourlyFundingDbps = (aprPct: number): bigint => BigInt(Math.round((aprPct / 100 / (24 * 365)) * 100_000));

interface CustodyPlan {
  address: string;
  account: CustodyAccount;
  /** USD price of the custody's token (null: the feed carries price 0). */
  price: number | null;
  symbol: string;
}

function baseCustody(address: string, poolAddress: string, mint: string, isStable: boolean, maxPositionSizeUsd: number | null = null): Omit<CustodyAccount, 'pricing' | 'assets' | 'fundingRateState' | 'jumpRateState' | 'increasePositionBps' | 'decreasePositionBps'> {
  return {
    pool: poolAddress,
    mint,
    tokenAccount: deriveAddress('perps/A/token-account', address),
    decimals: DECIMALS_OF_MINT[mint] ?? 9,
    isStable,
    oracleAccount: deriveAddress('perps/A/pyth', address),
    targetRatioBps: isStable ? 2_500n : 2_000n,
    // 0 = no limit (the stable custodies hold no positions of their own).
    maxPositionSizeUsd: micro(maxPositionSizeUsd ?? 0),
    dovesOracle: dovesFeedAddress(address),
  };
}

function assetCustody(market: PoolMarket, poolAddress: string): CustodyPlan {
  const base = baseCustody(market.custody, poolAddress, market.collateralMint, false, market.maxPositionSizeUsd);
  const scale = 10 ** base.decimals;
  const price = market.oraclePriceUsd;
  const locked = price !== null && price > 0 ? BigInt(Math.round((market.long.openInterestUsd / price) * scale)) : 0n;
  const utilization = market.long.utilizationPct / 100;
  const owned =
    locked > 0n && utilization > 0 ? BigInt(Math.round(Number(locked) / Math.min(1, utilization))) : DEFAULT_OWNED_TOKENS * BigInt(scale);
  return {
    address: market.custody,
    symbol: market.collateralSymbol,
    price,
    account: {
      ...base,
      pricing: {
        tradeImpactFeeScalar: 1_250_000_000_000n,
        buffer: 0n,
        swapSpread: 0n,
        maxLeverage: BigInt(Math.round(market.maxLeverage * 10_000)),
        maxGlobalLongSizes: micro(market.long.maxOpenInterestUsd ?? 0),
        maxGlobalShortSizes: micro(market.short.maxOpenInterestUsd ?? 0),
      },
      assets: {
        feesReserves: 0n,
        owned,
        locked,
        guaranteedUsd: 0n,
        globalShortSizes: micro(market.short.openInterestUsd),
        globalShortAveragePrices: price === null ? 0n : micro(price),
      },
      fundingRateState: {
        cumulativeInterestRate: CUMULATIVE_INTEREST_RATE,
        lastUpdate: unixSeconds(market.updatedAt),
        hourlyFundingDbps: hourlyFundingDbps(market.long.borrowAprPct),
      },
      increasePositionBps: BigInt(Math.round(market.openFeeBps)),
      decreasePositionBps: BigInt(Math.round(market.closeFeeBps)),
      jumpRateState: jumpRateOf(market.long.borrowCurve),
    },
  };
}

function stableCustody(symbol: 'USDC' | 'USDT', shortSide: PoolMarket | undefined, poolAddress: string): CustodyPlan {
  const address = stableCustodyAddress(symbol);
  const base = baseCustody(address, poolAddress, JUPITER_PERPS_MINTS[symbol], true);
  const owned = STABLE_OWNED_TOKENS * 10n ** BigInt(base.decimals);
  const utilization = Math.min(1, Math.max(0, (shortSide?.short.utilizationPct ?? 0) / 100));
  return {
    address,
    symbol,
    price: 1,
    account: {
      ...base,
      pricing: { tradeImpactFeeScalar: 0n, buffer: 0n, swapSpread: 0n, maxLeverage: 0n, maxGlobalLongSizes: 0n, maxGlobalShortSizes: 0n },
      assets: { feesReserves: 0n, owned, locked: BigInt(Math.round(Number(owned) * utilization)), guaranteedUsd: 0n, globalShortSizes: 0n, globalShortAveragePrices: 0n },
      fundingRateState: {
        cumulativeInterestRate: CUMULATIVE_INTEREST_RATE,
        lastUpdate: unixSeconds(shortSide?.updatedAt ?? null),
        hourlyFundingDbps: hourlyFundingDbps(shortSide?.short.borrowAprPct ?? 0),
      },
      increasePositionBps: 0n,
      decreasePositionBps: 0n,
      jumpRateState: jumpRateOf(shortSide?.short.borrowCurve ?? { points: [] }),
    },
  };
}

/** The venue-A program and oracle accounts for the world's markets (pool, custodies, price feeds). */
export function renderMarketAccounts(poolAddress: string, markets: readonly PoolMarket[], at: Date): SandboxAccount[] {
  const custodies = [
    ...markets.map((m) => assetCustody(m, poolAddress)),
    stableCustody('USDC', markets[0], poolAddress),
    stableCustody('USDT', markets[0], poolAddress),
  ];
  const aum = custodies.reduce((sum, c) => sum + (Number(c.account.assets.owned) / 10 ** c.account.decimals) * (c.price ?? 0), 0);
  const timestamp = BigInt(Math.floor(at.getTime() / 1000));
  return [
    { address: poolAddress, owner: JUPITER_PERPS_PROGRAM_ID, data: encodePool({ name: 'Pool', custodies: custodies.map((c) => c.address), aumUsd: micro(aum) }) },
    ...custodies.map((c) => ({ address: c.address, owner: JUPITER_PERPS_PROGRAM_ID, data: encodeCustody(c.account) })),
    ...custodies.map((c) => ({
      address: c.account.dovesOracle,
      owner: DOVES_PROGRAM_ID,
      data: encodeDovesPriceFeed({
        pair: `${c.symbol}/USD`,
        price: c.price === null ? 0n : BigInt(Math.round(c.price * 10 ** -PRICE_EXPO)),
        expo: PRICE_EXPO,
        timestamp,
      }),
    })),
  ];
}

/** The world's open venue-A positions as position accounts (positions of assets without a market are left out). */
export function renderPositionAccounts(poolAddress: string, markets: readonly PoolMarket[], positions: readonly PoolPosition[]): SandboxAccount[] {
  const byAsset = new Map(markets.map((m) => [m.asset, m]));
  const accounts: SandboxAccount[] = [];
  for (const p of positions) {
    const market = byAsset.get(p.asset);
    if (!market) continue;
    const sizeUsd = micro(p.sizeUsd);
    const price = micro(p.entryPriceUsd);
    const decimals = DECIMALS_OF_MINT[market.collateralMint] ?? 9;
    const delta = sizeUsd > 0n ? BigInt(Math.round(((p.borrowFeesUsd ?? 0) * 1e6 * Number(RATE_POWER)) / Number(sizeUsd))) : 0n;
    const snapshot = CUMULATIVE_INTEREST_RATE > delta ? CUMULATIVE_INTEREST_RATE - delta : 0n;
    const collateralCustody = p.side === 'long' ? market.custody : stableCustodyAddress(p.collateralSymbol === 'USDT' ? 'USDT' : 'USDC');
    // A long locks its size in tokens; a short locks its size in the stable (USDC/USDT, 6 decimals).
    const lockedAmount = p.side === 'long' ? (price > 0n ? (sizeUsd * 10n ** BigInt(decimals)) / price : 0n) : sizeUsd;
    const data = encodePosition({
      owner: p.owner,
      pool: poolAddress,
      custody: market.custody,
      collateralCustody,
      openTime: unixSeconds(p.openedAt),
      updateTime: unixSeconds(p.updatedAt),
      side: p.side,
      price,
      sizeUsd,
      collateralUsd: micro(p.collateralUsd),
      realisedPnlUsd: micro(p.realisedPnlUsd),
      cumulativeInterestSnapshot: snapshot,
      lockedAmount,
    });
    accounts.push({ address: p.address, owner: JUPITER_PERPS_PROGRAM_ID, data });
  }
  return accounts;
}
