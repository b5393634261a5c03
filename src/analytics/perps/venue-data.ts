/**
 * The perps venues' data as the service uses it, whatever venue it comes from: the four venue clients
 * (sources/perps/*) decode their wire formats into these types, the sandbox perps world
 * (sandbox/world/perps/) produces them, and the perps analytics (analytics/perps/) read only them. Kept here,
 * in the pure layer, so the analytics depend on no data source (docs/architecture.md, 'Layout').
 *
 * Venues (the spec's neutral words, used in every public field):
 *  - `A` pool venue A — Jupiter Perpetuals: pool and custody accounts of its on-chain program, via RPC.
 *  - `B` pool venue B — Adrena: the same kind of program accounts; wrapped collateral (SOL via jitoSOL,
 *    BTC via WBTC); no ETH market.
 *  - `C` reference venue C — Hyperliquid: the info API (`POST /info`) and its leaderboard.
 *  - `D` reference venue D — dYdX v4: the indexer's markets (`GET /v4/perpetualMarkets`).
 *
 * Units: every `*Usd` is US dollars as a number; every `*Pct` is 0–100; prices are USD per ONE unit of
 * the asset (per SOL, per BTC, per BONK — a venue quoting kBONK is divided by 1000 by its client);
 * funding is a fraction per hour (0.0000125 = 0.00125 % per hour), positive = longs pay shorts;
 * times are ISO 8601 UTC strings.
 */

export const PERPS_ASSETS = ['SOL', 'BTC', 'ETH', 'BONK'] as const;
export type PerpsAsset = (typeof PERPS_ASSETS)[number];

export type PoolVenue = 'A' | 'B';
export type RefVenue = 'C' | 'D';
export type PerpsVenue = PoolVenue | RefVenue;
export type PositionSide = 'long' | 'short';

/** Which assets each venue lists (the spec's coverage rules: BONK not on A, ETH not on B). */
export const VENUE_ASSETS: Readonly<Record<PerpsVenue, readonly PerpsAsset[]>> = {
  A: ['SOL', 'BTC', 'ETH'],
  B: ['SOL', 'BTC', 'BONK'],
  C: ['SOL', 'BTC', 'ETH', 'BONK'],
  D: ['SOL', 'BTC', 'ETH', 'BONK'],
};

/** Borrow APR (percent) as a piecewise-linear function of utilization (percent): sorted, first point at 0 %, last at 100 %. */
export interface BorrowCurve {
  points: { utilizationPct: number; aprPct: number }[];
}

/**
 * One side of a pool market. A long borrows the asset's own custody; a short borrows the stable custody
 * that backs the venue's shorts — so each side has its own utilization and borrow rate.
 */
export interface PoolMarketSide {
  openInterestUsd: number;
  /** The venue's open-interest cap for this side; null when the venue sets none. */
  maxOpenInterestUsd: number | null;
  /** Tokens locked for open positions ÷ tokens the pool owns, of the custody this side borrows. */
  utilizationPct: number;
  /** The curve of the custody this side borrows from. */
  borrowCurve: BorrowCurve;
  /** The current borrow APR as the venue charges it now (what the venue stores, or its curve at the current utilization). */
  borrowAprPct: number;
}

/** A pool venue's market for one asset, decoded from its custody (and oracle) accounts. */
export interface PoolMarket {
  venue: PoolVenue;
  asset: PerpsAsset;
  /** The custody account of the asset. */
  custody: string;
  /** The token the asset custody holds (A: SOL, WBTC, WETH; B: jitoSOL for SOL, WBTC for BTC, BONK). */
  collateralMint: string;
  collateralSymbol: string;
  /** Oracle price of the asset; null when the venue's oracle has no usable price. */
  oraclePriceUsd: number | null;
  /** Oracle price of the custody's token (B's wrapped collateral: jitoSOL ≠ SOL); null when unavailable. */
  collateralPriceUsd: number | null;
  long: PoolMarketSide;
  short: PoolMarketSide;
  /** Fees of opening and of closing a position, in basis points of its size. */
  openFeeBps: number;
  closeFeeBps: number;
  maxLeverage: number;
  /**
   * The largest size (USD) one position on this market may have, as the venue sets it (A: the custody's
   * `maxPositionSizeUsd`, checked against a position's size on either side); null when the venue sets
   * none, or does not state the limit as a position size (B caps the USD a position locks, not its size).
   */
  maxPositionSizeUsd: number | null;
  /** When the venue last updated the custody (its borrow-rate state); null when unknown. */
  updatedAt: string | null;
}

/** An open position on a pool venue, decoded from its position account. */
export interface PoolPosition {
  venue: PoolVenue;
  /** The position account. */
  address: string;
  owner: string;
  asset: PerpsAsset;
  side: PositionSide;
  sizeUsd: number;
  collateralUsd: number;
  entryPriceUsd: number;
  openedAt: string;
  updatedAt: string;
  /** Borrow interest accrued since the position's last update and not yet paid (USD); null when it cannot be computed. */
  borrowFeesUsd: number | null;
  realisedPnlUsd: number;
  /** The token the collateral is held in (B: jitoSOL, WBTC, USDC…). */
  collateralSymbol: string;
}

/** A reference venue's market for one asset. */
export interface RefMarket {
  venue: RefVenue;
  asset: PerpsAsset;
  /** The venue's own name of the market (`SOL`, `kBONK`, `BONK-USD`…). */
  venueSymbol: string;
  markPriceUsd: number;
  oraclePriceUsd: number;
  /** Funding per hour as a fraction; positive = longs pay shorts. */
  fundingRateHourly: number;
  openInterestUsd: number;
  volume24hUsd: number;
  maxLeverage: number;
}

/** An open position on reference venue C. */
export interface RefPosition {
  /** The venue's coin name (`SOL`, `kBONK`, …). */
  coin: string;
  /** The asset when it is one of PERPS_ASSETS, else null (the venue lists many more coins). */
  asset: PerpsAsset | null;
  side: PositionSide;
  /** Size in units of the asset (kBONK sizes × 1000), always positive. */
  size: number;
  notionalUsd: number;
  entryPriceUsd: number;
  unrealizedPnlUsd: number;
  leverage: number;
  liquidationPriceUsd: number | null;
  marginUsedUsd: number;
}

/** A reference venue C account (clearinghouse state). */
export interface RefAccount {
  address: string;
  accountValueUsd: number;
  totalNotionalUsd: number;
  withdrawableUsd: number;
  positions: RefPosition[];
}

export interface RefWindowStats {
  /** PnL over the window (realized + unrealized, as the venue reports it). */
  pnlUsd: number;
  /** Traded volume over the window. */
  volumeUsd: number;
}

/** A reference venue C account's performance per window (the venue's `portfolio`). */
export interface RefPortfolio {
  day: RefWindowStats;
  week: RefWindowStats;
  month: RefWindowStats;
  allTime: RefWindowStats;
}

export interface LeaderboardWindow {
  pnlUsd: number;
  /** Return on equity over the window as a fraction (0.12 = 12 %). */
  roi: number;
  volumeUsd: number;
}

/** One row of reference venue C's leaderboard. */
export interface LeaderboardRow {
  address: string;
  displayName: string | null;
  accountValueUsd: number;
  day: LeaderboardWindow;
  week: LeaderboardWindow;
  month: LeaderboardWindow;
  allTime: LeaderboardWindow;
}

/** Pool venue A or B, as the endpoints use it. */
export interface PoolVenueSource {
  readonly venue: PoolVenue;
  /** Every market the venue lists (its asset custodies), with both sides' borrow state. */
  markets(signal?: AbortSignal): Promise<PoolMarket[]>;
  /** Open positions of `owner` (closed position accounts — size 0 — are not returned). */
  positionsByOwner(owner: string, signal?: AbortSignal): Promise<PoolPosition[]>;
}

/** Reference venue C (Hyperliquid) as the endpoints use it. */
export interface RefVenueCSource {
  readonly venue: 'C';
  markets(signal?: AbortSignal): Promise<RefMarket[]>;
  account(address: string, signal?: AbortSignal): Promise<RefAccount>;
  portfolio(address: string, signal?: AbortSignal): Promise<RefPortfolio>;
  leaderboard(signal?: AbortSignal): Promise<LeaderboardRow[]>;
}

/** Reference venue D (dYdX v4 indexer) as the endpoints use it. */
export interface RefVenueDSource {
  readonly venue: 'D';
  markets(signal?: AbortSignal): Promise<RefMarket[]>;
}

/**
 * What the sandbox perps world answers (sandbox/world/perps/): the same facts the clients decode, at a
 * moment. The sandbox venue servers render these in each venue's wire format.
 */
export interface PerpsWorld {
  poolMarkets(venue: PoolVenue, at: Date): PoolMarket[];
  /** Every open position on the venue at `at` (the servers filter by owner). */
  poolPositions(venue: PoolVenue, at: Date): PoolPosition[];
  refMarkets(venue: RefVenue, at: Date): RefMarket[];
  /** Venue C account of any 0x address (an unknown address is an empty account). */
  refAccount(address: string, at: Date): RefAccount;
  refPortfolio(address: string, at: Date): RefPortfolio;
  leaderboard(at: Date): LeaderboardRow[];
}
