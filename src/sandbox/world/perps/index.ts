/**
 * The sandbox perps world: `createPerpsWorld(seed)` answers what the four perps venues would at any
 * moment — pool venues A (Jupiter Perpetuals) and B (Adrena): markets and every open position;
 * reference venues C (Hyperliquid) and D (dYdX v4): markets; venue C also accounts, portfolios and its
 * leaderboard. A pure function of (seed, at): no clock, no Math.random; values move smoothly with time
 * (bounded waves), so day-over-day trends and alert deltas exist while every designed state holds at
 * every moment. The sandbox venue servers (sandbox/providers/perps/) render these in each wire format.
 *
 * Where each part lives:
 *  - prices.ts       asset prices = the spot world's designed token paths (SOL = wrapped SOL, BTC = WBTC,
 *                    ETH = WETH, BONK), so perps and spot agree exactly;
 *  - pool-markets.ts A and B markets (designed states: A:ETH stressed, A:BTC tilted, A:SOL headroom
 *                    ≈ $2.5M, B healthy, B:BONK oracle gap in minutes 00–09 of every UTC hour);
 *  - pool-traders.ts A and B positions: the WALLET_PERP_* cast (cast.ts) and 20 background traders per
 *                    venue (these depend on the seed; the cast's designs hold for every seed);
 *  - ref-markets.ts  C and D markets (hourly funding, designed basis yields);
 *  - ref-traders.ts  venue C accounts (REFVENUE_CAST and ≥ 40 smart traders), portfolios, leaderboard
 *                    (seed-independent).
 *
 * Times: `at` is truncated to the whole second (as the spot world does).
 */
import type { LeaderboardRow, PerpsWorld, PoolMarket, PoolPosition, PoolVenue, RefAccount, RefMarket, RefPortfolio, RefVenue } from '../../../analytics/perps/venue-data.js';
import { toUnix } from '../time.js';
import { poolMarketsAt } from './pool-markets.js';
import { poolPositionsAt } from './pool-traders.js';
import { refMarketsAt } from './ref-markets.js';
import { leaderboardAt, refAccountAt, refPortfolioAt } from './ref-traders.js';

export type { PerpsWorld } from '../../../analytics/perps/venue-data.js';
export { REFVENUE_CAST, refAddress, refTraderDesigns, type RefTraderDesign, type RefTraderGroup, type RefVenueCastName } from './ref-traders.js';
export { VENUE_A_CUSTODY, VENUE_B_CUSTODY, aprOnCurve } from './pool-markets.js';
export { BACKGROUND_TRADERS_PER_VENUE, backgroundTrader, positionAddress } from './pool-traders.js';
export { ASSET_SPOT_MINT, OTHER_COIN, assetPriceUsd } from './prices.js';

/** The pool-venue trader cast (addresses from cast.ts), by their short names. */
export { PERPS_POOL_CAST } from './pool-cast.js';

class SandboxPerpsWorld implements PerpsWorld {
  constructor(private readonly seed: string) {}

  poolMarkets(venue: PoolVenue, at: Date): PoolMarket[] {
    return poolMarketsAt(venue, toUnix(at));
  }

  poolPositions(venue: PoolVenue, at: Date): PoolPosition[] {
    return poolPositionsAt(this.seed, venue, toUnix(at));
  }

  refMarkets(venue: RefVenue, at: Date): RefMarket[] {
    return refMarketsAt(venue, toUnix(at));
  }

  refAccount(address: string, at: Date): RefAccount {
    return refAccountAt(address, toUnix(at));
  }

  refPortfolio(address: string, at: Date): RefPortfolio {
    return refPortfolioAt(address, toUnix(at));
  }

  leaderboard(at: Date): LeaderboardRow[] {
    return leaderboardAt(toUnix(at));
  }
}

export function createPerpsWorld(seed: string): PerpsWorld {
  return new SandboxPerpsWorld(seed);
}
