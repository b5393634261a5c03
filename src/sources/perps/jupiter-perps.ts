/**
 * Pool venue A — Jupiter Perpetuals (leg `perps_venue_a`): the JLP pool's program accounts read over Solana
 * JSON-RPC (base64), decoded by ./jupiter-perps-layout.ts into the normalized perps types.
 *
 * `markets()` makes three calls: getAccountInfo(pool) → getMultipleAccounts(its custodies) →
 * getMultipleAccounts(the Doves price feeds of the SOL / BTC / ETH custodies).
 * `positionsByOwner()` runs getProgramAccounts(program, [dataSize 210, memcmp discriminator @0,
 * memcmp owner @8]) — the filter set of the venue's own example (get-open-positions-for-wallet) plus
 * the size — alongside the pool/custody reads it needs to name assets and price borrow fees.
 *
 * The program's conventions used here (sources: the Anchor IDL, dev.jup.ag/docs/perps/*, and the examples
 * of julianfssen/jupiter-perps-anchor-idl-parsing: get-borrow-fee.ts, get-liquidation-price.ts):
 *  - Markets by custody mint: SOL, WBTC (→ BTC), WETH (→ ETH). Longs borrow the asset's own custody; shorts
 *    borrow the stable custody that holds their collateral — the market's `short` side is the USDC custody.
 *  - Utilization = assets.locked ÷ assets.owned of the custody (0 when either is 0).
 *  - Borrow rate, the jump-rate model: with u = utilization and t = targetUtilizationRate ÷ 10^9,
 *      u ≤ t: yearlyBps = minRateBps + (targetRateBps − minRateBps) × u ÷ t
 *      u > t: yearlyBps = targetRateBps + (maxRateBps − targetRateBps) × (u − t) ÷ (1 − t)
 *    The `*RateBps` are YEARLY rates in basis points; the program accrues yearly ÷ 8760 every hour into
 *    fundingRateState.cumulativeInterestRate (a fraction of position size scaled by 10^9). So the APR is
 *    yearlyBps ÷ 100 percent, and the curve's points are (0 %, min), (t, target), (100 %, max).
 *  - Long open interest = assets.locked (the longs' sizes in tokens: a long locks its size in tokens) ÷
 *    10^decimals × the oracle price; 0 when the oracle has no usable price (oraclePriceUsd is then null).
 *    Short open interest = assets.globalShortSizes (USD). Caps = pricing.maxGlobalLongSizes /
 *    maxGlobalShortSizes (USD; 0 = none → null).
 *  - Fees = increasePositionBps / decreasePositionBps of the custody (bps of size); max leverage =
 *    pricing.maxLeverage ÷ 10 000 (the program's liquidation check is size × 10 000 ÷ maxLeverage);
 *    max position size = the custody's maxPositionSizeUsd (USD; 0 = none → null), the size limit of any one
 *    position whose `custody` it is — a long or a short of that asset.
 *  - Oracle = the custody's `dovesOracle` (a Doves PriceFeed: price × 10^expo); a missing account, another
 *    owner, an undecodable feed or a non-positive price gives a null price (the market is still returned).
 *    The custody's token (SOL, WBTC, WETH) is priced by the same feed, so collateralPriceUsd = oraclePriceUsd.
 *  - Borrow fee of a position = ceil((C − snapshot) × sizeUsd ÷ 10^9) in USD 6 dp, where C is the
 *    cumulativeInterestRate of the position's COLLATERAL custody (the docs: "borrow rates … are calculated
 *    based on the position's collateralCustody") as last stored on chain (not extrapolated to now).
 *  - Closed positions keep their account with sizeUsd = 0; they are dropped.
 */
import { Type, type Static } from '@sinclair/typebox';
import { getBase58Decoder, isAddress } from '@solana/kit';
import { Nullable } from '../../lib/typebox.js';
import { formatProblem, reportSkipped, SourceError } from '../errors.js';
import type { HttpSource } from '../http-source.js';
import { jsonRpc } from '../json-rpc.js';
import { someValid, wireListParser, wireParser, type ParsedList } from '../wire.js';
import { withContext } from '../wire/solana-rpc.js';
import {
  BPS_POWER,
  DOVES_PROGRAM_ID,
  JUPITER_PERPS_PROGRAM_ID,
  POSITION_ACCOUNT_SIZE,
  POSITION_DISCRIMINATOR,
  POSITION_OWNER_OFFSET,
  RATE_POWER,
  USD_DECIMALS,
  decodeCustody,
  decodeDovesPriceFeed,
  decodePool,
  decodePosition,
  type CustodyAccount,
  type CustodyAssets,
  type JumpRateState,
  type PositionAccount,
} from './jupiter-perps-layout.js';
import { VENUE_ASSETS, type BorrowCurve, type PerpsAsset, type PoolMarket, type PoolMarketSide, type PoolPosition, type PoolVenueSource } from '../../analytics/perps/venue-data.js';
import { UpstreamFormatError } from '../format-error.js';

/** The JLP pool on mainnet (the venue's only pool; dev.jup.ag/docs/perps/pool-account). */
export const JUPITER_PERPS_MAINNET_POOL = '5BUwFW4nRbftYTDMbgxykoFWqWHPzahFSNAaaaJtVKsq';

/** The custody mints of the JLP pool (dev.jup.ag docs; the example repository's custody table). */
export const JUPITER_PERPS_MINTS = {
  SOL: 'So11111111111111111111111111111111111111112',
  WBTC: '3NZ9JMVBmGAqocybic2c7LQCJScmgsAZ6vQqTDzcqmJh',
  WETH: '7vfCXTUXx5WJV5JADk17DUJ4ksgau7utNKj4b963voxs',
  USDC: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  USDT: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
} as const;

type JupiterPerpsToken = keyof typeof JUPITER_PERPS_MINTS;

/** Which asset a custody mint trades (the stables trade none). */
const MARKET_OF_MINT: Readonly<Record<string, PerpsAsset>> = {
  [JUPITER_PERPS_MINTS.SOL]: 'SOL',
  [JUPITER_PERPS_MINTS.WBTC]: 'BTC',
  [JUPITER_PERPS_MINTS.WETH]: 'ETH',
};

const SYMBOL_OF_MINT: Readonly<Record<string, JupiterPerpsToken>> = Object.fromEntries(
  Object.entries(JUPITER_PERPS_MINTS).map(([symbol, mint]) => [mint, symbol as JupiterPerpsToken]),
);

// ---- wire (Solana JSON-RPC, base64 encoding: https://solana.com/docs/rpc/http/getaccountinfo,
// …/getmultipleaccounts, …/getprogramaccounts — the latter answers a plain array without `withContext`) ----

const Base58 = Type.String({ minLength: 32, maxLength: 44, pattern: '^[1-9A-HJ-NP-Za-km-z]+$' });
const Base64Account = Type.Object({
  data: Type.Tuple([Type.String(), Type.Literal('base64')]),
  executable: Type.Boolean(),
  lamports: Type.Integer({ minimum: 0 }),
  owner: Base58,
  rentEpoch: Type.Optional(Type.Number()),
  space: Type.Optional(Type.Integer({ minimum: 0 })),
});
type Base64Account = Static<typeof Base64Account>;
const parseAccountInfo = wireParser(withContext(Nullable(Base64Account)));
const parseMultipleAccounts = wireParser(withContext(Type.Array(Nullable(Base64Account))));
// Position accounts per entry (src/sources/wire.ts): one account of another shape, or whose bytes do not
// decode, is skipped and reported; the list itself must be an array, and a list with no usable account is malformed.
const parseProgramAccounts = wireListParser(Type.Object({ pubkey: Base58, account: Base64Account }));

/** The owner's position accounts, decoded one by one: an account that does not decode counts as skipped. */
function decodedPositions(json: unknown): ParsedList<{ address: string; position: PositionAccount }> {
  const list = parseProgramAccounts(json);
  const items: { address: string; position: PositionAccount }[] = [];
  let undecodable: string | null = null;
  for (const { pubkey, account } of list.items) {
    try {
      items.push({ address: pubkey, position: decodePosition(accountBytes(account)) });
    } catch (err) {
      undecodable ??= `position ${pubkey}: ${formatProblem(err, 'undecodable')}`;
    }
  }
  return someValid({ items, skipped: list.skipped + list.items.length - items.length, firstError: list.firstError ?? undecodable }, 'position account');
}

const accountBytes = (account: Base64Account): Uint8Array => Buffer.from(account.data[0], 'base64');
const BASE64_CONFIG = { encoding: 'base64', commitment: 'confirmed' } as const;
const base58 = getBase58Decoder();

// ---- the program's arithmetic (pure; see the file comment) ----

/** locked ÷ owned as a fraction in [0, 1] (0 when either is 0). */
function custodyUtilization(assets: Pick<CustodyAssets, 'locked' | 'owned'>): number {
  if (assets.owned <= 0n || assets.locked <= 0n) return 0;
  return Math.min(1, Number(assets.locked) / Number(assets.owned));
}

/** The jump-rate model's yearly borrow rate, in basis points, at `utilization` (a fraction). */
export function jumpRateYearlyBps(state: JumpRateState, utilization: number): number {
  const min = Number(state.minRateBps);
  const target = Number(state.targetRateBps);
  const max = Number(state.maxRateBps);
  const kink = Number(state.targetUtilizationRate) / Number(RATE_POWER);
  const u = Math.min(1, Math.max(0, utilization));
  if (u <= kink) return kink > 0 ? min + ((target - min) * u) / kink : min;
  return kink < 1 ? target + ((max - target) * (u - kink)) / (1 - kink) : max;
}

/** The custody's borrow curve as APR percent by utilization percent: (0, min), (target, target rate), (100, max). */
export function jumpRateCurve(state: JumpRateState): BorrowCurve {
  const kinkPct = Math.min(100, (Number(state.targetUtilizationRate) / Number(RATE_POWER)) * 100);
  const raw = [
    { utilizationPct: 0, aprPct: Number(state.minRateBps) / 100 },
    { utilizationPct: kinkPct, aprPct: Number(state.targetRateBps) / 100 },
    { utilizationPct: 100, aprPct: Number(state.maxRateBps) / 100 },
  ];
  // A kink at 0 % or 100 % coincides with an end point; the kink's rate is the one that applies there.
  const points = raw.filter((p, i) => !(i === 0 && kinkPct === 0) && !(i === 2 && kinkPct === 100));
  return { points };
}

/** Borrow interest accrued since the position's snapshot: ceil((C − snapshot) × size ÷ 10^9), USD. */
export function accruedBorrowFeeUsd(sizeUsd: bigint, cumulativeInterestRate: bigint, snapshot: bigint): number {
  const delta = cumulativeInterestRate > snapshot ? cumulativeInterestRate - snapshot : 0n;
  const atomic = (delta * sizeUsd + RATE_POWER - 1n) / RATE_POWER;
  return usd(atomic);
}

/** Oracle price in USD per whole token (`price × 10^expo`), or null when not positive. */
function dovesPriceUsd(price: bigint, expo: number): number | null {
  if (price <= 0n) return null;
  return expo < 0 ? Number(price) / 10 ** -expo : Number(price) * 10 ** expo;
}

const usd = (atomic: bigint): number => Number(atomic) / 10 ** USD_DECIMALS;
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

export interface JupiterPerpsClientOptions {
  /** A Solana RPC node (leg `perps_venue_a`). */
  rpc: HttpSource;
  /** The pool account (mainnet: JUPITER_PERPS_MAINNET_POOL). */
  poolAddress: string;
}

interface CustodyBook {
  /** Custody accounts by address, in the pool's order. */
  byAddress: Map<string, CustodyAccount>;
}

export class JupiterPerpsClient implements PoolVenueSource {
  readonly venue = 'A' as const;
  private readonly rpc: HttpSource;
  private readonly poolAddress: string;

  constructor(options: JupiterPerpsClientOptions) {
    this.rpc = options.rpc;
    this.poolAddress = options.poolAddress;
  }

  private malformed(message: string): SourceError {
    return new SourceError(this.rpc.leg, 'malformed', `${this.rpc.leg}: ${message}`);
  }

  private call<T>(method: string, params: unknown[], parse: (result: unknown) => T, signal?: AbortSignal): Promise<T> {
    return jsonRpc(this.rpc, '', method, params, parse, signal);
  }

  /** The pool and its custodies (each must exist and be owned by the program). */
  private async custodyBook(signal?: AbortSignal): Promise<CustodyBook> {
    const pool = await this.call('getAccountInfo', [this.poolAddress, BASE64_CONFIG], (json) => {
      const account = parseAccountInfo(json).value;
      if (account === null) return null;
      if (account.owner !== JUPITER_PERPS_PROGRAM_ID) throw new UpstreamFormatError('the pool account is not owned by the perpetuals program');
      return decodePool(accountBytes(account));
    }, signal);
    if (pool === null) throw this.malformed('the pool account does not exist');
    if (pool.custodies.length === 0) return { byAddress: new Map() };
    const custodies = await this.call('getMultipleAccounts', [pool.custodies, BASE64_CONFIG], (json) => {
      const accounts = parseMultipleAccounts(json).value;
      if (accounts.length !== pool.custodies.length) throw new UpstreamFormatError(`asked ${pool.custodies.length} custodies, got ${accounts.length}`);
      return accounts.map((account, i) => {
        if (account === null) throw new UpstreamFormatError(`custody ${pool.custodies[i]} does not exist`);
        if (account.owner !== JUPITER_PERPS_PROGRAM_ID) throw new UpstreamFormatError('a custody account is not owned by the perpetuals program');
        return decodeCustody(accountBytes(account));
      });
    }, signal);
    return { byAddress: new Map(custodies.map((c, i) => [pool.custodies[i]!, c])) };
  }

  /** USD prices of the given Doves feeds (null where unusable), in order. */
  private async oraclePrices(feeds: string[], signal?: AbortSignal): Promise<(number | null)[]> {
    if (feeds.length === 0) return [];
    return this.call('getMultipleAccounts', [feeds, BASE64_CONFIG], (json) => {
      const accounts = parseMultipleAccounts(json).value;
      if (accounts.length !== feeds.length) throw new UpstreamFormatError(`asked ${feeds.length} price feeds, got ${accounts.length}`);
      return accounts.map((account) => {
        if (account === null || account.owner !== DOVES_PROGRAM_ID) return null;
        try {
          const feed = decodeDovesPriceFeed(accountBytes(account));
          return dovesPriceUsd(feed.price, feed.expo);
        } catch {
          return null;
        }
      });
    }, signal);
  }

  async markets(signal?: AbortSignal): Promise<PoolMarket[]> {
    const book = await this.custodyBook(signal);
    const entries = [...book.byAddress.entries()];
    const stable =
      entries.find(([, c]) => c.isStable && c.mint === JUPITER_PERPS_MINTS.USDC) ?? entries.find(([, c]) => c.isStable);
    if (!stable) throw this.malformed('the pool has no stable custody to back shorts');
    const markets = entries
      .map(([address, custody]) => ({ address, custody, asset: MARKET_OF_MINT[custody.mint] }))
      .filter((m): m is { address: string; custody: CustodyAccount; asset: PerpsAsset } => m.asset !== undefined && !m.custody.isStable)
      .sort((a, b) => VENUE_ASSETS.A.indexOf(a.asset) - VENUE_ASSETS.A.indexOf(b.asset));
    const prices = await this.oraclePrices(markets.map((m) => m.custody.dovesOracle), signal);
    const shortBorrow = borrowState(stable[1]);
    return markets.map(({ address, custody, asset }, i): PoolMarket => {
      const price = prices[i] ?? null;
      const long = borrowState(custody);
      const lockedTokens = Number(custody.assets.locked) / 10 ** custody.decimals;
      return {
        venue: 'A',
        asset,
        custody: address,
        collateralMint: custody.mint,
        collateralSymbol: SYMBOL_OF_MINT[custody.mint] ?? custody.mint,
        oraclePriceUsd: price,
        collateralPriceUsd: price,
        long: {
          openInterestUsd: price === null ? 0 : round6(lockedTokens * price),
          maxOpenInterestUsd: capUsd(custody.pricing.maxGlobalLongSizes),
          ...long,
        },
        short: {
          openInterestUsd: usd(custody.assets.globalShortSizes),
          maxOpenInterestUsd: capUsd(custody.pricing.maxGlobalShortSizes),
          ...shortBorrow,
        },
        openFeeBps: Number(custody.increasePositionBps),
        closeFeeBps: Number(custody.decreasePositionBps),
        maxLeverage: Number(custody.pricing.maxLeverage) / Number(BPS_POWER),
        maxPositionSizeUsd: capUsd(custody.maxPositionSizeUsd),
        updatedAt: custody.fundingRateState.lastUpdate > 0n ? this.iso(custody.fundingRateState.lastUpdate) : null,
      };
    });
  }

  async positionsByOwner(owner: string, signal?: AbortSignal): Promise<PoolPosition[]> {
    // Not an address: no position account can name it as owner.
    if (!isAddress(owner)) return [];
    const filters = [
      { dataSize: POSITION_ACCOUNT_SIZE },
      { memcmp: { offset: 0, bytes: base58.decode(POSITION_DISCRIMINATOR) } },
      { memcmp: { offset: POSITION_OWNER_OFFSET, bytes: owner } },
    ];
    const [accounts, book] = await Promise.all([
      this.call('getProgramAccounts', [JUPITER_PERPS_PROGRAM_ID, { ...BASE64_CONFIG, filters }], decodedPositions, signal),
      this.custodyBook(signal),
    ]);
    const positions: PoolPosition[] = [];
    let skipped = accounts.skipped;
    let firstError = accounts.firstError;
    for (const { address, position } of accounts.items) {
      if (position.sizeUsd === 0n || position.owner !== owner || position.pool !== this.poolAddress) continue;
      const custody = book.byAddress.get(position.custody);
      const asset = custody ? MARKET_OF_MINT[custody.mint] : undefined;
      if (!asset) continue;
      try {
        positions.push(this.toPosition(address, position, asset, book.byAddress.get(position.collateralCustody)));
      } catch (err) {
        // An open position without a side, or a time no date can hold: this account is bad, not the venue.
        skipped++;
        firstError ??= formatProblem(err, `position ${address} is malformed`);
      }
    }
    positions.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
    return reportSkipped(positions, { leg: this.rpc.leg, provider: 'pool venue A', what: 'position account', count: skipped, firstError });
  }

  private toPosition(address: string, position: PositionAccount, asset: PerpsAsset, collateral: CustodyAccount | undefined): PoolPosition {
    if (position.side === 'none') throw this.malformed(`position ${address} is open without a side`);
    return {
      venue: 'A',
      address,
      owner: position.owner,
      asset,
      side: position.side,
      sizeUsd: usd(position.sizeUsd),
      collateralUsd: usd(position.collateralUsd),
      entryPriceUsd: usd(position.price),
      openedAt: this.iso(position.openTime),
      updatedAt: this.iso(position.updateTime),
      borrowFeesUsd: collateral
        ? accruedBorrowFeeUsd(position.sizeUsd, collateral.fundingRateState.cumulativeInterestRate, position.cumulativeInterestSnapshot)
        : null,
      realisedPnlUsd: usd(position.realisedPnlUsd),
      collateralSymbol: collateral ? (SYMBOL_OF_MINT[collateral.mint] ?? collateral.mint) : 'unknown',
    };
  }

  /** Unix seconds → ISO 8601 UTC (a value no Date can hold is malformed). */
  private iso(seconds: bigint): string {
    const ms = Number(seconds) * 1000;
    if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) throw this.malformed(`timestamp ${seconds} is out of range`);
    return new Date(ms).toISOString();
  }
}

/** The borrow side of a custody: utilization, curve and the APR the curve gives now. */
function borrowState(custody: CustodyAccount): Pick<PoolMarketSide, 'utilizationPct' | 'borrowCurve' | 'borrowAprPct'> {
  const utilization = custodyUtilization(custody.assets);
  return {
    utilizationPct: utilization * 100,
    borrowCurve: jumpRateCurve(custody.jumpRateState),
    borrowAprPct: jumpRateYearlyBps(custody.jumpRateState, utilization) / 100,
  };
}

const capUsd = (atomic: bigint): number | null => (atomic > 0n ? usd(atomic) : null);
