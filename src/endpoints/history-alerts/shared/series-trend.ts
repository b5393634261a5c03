/**
 * A metric's direction over a series of daily points: the first and the last point where the metric is
 * known (analytics/trends.ts decides), with the days they come from so the caller sees what was compared.
 */
import { metricTrend, RELATIVE_THRESHOLD_PCT, SCORE_THRESHOLD, type ChangeKind, type MetricTrend, type Polarity } from '../../../analytics/trends.js';

export interface DayTrend extends MetricTrend {
  from_day: string | null;
  to_day: string | null;
}

export const THRESHOLDS = { relative_pct: RELATIVE_THRESHOLD_PCT, score: SCORE_THRESHOLD };

export function seriesTrend<P extends { day: string }>(
  points: P[],
  value: (p: P) => number | null,
  kind: ChangeKind,
  polarity: Polarity,
): DayTrend {
  const known = points.filter((p) => value(p) !== null);
  const first = known[0];
  const last = known.length >= 2 ? known[known.length - 1] : undefined;
  return {
    ...metricTrend(first ? value(first) : null, last ? value(last) : null, kind, polarity),
    from_day: first?.day ?? null,
    to_day: last?.day ?? null,
  };
}

/** Two fixed points (wallet-history): the start snapshot against today. */
export function pointTrend(
  from: { day: string; value: number | null } | null,
  to: { day: string; value: number | null },
  kind: ChangeKind,
  polarity: Polarity,
): DayTrend {
  const trend = metricTrend(from?.value ?? null, to.value, kind, polarity);
  return {
    ...trend,
    from_day: from && from.value !== null ? from.day : null,
    to_day: to.value !== null ? to.day : null,
  };
}
