/**
 * perps-market-trend: per asset, how mark price, total open interest, long share, utilization and
 * borrow APR moved over a window of daily points, and whether the market is heating or cooling.
 *
 * - A metric compares its first known value with its last known value (oldest first by `day`); days in
 *   between do not change it. At least two known values are needed, else its direction is null.
 * - Mark price and total OI are relative: change_pct = (to − from) / |from| × 100 (2 decimals), a move
 *   when ≥ 2 % either way (from 0: any rise or fall is a move). long_pct, utilization_pct and
 *   borrow_apr_pct are absolute: to − from in points, a move when ≥ 1 point either way. Inclusive, on
 *   the rounded change.
 * - Market direction comes from the two activity metrics, total OI and utilization (borrow APR is a
 *   function of utilization through the venue's curve, and the long share has no hot or cold side;
 *   mark price never counts): `heating` when at least one rises and none falls, `cooling` when at
 *   least one falls and none rises, `mixed` when one rises and the other falls, `stable` when both are
 *   stable; null when either is unknown.
 * - Overall direction over the markets with a known direction: the more common of heating and cooling;
 *   `mixed` when they tie above zero, or when no market heats or cools but some are mixed; `stable`
 *   when all are stable; null when no market has a direction. Mark price is excluded throughout.
 */
import { PERPS_ASSETS, type PerpsAsset } from './venue-data.js';
import { TREND_ABSOLUTE_THRESHOLD_PTS, TREND_RELATIVE_THRESHOLD_PCT } from './thresholds.js';
import { aprPct, pct, price, usd } from './units.js';

export type MetricDirection = 'rising' | 'falling' | 'stable';
export type MarketDirection = 'heating' | 'cooling' | 'stable' | 'mixed';

export interface TrendMarketPoint {
  asset: PerpsAsset;
  mark_price_usd: number | null;
  total_oi_usd: number | null;
  long_pct: number | null;
  /** The higher of the two sides' utilization. */
  utilization_pct: number | null;
  /** The long side's borrow APR. */
  borrow_apr_pct: number | null;
}

export interface TrendPoint {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  markets: TrendMarketPoint[];
}

export interface PerpsMetricTrend {
  from: number | null;
  to: number | null;
  from_day: string | null;
  to_day: string | null;
  change: number | null;
  /** Relative change in percent (2 decimals); null when `from` is 0 or unknown. */
  change_pct: number | null;
  direction: MetricDirection | null;
}

export type TrendMetricName = 'mark_price_usd' | 'total_oi_usd' | 'long_pct' | 'utilization_pct' | 'borrow_apr_pct';

export interface MarketTrend {
  asset: PerpsAsset;
  /** Days on which the asset appears. */
  points: number;
  metrics: Record<TrendMetricName, PerpsMetricTrend>;
  direction: MarketDirection | null;
  /** Why the direction is what it is (or why it is null). */
  reason: string;
}

export interface PerpsMarketTrend {
  markets: MarketTrend[];
  overall_direction: MarketDirection | null;
  overall_reason: string;
  thresholds: { relative_pct: number; absolute_pts: number };
}

interface MetricSpec {
  kind: 'relative' | 'absolute';
  round: (x: number) => number;
}

const METRICS: Readonly<Record<TrendMetricName, MetricSpec>> = {
  mark_price_usd: { kind: 'relative', round: price },
  total_oi_usd: { kind: 'relative', round: usd },
  long_pct: { kind: 'absolute', round: pct },
  utilization_pct: { kind: 'absolute', round: pct },
  borrow_apr_pct: { kind: 'absolute', round: aprPct },
};

/** One metric's trend between its first and last known value of `series` (oldest first). */
export function perpsMetricTrend(series: readonly { day: string; value: number | null }[], kind: 'relative' | 'absolute', round: (x: number) => number = (x) => x): PerpsMetricTrend {
  const known = series.filter((p): p is { day: string; value: number } => p.value !== null);
  const first = known[0];
  const last = known.length >= 2 ? known[known.length - 1] : undefined;
  if (first === undefined || last === undefined) {
    return { from: first === undefined ? null : round(first.value), to: null, from_day: first?.day ?? null, to_day: null, change: null, change_pct: null, direction: null };
  }
  const change = round(last.value - first.value);
  const changePct = first.value !== 0 ? pct(((last.value - first.value) / Math.abs(first.value)) * 100) : null;
  let direction: MetricDirection;
  if (kind === 'absolute') {
    direction = change >= TREND_ABSOLUTE_THRESHOLD_PTS ? 'rising' : change <= -TREND_ABSOLUTE_THRESHOLD_PTS ? 'falling' : 'stable';
  } else if (changePct === null) {
    direction = change > 0 ? 'rising' : change < 0 ? 'falling' : 'stable';
  } else {
    direction = changePct >= TREND_RELATIVE_THRESHOLD_PCT ? 'rising' : changePct <= -TREND_RELATIVE_THRESHOLD_PCT ? 'falling' : 'stable';
  }
  return { from: round(first.value), to: round(last.value), from_day: first.day, to_day: last.day, change, change_pct: changePct, direction };
}

/** Heating/cooling from the OI and utilization directions (see the module comment). */
export function marketDirection(oi: MetricDirection | null, utilization: MetricDirection | null): { direction: MarketDirection | null; reason: string } {
  if (oi === null || utilization === null) {
    return { direction: null, reason: 'too few points: open interest and utilization each need two known values' };
  }
  const votes = [oi, utilization];
  const rising = votes.filter((d) => d === 'rising').length;
  const falling = votes.filter((d) => d === 'falling').length;
  const said = `open interest ${oi}, utilization ${utilization}`;
  if (rising > 0 && falling > 0) return { direction: 'mixed', reason: `${said}: they disagree` };
  if (rising > 0) return { direction: 'heating', reason: `${said}: rising with nothing falling` };
  if (falling > 0) return { direction: 'cooling', reason: `${said}: falling with nothing rising` };
  return { direction: 'stable', reason: `${said}` };
}

export function overallMarketDirection(directions: readonly (MarketDirection | null)[]): { direction: MarketDirection | null; reason: string } {
  const known = directions.filter((d): d is MarketDirection => d !== null);
  if (known.length === 0) return { direction: null, reason: 'no market has a known direction' };
  const count = (d: MarketDirection) => known.filter((k) => k === d).length;
  const [heating, cooling, mixed, stable] = [count('heating'), count('cooling'), count('mixed'), count('stable')];
  const tally = `${heating} heating, ${cooling} cooling, ${mixed} mixed, ${stable} stable`;
  if (heating > cooling) return { direction: 'heating', reason: `${tally}: more markets heating than cooling` };
  if (cooling > heating) return { direction: 'cooling', reason: `${tally}: more markets cooling than heating` };
  if (heating > 0) return { direction: 'mixed', reason: `${tally}: heating and cooling tie` };
  if (mixed > 0) return { direction: 'mixed', reason: `${tally}: no market heats or cools, some are mixed` };
  return { direction: 'stable', reason: `${tally}` };
}

export function perpsMarketTrend(points: readonly TrendPoint[]): PerpsMarketTrend {
  const ordered = [...points].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const markets: MarketTrend[] = [];
  for (const asset of PERPS_ASSETS) {
    const rows = ordered.flatMap((p) => p.markets.filter((m) => m.asset === asset).map((m) => ({ day: p.day, m })));
    if (rows.length === 0) continue;
    const metrics = {} as Record<TrendMetricName, PerpsMetricTrend>;
    for (const [name, spec] of Object.entries(METRICS) as [TrendMetricName, MetricSpec][]) {
      metrics[name] = perpsMetricTrend(rows.map((r) => ({ day: r.day, value: r.m[name] })), spec.kind, spec.round);
    }
    const verdict =
      rows.length < 2
        ? { direction: null, reason: `too few points: ${rows.length} day(s) with this market, at least 2 needed` }
        : marketDirection(metrics.total_oi_usd.direction, metrics.utilization_pct.direction);
    markets.push({ asset, points: rows.length, metrics, direction: verdict.direction, reason: verdict.reason });
  }
  const overall = overallMarketDirection(markets.map((m) => m.direction));
  return {
    markets,
    overall_direction: overall.direction,
    overall_reason: overall.reason,
    thresholds: { relative_pct: TREND_RELATIVE_THRESHOLD_PCT, absolute_pts: TREND_ABSOLUTE_THRESHOLD_PTS },
  };
}
