/**
 * Pool venues A (Jupiter Perpetuals) and B (Adrena): one market per asset custody, both sides' open
 * interest, caps, utilization and borrow curve, at any moment. Every quantity moves inside designed
 * bounds (shape.ts band), so the designed states hold at every moment:
 *
 *  - A:ETH  long side STRESSED — utilization 91–96 % (borrow 46–59 % APR), headroom ≥ 21 % of its cap.
 *  - A:BTC  TILTED — long OI 13.5–14.5M vs short 3.0–3.8M: the long side is 78–83 % of the total;
 *           utilization 60–74 %, headroom ≥ 42 % of each cap (so tilted, not stressed).
 *  - A:SOL  long headroom $2.25–2.75M (cap $20M, OI 17.25–17.75M; 11–14 % of the cap, so not stressed):
 *           a $5M long does not fit.
 *  - B      healthy everywhere: utilization ≤ 70 %, borrow ≤ 17 % APR, no side ≥ 73 % of the OI.
 *  - B:BONK its oracle has no usable price in minutes 00–09 of every UTC hour (oraclePriceUsd and
 *           collateralPriceUsd null), a price otherwise.
 *
 * A long borrows its asset's custody; every short borrows the venue's USDC custody, so all of a
 * venue's short sides share that custody's utilization, curve and rate. Borrow is charged on both sides
 * (neither venue pays funding to the other side).
 *
 * Venue facts used (approximations, documented where they come from):
 *  - A: custody accounts are Jupiter's mainnet custodies (jup-ag docs "custody account"; the mainnet
 *    addresses as public Jupiter Perps tooling lists them); open and close fees 6 bps; max leverage 100;
 *    borrow follows a jump-rate curve of three points (0 %, target utilization, 100 %), as the
 *    custody's jumpRateState (minRateBps, targetRateBps, targetUtilizationRate, maxRateBps) defines it;
 *    one position at most $10M on SOL and BTC, $5M on ETH (the custody's maxPositionSizeUsd).
 *  - B: docs.adrena.trade "Fees": zero open fee; close fee 10 bps on SOL and BTC, 18 bps on BONK; borrow
 *    a two-slope model with a utilization kink, up to ≈ 80.5 % APR (SOL, WBTC) and ≈ 150.7 % (BONK).
 *    Custody accounts are sandbox-derived addresses. Max leverage 50 (BONK 25). No position-size limit
 *    (Adrena's per-position limit is on the USD a position locks, not on its size).
 */
import type { BorrowCurve, PerpsAsset, PoolMarket, PoolMarketSide, PoolVenue } from '../../../analytics/perps/venue-data.js';
import { BONK_MINT, JITOSOL_MINT, WBTC_MINT, WETH_MINT, WSOL_MINT } from '../entities.js';
import { deriveAddress } from '../random.js';
import { assetPriceUsd, jitoSolPriceUsd } from './prices.js';
import { band, cents, fixed, iso } from './shape.js';

type Range = readonly [number, number];

interface SideDesign {
  oiUsd: Range;
  capUsd: number | null;
}

interface CustodyDesign {
  address: string;
  /** Utilization bounds (percent) and the custody's borrow curve. */
  utilizationPct: Range;
  curve: BorrowCurve;
}

interface MarketDesign {
  venue: PoolVenue;
  asset: PerpsAsset;
  custody: CustodyDesign;
  collateralMint: string;
  collateralSymbol: string;
  long: SideDesign;
  short: SideDesign;
  openFeeBps: number;
  closeFeeBps: number;
  maxLeverage: number;
  /** The size limit of one position (USD); null where the venue states none as a size (B). */
  maxPositionSizeUsd: number | null;
  /** Phase of this market's paths (decorrelates them). */
  phase: number;
  /** Minutes of each UTC hour in which the venue's oracle has no usable price for the asset. */
  oracleGapMinutes?: number;
}

const curve = (...points: [number, number][]): BorrowCurve => ({ points: points.map(([utilizationPct, aprPct]) => ({ utilizationPct, aprPct })) });

const custodyB = (asset: string) => deriveAddress('perps-sandbox', 'B', 'custody', asset);

/** Jupiter's mainnet custody accounts. */
export const VENUE_A_CUSTODY = {
  SOL: '7xS2gz2bTp3fwCC7knJvUWTEU9Tycczu6VhJYKgi1wdz',
  ETH: 'AQCGyheWPLeo6Qp9WpYS9m3Qj479t7R636N9ey1rEjEn',
  BTC: '5Pv3gM9JrFFH883SWAhvJC9RPYmo8UNxuFtv5bMMALkm',
  USDC: 'G18jKKXQwBbrHeiK3C9MRXhkHsLHf7XgCSisykV46EZa',
} as const;

/** Venue B's custody accounts (sandbox-derived). */
export const VENUE_B_CUSTODY = { SOL: custodyB('jitoSOL'), BTC: custodyB('WBTC'), BONK: custodyB('BONK'), USDC: custodyB('USDC') } as const;

/** The stable custody every short of the venue borrows. */
const STABLE: Record<PoolVenue, CustodyDesign> = {
  A: { address: VENUE_A_CUSTODY.USDC, utilizationPct: [48, 66], curve: curve([0, 3], [80, 20], [100, 80]) },
  B: { address: VENUE_B_CUSTODY.USDC, utilizationPct: [45, 62], curve: curve([0, 0], [75, 12], [100, 60]) },
};

const DESIGNS: readonly MarketDesign[] = [
  {
    venue: 'A', asset: 'SOL', collateralMint: WSOL_MINT, collateralSymbol: 'SOL', openFeeBps: 6, closeFeeBps: 6, maxLeverage: 100, maxPositionSizeUsd: 10_000_000, phase: 0.3,
    custody: { address: VENUE_A_CUSTODY.SOL, utilizationPct: [58, 72], curve: curve([0, 2], [80, 18], [100, 75]) },
    long: { oiUsd: [17_250_000, 17_750_000], capUsd: 20_000_000 },
    short: { oiUsd: [8_500_000, 10_000_000], capUsd: 20_000_000 },
  },
  {
    venue: 'A', asset: 'BTC', collateralMint: WBTC_MINT, collateralSymbol: 'WBTC', openFeeBps: 6, closeFeeBps: 6, maxLeverage: 100, maxPositionSizeUsd: 10_000_000, phase: 1.9,
    custody: { address: VENUE_A_CUSTODY.BTC, utilizationPct: [60, 74], curve: curve([0, 2], [80, 15], [100, 60]) },
    long: { oiUsd: [13_500_000, 14_500_000], capUsd: 25_000_000 },
    short: { oiUsd: [3_000_000, 3_800_000], capUsd: 15_000_000 },
  },
  {
    venue: 'A', asset: 'ETH', collateralMint: WETH_MINT, collateralSymbol: 'WETH', openFeeBps: 6, closeFeeBps: 6, maxLeverage: 100, maxPositionSizeUsd: 5_000_000, phase: 3.4,
    custody: { address: VENUE_A_CUSTODY.ETH, utilizationPct: [91, 96], curve: curve([0, 2], [80, 16], [100, 70]) },
    long: { oiUsd: [8_200_000, 9_400_000], capUsd: 12_000_000 },
    short: { oiUsd: [3_500_000, 4_500_000], capUsd: 10_000_000 },
  },
  {
    venue: 'B', asset: 'SOL', collateralMint: JITOSOL_MINT, collateralSymbol: 'jitoSOL', openFeeBps: 0, closeFeeBps: 10, maxLeverage: 50, maxPositionSizeUsd: null, phase: 4.6,
    custody: { address: VENUE_B_CUSTODY.SOL, utilizationPct: [55, 70], curve: curve([0, 0], [75, 14], [100, 80.5]) },
    long: { oiUsd: [5_500_000, 6_500_000], capUsd: 15_000_000 },
    short: { oiUsd: [3_500_000, 4_500_000], capUsd: 10_000_000 },
  },
  {
    venue: 'B', asset: 'BTC', collateralMint: WBTC_MINT, collateralSymbol: 'WBTC', openFeeBps: 0, closeFeeBps: 10, maxLeverage: 50, maxPositionSizeUsd: null, phase: 5.8,
    custody: { address: VENUE_B_CUSTODY.BTC, utilizationPct: [50, 66], curve: curve([0, 0], [75, 14], [100, 80.5]) },
    long: { oiUsd: [4_000_000, 5_000_000], capUsd: 12_000_000 },
    short: { oiUsd: [3_000_000, 4_000_000], capUsd: 8_000_000 },
  },
  {
    venue: 'B', asset: 'BONK', collateralMint: BONK_MINT, collateralSymbol: 'BONK', openFeeBps: 0, closeFeeBps: 18, maxLeverage: 25, maxPositionSizeUsd: null, phase: 2.6, oracleGapMinutes: 10,
    custody: { address: VENUE_B_CUSTODY.BONK, utilizationPct: [50, 68], curve: curve([0, 0], [75, 18], [100, 150.7]) },
    long: { oiUsd: [1_200_000, 1_600_000], capUsd: 4_000_000 },
    short: { oiUsd: [700_000, 1_000_000], capUsd: 3_000_000 },
  },
];

/** Borrow APR (percent) of a curve at a utilization: piecewise-linear, utilization clamped to 0–100. */
export function aprOnCurve(c: BorrowCurve, utilizationPct: number): number {
  const u = Math.min(100, Math.max(0, utilizationPct));
  const pts = c.points;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    if (u <= b.utilizationPct) return a.aprPct + ((b.aprPct - a.aprPct) * (u - a.utilizationPct)) / (b.utilizationPct - a.utilizationPct);
  }
  return pts[pts.length - 1]!.aprPct;
}

/** True in the minutes of the UTC hour when the venue's oracle has no usable price for the market. */
function oracleGap(d: MarketDesign, t: number): boolean {
  return d.oracleGapMinutes !== undefined && Math.floor((t % 3600) / 60) < d.oracleGapMinutes;
}

function side(t: number, s: SideDesign, custody: CustodyDesign, phase: number): PoolMarketSide {
  const utilizationPct = fixed(band(t, custody.utilizationPct[0], custody.utilizationPct[1], 5.3, phase + 0.7), 4);
  return {
    openInterestUsd: cents(band(t, s.oiUsd[0], s.oiUsd[1], 6.1, phase)),
    maxOpenInterestUsd: s.capUsd,
    utilizationPct,
    borrowCurve: { points: custody.curve.points.map((p) => ({ ...p })) },
    borrowAprPct: fixed(aprOnCurve(custody.curve, utilizationPct), 4),
  };
}

function market(d: MarketDesign, t: number): PoolMarket {
  const gap = oracleGap(d, t);
  const collateralPrice = d.collateralMint === JITOSOL_MINT ? jitoSolPriceUsd(t) : assetPriceUsd(d.asset, t);
  return {
    venue: d.venue,
    asset: d.asset,
    custody: d.custody.address,
    collateralMint: d.collateralMint,
    collateralSymbol: d.collateralSymbol,
    oraclePriceUsd: gap ? null : assetPriceUsd(d.asset, t),
    collateralPriceUsd: gap ? null : collateralPrice,
    long: side(t, d.long, d.custody, d.phase),
    // The stable custody is shared: its utilization path has one phase per venue.
    short: side(t, d.short, STABLE[d.venue], d.venue === 'A' ? 0.1 : 2.2),
    openFeeBps: d.openFeeBps,
    closeFeeBps: d.closeFeeBps,
    maxLeverage: d.maxLeverage,
    maxPositionSizeUsd: d.maxPositionSizeUsd,
    // Custodies are touched by every trade: the last update was within the last half minute.
    updatedAt: iso(t - (t % 30)),
  };
}

/** Every market of a pool venue at unix time `t`, in VENUE_ASSETS order. */
export function poolMarketsAt(venue: PoolVenue, t: number): PoolMarket[] {
  return DESIGNS.filter((d) => d.venue === venue).map((d) => market(d, t));
}

/** One market (for position bookkeeping); undefined when the venue does not list the asset. */
export function poolMarketAt(venue: PoolVenue, asset: PerpsAsset, t: number): PoolMarket | undefined {
  const d = DESIGNS.find((x) => x.venue === venue && x.asset === asset);
  return d ? market(d, t) : undefined;
}

/** The token a position's collateral is held in: a long posts the asset custody's token, a short USDC. */
export function collateralSymbolOf(venue: PoolVenue, asset: PerpsAsset, isLong: boolean): string {
  if (!isLong) return 'USDC';
  return DESIGNS.find((x) => x.venue === venue && x.asset === asset)?.collateralSymbol ?? 'USDC';
}
