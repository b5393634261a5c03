/**
 * Pool venue B — Adrena (leg `perps_venue_b`): its markets and a wallet's open positions, read from the
 * program's accounts over Solana JSON-RPC (`getMultipleAccounts`, `getProgramAccounts`, base64 data).
 * Account layouts and units: `./adrena-layout.ts`; the whole model, with formulas: docs/perps-venues.md.
 *
 * Markets: the pool account lists its custodies; each non-stable custody whose token is jitoSOL, WBTC or
 * BONK is the SOL, BTC or BONK market (B trades SOL and BTC through wrapped collateral and lists no ETH).
 * A long borrows its own custody; a short borrows the pool's stable (USDC) custody, so the short side's
 * utilization and borrow rate are the stable custody's. Prices come from the oracle account: the
 * custody's `trade_oracle_feed_id` prices the asset (SOL), its `oracle_feed_id` the token it holds
 * (jitoSOL). A price that is zero, missing or older than `maxOracleAgeSeconds` is null — never 0.
 *
 * Positions: `getProgramAccounts` filtered on the Position size and discriminator, the owner (offset 16)
 * and the pool (offset 48); accounts with size 0 (closed) are dropped.
 */
import { isAddress } from '@solana/kit';
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../lib/typebox.js';
import { formatProblem, reportSkipped, SourceError } from '../errors.js';
import type { HttpSource } from '../http-source.js';
import { jsonRpc } from '../json-rpc.js';
import { someValid, wireListParser, wireParser, type ParsedList } from '../wire.js';
import {
  ACCOUNT_SIZES,
  ADRENA_ORACLE,
  ADRENA_PROGRAM_ID,
  DISCRIMINATORS,
  POSITION_OFFSETS,
  PRICE_POWER,
  RATE_POWER,
  SIDE,
  USD_POWER,
  decodeCustody,
  decodeOracle,
  decodePool,
  decodePosition,
  sameAssetFeedIds,
  type AdrenaCustodyAccount,
  type AdrenaOracleAccount,
  type AdrenaPositionAccount,
} from './adrena-layout.js';
import type { BorrowCurve, PerpsAsset, PoolMarket, PoolMarketSide, PoolPosition, PoolVenueSource } from '../../analytics/perps/venue-data.js';
import { UpstreamFormatError } from '../format-error.js';

export { ADRENA_MAIN_POOL, ADRENA_ORACLE, ADRENA_PROGRAM_ID } from './adrena-layout.js';

const LEG = 'perps_venue_b' as const;
const HOURS_PER_YEAR = 24 * 365;
/** Adrena refuses to trade on a price older than 7 s; a read-only view tolerates one missed keeper round. */
const DEFAULT_MAX_ORACLE_AGE_SECONDS = 60;

/** The tokens of B's main pool (mint → symbol, the asset its custody trades, decimals). */
export const ADRENA_TOKENS: Readonly<Record<string, { symbol: string; asset: PerpsAsset | null; decimals: number }>> = {
  J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn: { symbol: 'jitoSOL', asset: 'SOL', decimals: 9 },
  '3NZ9JMVBmGAqocybic2c7LQCJScmgsAZ6vQqTDzcqmJh': { symbol: 'WBTC', asset: 'BTC', decimals: 8 },
  DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263: { symbol: 'BONK', asset: 'BONK', decimals: 5 },
  EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: { symbol: 'USDC', asset: null, decimals: 6 },
};

// ── Wire (Solana JSON-RPC, base64 account data) ────────────────────────────────────────────────────

const Base58 = Type.String({ minLength: 32, maxLength: 44, pattern: '^[1-9A-HJ-NP-Za-km-z]+$' });
const Base64Account = Type.Object({
  data: Type.Tuple([Type.String(), Type.Literal('base64')]),
  owner: Base58,
});
const MultipleAccounts = Type.Object({ context: Type.Object({ slot: Type.Integer({ minimum: 0 }) }), value: Type.Array(Nullable(Base64Account)) });
const ProgramAccount = Type.Object({ pubkey: Base58, account: Base64Account });
type Base64Account = Static<typeof Base64Account>;
const parseMultiple = wireParser(MultipleAccounts);
// Position accounts per entry (src/sources/wire.ts): one account of another shape, or whose bytes do not
// decode, is skipped and reported; the list itself must be an array. Pool, custody and oracle reads stay strict.
const parseProgramAccounts = wireListParser(ProgramAccount);

/**
 * The owner's position accounts, decoded one by one: an account that does not decode (another owner, bytes of
 * another layout, an open position without a side) is skipped and counted; when none decodes, the list is malformed.
 */
function decodedPositions(json: unknown): ParsedList<{ pubkey: string; position: AdrenaPositionAccount }> {
  const list = parseProgramAccounts(json);
  const items: { pubkey: string; position: AdrenaPositionAccount }[] = [];
  let undecodable: string | null = null;
  for (const { pubkey, account } of list.items) {
    try {
      const position = decodeAs(decodePosition, account, 'position account');
      if (position.sizeUsd !== 0n && position.side !== SIDE.long && position.side !== SIDE.short) throw malformed('position account', new UpstreamFormatError(`side ${position.side}`));
      items.push({ pubkey, position });
    } catch (err) {
      undecodable ??= `${pubkey}: ${formatProblem(err, 'undecodable')}`;
    }
  }
  return someValid({ items, skipped: list.skipped + list.items.length - items.length, firstError: list.firstError ?? undecodable }, 'position account');
}

// ── Units and formulas (pure; exported for the tests and the sandbox encoder) ──────────────────────

const usdFromRaw = (raw: bigint): number => Number(raw) / Number(USD_POWER);
const priceFromRaw = (raw: bigint): number => Number(raw) / Number(PRICE_POWER);

/** An hourly rate (RATE_DECIMALS) as an APR in percent: rate × 8760 × 100. */
function hourlyRateToAprPct(rate: bigint): number {
  return (Number(rate) / Number(RATE_POWER)) * HOURS_PER_YEAR * 100;
}

/** Tokens locked for open positions ÷ tokens the pool owns, in percent (0 when it owns none). */
function custodyUtilizationPct(custody: AdrenaCustodyAccount): number {
  const { owned, locked } = custody.assets;
  return owned === 0n ? 0 : (Number(locked) / Number(owned)) * 100;
}

/**
 * The custody's borrow curve (APR % over utilization %). Adrena's two-slope model rises from 0 at 0 %
 * utilization to a kink rate at `optimal_utilization_bps`, then to `max_hourly_borrow_interest_rate` at
 * 100 %. The custody stores the kink's utilization and the maximum but NOT the kink's rate, so it is
 * solved from the rate the custody stores now (`borrow_rate_state.current_rate`, set at the stored
 * utilization); when nothing can be solved (utilization 0 or 100 %) the kink sits on the straight line.
 * A custody without a kink (0, or ≥ 100 %) uses the single-slope model: rate = utilization × maximum.
 */
function adrenaBorrowCurve(custody: AdrenaCustodyAccount): BorrowCurve {
  const maxApr = hourlyRateToAprPct(custody.maxHourlyBorrowInterestRate);
  const kinkPct = custody.optimalUtilizationBps / 100;
  if (kinkPct <= 0 || kinkPct >= 100) return { points: [{ utilizationPct: 0, aprPct: 0 }, { utilizationPct: 100, aprPct: maxApr }] };
  const current = hourlyRateToAprPct(custody.borrowRateState.currentRate);
  const u = custodyUtilizationPct(custody);
  let kinkApr = (maxApr * kinkPct) / 100;
  if (u > 0 && u <= kinkPct) kinkApr = (current * kinkPct) / u;
  else if (u > kinkPct && u < 100) {
    const f = (u - kinkPct) / (100 - kinkPct);
    kinkApr = (current - maxApr * f) / (1 - f);
  }
  kinkApr = Math.min(Math.max(kinkApr, 0), maxApr);
  return {
    points: [
      { utilizationPct: 0, aprPct: 0 },
      { utilizationPct: kinkPct, aprPct: kinkApr },
      { utilizationPct: 100, aprPct: maxApr },
    ],
  };
}

/** The custody's cumulative interest at `nowSeconds` (adrena-abi `Custody::get_cumulative_interest`). */
export function cumulativeInterestAt(custody: AdrenaCustodyAccount, nowSeconds: number): bigint {
  const { cumulativeInterest, lastUpdate, currentRate } = custody.borrowRateState;
  if (nowSeconds <= lastUpdate) return cumulativeInterest;
  const accrued = BigInt(nowSeconds - lastUpdate) * currentRate;
  return cumulativeInterest + (accrued + 3_599n) / 3_600n;
}

/**
 * Borrow fees the position owes and has not paid, in raw USD (USD_DECIMALS): what it carried at its
 * last update (`unrealized_interest_usd`) plus what accrued since on the custody it borrows — its
 * COLLATERAL custody — as adrena-abi's `Pool::get_pnl_usd` counts it:
 * (cumulative interest now − position snapshot) × borrow_size_usd ÷ RATE_POWER.
 */
function unpaidBorrowFeesRaw(position: AdrenaPositionAccount, collateralCustody: AdrenaCustodyAccount, nowSeconds: number): bigint {
  if (position.borrowSizeUsd === 0n) return position.unrealizedInterestUsd;
  const cumulative = cumulativeInterestAt(collateralCustody, nowSeconds);
  const accrued = cumulative > position.cumulativeInterestSnapshot ? ((cumulative - position.cumulativeInterestSnapshot) * position.borrowSizeUsd) / RATE_POWER : 0n;
  return position.unrealizedInterestUsd + accrued;
}

/**
 * The USD price of a feed from the oracle account, or null when it has no usable one: the feed's own
 * slot first, else the freshest slot of the same asset at another provider (`sameAssetFeedIds`). Usable =
 * price > 0 and timestamp within `maxAgeSeconds` of now.
 */
export function oraclePriceUsd(oracle: AdrenaOracleAccount | null, feedId: number, nowSeconds: number, maxAgeSeconds: number): number | null {
  if (!oracle) return null;
  const usable = oracle.prices.filter(
    (p) => p.price > 0n && p.timestamp > 0 && nowSeconds - p.timestamp <= maxAgeSeconds && p.exponent >= -30 && p.exponent <= 10,
  );
  const freshest = (ids: number[]) => usable.filter((p) => ids.includes(p.feedId)).sort((a, b) => b.timestamp - a.timestamp)[0];
  const [own, ...others] = sameAssetFeedIds(feedId);
  const chosen = freshest([own!]) ?? freshest(others);
  if (!chosen) return null;
  return chosen.exponent < 0 ? Number(chosen.price) / 10 ** -chosen.exponent : Number(chosen.price) * 10 ** chosen.exponent;
}

/** A u64 cap where 0 means "none set" (the long cap came in release/39 from zeroed reserved bytes). */
const capUsd = (raw: bigint): number | null => (raw === 0n ? null : usdFromRaw(raw));

const isoFromUnix = (seconds: number): string => new Date(seconds * 1000).toISOString();

function side(borrowed: AdrenaCustodyAccount, openInterestUsd: number, maxOpenInterestUsd: number | null): PoolMarketSide {
  return {
    openInterestUsd,
    maxOpenInterestUsd,
    utilizationPct: custodyUtilizationPct(borrowed),
    borrowCurve: adrenaBorrowCurve(borrowed),
    borrowAprPct: hourlyRateToAprPct(borrowed.borrowRateState.currentRate),
  };
}

/** One market from its custody, the pool's stable custody and the oracle. */
export function adrenaPoolMarket(
  asset: PerpsAsset,
  custodyAddress: string,
  custody: AdrenaCustodyAccount,
  stable: AdrenaCustodyAccount,
  oracle: AdrenaOracleAccount | null,
  nowSeconds: number,
  maxOracleAgeSeconds = DEFAULT_MAX_ORACLE_AGE_SECONDS,
): PoolMarket {
  return {
    venue: 'B',
    asset,
    custody: custodyAddress,
    collateralMint: custody.mint,
    collateralSymbol: ADRENA_TOKENS[custody.mint]?.symbol ?? custody.mint,
    oraclePriceUsd: oraclePriceUsd(oracle, custody.tradeOracleFeedId, nowSeconds, maxOracleAgeSeconds),
    collateralPriceUsd: oraclePriceUsd(oracle, custody.oracleFeedId, nowSeconds, maxOracleAgeSeconds),
    long: side(custody, usdFromRaw(custody.long.sizeUsd), capUsd(custody.maxCumulativeLongPositionSizeUsd)),
    short: side(stable, usdFromRaw(custody.short.sizeUsd), capUsd(custody.maxCumulativeShortPositionSizeUsd)),
    // Adrena charges no opening fee: its Fees struct has none (release/39 ABI; fees doc "Close position").
    openFeeBps: 0,
    closeFeeBps: custody.closePositionFeeBps,
    maxLeverage: custody.maxInitialLeverageBps / 10_000,
    // Adrena's per-position limit (`max_position_locked_usd`) caps the USD a position locks, not its size:
    // no size figure to give.
    maxPositionSizeUsd: null,
    updatedAt: custody.borrowRateState.lastUpdate > 0 ? isoFromUnix(custody.borrowRateState.lastUpdate) : null,
  };
}

/** One open position, with its custodies known (null custody = not one of the pool's). */
export function adrenaPoolPosition(
  address: string,
  position: AdrenaPositionAccount,
  asset: PerpsAsset,
  collateralCustody: AdrenaCustodyAccount | null,
  nowSeconds: number,
): PoolPosition {
  return {
    venue: 'B',
    address,
    owner: position.owner,
    asset,
    side: position.side === SIDE.short ? 'short' : 'long',
    sizeUsd: usdFromRaw(position.sizeUsd),
    collateralUsd: usdFromRaw(position.collateralUsd),
    entryPriceUsd: priceFromRaw(position.price),
    openedAt: isoFromUnix(position.openTime),
    updatedAt: isoFromUnix(position.updateTime),
    borrowFeesUsd: collateralCustody ? usdFromRaw(unpaidBorrowFeesRaw(position, collateralCustody, nowSeconds)) : null,
    // The only realised result the account keeps is the borrow interest already settled
    // (`paid_interest_usd`, which Adrena's own PnL still deducts); partial closes pay out to the wallet.
    realisedPnlUsd: position.paidInterestUsd === 0n ? 0 : -usdFromRaw(position.paidInterestUsd),
    collateralSymbol: collateralCustody ? (ADRENA_TOKENS[collateralCustody.mint]?.symbol ?? collateralCustody.mint) : 'unknown',
  };
}

// ── Client ─────────────────────────────────────────────────────────────────────────────────────────

export interface AdrenaClientOptions {
  /** Solana JSON-RPC (leg `perps_venue_b`). */
  rpc: HttpSource;
  /** The pool account (`ADRENA_MAIN_POOL` on mainnet). */
  poolAddress: string;
  /** Path of the JSON-RPC endpoint on the source's base URL (usually the root). */
  path?: string;
  /** The clock for oracle staleness and interest accrued since the custody's last update. */
  now?: () => Date;
  maxOracleAgeSeconds?: number;
}

interface PoolState {
  custodies: Map<string, AdrenaCustodyAccount>;
  oracle: AdrenaOracleAccount | null;
}

function malformed(what: string, err: unknown): SourceError {
  // AdrenaLayoutError (bytes that are not the account) or any other decoding failure.
  const detail = formatProblem(err, 'undecodable');
  return new SourceError(LEG, 'malformed', `${LEG} sent an undecodable ${what}: ${detail}`, undefined, undefined, undefined, err);
}

/** The account's bytes, checked to belong to the Adrena program. */
function accountBytes(account: Base64Account, what: string): Uint8Array {
  if (account.owner !== ADRENA_PROGRAM_ID) throw malformed(what, new UpstreamFormatError(`owned by ${account.owner}, not the Adrena program`));
  return new Uint8Array(Buffer.from(account.data[0], 'base64'));
}

function decodeAs<T>(decode: (data: Uint8Array) => T, account: Base64Account, what: string): T {
  const bytes = accountBytes(account, what);
  try {
    return decode(bytes);
  } catch (err) {
    throw malformed(what, err);
  }
}

export class AdrenaClient implements PoolVenueSource {
  readonly venue = 'B' as const;
  private readonly rpc: HttpSource;
  private readonly poolAddress: string;
  private readonly path: string;
  private readonly now: () => Date;
  private readonly maxOracleAgeSeconds: number;

  constructor(options: AdrenaClientOptions) {
    if (!isAddress(options.poolAddress)) throw new RangeError('invalid pool address');
    this.rpc = options.rpc;
    this.poolAddress = options.poolAddress;
    this.path = options.path ?? '';
    this.now = options.now ?? (() => new Date());
    this.maxOracleAgeSeconds = options.maxOracleAgeSeconds ?? DEFAULT_MAX_ORACLE_AGE_SECONDS;
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private async accounts(addresses: readonly string[], signal?: AbortSignal): Promise<(Base64Account | null)[]> {
    if (addresses.length === 0) return [];
    const result = await jsonRpc(this.rpc, this.path, 'getMultipleAccounts', [addresses, { encoding: 'base64', commitment: 'confirmed' }], parseMultiple, signal);
    if (result.value.length !== addresses.length) throw new SourceError(LEG, 'malformed', `${LEG} answered a different number of accounts than asked`);
    return result.value;
  }

  /** The pool's custodies (by address) and the oracle: two RPC calls. */
  private async poolState(signal?: AbortSignal): Promise<PoolState> {
    const [poolAccount, oracleAccount] = await this.accounts([this.poolAddress, ADRENA_ORACLE], signal);
    if (!poolAccount) throw new SourceError(LEG, 'not_found', `${LEG}: the pool account does not exist`);
    const pool = decodeAs(decodePool, poolAccount, 'pool account');
    // A missing or undecodable oracle leaves prices unknown (null), not the whole venue down.
    let oracle: AdrenaOracleAccount | null = null;
    if (oracleAccount) {
      try {
        oracle = decodeAs(decodeOracle, oracleAccount, 'oracle account');
      } catch {
        oracle = null;
      }
    }
    const custodyAccounts = await this.accounts(pool.custodies, signal);
    const custodies = new Map<string, AdrenaCustodyAccount>();
    pool.custodies.forEach((address, i) => {
      const account = custodyAccounts[i];
      if (!account) throw new SourceError(LEG, 'malformed', `${LEG}: a custody the pool lists does not exist`);
      custodies.set(address, decodeAs(decodeCustody, account, 'custody account'));
    });
    return { custodies, oracle };
  }

  async markets(signal?: AbortSignal): Promise<PoolMarket[]> {
    const { custodies, oracle } = await this.poolState(signal);
    const stable = [...custodies.values()].find((c) => c.isStable);
    if (!stable) throw new SourceError(LEG, 'malformed', `${LEG}: the pool has no stable custody to back shorts`);
    const now = this.nowSeconds();
    const markets: PoolMarket[] = [];
    for (const [address, custody] of custodies) {
      const asset = custody.isStable ? null : ADRENA_TOKENS[custody.mint]?.asset;
      if (asset) markets.push(adrenaPoolMarket(asset, address, custody, stable, oracle, now, this.maxOracleAgeSeconds));
    }
    return markets;
  }

  async positionsByOwner(owner: string, signal?: AbortSignal): Promise<PoolPosition[]> {
    if (!isAddress(owner)) throw new RangeError('invalid Solana address');
    const filters = [
      { dataSize: ACCOUNT_SIZES.Position },
      { memcmp: { offset: 0, bytes: Buffer.from(DISCRIMINATORS.Position).toString('base64'), encoding: 'base64' } },
      { memcmp: { offset: POSITION_OFFSETS.owner, bytes: owner } },
      { memcmp: { offset: POSITION_OFFSETS.pool, bytes: this.poolAddress } },
    ];
    const [accounts, state] = await Promise.all([
      jsonRpc(this.rpc, this.path, 'getProgramAccounts', [ADRENA_PROGRAM_ID, { encoding: 'base64', commitment: 'confirmed', filters }], decodedPositions, signal),
      this.poolState(signal),
    ]);
    const now = this.nowSeconds();
    const positions: PoolPosition[] = [];
    for (const { pubkey, position } of accounts.items) {
      if (position.sizeUsd === 0n) continue;
      if (position.owner !== owner || position.pool !== this.poolAddress) continue;
      const custody = state.custodies.get(position.custody);
      const asset = custody && !custody.isStable ? ADRENA_TOKENS[custody.mint]?.asset : null;
      // A position on a custody outside SOL/BTC/BONK is not one of the service's markets.
      if (!asset) continue;
      positions.push(adrenaPoolPosition(pubkey, position, asset, state.custodies.get(position.collateralCustody) ?? null, now));
    }
    positions.sort((a, b) => a.openedAt.localeCompare(b.openedAt) || a.address.localeCompare(b.address));
    return reportSkipped(positions, { leg: LEG, provider: 'pool venue B', what: 'position account', count: accounts.skipped, firstError: accounts.firstError });
  }
}
