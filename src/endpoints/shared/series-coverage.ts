/**
 * The lookback window of a daily series and what its caller must be told about its coverage: shared by
 * the history endpoints (token-trend, wallet-history, portfolio-history) and perps-market-trend
 * (docs/history.md, "The window and the points").
 */
import type { Caveat } from '../../registry/types.js';

export type Lookback = '7d' | '14d' | '30d';

export const lookbackDays = (lookback: Lookback | undefined): number => Number.parseInt(lookback ?? '7d', 10);

/**
 * How an `insufficient_history` caveat words the missing history of a series' subject: given the points
 * there are (fewer than two) and the lookback in days.
 */
export type InsufficientHistoryMessage = (points: readonly { day: string }[], days: number) => string;

/** The wording for a subject whose snapshots come from its enrichment calls (token-trend, portfolio-history). */
const enrichedSubjectHistory: InsufficientHistoryMessage = (_points, days) =>
  `Only today's point exists for this subject (no stored daily snapshot in the last ${days} days): no direction or change can be told yet. ` +
  'Snapshots accumulate from every enrichment call of it, one per day.';

/**
 * What the caller must know about the series' coverage: fewer than two points (no direction can be
 * told), or missing days in the window (the comparison starts later, or has gaps). `insufficient` words
 * the first case for the series' subject (by default, a subject snapshotted by its enrichment calls).
 */
export function coverageCaveats(
  points: readonly { day: string }[],
  fromDay: string,
  days: number,
  insufficient: InsufficientHistoryMessage = enrichedSubjectHistory,
): Caveat[] {
  const expected = days + 1;
  if (points.length < 2) return [{ code: 'insufficient_history', message: insufficient(points, days) }];
  if (points.length < expected) {
    const first = points[0]!.day;
    return [{
      code: 'partial_history',
      message: `The series has ${points.length} of ${expected} daily points` +
        `${first > fromDay ? `; it starts on ${first}, not at the window start ${fromDay}` : ''}. Days without a snapshot are absent, never filled in.`,
    }];
  }
  return [];
}
