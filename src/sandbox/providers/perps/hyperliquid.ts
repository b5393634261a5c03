/**
 * The sandbox's Hyperliquid (reference venue C, leg `perps_venue_c`): renders the perps world in
 * Hyperliquid's wire formats (see `src/sources/perps/wire/hyperliquid.ts`) on one server for both hosts:
 *   POST /info {"type":"metaAndAssetCtxs"}                 ← world.refMarkets('C')
 *   POST /info {"type":"clearinghouseState","user":"0x…"}  ← world.refAccount(user)
 *   POST /info {"type":"portfolio","user":"0x…"}           ← world.refPortfolio(user)
 *   GET  /Mainnet/leaderboard                              ← world.leaderboard()
 *
 * Like the real API: numbers are decimal strings; BONK is the coin kBONK (prices × 1000 per coin, sizes
 * ÷ 1000 in coins); the universe lists coins the service does not cover (and a delisted one) that the
 * client must skip; a body that names no known `type`, or a `user` that is not a 0x address, is answered
 * 422 "Failed to deserialize the JSON body into the target type" (as a JSON string here: the provider
 * server always answers JSON), a body that is not JSON 400. Addresses are case-insensitive (the world is
 * asked with the lower-case form).
 *
 * Figures the world does not hold are derived deterministically: the previous-day price and mid are the
 * mark; the premium is (mark − oracle) / oracle; impact prices are the mark ± 1 bp; base volume is the
 * notional volume ÷ mark; maintenance margin is half the initial margin at the coin's max leverage;
 * cumulative funding is 0; a portfolio window's histories are six evenly spaced points along a straight
 * line to the window's PnL (the perp* windows repeat the windows: the world's accounts trade perps only).
 */
import { assetOfCoin, HYPERLIQUID_ADDRESS, HYPERLIQUID_COINS, tokensPerCoin } from '../../../sources/perps/hyperliquid.js';
import type { LeaderboardRow, LeaderboardWindow, PerpsWorld, RefAccount, RefMarket, RefPortfolio, RefPosition, RefWindowStats } from '../../../analytics/perps/venue-data.js';
import type {
  HlAssetCtxWire, HlClearinghouseStateWire, HlLeaderboardWire, HlMarginSummaryWire, HlMetaAndAssetCtxsWire, HlPortfolioWindowWire,
  HlPortfolioWire, HlPositionWire, HlUniverseEntryWire,
} from '../../../sources/perps/wire/hyperliquid.js';
import type { ProviderHandler, ProviderResponse } from '../server.js';
import { wireDecimal } from './wire-decimal.js';
import { DAY_MS } from '../../../lib/days.js';

const DESERIALIZE_FAILED = 'Failed to deserialize the JSON body into the target type';

/** A coin the world does not model, with a fixed context: listed so the client has something to skip. */
interface StaticCoin {
  name: string;
  szDecimals: number;
  maxLeverage: number;
  isDelisted?: true;
  markPx: number;
  funding: number;
  openInterest: number;
  dayNtlVlm: number;
}

/** The universe in Hyperliquid's order: `{ coin }` entries are the world's assets' slots (left out when the world has no such market). */
const UNIVERSE: readonly (StaticCoin | { coin: string; szDecimals: number })[] = [
  { coin: 'BTC', szDecimals: 5 },
  { coin: 'ETH', szDecimals: 4 },
  { name: 'ATOM', szDecimals: 2, maxLeverage: 5, markPx: 4.5123, funding: 0.0000125, openInterest: 1_203_455.2, dayNtlVlm: 3_104_221.5 },
  { name: 'MATIC', szDecimals: 1, maxLeverage: 20, isDelisted: true, markPx: 0.37, funding: 0, openInterest: 0, dayNtlVlm: 0 },
  { coin: 'SOL', szDecimals: 2 },
  { name: 'AVAX', szDecimals: 2, maxLeverage: 10, markPx: 22.871, funding: 0.0000093, openInterest: 812_300.44, dayNtlVlm: 41_220_187.3 },
  { name: 'DOGE', szDecimals: 0, maxLeverage: 10, markPx: 0.17412, funding: -0.0000031, openInterest: 610_442_118, dayNtlVlm: 98_120_554.1 },
  { name: 'kPEPE', szDecimals: 0, maxLeverage: 10, markPx: 0.010521, funding: 0.0000125, openInterest: 5_210_884_102, dayNtlVlm: 61_883_120.9 },
  { coin: 'kBONK', szDecimals: 0 },
  { name: 'HYPE', szDecimals: 2, maxLeverage: 10, markPx: 38.415, funding: 0.0000211, openInterest: 25_318_002.17, dayNtlVlm: 512_004_331.2 },
];

const isStatic = (entry: (typeof UNIVERSE)[number]): entry is StaticCoin => 'name' in entry;

/** Hyperliquid numbers its single-tier margin tables by their max leverage. */
const marginTableId = (maxLeverage: number) => Math.max(1, Math.round(maxLeverage));

function worldContext(market: RefMarket): HlAssetCtxWire {
  const perCoin = tokensPerCoin(HYPERLIQUID_COINS[market.asset]);
  const mark = market.markPriceUsd * perCoin;
  const oracle = market.oraclePriceUsd * perCoin;
  return {
    funding: wireDecimal(market.fundingRateHourly),
    openInterest: wireDecimal(mark > 0 ? market.openInterestUsd / mark : 0),
    prevDayPx: wireDecimal(mark),
    dayNtlVlm: wireDecimal(market.volume24hUsd),
    premium: oracle > 0 ? wireDecimal((mark - oracle) / oracle) : null,
    oraclePx: wireDecimal(oracle),
    markPx: wireDecimal(mark),
    midPx: wireDecimal(mark),
    impactPxs: [wireDecimal(mark * 0.9999), wireDecimal(mark * 1.0001)],
    dayBaseVlm: wireDecimal(mark > 0 ? market.volume24hUsd / mark : 0),
  };
}

function staticContext(coin: StaticCoin): HlAssetCtxWire {
  return {
    funding: wireDecimal(coin.funding),
    openInterest: wireDecimal(coin.openInterest),
    prevDayPx: wireDecimal(coin.markPx),
    dayNtlVlm: wireDecimal(coin.dayNtlVlm),
    premium: coin.isDelisted ? null : '0',
    oraclePx: wireDecimal(coin.markPx),
    markPx: wireDecimal(coin.markPx),
    midPx: coin.isDelisted ? null : wireDecimal(coin.markPx),
    impactPxs: coin.isDelisted ? null : [wireDecimal(coin.markPx * 0.9999), wireDecimal(coin.markPx * 1.0001)],
    dayBaseVlm: wireDecimal(coin.dayNtlVlm / coin.markPx),
  };
}

function renderMetaAndAssetCtxs(markets: readonly RefMarket[]): HlMetaAndAssetCtxsWire {
  const byCoin = new Map(markets.filter((m) => m.venue === 'C').map((m) => [HYPERLIQUID_COINS[m.asset], m]));
  const universe: HlUniverseEntryWire[] = [];
  const contexts: HlAssetCtxWire[] = [];
  for (const entry of UNIVERSE) {
    if (isStatic(entry)) {
      universe.push({ name: entry.name, szDecimals: entry.szDecimals, maxLeverage: entry.maxLeverage, marginTableId: marginTableId(entry.maxLeverage), ...(entry.isDelisted ? { isDelisted: true as const } : {}) });
      contexts.push(staticContext(entry));
      continue;
    }
    const market = byCoin.get(entry.coin);
    if (!market) continue;
    universe.push({ name: entry.coin, szDecimals: entry.szDecimals, maxLeverage: market.maxLeverage, marginTableId: marginTableId(market.maxLeverage) });
    contexts.push(worldContext(market));
  }
  const tableIds = [...new Set(universe.map((u) => u.marginTableId))].sort((a, b) => a - b);
  const marginTables = tableIds.map((id): [number, { description: string; marginTiers: { lowerBound: string; maxLeverage: number }[] }] => [
    id, { description: '', marginTiers: [{ lowerBound: '0.0', maxLeverage: id }] },
  ]);
  return [{ universe, marginTables, collateralToken: 0 }, contexts];
}

function maxLeverageOf(coin: string, markets: readonly RefMarket[]): number {
  const asset = assetOfCoin(coin);
  const market = asset ? markets.find((m) => m.asset === asset) : undefined;
  if (market) return market.maxLeverage;
  const listed = UNIVERSE.find((entry): entry is StaticCoin => isStatic(entry) && entry.name === coin);
  return listed?.maxLeverage ?? 10;
}

function positionWire(position: RefPosition, maxLeverage: number): HlPositionWire {
  const perCoin = tokensPerCoin(position.coin);
  const sign = position.side === 'long' ? 1 : -1;
  return {
    coin: position.coin,
    szi: wireDecimal((sign * position.size) / perCoin),
    leverage: { type: 'cross', value: position.leverage },
    entryPx: wireDecimal(position.entryPriceUsd * perCoin),
    positionValue: wireDecimal(position.notionalUsd),
    unrealizedPnl: wireDecimal(position.unrealizedPnlUsd),
    returnOnEquity: wireDecimal(position.marginUsedUsd > 0 ? position.unrealizedPnlUsd / position.marginUsedUsd : 0),
    liquidationPx: position.liquidationPriceUsd === null ? null : wireDecimal(position.liquidationPriceUsd * perCoin),
    marginUsed: wireDecimal(position.marginUsedUsd),
    maxLeverage,
    cumFunding: { allTime: '0', sinceOpen: '0', sinceChange: '0' },
  };
}

function renderClearinghouseState(account: RefAccount, markets: readonly RefMarket[], at: Date): HlClearinghouseStateWire {
  let signedNotional = 0;
  let marginUsed = 0;
  let maintenance = 0;
  const assetPositions = account.positions.map((position) => {
    const maxLeverage = maxLeverageOf(position.coin, markets);
    signedNotional += (position.side === 'long' ? 1 : -1) * position.notionalUsd;
    marginUsed += position.marginUsedUsd;
    maintenance += position.notionalUsd / maxLeverage / 2;
    return { type: 'oneWay' as const, position: positionWire(position, maxLeverage) };
  });
  // Cross margin: account value = raw USD + Σ signed notional.
  const summary: HlMarginSummaryWire = {
    accountValue: wireDecimal(account.accountValueUsd),
    totalNtlPos: wireDecimal(account.totalNotionalUsd),
    totalRawUsd: wireDecimal(account.accountValueUsd - signedNotional),
    totalMarginUsed: wireDecimal(marginUsed),
  };
  return {
    marginSummary: summary,
    crossMarginSummary: { ...summary },
    crossMaintenanceMarginUsed: wireDecimal(maintenance),
    withdrawable: wireDecimal(account.withdrawableUsd),
    assetPositions,
    time: at.getTime(),
  };
}

const POINTS = 6;

function portfolioWindow(stats: RefWindowStats, accountValueNow: number, spanMs: number, at: Date): HlPortfolioWindowWire {
  const accountValueHistory: [number, string][] = [];
  const pnlHistory: [number, string][] = [];
  for (let k = 0; k < POINTS; k++) {
    const share = k / (POINTS - 1);
    const time = Math.round(at.getTime() - spanMs * (1 - share));
    const pnl = stats.pnlUsd * share;
    pnlHistory.push([time, wireDecimal(pnl)]);
    accountValueHistory.push([time, wireDecimal(Math.max(0, accountValueNow - stats.pnlUsd + pnl))]);
  }
  return { accountValueHistory, pnlHistory, vlm: wireDecimal(stats.volumeUsd) };
}

function renderPortfolio(portfolio: RefPortfolio, accountValueNow: number, at: Date): HlPortfolioWire {
  const windows: [string, HlPortfolioWindowWire][] = [
    ['day', portfolioWindow(portfolio.day, accountValueNow, DAY_MS, at)],
    ['week', portfolioWindow(portfolio.week, accountValueNow, 7 * DAY_MS, at)],
    ['month', portfolioWindow(portfolio.month, accountValueNow, 30 * DAY_MS, at)],
    ['allTime', portfolioWindow(portfolio.allTime, accountValueNow, 365 * DAY_MS, at)],
  ];
  return [...windows, ...windows.map(([name, value]): [string, HlPortfolioWindowWire] => [`perp${name[0]!.toUpperCase()}${name.slice(1)}`, value])];
}

const performance = (w: LeaderboardWindow) => ({ pnl: wireDecimal(w.pnlUsd), roi: wireDecimal(w.roi), vlm: wireDecimal(w.volumeUsd) });

function renderLeaderboard(rows: readonly LeaderboardRow[]): HlLeaderboardWire {
  return {
    leaderboardRows: rows.map((row) => ({
      ethAddress: row.address.toLowerCase(),
      accountValue: wireDecimal(row.accountValueUsd),
      windowPerformances: [['day', performance(row.day)], ['week', performance(row.week)], ['month', performance(row.month)], ['allTime', performance(row.allTime)]],
      prize: 0,
      displayName: row.displayName,
    })),
  };
}

function info(world: PerpsWorld, at: Date, body: unknown): ProviderResponse {
  if (typeof body === 'string') return { status: 400, body: 'Failed to parse the request body as JSON' };
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { status: 422, body: DESERIALIZE_FAILED };
  const request = body as { type?: unknown; user?: unknown };
  if (request.type === 'metaAndAssetCtxs') return { body: renderMetaAndAssetCtxs(world.refMarkets('C', at)) };
  if (request.type !== 'clearinghouseState' && request.type !== 'portfolio') return { status: 422, body: DESERIALIZE_FAILED };
  if (typeof request.user !== 'string' || !HYPERLIQUID_ADDRESS.test(request.user)) return { status: 422, body: DESERIALIZE_FAILED };
  const user = request.user.toLowerCase();
  const account = world.refAccount(user, at);
  if (request.type === 'clearinghouseState') return { body: renderClearinghouseState(account, world.refMarkets('C', at), at) };
  return { body: renderPortfolio(world.refPortfolio(user, at), account.accountValueUsd, at) };
}

/** `now` is the sandbox clock: every answer is a pure function of (world, now, request). */
export function createHyperliquidHandler(world: PerpsWorld, now: () => Date): ProviderHandler {
  return (req): ProviderResponse => {
    if (req.path === '/info') {
      if (req.method !== 'POST') return { status: 405, body: 'Method Not Allowed' };
      return info(world, now(), req.body);
    }
    if (req.method === 'GET' && /^\/Mainnet\/leaderboard\/?$/.test(req.path)) return { body: renderLeaderboard(world.leaderboard(now())) };
    return { status: 404, body: 'Not Found' };
  };
}
