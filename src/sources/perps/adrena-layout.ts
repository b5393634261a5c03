/**
 * Pool venue B (Adrena) — the byte layouts of its program's accounts and pure decoders for them.
 *
 * Program `13gDzEXCdocbj8iAiqrScGo47NiSuYENGsRqi3SEAwet`. Every account is Anchor `#[account(zero_copy)]`,
 * `#[repr(C)]` with explicit padding: an 8-byte discriminator (sha256("account:<Name>")[0..8]) and then
 * the struct's fields at their C offsets, little-endian. The layouts below are the release/39-postaudit
 * ones, read from Adrena's published ABI crate `AdrenaFoundation/adrena-abi` (`src/types.rs`: Pool,
 * Custody, PositionsAccounting, Position; `src/oracle.rs`: Oracle, OraclePrice; `src/feed_ids.rs`;
 * `src/pda.rs`) and cross-checked with the IDL the Adrena frontend ships (`src/target/adrena.ts`, IDL
 * 1.3.8 — the same field order before release/39 added fields in former reserved space) and with the
 * pool manifest (`configs/pools_manifest.json`: the main pool, its custodies and their order).
 *
 * Every offset in this file is ABSOLUTE (discriminator included), the convention RPC `memcmp` filters use.
 *
 * Units (Adrena `Cortex` constants): USD amounts u64 with USD_DECIMALS = 6; prices (position entry price)
 * u64 with PRICE_DECIMALS = 10; rates u64 with RATE_DECIMALS = 9, as a fraction PER HOUR; leverage and
 * fees in BPS with BPS_DECIMALS = 4 (10_000 = 1× leverage, a fee of 1 = 0.01 %); U128Split is
 * `{ high: u64, low: u64 }` = high·2⁶⁴ + low. Oracle prices are mantissa × 10^exponent (exponent −10).
 *
 * These decoders only lift raw integers out of bytes (bigint where a u64 can exceed 2⁵³); unit
 * conversions and formulas live in the client (`./adrena.ts`). A decoder throws `AdrenaLayoutError` when
 * the bytes are not the account it reads (wrong discriminator; a Custody or Position of another size, a
 * Pool or Oracle too short to hold what is read); the client reports that as `malformed`.
 */
import { createHash } from 'node:crypto';
import { getAddressDecoder } from '@solana/kit';
import { UpstreamFormatError } from '../format-error.js';

export const ADRENA_PROGRAM_ID = '13gDzEXCdocbj8iAiqrScGo47NiSuYENGsRqi3SEAwet';
/** The main pool: PDA(["pool", "main-pool"]) — custodies USDC, BONK, jitoSOL, WBTC (adrena-abi pools manifest). */
export const ADRENA_MAIN_POOL = '4bQRutgDJs6vuh6ZcWaPVXiQaBzbHketjbCDjL4oRN34';
/** The oracle account every pool prices from: PDA(["oracle"]) (adrena-abi `get_oracle_pda`, pinned in its tests). */
export const ADRENA_ORACLE = 'GEm9TZP7BL8rTz1JDy6X74PL595zr1putA9BXC8ehDmU';

const USD_DECIMALS = 6;
export const PRICE_DECIMALS = 10;
const RATE_DECIMALS = 9;
export const USD_POWER = 10n ** BigInt(USD_DECIMALS);
export const PRICE_POWER = 10n ** BigInt(PRICE_DECIMALS);
export const RATE_POWER = 10n ** BigInt(RATE_DECIMALS);

/** Bytes that are not the account they should be: a format problem of the upstream's answer (../format-error.ts). */
export class AdrenaLayoutError extends UpstreamFormatError {}

function discriminator(name: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`account:${name}`).digest().subarray(0, 8));
}

export const DISCRIMINATORS = {
  Pool: discriminator('Pool'),
  Custody: discriminator('Custody'),
  Position: discriminator('Position'),
  Oracle: discriminator('Oracle'),
} as const;
export type AdrenaAccountName = keyof typeof DISCRIMINATORS;

/** Account sizes (8 + size_of::<T>()): exact for Position (a getProgramAccounts `dataSize` filter needs it). */
export const ACCOUNT_SIZES = {
  Pool: 2528,
  Custody: 1168,
  Position: 464,
  /** Release/39 oracle: 50 price slots (20 before it; `Oracle::LEN_PRE_V39` = 1304, also decoded). */
  Oracle: 3224,
} as const;

/** `LimitedString`: `value: [u8; 31]` then `length: u8` (32 bytes). */
export const LIMITED_STRING_SIZE = 32;

export const POOL_OFFSETS = {
  registeredCustodyCount: 15,
  name: 16,
  /** `[Pubkey; 8]`; unused slots are the default (all-zero) key. */
  custodies: 48,
  maxCustodies: 8,
} as const;

/** `PositionsAccounting` (200 bytes), relative to its start. */
export const POSITIONS_ACCOUNTING = {
  size: 200,
  openPositions: 0,
  sizeUsd: 8,
  borrowSizeUsd: 16,
  lockedAmount: 24,
  collateralUsd: 72,
  cumulativeInterestSnapshot: 80,
  unrealizedInterestUsd: 184,
} as const;

export const CUSTODY_OFFSETS = {
  allowTrade: 10,
  decimals: 12,
  isStable: 13,
  pool: 16,
  mint: 48,
  tokenAccount: 80,
  oracle: 112,
  tradeOracle: 144,
  // PricingParams
  maxInitialLeverage: 176,
  maxLeverage: 180,
  maxPositionLockedUsd: 184,
  maxCumulativeShortPositionSizeUsd: 192,
  maxCumulativeLongPositionSizeUsd: 200,
  // Fees (u16 each, BPS): swap_in 208 … close_position 220, liquidation 222
  closePositionFee: 220,
  liquidationFee: 222,
  // BorrowRateParams
  maxHourlyBorrowInterestRate: 240,
  // Assets
  assetsCollateral: 376,
  assetsOwned: 384,
  assetsLocked: 392,
  longPositions: 400,
  shortPositions: 600,
  // BorrowRateState
  borrowCurrentRate: 800,
  borrowLastUpdate: 808,
  borrowCumulativeInterest: 816,
  optimalUtilizationBps: 832,
  isSynthetic: 912,
  oracleFeedId: 914,
  tradeOracleFeedId: 915,
} as const;

export const POSITION_OFFSETS = {
  side: 9,
  owner: 16,
  pool: 48,
  custody: 80,
  collateralCustody: 112,
  openTime: 144,
  updateTime: 152,
  price: 160,
  sizeUsd: 168,
  borrowSizeUsd: 176,
  collateralUsd: 184,
  unrealizedInterestUsd: 192,
  cumulativeInterestSnapshot: 200,
  lockedAmount: 216,
  collateralAmount: 224,
  exitFeeUsd: 232,
  liquidationFeeUsd: 240,
  id: 248,
  paidInterestUsd: 264,
} as const;

/** `Side` enum of the position account. */
export const SIDE = { none: 0, long: 1, short: 2 } as const;

export const ORACLE_OFFSETS = {
  version: 9,
  registeredPricesCount: 10,
  updatedAt: 16,
  prices: 24,
} as const;

/** `OraclePrice` (64 bytes), relative to its slot. */
export const ORACLE_PRICE = {
  size: 64,
  price: 0,
  confidence: 8,
  timestamp: 16,
  exponent: 24,
  feedId: 28,
  name: 32,
} as const;

/**
 * Oracle feed ids (adrena-abi `feed_ids.rs`): each provider owns a range and every range starts with the
 * same six-asset crypto block, so offset k names the same asset whichever provider publishes it.
 */
const ORACLE_PROVIDER_RANGES = [
  { provider: 'chaoslabs', first: 0, last: 29 },
  { provider: 'autonom', first: 30, last: 141 },
  { provider: 'switchboard', first: 142, last: 255 },
] as const;
export const CRYPTO_FEED_OFFSETS = { SOL: 0, jitoSOL: 1, BTC: 2, WBTC: 3, BONK: 4, USDC: 5 } as const;
export type CryptoFeedSymbol = keyof typeof CRYPTO_FEED_OFFSETS;

// ── Decoded shapes (raw integers, as stored) ───────────────────────────────────────────────────────

export interface AdrenaPoolAccount {
  name: string;
  registeredCustodyCount: number;
  /** The registered custodies, in the pool's order (default keys dropped). */
  custodies: string[];
}

export interface AdrenaPositionsAccounting {
  openPositions: bigint;
  sizeUsd: bigint;
  borrowSizeUsd: bigint;
  lockedAmount: bigint;
  collateralUsd: bigint;
  unrealizedInterestUsd: bigint;
}

export interface AdrenaCustodyAccount {
  pool: string;
  mint: string;
  decimals: number;
  isStable: boolean;
  allowTrade: boolean;
  isSynthetic: boolean;
  oracleName: string;
  tradeOracleName: string;
  /** Feed of the custody's own token (jitoSOL for the SOL custody): its collateral value. */
  oracleFeedId: number;
  /** Feed the positions trade at (SOL for the jitoSOL custody). */
  tradeOracleFeedId: number;
  /** BPS (10_000 = 1×): the cap at opening, and the cap above which a position is liquidated. */
  maxInitialLeverageBps: number;
  maxLeverageBps: number;
  maxPositionLockedUsd: bigint;
  maxCumulativeShortPositionSizeUsd: bigint;
  maxCumulativeLongPositionSizeUsd: bigint;
  closePositionFeeBps: number;
  liquidationFeeBps: number;
  /** RATE_DECIMALS, per hour. */
  maxHourlyBorrowInterestRate: bigint;
  assets: { collateral: bigint; owned: bigint; locked: bigint };
  long: AdrenaPositionsAccounting;
  short: AdrenaPositionsAccounting;
  borrowRateState: { currentRate: bigint; lastUpdate: number; cumulativeInterest: bigint };
  /** BPS; 0 on custodies that never set the two-slope kink. */
  optimalUtilizationBps: number;
}

export interface AdrenaPositionAccount {
  owner: string;
  pool: string;
  custody: string;
  collateralCustody: string;
  /** SIDE value (0 none, 1 long, 2 short). */
  side: number;
  openTime: number;
  updateTime: number;
  price: bigint;
  sizeUsd: bigint;
  borrowSizeUsd: bigint;
  collateralUsd: bigint;
  unrealizedInterestUsd: bigint;
  cumulativeInterestSnapshot: bigint;
  lockedAmount: bigint;
  collateralAmount: bigint;
  exitFeeUsd: bigint;
  liquidationFeeUsd: bigint;
  id: bigint;
  paidInterestUsd: bigint;
}

export interface AdrenaOraclePrice {
  feedId: number;
  name: string;
  price: bigint;
  confidence: bigint;
  exponent: number;
  /** Unix seconds of the price. */
  timestamp: number;
}

export interface AdrenaOracleAccount {
  updatedAt: number;
  prices: AdrenaOraclePrice[];
}

// ── Readers ────────────────────────────────────────────────────────────────────────────────────────

const addressDecoder = getAddressDecoder();

class Reader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u8(offset: number): number {
    return this.view.getUint8(offset);
  }
  u16(offset: number): number {
    return this.view.getUint16(offset, true);
  }
  u32(offset: number): number {
    return this.view.getUint32(offset, true);
  }
  i32(offset: number): number {
    return this.view.getInt32(offset, true);
  }
  u64(offset: number): bigint {
    return this.view.getBigUint64(offset, true);
  }
  /** i64 unix times fit a JS number exactly. */
  i64(offset: number): number {
    return Number(this.view.getBigInt64(offset, true));
  }
  u128Split(offset: number): bigint {
    return (this.u64(offset) << 64n) | this.u64(offset + 8);
  }
  address(offset: number): string {
    return addressDecoder.decode(this.bytes.subarray(offset, offset + 32));
  }
  isDefaultAddress(offset: number): boolean {
    return this.bytes.subarray(offset, offset + 32).every((b) => b === 0);
  }
  limitedString(offset: number): string {
    const length = Math.min(this.u8(offset + 31), 31);
    return new TextDecoder().decode(this.bytes.subarray(offset, offset + length));
  }
}

/** The account bytes, checked to be `name` and of the expected size (exact, or at least `minSize`). */
function reader(name: AdrenaAccountName, data: Uint8Array, size: { exact: number } | { min: number }): Reader {
  if ('exact' in size ? data.length !== size.exact : data.length < size.min) {
    throw new AdrenaLayoutError(`${name} account is ${data.length} bytes, expected ${'exact' in size ? size.exact : `at least ${size.min}`}`);
  }
  const disc = DISCRIMINATORS[name];
  for (let i = 0; i < 8; i++) if (data[i] !== disc[i]) throw new AdrenaLayoutError(`not a ${name} account (discriminator)`);
  return new Reader(data);
}

export function decodePool(data: Uint8Array): AdrenaPoolAccount {
  // The pool's head (name, custodies) has kept its place in every release; its tail has grown.
  const r = reader('Pool', data, { min: POOL_OFFSETS.custodies + 32 * POOL_OFFSETS.maxCustodies });
  const registeredCustodyCount = r.u8(POOL_OFFSETS.registeredCustodyCount);
  if (registeredCustodyCount > POOL_OFFSETS.maxCustodies) throw new AdrenaLayoutError(`Pool lists ${registeredCustodyCount} custodies (max 8)`);
  const custodies: string[] = [];
  for (let i = 0; i < POOL_OFFSETS.maxCustodies; i++) {
    const offset = POOL_OFFSETS.custodies + 32 * i;
    if (!r.isDefaultAddress(offset)) custodies.push(r.address(offset));
  }
  return { name: r.limitedString(POOL_OFFSETS.name), registeredCustodyCount, custodies };
}

function positionsAccounting(r: Reader, start: number): AdrenaPositionsAccounting {
  const a = POSITIONS_ACCOUNTING;
  return {
    openPositions: r.u64(start + a.openPositions),
    sizeUsd: r.u64(start + a.sizeUsd),
    borrowSizeUsd: r.u64(start + a.borrowSizeUsd),
    lockedAmount: r.u64(start + a.lockedAmount),
    collateralUsd: r.u64(start + a.collateralUsd),
    unrealizedInterestUsd: r.u64(start + a.unrealizedInterestUsd),
  };
}

export function decodeCustody(data: Uint8Array): AdrenaCustodyAccount {
  const o = CUSTODY_OFFSETS;
  // Exact size: an older or newer custody moves fields (release/39 inserted the long cap at 200), and
  // misreading one would be worse than refusing it.
  const r = reader('Custody', data, { exact: ACCOUNT_SIZES.Custody });
  return {
    pool: r.address(o.pool),
    mint: r.address(o.mint),
    decimals: r.u8(o.decimals),
    isStable: r.u8(o.isStable) === 1,
    allowTrade: r.u8(o.allowTrade) === 1,
    isSynthetic: r.u8(o.isSynthetic) === 1,
    oracleName: r.limitedString(o.oracle),
    tradeOracleName: r.limitedString(o.tradeOracle),
    oracleFeedId: r.u8(o.oracleFeedId),
    tradeOracleFeedId: r.u8(o.tradeOracleFeedId),
    maxInitialLeverageBps: r.u32(o.maxInitialLeverage),
    maxLeverageBps: r.u32(o.maxLeverage),
    maxPositionLockedUsd: r.u64(o.maxPositionLockedUsd),
    maxCumulativeShortPositionSizeUsd: r.u64(o.maxCumulativeShortPositionSizeUsd),
    maxCumulativeLongPositionSizeUsd: r.u64(o.maxCumulativeLongPositionSizeUsd),
    closePositionFeeBps: r.u16(o.closePositionFee),
    liquidationFeeBps: r.u16(o.liquidationFee),
    maxHourlyBorrowInterestRate: r.u64(o.maxHourlyBorrowInterestRate),
    assets: { collateral: r.u64(o.assetsCollateral), owned: r.u64(o.assetsOwned), locked: r.u64(o.assetsLocked) },
    long: positionsAccounting(r, o.longPositions),
    short: positionsAccounting(r, o.shortPositions),
    borrowRateState: {
      currentRate: r.u64(o.borrowCurrentRate),
      lastUpdate: r.i64(o.borrowLastUpdate),
      cumulativeInterest: r.u128Split(o.borrowCumulativeInterest),
    },
    optimalUtilizationBps: Number(r.u64(o.optimalUtilizationBps)),
  };
}

export function decodePosition(data: Uint8Array): AdrenaPositionAccount {
  const o = POSITION_OFFSETS;
  const r = reader('Position', data, { exact: ACCOUNT_SIZES.Position });
  return {
    owner: r.address(o.owner),
    pool: r.address(o.pool),
    custody: r.address(o.custody),
    collateralCustody: r.address(o.collateralCustody),
    side: r.u8(o.side),
    openTime: r.i64(o.openTime),
    updateTime: r.i64(o.updateTime),
    price: r.u64(o.price),
    sizeUsd: r.u64(o.sizeUsd),
    borrowSizeUsd: r.u64(o.borrowSizeUsd),
    collateralUsd: r.u64(o.collateralUsd),
    unrealizedInterestUsd: r.u64(o.unrealizedInterestUsd),
    cumulativeInterestSnapshot: r.u128Split(o.cumulativeInterestSnapshot),
    lockedAmount: r.u64(o.lockedAmount),
    collateralAmount: r.u64(o.collateralAmount),
    exitFeeUsd: r.u64(o.exitFeeUsd),
    liquidationFeeUsd: r.u64(o.liquidationFeeUsd),
    id: r.u64(o.id),
    paidInterestUsd: r.u64(o.paidInterestUsd),
  };
}

/**
 * The oracle's price slots. Release/39 accounts have 50 slots and a `registered_prices_count`; older
 * ones 20 (version 0 wrote no count). Slots past the count, and never-written ones (price 0), are dropped.
 */
export function decodeOracle(data: Uint8Array): AdrenaOracleAccount {
  // Every oracle version keeps the same 64-byte price slots after a 16-byte head; only their count changed.
  const r = reader('Oracle', data, { min: ORACLE_OFFSETS.prices + ORACLE_PRICE.size });
  const slots = Math.floor((data.length - ORACLE_OFFSETS.prices) / ORACLE_PRICE.size);
  const registered = r.u8(ORACLE_OFFSETS.registeredPricesCount);
  const count = registered > 0 ? Math.min(registered, slots) : slots;
  const prices: AdrenaOraclePrice[] = [];
  for (let i = 0; i < count; i++) {
    const at = ORACLE_OFFSETS.prices + i * ORACLE_PRICE.size;
    const price = r.u64(at + ORACLE_PRICE.price);
    if (price === 0n && r.i64(at + ORACLE_PRICE.timestamp) === 0) continue;
    prices.push({
      feedId: r.u8(at + ORACLE_PRICE.feedId),
      name: r.limitedString(at + ORACLE_PRICE.name),
      price,
      confidence: r.u64(at + ORACLE_PRICE.confidence),
      exponent: r.i32(at + ORACLE_PRICE.exponent),
      timestamp: r.i64(at + ORACLE_PRICE.timestamp),
    });
  }
  return { updatedAt: r.i64(ORACLE_OFFSETS.updatedAt), prices };
}

/**
 * The feed ids that carry the same asset as `feedId` at the other providers (the six-asset crypto
 * block), `feedId` itself first; any other id stands alone.
 */
export function sameAssetFeedIds(feedId: number): number[] {
  const own = ORACLE_PROVIDER_RANGES.find((p) => feedId >= p.first && feedId <= p.last);
  const offset = own ? feedId - own.first : -1;
  if (!own || offset < 0 || offset >= Object.keys(CRYPTO_FEED_OFFSETS).length) return [feedId];
  return [feedId, ...ORACLE_PROVIDER_RANGES.filter((p) => p !== own).map((p) => p.first + offset)];
}
