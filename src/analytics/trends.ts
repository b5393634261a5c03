/**
 * Direction indicators and portfolio summary statistics over daily snapshot series (token-trend,
 * wallet-history, portfolio-history). Pure: values in, verdicts out; no clock, no I/O.
 *
 * A metric's direction compares two observations, `from` (the earliest known value of the window) and
 * `to` (the latest, normally today's live point). Boundaries are inclusive, as everywhere in the
 * service (docs/history.md, 'Directions (improving / declining / stable) and the direction of goodness'):
 *  - relative metrics (price, liquidity, HHI, portfolio value, native balance): change_pct =
 *    (to − from) / |from| × 100; a move of at least RELATIVE_THRESHOLD_PCT (5 %) either way counts;
 *  - score metrics (risk scores, 0–1): the absolute change; a move of at least SCORE_THRESHOLD (0.05)
 *    either way counts (a relative change means nothing near zero).
 * Two words describe a move, and they must never be confused:
 *  - `movement` is the arithmetic: `rising`, `falling` or `flat` (a move under the threshold);
 *  - `direction` is the meaning, from the metric's polarity (its direction of goodness): `improving` when
 *    it moved the better way, `declining` when it moved the worse way (the contract's words; a briefing
 *    says "worsening"), `stable` under the threshold. For a lower-is-better metric (risk score, holder
 *    concentration) a RISE is `declining`: "risk 0.6 → 0.7" is worsening, never read as a fall.
 *    A `neutral` metric (a holdings count) has no better side: its direction is always null and only its
 *    movement is told.
 * A missing end is `null` for both (unknown, never "stable").
 */

export type Direction = 'improving' | 'declining' | 'stable';
export type Movement = 'rising' | 'falling' | 'flat';
export type Polarity = 'higher_is_better' | 'lower_is_better' | 'neutral';
export type ChangeKind = 'relative' | 'absolute';

export const RELATIVE_THRESHOLD_PCT = 5;
export const SCORE_THRESHOLD = 0.05;

export interface MetricTrend {
  /** Better or worse by the metric's polarity; always null for a neutral metric. */
  direction: Direction | null;
  /** The arithmetic move (same threshold as the direction). */
  movement: Movement | null;
  /** The metric's direction of goodness. */
  polarity: Polarity;
  from: number | null;
  to: number | null;
  /** to − from (10 significant digits: tiny token prices keep their change). */
  change: number | null;
  /** (to − from) / |from| × 100; null when `from` is 0 or unknown. */
  change_pct: number | null;
}

const round = (x: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
};

/**
 * Tolerance for the boundary comparisons: 0.05 − 0.0 and 0.3 − 0.25 must both count as exactly the
 * threshold, whatever binary floating point makes of the subtraction.
 */
const EPSILON = 1e-9;

/** The meaning of an arithmetic move for a metric of this polarity (null: neutral, or the move is unknown). */
export function directionOf(movement: Movement | null, polarity: Polarity): Direction | null {
  if (movement === null || polarity === 'neutral') return null;
  if (movement === 'flat') return 'stable';
  return (movement === 'rising') === (polarity === 'higher_is_better') ? 'improving' : 'declining';
}

export function metricTrend(from: number | null, to: number | null, kind: ChangeKind, polarity: Polarity): MetricTrend {
  if (from === null || to === null) return { direction: null, movement: null, polarity, from, to, change: null, change_pct: null };
  const change = to - from;
  const changePct = from !== 0 ? (change / Math.abs(from)) * 100 : null;
  let move: -1 | 0 | 1;
  if (kind === 'absolute') {
    move = change >= SCORE_THRESHOLD - EPSILON ? 1 : change <= -SCORE_THRESHOLD + EPSILON ? -1 : 0;
  } else if (changePct === null) {
    // From zero: any rise is a move up (an infinite relative change), no change is no move.
    move = change > 0 ? 1 : change < 0 ? -1 : 0;
  } else {
    move = changePct >= RELATIVE_THRESHOLD_PCT - EPSILON ? 1 : changePct <= -RELATIVE_THRESHOLD_PCT + EPSILON ? -1 : 0;
  }
  const movement: Movement = move > 0 ? 'rising' : move < 0 ? 'falling' : 'flat';
  return {
    direction: directionOf(movement, polarity), movement, polarity,
    from, to, change: Number(change.toPrecision(10)), change_pct: changePct === null ? null : round(changePct, 2),
  };
}

/**
 * The overall direction: the side with more metrics, `stable` on a tie (including all stable), null
 * when no metric's direction is known.
 */
export function overallDirection(directions: (Direction | null)[]): Direction | null {
  const known = directions.filter((d): d is Direction => d !== null);
  if (known.length === 0) return null;
  const up = known.filter((d) => d === 'improving').length;
  const down = known.filter((d) => d === 'declining').length;
  return up > down ? 'improving' : down > up ? 'declining' : 'stable';
}

/** The first and the last non-null value of a series (oldest first). */
export function endpointsOf(values: (number | null)[]): { from: number | null; to: number | null } {
  const known = values.filter((v): v is number => v !== null);
  return { from: known[0] ?? null, to: known.length >= 2 ? known[known.length - 1]! : null };
}

export interface ValuePoint {
  day: string;
  value: number | null;
}

export interface PortfolioSummary {
  /** Points with a known value (the statistics are over these). */
  valued_points: number;
  peak: { day: string; value_usd: number } | null;
  trough: { day: string; value_usd: number } | null;
  /** The largest fall from a running peak to a later low: USD, and percent of that peak (0–100). */
  max_drawdown: { usd: number; pct: number; peak_day: string; trough_day: string } | null;
  average_value_usd: number | null;
  start: { day: string; value_usd: number } | null;
  change_usd: number | null;
  /** Null when the start value is 0 or unknown. */
  change_pct: number | null;
}

/**
 * Peak, trough, max drawdown (peak-to-trough), average and change versus the period start over the
 * known values of a daily series, oldest first. Ties keep the earliest day (the first time it got there).
 */
export function portfolioSummary(points: ValuePoint[]): PortfolioSummary {
  const known = points.filter((p): p is { day: string; value: number } => p.value !== null);
  if (known.length === 0) {
    return { valued_points: 0, peak: null, trough: null, max_drawdown: null, average_value_usd: null, start: null, change_usd: null, change_pct: null };
  }
  let peak = known[0]!;
  let trough = known[0]!;
  let runningPeak = known[0]!;
  let drawdown = { usd: 0, pct: 0, peak_day: known[0]!.day, trough_day: known[0]!.day };
  for (const p of known) {
    if (p.value > peak.value) peak = p;
    if (p.value < trough.value) trough = p;
    if (p.value > runningPeak.value) runningPeak = p;
    const fall = runningPeak.value - p.value;
    if (fall > drawdown.usd) {
      drawdown = { usd: fall, pct: runningPeak.value > 0 ? (fall / runningPeak.value) * 100 : 0, peak_day: runningPeak.day, trough_day: p.day };
    }
  }
  const start = known[0]!;
  const end = known[known.length - 1]!;
  const sum = known.reduce((s, p) => s + p.value, 0);
  return {
    valued_points: known.length,
    peak: { day: peak.day, value_usd: round(peak.value, 2) },
    trough: { day: trough.day, value_usd: round(trough.value, 2) },
    max_drawdown: { usd: round(drawdown.usd, 2), pct: round(drawdown.pct, 2), peak_day: drawdown.peak_day, trough_day: drawdown.trough_day },
    average_value_usd: round(sum / known.length, 2),
    start: { day: start.day, value_usd: round(start.value, 2) },
    change_usd: round(end.value - start.value, 2),
    change_pct: start.value !== 0 ? round(((end.value - start.value) / Math.abs(start.value)) * 100, 2) : null,
  };
}

export interface PositionRef {
  mint: string;
  value_usd: number | null;
}

/** Mints held at the end but not the start (with their end value), and held at the start but not the end (start value). */
export function positionChanges(start: PositionRef[], end: PositionRef[]): { added: PositionRef[]; removed: PositionRef[] } {
  const startMints = new Set(start.map((p) => p.mint));
  const endMints = new Set(end.map((p) => p.mint));
  return { added: end.filter((p) => !startMints.has(p.mint)), removed: start.filter((p) => !endMints.has(p.mint)) };
}
