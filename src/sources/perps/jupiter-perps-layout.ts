/**
 * Pure decoders of the Jupiter Perpetuals program's accounts (pool venue A) and of the Doves oracle's
 * price feeds its custodies point at. No I/O: bytes in, typed values out; any mismatch throws
 * `AccountLayoutError` (the client turns it into a `malformed` SourceError).
 *
 * Sources of the layout (facts only, no code copied):
 *  - The program's Anchor IDL (program `PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu`, IDL "perpetuals" 0.1.0)
 *    as published in julianfssen/jupiter-perps-anchor-idl-parsing (`src/idl/jupiter-perpetuals-idl.ts`, the
 *    repository Jupiter's developer docs point to) and the Codama client generated from it,
 *    monakki/jup-perps-client (`jup-perps-client-js/src/generated/accounts/{pool,custody,position}.ts`,
 *    `…/types/*.ts`; custody account size 1117, position 210).
 *  - The Doves oracle IDL ("doves" 0.1.0, program `DoVEsk76QybCEHQGzkvYPWLQu9gzNoZZZt3TPiL597e`), account
 *    `priceFeed`, from the same example repository (`src/idl/doves-idl.ts`).
 *  - Field meanings: dev.jup.ag/docs/perps/{pool,custody,position}-account.
 *
 * Anchor accounts are an 8-byte discriminator, sha256("account:<Name>")[0..8], then the Borsh fields in
 * IDL order (little-endian integers, bool = one byte 0/1, enum = one-byte variant index, String and Vec =
 * u32 length then items, Pubkey = 32 bytes). Offsets below include the discriminator.
 *
 * Pool (variable size): 8 name: String · custodies: Vec<Pubkey> · then aumUsd u128, limit, fees, poolApr, …
 * (not read).
 *
 * Custody (1117 bytes; read up to 384):
 *   8 pool · 40 mint · 72 tokenAccount · 104 decimals u8 · 105 isStable bool ·
 *   106 oracle { oracleAccount 32, oracleType u8, buffer u64, maxPriceAgeSec u32 } ·
 *   151 pricing { tradeImpactFeeScalar, buffer, swapSpread, maxLeverage, maxGlobalLongSizes, maxGlobalShortSizes: u64 } ·
 *   199 permissions (7 bools) · 206 targetRatioBps u64 ·
 *   214 assets { feesReserves, owned, locked, guaranteedUsd, globalShortSizes, globalShortAveragePrices: u64 } ·
 *   262 fundingRateState { cumulativeInterestRate u128, lastUpdate i64, hourlyFundingDbps u64 } ·
 *   294 bump u8 · 295 tokenAccountBump u8 · 296 increasePositionBps u64 · 304 decreasePositionBps u64 ·
 *   312 maxPositionSizeUsd u64 · 320 dovesOracle Pubkey ·
 *   352 jumpRateState { minRateBps, maxRateBps, targetRateBps, targetUtilizationRate: u64 } ·
 *   384 dovesAgOracle, priceImpactBuffer, borrow-lend state, … (not read).
 *
 * Position (210 bytes): 8 owner · 40 pool · 72 custody · 104 collateralCustody · 136 openTime i64 ·
 *   144 updateTime i64 · 152 side u8 (0 None, 1 Long, 2 Short) · 153 price u64 · 161 sizeUsd u64 ·
 *   169 collateralUsd u64 · 177 realisedPnlUsd i64 · 185 cumulativeInterestSnapshot u128 ·
 *   201 lockedAmount u64 · 209 bump u8.
 *
 * Doves PriceFeed (91 bytes): 8 pair [u8;32] · 40 signer [u8;33] · 73 price u64 · 81 expo i8 ·
 *   82 timestamp i64 · 90 bump u8. The price is `price × 10^expo` USD per whole token.
 *
 * Units (the program's conventions): every `*Usd` and position `price` is USD with 6 decimals (USDC
 * decimals); token amounts (`owned`, `locked`, `lockedAmount`) are atomic units of the custody's mint;
 * `*Bps` are basis points; `maxLeverage` is leverage in basis points (10 000 = 1×); the jump-rate
 * `*RateBps` are yearly rates in basis points; `targetUtilizationRate` and `cumulativeInterestRate` are
 * fractions scaled by 10^9 (RATE_POWER).
 */
import { createHash } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import { UpstreamFormatError } from '../format-error.js';

export const JUPITER_PERPS_PROGRAM_ID = 'PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu';
export const DOVES_PROGRAM_ID = 'DoVEsk76QybCEHQGzkvYPWLQu9gzNoZZZt3TPiL597e';

/** Scale of `targetUtilizationRate`, utilization and `cumulativeInterestRate` (the program's RATE_POWER). */
export const RATE_POWER = 1_000_000_000n;
/** Basis points in 1 (the program's BPS_POWER). */
export const BPS_POWER = 10_000n;
/** USD amounts carry the 6 decimals of USDC. */
export const USD_DECIMALS = 6;

export const POSITION_ACCOUNT_SIZE = 210;
export const CUSTODY_ACCOUNT_SIZE = 1117;
export const DOVES_PRICE_FEED_SIZE = 91;
/** Offset of `Position.owner` (the getProgramAccounts memcmp filter). */
export const POSITION_OWNER_OFFSET = 8;

/** Anchor's account discriminator: the first 8 bytes of sha256("account:<Name>"). */
function anchorAccountDiscriminator(name: string): Uint8Array {
  return Uint8Array.from(createHash('sha256').update(`account:${name}`).digest().subarray(0, 8));
}

export const POOL_DISCRIMINATOR = anchorAccountDiscriminator('Pool');
export const CUSTODY_DISCRIMINATOR = anchorAccountDiscriminator('Custody');
export const POSITION_DISCRIMINATOR = anchorAccountDiscriminator('Position');
export const PRICE_FEED_DISCRIMINATOR = anchorAccountDiscriminator('PriceFeed');

/** Bytes that are not the account they should be: a format problem of the upstream's answer (../format-error.ts). */
export class AccountLayoutError extends UpstreamFormatError {}

export interface PoolAccount {
  name: string;
  custodies: string[];
}

export interface PricingParams {
  tradeImpactFeeScalar: bigint;
  buffer: bigint;
  swapSpread: bigint;
  /** Leverage in basis points: 5 000 000 = 500×. */
  maxLeverage: bigint;
  /** USD, 6 decimals; 0 = no cap. */
  maxGlobalLongSizes: bigint;
  maxGlobalShortSizes: bigint;
}

export interface CustodyAssets {
  feesReserves: bigint;
  /** Tokens (atomic) the pool owns in this custody. */
  owned: bigint;
  /** Tokens (atomic) locked to pay open positions' potential profits. */
  locked: bigint;
  /** USD (6 dp) borrowed by longs: Σ(size − collateral). */
  guaranteedUsd: bigint;
  /** USD (6 dp) size of all short positions on this asset. */
  globalShortSizes: bigint;
  globalShortAveragePrices: bigint;
}

export interface FundingRateState {
  /** Σ hourly borrow rate × elapsed hours, scaled by RATE_POWER. */
  cumulativeInterestRate: bigint;
  /** Unix seconds. */
  lastUpdate: bigint;
  hourlyFundingDbps: bigint;
}

export interface JumpRateState {
  /** Yearly borrow rate in bps at 0 % utilization. */
  minRateBps: bigint;
  /** Yearly borrow rate in bps at 100 % utilization. */
  maxRateBps: bigint;
  /** Yearly borrow rate in bps at the target utilization (the kink). */
  targetRateBps: bigint;
  /** Utilization of the kink, scaled by RATE_POWER (10^9 = 100 %). */
  targetUtilizationRate: bigint;
}

export interface CustodyAccount {
  pool: string;
  mint: string;
  tokenAccount: string;
  decimals: number;
  isStable: boolean;
  /** `oracle.oracleAccount` (the Pyth account). */
  oracleAccount: string;
  pricing: PricingParams;
  targetRatioBps: bigint;
  assets: CustodyAssets;
  fundingRateState: FundingRateState;
  increasePositionBps: bigint;
  decreasePositionBps: bigint;
  maxPositionSizeUsd: bigint;
  /** The Doves price feed of the custody's token. */
  dovesOracle: string;
  jumpRateState: JumpRateState;
}

/** The IDL's Side enum { None, Long, Short }. */
export type PositionSideCode = 'none' | 'long' | 'short';

export interface PositionAccount {
  owner: string;
  pool: string;
  custody: string;
  collateralCustody: string;
  openTime: bigint;
  updateTime: bigint;
  side: PositionSideCode;
  /** Entry price, USD 6 dp. */
  price: bigint;
  sizeUsd: bigint;
  collateralUsd: bigint;
  realisedPnlUsd: bigint;
  cumulativeInterestSnapshot: bigint;
  lockedAmount: bigint;
}

export interface DovesPriceFeed {
  price: bigint;
  expo: number;
  /** Unix seconds. */
  timestamp: bigint;
}

const base58 = getBase58Decoder();

/** A bounds-checked little-endian Borsh reader. */
class BorshReader {
  private offset = 0;
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array, private readonly account: string) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private take(n: number): number {
    const at = this.offset;
    if (at + n > this.bytes.length) throw new AccountLayoutError(`${this.account}: data ends at ${this.bytes.length} bytes, field needs ${at + n}`);
    this.offset += n;
    return at;
  }

  skip(n: number): void {
    this.take(n);
  }
  u8(): number {
    return this.view.getUint8(this.take(1));
  }
  i8(): number {
    return this.view.getInt8(this.take(1));
  }
  bool(): boolean {
    const v = this.u8();
    if (v > 1) throw new AccountLayoutError(`${this.account}: bool byte ${v} at ${this.offset - 1}`);
    return v === 1;
  }
  u32(): number {
    return this.view.getUint32(this.take(4), true);
  }
  u64(): bigint {
    return this.view.getBigUint64(this.take(8), true);
  }
  i64(): bigint {
    return this.view.getBigInt64(this.take(8), true);
  }
  u128(): bigint {
    const lo = this.u64();
    return lo + (this.u64() << 64n);
  }
  pubkey(): string {
    const at = this.take(32);
    return base58.decode(this.bytes.subarray(at, at + 32));
  }
  string(maxBytes: number): string {
    const length = this.u32();
    if (length > maxBytes) throw new AccountLayoutError(`${this.account}: string of ${length} bytes`);
    const at = this.take(length);
    return new TextDecoder('utf-8', { fatal: true }).decode(this.bytes.subarray(at, at + length));
  }

  discriminator(expected: Uint8Array): void {
    const at = this.take(8);
    for (let i = 0; i < 8; i++) {
      if (this.bytes[at + i] !== expected[i]) throw new AccountLayoutError(`${this.account}: wrong account discriminator`);
    }
  }
}

/** Pools hold a handful of custodies; a count beyond this is not a pool account. */
const MAX_POOL_CUSTODIES = 64;

export function decodePool(data: Uint8Array): PoolAccount {
  const r = new BorshReader(data, 'Pool');
  r.discriminator(POOL_DISCRIMINATOR);
  const name = r.string(64);
  const count = r.u32();
  if (count > MAX_POOL_CUSTODIES) throw new AccountLayoutError(`Pool: ${count} custodies`);
  const custodies: string[] = [];
  for (let i = 0; i < count; i++) custodies.push(r.pubkey());
  return { name, custodies };
}

export function decodeCustody(data: Uint8Array): CustodyAccount {
  const r = new BorshReader(data, 'Custody');
  r.discriminator(CUSTODY_DISCRIMINATOR);
  const pool = r.pubkey();
  const mint = r.pubkey();
  const tokenAccount = r.pubkey();
  const decimals = r.u8();
  const isStable = r.bool();
  const oracleAccount = r.pubkey();
  r.skip(1 + 8 + 4); // oracleType, buffer, maxPriceAgeSec
  const pricing: PricingParams = {
    tradeImpactFeeScalar: r.u64(),
    buffer: r.u64(),
    swapSpread: r.u64(),
    maxLeverage: r.u64(),
    maxGlobalLongSizes: r.u64(),
    maxGlobalShortSizes: r.u64(),
  };
  r.skip(7); // permissions: allowSwap … allowLiquidatePosition
  const targetRatioBps = r.u64();
  const assets: CustodyAssets = {
    feesReserves: r.u64(),
    owned: r.u64(),
    locked: r.u64(),
    guaranteedUsd: r.u64(),
    globalShortSizes: r.u64(),
    globalShortAveragePrices: r.u64(),
  };
  const fundingRateState: FundingRateState = { cumulativeInterestRate: r.u128(), lastUpdate: r.i64(), hourlyFundingDbps: r.u64() };
  r.skip(2); // bump, tokenAccountBump
  const increasePositionBps = r.u64();
  const decreasePositionBps = r.u64();
  const maxPositionSizeUsd = r.u64();
  const dovesOracle = r.pubkey();
  const jumpRateState: JumpRateState = { minRateBps: r.u64(), maxRateBps: r.u64(), targetRateBps: r.u64(), targetUtilizationRate: r.u64() };
  return {
    pool, mint, tokenAccount, decimals, isStable, oracleAccount, pricing, targetRatioBps, assets, fundingRateState,
    increasePositionBps, decreasePositionBps, maxPositionSizeUsd, dovesOracle, jumpRateState,
  };
}

export function decodePosition(data: Uint8Array): PositionAccount {
  const r = new BorshReader(data, 'Position');
  r.discriminator(POSITION_DISCRIMINATOR);
  const owner = r.pubkey();
  const pool = r.pubkey();
  const custody = r.pubkey();
  const collateralCustody = r.pubkey();
  const openTime = r.i64();
  const updateTime = r.i64();
  const sideCode = r.u8();
  if (sideCode > 2) throw new AccountLayoutError(`Position: side variant ${sideCode}`);
  const position: PositionAccount = {
    owner, pool, custody, collateralCustody, openTime, updateTime,
    side: sideCode === 1 ? 'long' : sideCode === 2 ? 'short' : 'none',
    price: r.u64(),
    sizeUsd: r.u64(),
    collateralUsd: r.u64(),
    realisedPnlUsd: r.i64(),
    cumulativeInterestSnapshot: r.u128(),
    lockedAmount: r.u64(),
  };
  r.skip(1); // bump
  return position;
}

export function decodeDovesPriceFeed(data: Uint8Array): DovesPriceFeed {
  const r = new BorshReader(data, 'PriceFeed');
  r.discriminator(PRICE_FEED_DISCRIMINATOR);
  r.skip(32 + 33); // pair, signer
  return { price: r.u64(), expo: r.i8(), timestamp: r.i64() };
}
