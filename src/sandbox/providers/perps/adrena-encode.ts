/**
 * The sandbox's pool venue B (Adrena) accounts: the perps world's B markets and positions rendered as the
 * program's account bytes, at the offsets `sources/perps/adrena-layout.ts` documents, so the production
 * client decodes the same numbers back (within the venue's own integer units: USD 1e-6, prices 1e-10,
 * hourly rates 1e-9).
 *
 * How a world value becomes account state (and what cannot be carried):
 *  - Each market is a custody at `market.custody` holding `collateralMint`; the pool also lists a USDC
 *    custody (the stable custody that backs shorts) whose utilization, curve and rate are the markets'
 *    `short` side (the first market's: on B every short borrows that one custody).
 *  - Utilization → `assets.locked` / `assets.owned` with `owned` = 10¹⁵ raw units.
 *  - Borrow curve → `max_hourly_borrow_interest_rate` (its last point) and `optimal_utilization_bps` (its
 *    interior point, if any); the current APR → `borrow_rate_state.current_rate`. The client solves the
 *    kink's rate back from these, so a curve of (0,0) – (kink) – (100, max) with the current APR on it
 *    round-trips; other shapes cannot be stored on B.
 *  - `openFeeBps` is not stored (B has no opening fee; it decodes as 0); `maxLeverage` → both leverage caps.
 *  - Oracle: ChaosLabs feed ids 0–5 (SOL, jitoSOL, BTC, WBTC, BONK, USDC) at exponent −10, stamped `at`; a
 *    null price is an empty slot (price 0, timestamp 0), which the client reads as "no usable price".
 *    BONK's custody prices itself, so its collateral price is its oracle price.
 *  - Positions: borrow size = size; `unrealized_interest_usd` = `borrowFeesUsd` (null → 0) and the
 *    interest snapshot = the collateral custody's cumulative interest at `at`, so nothing more accrues at
 *    `at`. `realisedPnlUsd` → `paid_interest_usd` (borrow already settled, so only a loss: a positive
 *    realised PnL is stored as 0).
 */
import { getAddressEncoder } from '@solana/kit';
import { USDC_MINT } from '../../../lib/solana-mints.js';
import {
  ACCOUNT_SIZES,
  ADRENA_MAIN_POOL,
  ADRENA_ORACLE,
  CRYPTO_FEED_OFFSETS,
  CUSTODY_OFFSETS,
  DISCRIMINATORS,
  LIMITED_STRING_SIZE,
  ORACLE_OFFSETS,
  ORACLE_PRICE,
  POOL_OFFSETS,
  POSITIONS_ACCOUNTING,
  POSITION_OFFSETS,
  PRICE_DECIMALS,
  RATE_POWER,
  SIDE,
  USD_POWER,
  type AdrenaAccountName,
  type AdrenaCustodyAccount,
  type AdrenaOraclePrice,
  type AdrenaPositionAccount,
  type AdrenaPositionsAccounting,
  type CryptoFeedSymbol,
} from '../../../sources/perps/adrena-layout.js';
import { ADRENA_TOKENS, cumulativeInterestAt } from '../../../sources/perps/adrena.js';
import type { PerpsAsset, PoolMarket, PoolMarketSide, PoolPosition } from '../../../analytics/perps/venue-data.js';

/** The main pool's USDC custody (adrena-abi pools manifest). */
const ADRENA_USDC_CUSTODY = 'Dk523LZeDQbZtUwPEBjFXCd2Au1tD7mWZBJJmcgHktNk';
const OWNED_RAW = 10n ** 15n;
const HOURS_PER_YEAR = 24 * 365;
const ORACLE_PRICE_SLOTS = 50;

const addressEncoder = getAddressEncoder();

class Writer {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  constructor(name: AdrenaAccountName, size: number) {
    this.bytes = new Uint8Array(size);
    this.view = new DataView(this.bytes.buffer);
    this.bytes.set(DISCRIMINATORS[name], 0);
  }
  u8(offset: number, v: number): void {
    this.view.setUint8(offset, v);
  }
  u16(offset: number, v: number): void {
    this.view.setUint16(offset, v, true);
  }
  u32(offset: number, v: number): void {
    this.view.setUint32(offset, v, true);
  }
  i32(offset: number, v: number): void {
    this.view.setInt32(offset, v, true);
  }
  u64(offset: number, v: bigint): void {
    this.view.setBigUint64(offset, v, true);
  }
  i64(offset: number, v: number): void {
    this.view.setBigInt64(offset, BigInt(v), true);
  }
  u128Split(offset: number, v: bigint): void {
    this.u64(offset, v >> 64n);
    this.u64(offset + 8, v & 0xffff_ffff_ffff_ffffn);
  }
  address(offset: number, address: string): void {
    this.bytes.set(addressEncoder.encode(address as Parameters<typeof addressEncoder.encode>[0]), offset);
  }
  limitedString(offset: number, text: string): void {
    const encoded = new TextEncoder().encode(text).subarray(0, LIMITED_STRING_SIZE - 1);
    this.bytes.set(encoded, offset);
    this.u8(offset + LIMITED_STRING_SIZE - 1, encoded.length);
  }
}

// ── Byte encoders (the inverse of the layout decoders) ─────────────────────────────────────────────

function encodePool(name: string, custodies: readonly string[]): Uint8Array {
  if (custodies.length > POOL_OFFSETS.maxCustodies) throw new RangeError('a pool holds at most 8 custodies');
  const w = new Writer('Pool', ACCOUNT_SIZES.Pool);
  w.u8(8, 1); // bump
  w.u8(11, 1); // initialized
  w.u8(12, 1); // allow_trade
  w.u8(POOL_OFFSETS.registeredCustodyCount, custodies.length);
  w.limitedString(POOL_OFFSETS.name, name);
  custodies.forEach((c, i) => w.address(POOL_OFFSETS.custodies + 32 * i, c));
  return w.bytes;
}

function writeAccounting(w: Writer, start: number, a: AdrenaPositionsAccounting): void {
  const o = POSITIONS_ACCOUNTING;
  w.u64(start + o.openPositions, a.openPositions);
  w.u64(start + o.sizeUsd, a.sizeUsd);
  w.u64(start + o.borrowSizeUsd, a.borrowSizeUsd);
  w.u64(start + o.lockedAmount, a.lockedAmount);
  w.u64(start + o.collateralUsd, a.collateralUsd);
  w.u64(start + o.unrealizedInterestUsd, a.unrealizedInterestUsd);
}

function encodeCustody(c: AdrenaCustodyAccount): Uint8Array {
  const o = CUSTODY_OFFSETS;
  const w = new Writer('Custody', ACCOUNT_SIZES.Custody);
  w.u8(8, 1); // bump
  w.u8(o.allowTrade, c.allowTrade ? 1 : 0);
  w.u8(o.decimals, c.decimals);
  w.u8(o.isStable, c.isStable ? 1 : 0);
  w.address(o.pool, c.pool);
  w.address(o.mint, c.mint);
  w.limitedString(o.oracle, c.oracleName);
  w.limitedString(o.tradeOracle, c.tradeOracleName);
  w.u32(o.maxInitialLeverage, c.maxInitialLeverageBps);
  w.u32(o.maxLeverage, c.maxLeverageBps);
  w.u64(o.maxPositionLockedUsd, c.maxPositionLockedUsd);
  w.u64(o.maxCumulativeShortPositionSizeUsd, c.maxCumulativeShortPositionSizeUsd);
  w.u64(o.maxCumulativeLongPositionSizeUsd, c.maxCumulativeLongPositionSizeUsd);
  w.u16(o.closePositionFee, c.closePositionFeeBps);
  w.u16(o.liquidationFee, c.liquidationFeeBps);
  w.u64(o.maxHourlyBorrowInterestRate, c.maxHourlyBorrowInterestRate);
  w.u64(o.assetsCollateral, c.assets.collateral);
  w.u64(o.assetsOwned, c.assets.owned);
  w.u64(o.assetsLocked, c.assets.locked);
  writeAccounting(w, o.longPositions, c.long);
  writeAccounting(w, o.shortPositions, c.short);
  w.u64(o.borrowCurrentRate, c.borrowRateState.currentRate);
  w.i64(o.borrowLastUpdate, c.borrowRateState.lastUpdate);
  w.u128Split(o.borrowCumulativeInterest, c.borrowRateState.cumulativeInterest);
  w.u64(o.optimalUtilizationBps, BigInt(c.optimalUtilizationBps));
  w.u8(o.isSynthetic, c.isSynthetic ? 1 : 0);
  w.u8(o.oracleFeedId, c.oracleFeedId);
  w.u8(o.tradeOracleFeedId, c.tradeOracleFeedId);
  return w.bytes;
}

function encodePosition(p: AdrenaPositionAccount): Uint8Array {
  const o = POSITION_OFFSETS;
  const w = new Writer('Position', ACCOUNT_SIZES.Position);
  w.u8(8, 1); // bump
  w.u8(o.side, p.side);
  w.address(o.owner, p.owner);
  w.address(o.pool, p.pool);
  w.address(o.custody, p.custody);
  w.address(o.collateralCustody, p.collateralCustody);
  w.i64(o.openTime, p.openTime);
  w.i64(o.updateTime, p.updateTime);
  w.u64(o.price, p.price);
  w.u64(o.sizeUsd, p.sizeUsd);
  w.u64(o.borrowSizeUsd, p.borrowSizeUsd);
  w.u64(o.collateralUsd, p.collateralUsd);
  w.u64(o.unrealizedInterestUsd, p.unrealizedInterestUsd);
  w.u128Split(o.cumulativeInterestSnapshot, p.cumulativeInterestSnapshot);
  w.u64(o.lockedAmount, p.lockedAmount);
  w.u64(o.collateralAmount, p.collateralAmount);
  w.u64(o.exitFeeUsd, p.exitFeeUsd);
  w.u64(o.liquidationFeeUsd, p.liquidationFeeUsd);
  w.u64(o.id, p.id);
  w.u64(o.paidInterestUsd, p.paidInterestUsd);
  return w.bytes;
}

function encodeOracle(updatedAt: number, prices: readonly AdrenaOraclePrice[]): Uint8Array {
  if (prices.length > ORACLE_PRICE_SLOTS) throw new RangeError('the oracle holds at most 50 prices');
  const w = new Writer('Oracle', ACCOUNT_SIZES.Oracle);
  w.u8(8, 1); // bump
  w.u8(ORACLE_OFFSETS.version, 3);
  w.u8(ORACLE_OFFSETS.registeredPricesCount, prices.length);
  w.i64(ORACLE_OFFSETS.updatedAt, updatedAt);
  prices.forEach((p, i) => {
    const at = ORACLE_OFFSETS.prices + i * ORACLE_PRICE.size;
    w.u64(at + ORACLE_PRICE.price, p.price);
    w.u64(at + ORACLE_PRICE.confidence, p.confidence);
    w.i64(at + ORACLE_PRICE.timestamp, p.timestamp);
    w.i32(at + ORACLE_PRICE.exponent, p.exponent);
    w.u8(at + ORACLE_PRICE.feedId, p.feedId);
    w.limitedString(at + ORACLE_PRICE.name, p.name);
  });
  return w.bytes;
}

// ── World values → raw account state ───────────────────────────────────────────────────────────────

const usdRaw = (usd: number): bigint => BigInt(Math.round(usd * Number(USD_POWER)));
const priceRaw = (usd: number): bigint => BigInt(Math.round(usd * 10 ** PRICE_DECIMALS));
const aprToHourlyRate = (aprPct: number): bigint => BigInt(Math.round((aprPct / 100 / HOURS_PER_YEAR) * Number(RATE_POWER)));
const unixOf = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Feed ids of an asset's custody: what its positions trade at, and what its token is worth. */
const FEEDS: Readonly<Record<PerpsAsset, { trade: CryptoFeedSymbol; token: CryptoFeedSymbol }>> = {
  SOL: { trade: 'SOL', token: 'jitoSOL' },
  BTC: { trade: 'BTC', token: 'WBTC' },
  BONK: { trade: 'BONK', token: 'BONK' },
  ETH: { trade: 'USDC', token: 'USDC' }, // B lists no ETH; never rendered
};

const emptyAccounting = (): AdrenaPositionsAccounting => ({ openPositions: 0n, sizeUsd: 0n, borrowSizeUsd: 0n, lockedAmount: 0n, collateralUsd: 0n, unrealizedInterestUsd: 0n });

/** The borrow side's state: utilization, curve maximum and kink, current rate. */
function borrowState(side: PoolMarketSide) {
  const points = side.borrowCurve.points;
  const kink = points.find((p) => p.utilizationPct > 0 && p.utilizationPct < 100);
  return {
    maxHourlyBorrowInterestRate: aprToHourlyRate(points[points.length - 1]?.aprPct ?? 0),
    optimalUtilizationBps: kink ? Math.round(kink.utilizationPct * 100) : 0,
    currentRate: aprToHourlyRate(side.borrowAprPct),
    assets: { collateral: 0n, owned: OWNED_RAW, locked: BigInt(Math.round((Number(OWNED_RAW) * side.utilizationPct) / 100)) },
  };
}

function custodyState(base: {
  mint: string;
  isStable: boolean;
  feeds: { trade: CryptoFeedSymbol; token: CryptoFeedSymbol };
  borrow: PoolMarketSide;
  lastUpdate: number;
  maxLeverage: number;
  closeFeeBps: number;
  maxLongUsd: number | null;
  maxShortUsd: number | null;
  long: AdrenaPositionsAccounting;
  short: AdrenaPositionsAccounting;
}): AdrenaCustodyAccount {
  const borrow = borrowState(base.borrow);
  const leverageBps = Math.round(base.maxLeverage * 10_000);
  return {
    pool: ADRENA_MAIN_POOL,
    mint: base.mint,
    decimals: ADRENA_TOKENS[base.mint]?.decimals ?? 6,
    isStable: base.isStable,
    allowTrade: !base.isStable,
    isSynthetic: false,
    oracleName: base.feeds.token,
    tradeOracleName: base.feeds.trade,
    oracleFeedId: CRYPTO_FEED_OFFSETS[base.feeds.token],
    tradeOracleFeedId: CRYPTO_FEED_OFFSETS[base.feeds.trade],
    maxInitialLeverageBps: leverageBps,
    maxLeverageBps: leverageBps,
    maxPositionLockedUsd: 0n,
    maxCumulativeShortPositionSizeUsd: base.maxShortUsd === null ? 0n : usdRaw(base.maxShortUsd),
    maxCumulativeLongPositionSizeUsd: base.maxLongUsd === null ? 0n : usdRaw(base.maxLongUsd),
    closePositionFeeBps: Math.round(base.closeFeeBps),
    liquidationFeeBps: 0,
    maxHourlyBorrowInterestRate: borrow.maxHourlyBorrowInterestRate,
    assets: borrow.assets,
    long: base.long,
    short: base.short,
    borrowRateState: { currentRate: borrow.currentRate, lastUpdate: base.lastUpdate, cumulativeInterest: 0n },
    optimalUtilizationBps: borrow.optimalUtilizationBps,
  };
}

/**
 * Every Adrena account of the sandbox at `atSeconds`, by address (all owned by the program): the main
 * pool, its custodies, the oracle and one account per open position.
 */
export function renderAdrenaAccounts(markets: readonly PoolMarket[], positions: readonly PoolPosition[], atSeconds: number): Map<string, Uint8Array> {
  const venueMarkets = markets.filter((m) => m.venue === 'B' && m.asset !== 'ETH').slice(0, POOL_OFFSETS.maxCustodies - 1);
  const zeroSide: PoolMarketSide = { openInterestUsd: 0, maxOpenInterestUsd: null, utilizationPct: 0, borrowCurve: { points: [] }, borrowAprPct: 0 };
  const stable = custodyState({
    mint: USDC_MINT, isStable: true, feeds: { trade: 'USDC', token: 'USDC' }, borrow: venueMarkets[0]?.short ?? zeroSide,
    lastUpdate: atSeconds, maxLeverage: 0, closeFeeBps: 0, maxLongUsd: null, maxShortUsd: null, long: emptyAccounting(), short: emptyAccounting(),
  });
  const custodies = new Map<string, AdrenaCustodyAccount>([[ADRENA_USDC_CUSTODY, stable]]);
  for (const m of venueMarkets) {
    custodies.set(m.custody, custodyState({
      mint: m.collateralMint, isStable: false, feeds: FEEDS[m.asset], borrow: m.long,
      lastUpdate: m.updatedAt === null ? 0 : unixOf(m.updatedAt), maxLeverage: m.maxLeverage, closeFeeBps: m.closeFeeBps,
      maxLongUsd: m.long.maxOpenInterestUsd, maxShortUsd: m.short.maxOpenInterestUsd,
      long: { ...emptyAccounting(), sizeUsd: usdRaw(m.long.openInterestUsd) },
      short: { ...emptyAccounting(), sizeUsd: usdRaw(m.short.openInterestUsd) },
    }));
  }

  const accounts = new Map<string, Uint8Array>();
  accounts.set(ADRENA_MAIN_POOL, encodePool('main-pool', [...custodies.keys()]));
  for (const [address, custody] of custodies) accounts.set(address, encodeCustody(custody));
  accounts.set(ADRENA_ORACLE, encodeOracle(atSeconds, oraclePrices(venueMarkets, atSeconds)));

  const byAsset = new Map(venueMarkets.map((m) => [m.asset, m]));
  positions.forEach((p, i) => {
    const market = byAsset.get(p.asset);
    if (p.venue !== 'B' || !market) return;
    const collateralAddress = p.collateralSymbol === 'USDC'
      ? ADRENA_USDC_CUSTODY
      : (venueMarkets.find((m) => m.collateralSymbol === p.collateralSymbol)?.custody ?? (p.side === 'long' ? market.custody : ADRENA_USDC_CUSTODY));
    const collateral = custodies.get(collateralAddress)!;
    const sizeUsd = usdRaw(p.sizeUsd);
    accounts.set(p.address, encodePosition({
      owner: p.owner,
      pool: ADRENA_MAIN_POOL,
      custody: market.custody,
      collateralCustody: collateralAddress,
      side: p.side === 'long' ? SIDE.long : SIDE.short,
      openTime: unixOf(p.openedAt),
      updateTime: unixOf(p.updatedAt),
      price: priceRaw(p.entryPriceUsd),
      sizeUsd,
      borrowSizeUsd: sizeUsd,
      collateralUsd: usdRaw(p.collateralUsd),
      unrealizedInterestUsd: usdRaw(p.borrowFeesUsd ?? 0),
      cumulativeInterestSnapshot: cumulativeInterestAt(collateral, atSeconds),
      lockedAmount: 0n,
      collateralAmount: 0n,
      exitFeeUsd: 0n,
      liquidationFeeUsd: 0n,
      id: BigInt(i + 1),
      paidInterestUsd: usdRaw(Math.max(0, -p.realisedPnlUsd)),
    }));
  });
  return accounts;
}

/** The oracle's six crypto slots from the markets' prices (USDC at $1). */
function oraclePrices(markets: readonly PoolMarket[], atSeconds: number): AdrenaOraclePrice[] {
  const usd = new Map<CryptoFeedSymbol, number | null>([['USDC', 1]]);
  for (const m of markets) {
    const feeds = FEEDS[m.asset];
    usd.set(feeds.token, m.collateralPriceUsd);
    usd.set(feeds.trade, m.oraclePriceUsd);
  }
  return (Object.keys(CRYPTO_FEED_OFFSETS) as CryptoFeedSymbol[]).map((symbol) => {
    const price = usd.get(symbol) ?? null;
    return {
      feedId: CRYPTO_FEED_OFFSETS[symbol],
      name: symbol,
      price: price === null ? 0n : priceRaw(price),
      confidence: 0n,
      exponent: -PRICE_DECIMALS,
      timestamp: price === null ? 0 : atSeconds,
    };
  });
}
