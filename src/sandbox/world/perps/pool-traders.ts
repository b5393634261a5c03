/**
 * Open positions on pool venues A and B at any moment: the perps trader cast (cast.ts WALLET_PERP_*)
 * plus 20 background traders per venue. A position's account address is derived from (venue, owner,
 * asset, side, open time), so it is stable for the position's whole life and new when it re-opens.
 *
 * Bookkeeping, the same for every position: collateral = size ÷ leverage (USD at open; the trader tops
 * up, so it stays put); entry = the oracle at the open time ± 2 bps against the trader (a market fill);
 * `borrowFeesUsd` = size × the side's current borrow APR × hours since the last update ÷ 8760 (what has
 * accrued and is not yet settled); borrow settled at earlier updates is in `realisedPnlUsd` (negative).
 *
 * Cast designs (ages are what the analytics classify by):
 *  - WALLET_PERP_SCALPER (A): trade k opens 0–10 min after the start of UTC hour k and lives 70–110 min,
 *    15–30x, SOL or ETH, either side: exactly 1 or 2 open at any moment, each < 110 min old.
 *  - WALLET_PERP_SWING (A): BTC long 5x $200k aged [1, 5) days (re-opened every 4 days) and SOL short
 *    4x $80k aged [2, 4) days (every 2 days).
 *  - WALLET_PERP_POSITION (A): BTC long 2x $500k aged [20, 80) days, ETH long 3x $150k aged [10, 40)
 *    days; borrow settled weekly.
 *  - WALLET_PERP_NEAR_LIQ (A): SOL long 40–60x (re-opened daily, aged [3, 27) h) that averages in every
 *    15 min, so its entry stays 0.4–1.4 % above the mark: its collateral buffer — (collateral + PnL −
 *    borrow − close fee − size ÷ max leverage) ÷ collateral — is 4–9 % at every moment.
 *  - WALLET_PERP_MULTI_VENUE: A SOL long 5x $100k; B BTC short 3x $60k (USDC) and SOL long 4x $40k
 *    (jitoSOL): open on both venues at every moment.
 *  - WALLET_PERP_B_TRADER (B): BONK long 10x $20k and SOL short 3x $30k.
 *
 * Known limit: the markets' open interest is designed on its own (pool-markets.ts); the positions listed
 * here are a sample of the venue's traders and do not add up to it.
 */
import { VENUE_ASSETS, type PerpsAsset, type PoolMarket, type PoolPosition, type PoolVenue, type PositionSide } from '../../../analytics/perps/venue-data.js';
import { CAST_ADDRESS } from '../cast.js';
import { deriveWallet, rng } from '../random.js';
import { DAY, HOUR, MINUTE } from '../time.js';
import { sig } from '../tokens.js';
import { collateralSymbolOf, poolMarketAt, poolMarketsAt } from './pool-markets.js';
import { assetPriceUsd } from './prices.js';
import { band, cents, iso, lifeStart } from './shape.js';

/** A position as the world plans it (unix seconds), before bookkeeping. */
interface Held {
  venue: PoolVenue;
  owner: string;
  asset: PerpsAsset;
  side: PositionSide;
  sizeUsd: number;
  collateralUsd: number;
  openedAt: number;
  updatedAt: number;
  /** Defaults to the fill at the open time. */
  entryPriceUsd?: number;
  realisedPnlUsd?: number;
}

type Markets = ReadonlyMap<PerpsAsset, PoolMarket>;

const W = CAST_ADDRESS;
export const BACKGROUND_TRADERS_PER_VENUE = 20;

export function positionAddress(venue: PoolVenue, owner: string, asset: PerpsAsset, side: PositionSide, openedAt: number): string {
  return deriveWallet('perps-position', venue, owner, asset, side, openedAt);
}

/** A market order's fill: the oracle ± 2 bps against the trader. */
function fillPrice(asset: PerpsAsset, side: PositionSide, t: number): number {
  return sig(assetPriceUsd(asset, t) * (side === 'long' ? 1.0002 : 0.9998));
}

function hold(venue: PoolVenue, owner: string, asset: PerpsAsset, side: PositionSide, sizeUsd: number, leverage: number, openedAt: number): Held {
  return { venue, owner, asset, side, sizeUsd, collateralUsd: sizeUsd / leverage, openedAt, updatedAt: openedAt };
}

/** Borrow settled weekly since the open: updatedAt is the last settlement, realised PnL what was paid. */
function settledWeekly(h: Held, t: number): Held {
  const weeks = Math.floor((t - h.openedAt) / (7 * DAY));
  let paid = 0;
  for (let w = 1; w <= weeks; w++) {
    const m = poolMarketAt(h.venue, h.asset, h.openedAt + w * 7 * DAY)!;
    paid += (h.sizeUsd * m[h.side].borrowAprPct) / 100 * (7 * 24) / 8760;
  }
  return { ...h, updatedAt: h.openedAt + weeks * 7 * DAY, realisedPnlUsd: -paid };
}

function scalper(seed: string, t: number): Held[] {
  const out: Held[] = [];
  const k0 = Math.floor(t / HOUR);
  for (let k = k0 - 2; k <= k0; k++) {
    const r = rng(seed, 'perps-cast', 'scalper', k);
    const openedAt = k * HOUR + r.int(10 * MINUTE);
    const life = 70 * MINUTE + r.int(40 * MINUTE + 1);
    const asset: PerpsAsset = r.chance(0.6) ? 'SOL' : 'ETH';
    const side: PositionSide = r.chance(0.5) ? 'long' : 'short';
    const leverage = 15 + r.int(16);
    const size = Math.round(r.range(15_000, 90_000) / 100) * 100;
    if (t >= openedAt && t < openedAt + life) out.push(hold('A', W.WALLET_PERP_SCALPER, asset, side, size, leverage, openedAt));
  }
  return out;
}

/** The near-liquidation SOL long: its entry is solved so the collateral buffer equals a designed 4–9 %. */
function nearLiquidation(seed: string, t: number, markets: Markets): Held {
  const openedAt = lifeStart(t, DAY, 3 * HOUR, 2 * HOUR);
  const r = rng(seed, 'perps-cast', 'near-liq', openedAt);
  const leverage = Math.round(r.range(40, 60) * 10) / 10;
  const size = Math.round(r.range(40_000, 80_000) / 100) * 100;
  const collateral = cents(size / leverage);
  const market = markets.get('SOL')!;
  const updatedAt = Math.max(openedAt, t - (t % (15 * MINUTE)));
  const apr = market.long.borrowAprPct;
  const borrow = cents((size * apr) / 100 * ((t - updatedAt) / HOUR) / 8760);
  const closeFee = (size * market.closeFeeBps) / 10_000;
  const maintenance = size / market.maxLeverage;
  const buffer = band(t, 0.04, 0.09, 0.43, 1.3);
  // (collateral + size·(mark/entry − 1) − borrow − closeFee − maintenance) / collateral = buffer
  const markOverEntry = 1 + (buffer * collateral - collateral + borrow + closeFee + maintenance) / size;
  const mark = market.oraclePriceUsd!;
  return {
    venue: 'A', owner: W.WALLET_PERP_NEAR_LIQ, asset: 'SOL', side: 'long', sizeUsd: size, collateralUsd: collateral, openedAt, updatedAt,
    entryPriceUsd: sig(mark / markOverEntry),
    realisedPnlUsd: -(size * apr) / 100 * ((updatedAt - openedAt) / HOUR) / 8760,
  };
}

function castPositions(seed: string, venue: PoolVenue, t: number, markets: Markets): Held[] {
  if (venue === 'A') {
    return [
      ...scalper(seed, t),
      hold('A', W.WALLET_PERP_SWING, 'BTC', 'long', 200_000, 5, lifeStart(t, 4 * DAY, DAY, 5 * HOUR)),
      hold('A', W.WALLET_PERP_SWING, 'SOL', 'short', 80_000, 4, lifeStart(t, 2 * DAY, 2 * DAY, 11 * HOUR)),
      settledWeekly(hold('A', W.WALLET_PERP_POSITION, 'BTC', 'long', 500_000, 2, lifeStart(t, 60 * DAY, 20 * DAY, 3 * DAY)), t),
      settledWeekly(hold('A', W.WALLET_PERP_POSITION, 'ETH', 'long', 150_000, 3, lifeStart(t, 30 * DAY, 10 * DAY, 1.5 * DAY)), t),
      nearLiquidation(seed, t, markets),
      hold('A', W.WALLET_PERP_MULTI_VENUE, 'SOL', 'long', 100_000, 5, lifeStart(t, 10 * DAY, DAY, 7 * HOUR)),
    ];
  }
  return [
    hold('B', W.WALLET_PERP_MULTI_VENUE, 'BTC', 'short', 60_000, 3, lifeStart(t, 8 * DAY, 2 * DAY, 13 * HOUR)),
    hold('B', W.WALLET_PERP_MULTI_VENUE, 'SOL', 'long', 40_000, 4, lifeStart(t, 12 * DAY, 3 * DAY, 2 * HOUR)),
    hold('B', W.WALLET_PERP_B_TRADER, 'BONK', 'long', 20_000, 10, lifeStart(t, 3 * DAY, 6 * HOUR, 4 * HOUR)),
    hold('B', W.WALLET_PERP_B_TRADER, 'SOL', 'short', 30_000, 3, lifeStart(t, 5 * DAY, DAY, 9 * HOUR)),
  ];
}

export function backgroundTrader(seed: string, venue: PoolVenue, i: number): string {
  return deriveWallet(seed, 'perps-background-trader', venue, i);
}

/**
 * Background traders: each has one or two (asset, side) slots; a slot's positions come and go (each
 * cycle of 2–24 days holds one position for 55–95 % of it), so positions open and close over time.
 */
function backgroundPositions(seed: string, venue: PoolVenue, t: number): Held[] {
  const out: Held[] = [];
  const combos = VENUE_ASSETS[venue].flatMap((asset) => (['long', 'short'] as const).map((side) => ({ asset, side })));
  for (let i = 0; i < BACKGROUND_TRADERS_PER_VENUE; i++) {
    const owner = backgroundTrader(seed, venue, i);
    const r = rng(seed, 'perps-background', venue, i);
    const slots = r.shuffle(combos).slice(0, r.chance(0.5) ? 2 : 1);
    slots.forEach(({ asset, side }, s) => {
      const period = Math.round(r.range(2, 24) * DAY);
      const share = r.range(0.55, 0.95);
      const offset = r.int(period);
      const leverage = r.pick([2, 3, 5, 5, 8, 10, 10, 15, 20, 25]);
      const cycle = Math.floor((t - offset) / period);
      const rr = rng(seed, 'perps-background-life', venue, i, s, cycle);
      const openedAt = cycle * period + offset + Math.floor(rr.range(0, (1 - share) * period));
      if (t < openedAt || t >= openedAt + share * period) return;
      const size = Math.round(rr.logRange(2_000, 400_000) / 100) * 100;
      out.push(hold(venue, owner, asset, side, size, leverage, openedAt));
    });
  }
  return out;
}

function book(h: Held, t: number, markets: Markets): PoolPosition {
  const market = markets.get(h.asset)!;
  const accruedHours = (t - h.updatedAt) / HOUR;
  return {
    venue: h.venue,
    address: positionAddress(h.venue, h.owner, h.asset, h.side, h.openedAt),
    owner: h.owner,
    asset: h.asset,
    side: h.side,
    sizeUsd: cents(h.sizeUsd),
    collateralUsd: cents(h.collateralUsd),
    entryPriceUsd: h.entryPriceUsd ?? fillPrice(h.asset, h.side, h.openedAt),
    openedAt: iso(h.openedAt),
    updatedAt: iso(h.updatedAt),
    borrowFeesUsd: cents((h.sizeUsd * market[h.side].borrowAprPct) / 100 * accruedHours / 8760),
    realisedPnlUsd: cents(h.realisedPnlUsd ?? 0),
    collateralSymbol: collateralSymbolOf(h.venue, h.asset, h.side === 'long'),
  };
}

/** Every open position of a pool venue at unix time `t`, sorted by account address. */
export function poolPositionsAt(seed: string, venue: PoolVenue, t: number): PoolPosition[] {
  const markets: Markets = new Map(poolMarketsAt(venue, t).map((m) => [m.asset, m]));
  return [...castPositions(seed, venue, t, markets), ...backgroundPositions(seed, venue, t)]
    .map((h) => book(h, t, markets))
    .sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}
