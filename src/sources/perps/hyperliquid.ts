/**
 * Hyperliquid client — reference venue C (leg `perps_venue_c`): markets, accounts and portfolios from the
 * info API (`POST /info`), and the trader leaderboard from the stats host. Both hosts are public and take no
 * key. Wire formats and their sources: `./wire/hyperliquid.ts`.
 *
 * Units (analytics/perps/venue-data.ts): Hyperliquid quotes BONK as the coin `kBONK` = 1000 BONK, so its prices
 * are divided by 1000 (USD per BONK) and its sizes multiplied by 1000 (BONK); the same holds for any `k`
 * coin (kPEPE, kSHIB…). Funding stays HOURLY: the asset context's `funding` is the rate Hyperliquid pays
 * every hour (its docs: the 8-hour formula rate is paid hourly at one eighth), e.g. "0.0000125" = the
 * 0.01 %/8 h interest baseline. Annualizing (× 8760) is the analytics' job.
 */
import { formatProblem, reportSkipped } from '../errors.js';
import type { HttpSource } from '../http-source.js';
import { mergeParsedLists, someValid, usableListParser, wireListParser, wireParser, wireRecordParser, type ParsedList } from '../wire.js';
import type { LeaderboardRow, LeaderboardWindow, PerpsAsset, RefAccount, RefMarket, RefPortfolio, RefPosition, RefVenueCSource, RefWindowStats } from '../../analytics/perps/venue-data.js';
import { decimal } from './wire/decimal.js';
import {
  HlAssetCtxSchema, HlAssetPositionSchema, HlClearinghouseEnvelopeSchema, HlLeaderboardEnvelopeSchema, HlLeaderboardRowSchema,
  HlMetaAndAssetCtxsEnvelopeSchema, HlPortfolioSchema, HlUniverseEntrySchema,
  type HlAssetCtx, type HlLeaderboardRow, type HlUniverseEntry, type HlPortfolioWindow, type HlPosition, type HlWindowPerformance,
} from './wire/hyperliquid.js';
import { UpstreamFormatError } from '../format-error.js';

/** Live info API (`POST /info`). */
export const HYPERLIQUID_API_URL = 'https://api.hyperliquid.xyz';
/** Live stats host (`GET /Mainnet/leaderboard`). */
export const HYPERLIQUID_STATS_URL = 'https://stats-data.hyperliquid.xyz';

/** Hyperliquid's coin for each asset the service covers. */
export const HYPERLIQUID_COINS: Readonly<Record<PerpsAsset, string>> = { SOL: 'SOL', BTC: 'BTC', ETH: 'ETH', BONK: 'kBONK' };

/** What a Hyperliquid user address looks like; anything else is refused before a request is made. */
export const HYPERLIQUID_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Tokens per coin: 1000 for a `k` coin (`kBONK`, `kPEPE`: Hyperliquid's thousand-token lots), else 1. */
export function tokensPerCoin(coin: string): number {
  return /^k[A-Z0-9]/.test(coin) ? 1000 : 1;
}

/** The asset a Hyperliquid coin stands for, when it is one the service covers. */
export function assetOfCoin(coin: string): PerpsAsset | null {
  for (const [asset, name] of Object.entries(HYPERLIQUID_COINS) as [PerpsAsset, string][]) if (name === coin) return asset;
  return null;
}

export interface HyperliquidClientOptions {
  /** Base URL `https://api.hyperliquid.xyz` (or the sandbox's), leg `perps_venue_c`. */
  info: HttpSource;
  /** Base URL `https://stats-data.hyperliquid.xyz` (or the sandbox's), leg `perps_venue_c`. */
  stats: HttpSource;
}

const PROVIDER = 'reference venue C';
// Lists per entry (src/sources/wire.ts): a malformed universe entry, asset context, position or leaderboard
// row is skipped and reported, never the whole answer; envelopes stay strict, and a list with no valid
// entry is malformed.
const parseMetaAndCtxs = wireParser(HlMetaAndAssetCtxsEnvelopeSchema);
const parseUniverse = wireListParser(HlUniverseEntrySchema);
const parseAssetCtxs = wireRecordParser(HlAssetCtxSchema);
const parseClearinghouse = wireParser(HlClearinghouseEnvelopeSchema);
const parsePositions = usableListParser(HlAssetPositionSchema, 'position');
const parsePortfolio = wireParser(HlPortfolioSchema);
const parseLeaderboard = wireParser(HlLeaderboardEnvelopeSchema);
const parseLeaderboardRows = usableListParser(HlLeaderboardRowSchema, 'leaderboard row');

const WINDOWS = ['day', 'week', 'month', 'allTime'] as const;
type WindowName = (typeof WINDOWS)[number];

/** The four windows of a `[[name, value], …]` list; a missing one makes the body malformed. */
function windowsOf<T>(entries: readonly (readonly [string, T])[], what: string): Record<WindowName, T> {
  const found = new Map(entries.map(([name, value]) => [name, value]));
  const pick = (name: WindowName): T => {
    const value = found.get(name);
    if (value === undefined) throw new UpstreamFormatError(`${what} has no "${name}" window`);
    return value;
  };
  return { day: pick('day'), week: pick('week'), month: pick('month'), allTime: pick('allTime') };
}

/**
 * The covered coins' markets. Universe entries are checked one by one in place (`assetCtxs[i]` belongs to
 * `universe[i]`, so a skipped entry must not shift the others); of the contexts, only the covered coins' are
 * read. A malformed entry of either is skipped and counted; a universe with no valid entry is malformed.
 */
function marketsFrom(json: unknown): { markets: RefMarket[]; list: ParsedList<unknown> } {
  const [meta, ctxs] = parseMetaAndCtxs(json);
  // Validated entries are the body's own objects: looked up by identity, the raw positions stay the index.
  const universeList = someValid(parseUniverse(meta.universe), 'universe');
  const entryOf = new Map<unknown, HlUniverseEntry>(universeList.items.map((entry) => [entry, entry]));
  const covered: { asset: PerpsAsset; coin: string; entry: HlUniverseEntry; ctx: unknown }[] = [];
  for (const [asset, coin] of Object.entries(HYPERLIQUID_COINS) as [PerpsAsset, string][]) {
    const index = meta.universe.findIndex((raw) => {
      const entry = entryOf.get(raw);
      return entry !== undefined && entry.name === coin && entry.isDelisted !== true;
    });
    if (index < 0) continue;
    if (index >= ctxs.length) throw new UpstreamFormatError(`no asset context for ${coin}`);
    covered.push({ asset, coin, entry: entryOf.get(meta.universe[index])!, ctx: ctxs[index] });
  }
  const ctxList = parseAssetCtxs(Object.fromEntries(covered.map((c) => [c.coin, c.ctx])));
  const ctxOf = new Map<string, HlAssetCtx>(ctxList.items);
  const markets: RefMarket[] = [];
  for (const { asset, coin, entry } of covered) {
    const ctx = ctxOf.get(coin);
    if (ctx === undefined) continue;
    const perCoin = tokensPerCoin(coin);
    const markPx = decimal(ctx.markPx);
    markets.push({
      venue: 'C',
      asset,
      venueSymbol: coin,
      markPriceUsd: markPx / perCoin,
      oraclePriceUsd: decimal(ctx.oraclePx) / perCoin,
      fundingRateHourly: decimal(ctx.funding),
      // Coins × USD per coin: the lot size cancels out.
      openInterestUsd: decimal(ctx.openInterest) * markPx,
      volume24hUsd: decimal(ctx.dayNtlVlm),
      maxLeverage: entry.maxLeverage,
    });
  }
  return { markets, list: mergeParsedLists<unknown>([universeList, ctxList]) };
}

function positionFrom(position: HlPosition): RefPosition | null {
  const signedCoins = decimal(position.szi);
  if (signedCoins === 0) return null;
  const perCoin = tokensPerCoin(position.coin);
  const liquidation = position.liquidationPx === null ? null : decimal(position.liquidationPx) / perCoin;
  return {
    coin: position.coin,
    asset: assetOfCoin(position.coin),
    side: signedCoins > 0 ? 'long' : 'short',
    size: Math.abs(signedCoins) * perCoin,
    notionalUsd: decimal(position.positionValue),
    entryPriceUsd: decimal(position.entryPx) / perCoin,
    unrealizedPnlUsd: decimal(position.unrealizedPnl),
    leverage: position.leverage.value,
    liquidationPriceUsd: liquidation,
    marginUsedUsd: decimal(position.marginUsed),
  };
}

/** The window's PnL is the latest point of its cumulative pnl history (0 when the history is empty). */
function windowStats(window: HlPortfolioWindow): RefWindowStats {
  let latest: readonly [number, string] | undefined;
  for (const point of window.pnlHistory) if (latest === undefined || point[0] >= latest[0]) latest = point;
  return { pnlUsd: latest === undefined ? 0 : decimal(latest[1]), volumeUsd: decimal(window.vlm) };
}

function leaderboardWindow(performance: HlWindowPerformance): LeaderboardWindow {
  return { pnlUsd: decimal(performance.pnl), roi: decimal(performance.roi), volumeUsd: decimal(performance.vlm) };
}

function leaderboardRowFrom(row: HlLeaderboardRow): LeaderboardRow {
  const windows = windowsOf(row.windowPerformances, 'a leaderboard row');
  return {
    address: row.ethAddress.toLowerCase(),
    displayName: row.displayName ?? null,
    accountValueUsd: decimal(row.accountValue),
    day: leaderboardWindow(windows.day),
    week: leaderboardWindow(windows.week),
    month: leaderboardWindow(windows.month),
    allTime: leaderboardWindow(windows.allTime),
  };
}

export class HyperliquidClient implements RefVenueCSource {
  readonly venue = 'C' as const;
  private readonly info: HttpSource;
  private readonly stats: HttpSource;

  constructor(options: HyperliquidClientOptions) {
    this.info = options.info;
    this.stats = options.stats;
  }

  /** SOL, BTC, ETH and BONK (kBONK) as Hyperliquid lists them; a coin missing or delisted is left out. */
  async markets(signal?: AbortSignal): Promise<RefMarket[]> {
    const { markets, list } = await this.info.request('/info', { method: 'POST', body: { type: 'metaAndAssetCtxs' }, parse: marketsFrom, signal });
    return this.reported(markets, list, 'market', this.info);
  }

  /**
   * The perps account of `address` (an unknown address is an empty account, as Hyperliquid answers it).
   * Addresses are case-insensitive hex: the account's `address` is lower-cased, as the leaderboard reports it.
   * Throws RangeError for a string that is not a 0x address (nothing is sent).
   */
  async account(address: string, signal?: AbortSignal): Promise<RefAccount> {
    const user = userOf(address);
    const { state, list } = await this.info.request('/info', {
      method: 'POST', body: { type: 'clearinghouseState', user }, signal,
      parse: (json) => {
        const envelope = parseClearinghouse(json);
        return { state: envelope, list: parsePositions(envelope.assetPositions) };
      },
    });
    const positions = list.items.map((entry) => positionFrom(entry.position)).filter((p): p is RefPosition => p !== null);
    this.reported(positions, list, 'position', this.info);
    return {
      address: user,
      accountValueUsd: decimal(state.marginSummary.accountValue),
      totalNotionalUsd: decimal(state.marginSummary.totalNtlPos),
      withdrawableUsd: decimal(state.withdrawable),
      positions,
    };
  }

  /** PnL and volume of `address` over the day, week, month and all time (all products, as the venue's portfolio reports). */
  async portfolio(address: string, signal?: AbortSignal): Promise<RefPortfolio> {
    const user = userOf(address);
    const parse = (json: unknown): RefPortfolio => {
      const windows = windowsOf(parsePortfolio(json), 'the portfolio');
      return { day: windowStats(windows.day), week: windowStats(windows.week), month: windowStats(windows.month), allTime: windowStats(windows.allTime) };
    };
    return this.info.request('/info', { method: 'POST', body: { type: 'portfolio', user }, parse, signal });
  }

  /** Every leaderboard row, in the venue's order, with its four windows (a malformed row, or one missing a window, is skipped and reported). */
  async leaderboard(signal?: AbortSignal): Promise<LeaderboardRow[]> {
    const parse = (json: unknown) => {
      const parsed = parseLeaderboardRows(parseLeaderboard(json).leaderboardRows);
      const rows: LeaderboardRow[] = [];
      let missingWindow: string | null = null;
      for (const row of parsed.items) {
        try {
          rows.push(leaderboardRowFrom(row));
        } catch (err) {
          missingWindow ??= formatProblem(err, 'a window is missing');
        }
      }
      const list = someValid({ items: rows, skipped: parsed.skipped + (parsed.items.length - rows.length), firstError: parsed.firstError ?? missingWindow }, 'leaderboard row');
      return list;
    };
    const list = await this.stats.request('/Mainnet/leaderboard', { parse, signal });
    return this.reported(list.items, list, 'leaderboard row', this.stats);
  }

  /** `kept`, with the entries its list skipped reported for the call in progress (an `items_skipped` caveat). */
  private reported<T extends object>(kept: T, list: ParsedList<unknown>, what: string, source: HttpSource): T {
    return reportSkipped(kept, { leg: source.leg, provider: PROVIDER, what, count: list.skipped, firstError: list.firstError });
  }
}

function userOf(address: string): string {
  if (!HYPERLIQUID_ADDRESS.test(address)) throw new RangeError('not a Hyperliquid (0x) address');
  return address.toLowerCase();
}
