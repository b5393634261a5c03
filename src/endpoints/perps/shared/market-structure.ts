/**
 * perps-market-structure's answer: pool venue A's markets (SOL, BTC, ETH) as poolMarketStructure reads
 * them, plus a venue summary (total open interest, the most utilized side, markets by health), and the
 * daily `perps_market` snapshot the answer yields (what perps-market-trend compares day over day).
 *
 * Pool venue B is deliberately not read here: the spec's resource is pool venue A, and B's markets are
 * compared with A's in perps-venue-comparison and perps-cross-venue-funding (offered as next steps). One
 * venue, one required leg: the answer is A's state or a 502/504 that is never charged.
 */
import {
  ELEVATED_BORROW_APR_PCT,
  HIGH_UTILIZATION_PCT,
  STRESSED_HEADROOM_PCT_OF_CAP,
  STRESSED_UTILIZATION_PCT,
  TILTED_SIDE_SHARE_PCT,
  poolMarketStructure,
  shareOf,
  sumUsd,
  type MarketHealth,
  type PoolMarketStructure,
  type TrendMarketPoint,
} from '../../../analytics/perps/index.js';
import { asNumber, asObject, asString } from '../../../lib/read.js';
import type { Caveat, NextStep } from '../../../registry/types.js';
import { PERPS_ASSETS, VENUE_ASSETS, type BorrowCurve, type PerpsAsset, type PoolMarket, type PositionSide } from '../../../analytics/perps/venue-data.js';
import { coverageCaveat, coverageGap, legOf, VENUE_LABEL } from '../../shared/perps-venues.js';

/** The venue this endpoint reads, and the subject of its daily snapshot. */
export const MARKET_STRUCTURE_VENUE = 'A' as const;

export interface CurvePoint {
  utilization_pct: number;
  apr_pct: number;
}

export interface MarketStructureEntry extends PoolMarketStructure {
  /** The asset's custody account on the venue's program (what the numbers were read from). */
  custody: string;
  /** The token the asset custody holds. */
  collateral_symbol: string;
  /** Each side's borrow curve as the venue defines it (a short borrows the stable custody). */
  borrow_curve: { long: CurvePoint[]; short: CurvePoint[] };
}

export interface MostUtilizedSide {
  asset: PerpsAsset;
  side: PositionSide;
  utilization_pct: number;
  borrow_apr_pct: number;
  health: MarketHealth;
}

export interface VenueSummary {
  markets: number;
  total_oi_usd: number;
  long_oi_usd: number;
  short_oi_usd: number;
  /** Long share of the venue's total open interest; null when it is 0. */
  long_pct: number | null;
  most_utilized: MostUtilizedSide | null;
  markets_by_health: Record<MarketHealth, PerpsAsset[]>;
}

export interface UnavailableMarket {
  asset: PerpsAsset;
  reason: 'not_listed' | 'not_reported';
  message: string;
}

export interface MarketStructureData {
  venue: typeof MARKET_STRUCTURE_VENUE;
  venue_name: string;
  as_of: string;
  markets: MarketStructureEntry[];
  unavailable: UnavailableMarket[];
  summary: VenueSummary;
  thresholds: {
    stressed_utilization_pct: number;
    stressed_headroom_pct_of_cap: number;
    tilted_side_share_pct: number;
    high_utilization_pct: number;
    elevated_borrow_apr_pct: number;
  };
}

const SIDES: readonly PositionSide[] = ['long', 'short'];

const curvePoints = (curve: BorrowCurve): CurvePoint[] => curve.points.map((p) => ({ utilization_pct: p.utilizationPct, apr_pct: p.aprPct }));

function entry(m: PoolMarket): MarketStructureEntry {
  return {
    ...poolMarketStructure(m),
    custody: m.custody,
    collateral_symbol: m.collateralSymbol,
    borrow_curve: { long: curvePoints(m.long.borrowCurve), short: curvePoints(m.short.borrowCurve) },
  };
}

/**
 * The side with the highest utilization (as shown, 2 decimals) over every market; ties go to the first
 * market in venue order, long before short (all of a venue's shorts borrow one stable custody, so their
 * utilizations are equal).
 */
function mostUtilizedSide(markets: readonly MarketStructureEntry[]): MostUtilizedSide | null {
  let best: MostUtilizedSide | null = null;
  for (const m of markets) {
    for (const side of SIDES) {
      if (best === null || m.utilization_pct[side] > best.utilization_pct) {
        best = { asset: m.asset, side, utilization_pct: m.utilization_pct[side], borrow_apr_pct: m.borrow_apr_pct[side], health: m.health };
      }
    }
  }
  return best;
}

/** Venue totals from the venue's own (unrounded) open interest, rounded once. */
function venueSummary(raw: readonly PoolMarket[], markets: readonly MarketStructureEntry[]): VenueSummary {
  const longRaw = raw.reduce((s, m) => s + m.long.openInterestUsd, 0);
  const shortRaw = raw.reduce((s, m) => s + m.short.openInterestUsd, 0);
  const byHealth = (h: MarketHealth) => markets.filter((m) => m.health === h).map((m) => m.asset);
  return {
    markets: markets.length,
    total_oi_usd: sumUsd([longRaw, shortRaw]),
    long_oi_usd: sumUsd([longRaw]),
    short_oi_usd: sumUsd([shortRaw]),
    long_pct: shareOf(longRaw, longRaw + shortRaw),
    most_utilized: mostUtilizedSide(markets),
    markets_by_health: { stressed: byHealth('stressed'), tilted: byHealth('tilted'), healthy: byHealth('healthy') },
  };
}

/** The whole answer from the venue's markets (in venue order: SOL, BTC, ETH). */
export function marketStructureAnswer(raw: readonly PoolMarket[], now: Date): { data: MarketStructureData; caveats: Caveat[]; next_steps: NextStep[] } {
  const venue = MARKET_STRUCTURE_VENUE;
  const listed = VENUE_ASSETS[venue];
  const ordered = raw.filter((m) => m.venue === venue && listed.includes(m.asset)).sort((a, b) => listed.indexOf(a.asset) - listed.indexOf(b.asset));
  const markets = ordered.map(entry);
  const caveats: Caveat[] = [];
  const unavailable: UnavailableMarket[] = [];
  for (const asset of PERPS_ASSETS) {
    const gap = coverageGap(venue, asset);
    if (gap !== null) {
      unavailable.push({ asset, reason: 'not_listed', message: gap });
      caveats.push(coverageCaveat(venue, asset));
    } else if (!markets.some((m) => m.asset === asset)) {
      const message = `${VENUE_LABEL[venue]} returned no ${asset} market (its custody account was not in the pool read now).`;
      unavailable.push({ asset, reason: 'not_reported', message });
      caveats.push({ code: 'market_missing', leg: legOf(venue), message });
    }
  }
  const summary = venueSummary(ordered, markets);
  return {
    data: {
      venue,
      venue_name: VENUE_LABEL[venue],
      as_of: now.toISOString(),
      markets,
      unavailable,
      summary,
      thresholds: {
        stressed_utilization_pct: STRESSED_UTILIZATION_PCT,
        stressed_headroom_pct_of_cap: STRESSED_HEADROOM_PCT_OF_CAP,
        tilted_side_share_pct: TILTED_SIDE_SHARE_PCT,
        high_utilization_pct: HIGH_UTILIZATION_PCT,
        elevated_borrow_apr_pct: ELEVATED_BORROW_APR_PCT,
      },
    },
    caveats,
    next_steps: nextSteps(summary),
  };
}

function nextSteps(summary: VenueSummary): NextStep[] {
  const steps: NextStep[] = [
    { endpoint: 'perps-market-trend', input: { lookback: '7d' }, reason: 'How open interest, skew, utilization and borrow APR of these markets moved over the last 7 days' },
  ];
  const hot = summary.most_utilized;
  if (hot !== null) {
    steps.push(
      {
        endpoint: 'perps-venue-comparison',
        input: { market: hot.asset, size_usd: 100_000, side: hot.side },
        reason: `${hot.asset} ${hot.side}s are the most utilized side on pool venue A (${hot.utilization_pct} %): the entry cost of a $100,000 ${hot.side} on pool venues A and B`,
      },
      {
        endpoint: 'perps-cross-venue-funding',
        input: { market: hot.asset },
        reason: `${hot.asset}: pool venue A's borrow APR next to pool venue B and the funding rates of reference venues C and D`,
      },
    );
  }
  return steps;
}

// ── The daily snapshot (subject type perps_market, subject 'A') ─────────────────────────────────────

/**
 * The snapshot of a market-structure answer: per asset, the five numbers perps-market-trend compares
 * (mark price = the oracle price; utilization = the higher side's; borrow APR = the long side's, which
 * is what the asset's own custody charges). Read defensively: it is applied to answers that come back
 * through the cache and `ctx.call` as plain JSON.
 */
export function perpsMarketSnapshotData(data: Record<string, unknown>): { markets: TrendMarketPoint[] } {
  const markets = Array.isArray(data.markets) ? data.markets : [];
  return {
    markets: markets.flatMap((raw: unknown): TrendMarketPoint[] => {
      const m = asObject(raw);
      const asset = asAsset(m?.asset);
      if (m === null || asset === null) return [];
      const oi = asObject(m.open_interest);
      const skew = asObject(m.skew);
      const util = asObject(m.utilization_pct);
      const borrow = asObject(m.borrow_apr_pct);
      const sides = [asNumber(util?.long), asNumber(util?.short)].filter((u): u is number => u !== null);
      return [{
        asset,
        mark_price_usd: asNumber(m.oracle_price_usd),
        total_oi_usd: asNumber(oi?.total_usd),
        long_pct: asNumber(skew?.long_pct),
        utilization_pct: sides.length > 0 ? Math.max(...sides) : null,
        borrow_apr_pct: asNumber(borrow?.long),
      }];
    }),
  };
}

/** A stored perps_market snapshot's points (a missing or mistyped field reads as null: unknown). */
export function storedMarketPoints(data: Record<string, unknown>): TrendMarketPoint[] {
  const markets = Array.isArray(data.markets) ? data.markets : [];
  return markets.flatMap((raw: unknown): TrendMarketPoint[] => {
    const m = asObject(raw);
    const asset = asAsset(m?.asset);
    if (m === null || asset === null) return [];
    return [{
      asset,
      mark_price_usd: asNumber(m.mark_price_usd),
      total_oi_usd: asNumber(m.total_oi_usd),
      long_pct: asNumber(m.long_pct),
      utilization_pct: asNumber(m.utilization_pct),
      borrow_apr_pct: asNumber(m.borrow_apr_pct),
    }];
  });
}

function asAsset(x: unknown): PerpsAsset | null {
  const s = asString(x);
  return s !== null && (PERPS_ASSETS as readonly string[]).includes(s) ? (s as PerpsAsset) : null;
}
