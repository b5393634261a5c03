/**
 * perps-market-trend's daily series of pool venue A, read the way token-trend reads a token's
 * (endpoints/history-alerts/shared/history.ts, docs/history.md):
 *
 * - Window: a lookback of N days covers the UTC days today − N … today, up to N + 1 points.
 * - Points: the stored `perps_market`/`A` snapshots of the window (one indexed range read) and today's
 *   LIVE point — perps-market-structure answered now through `ctx.call` (the same cached answer a caller
 *   of it gets), replacing any stored point of today. Nothing is interpolated: a day without a snapshot
 *   is absent, and the caveats say how much of the window the series covers.
 * - The live point needs pool venue A. When A cannot be read but stored days exist, the series ends on
 *   the last stored day with a `leg_degraded` caveat (the answer goes on without today); with no stored
 *   day either, the call fails like perps-market-structure would (502/504, never charged).
 */
import { ApiError } from '../../../errors/api-error.js';
import { addDays, utcDay } from '../../../lib/days.js';
import type { TrendMarketPoint } from '../../../analytics/perps/index.js';
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { coverageCaveats, type InsufficientHistoryMessage } from '../../shared/series-coverage.js';
import { MARKET_STRUCTURE_VENUE, perpsMarketSnapshotData, storedMarketPoints } from '../shared/market-structure.js';
import { legOf, VENUE_LABEL } from '../../shared/perps-venues.js';

export interface MarketSeriesPoint {
  day: string;
  taken_at: string;
  /** True for today's point, answered live now. */
  live: boolean;
  markets: TrendMarketPoint[];
}

export interface MarketSeries {
  fromDay: string;
  toDay: string;
  points: MarketSeriesPoint[];
  caveats: Caveat[];
}

const STRUCTURE = 'perps-market-structure';

/** Caveats of the live answer worth keeping with the trend (coverage notes of the structure answer are not). */
function liveCaveats(caveats: readonly Caveat[] | undefined): Caveat[] {
  return (caveats ?? [])
    .filter((c) => c.code !== 'sandbox_data' && c.code !== 'not_listed')
    .map((c) => ({ ...c, message: `Today's live point (${STRUCTURE}): ${c.message}` }));
}

const isUpstream = (err: unknown): err is ApiError =>
  err instanceof ApiError && (err.code === 'upstream_unavailable' || err.code === 'upstream_timeout');

export async function readMarketSeries(ctx: HandlerContext, days: number): Promise<MarketSeries> {
  const venue = MARKET_STRUCTURE_VENUE;
  const now = ctx.now();
  const toDay = utcDay(now);
  const fromDay = addDays(toDay, -days);
  const [stored, live] = await Promise.all([
    ctx.store.getSnapshots('perps_market', venue, fromDay, addDays(toDay, -1)),
    ctx.call(STRUCTURE, {}).then((r) => ({ ok: true as const, result: r }), (err: unknown) => ({ ok: false as const, err })),
  ]);
  const points: MarketSeriesPoint[] = stored.map((s) => ({ day: s.day, taken_at: s.takenAt.toISOString(), live: false, markets: storedMarketPoints(s.data) }));
  if (live.ok) {
    points.push({ day: toDay, taken_at: now.toISOString(), live: true, markets: perpsMarketSnapshotData(live.result.data).markets });
    return { fromDay, toDay, points, caveats: liveCaveats(live.result.caveats) };
  }
  if (!isUpstream(live.err) || points.length === 0) throw live.err;
  const leg = typeof live.err.extra?.leg === 'string' ? live.err.extra.leg : legOf(venue);
  return {
    fromDay,
    toDay,
    points,
    caveats: [{
      code: 'leg_degraded',
      leg,
      message: `Today's live point is missing: ${VENUE_LABEL[venue]} could not be read now (${live.err.code}). ` +
        `The series ends on the last stored day, ${points[points.length - 1]!.day}.`,
    }],
  };
}

/** The `insufficient_history` wording for pool venue A's markets, snapshotted by perps-market-structure. */
const marketHistory: InsufficientHistoryMessage = (points, days) =>
  `Only ${points.length === 1 ? `one daily point (${points[0]!.day})` : 'no daily point'} of pool venue A's markets exists in the last ${days} days: ` +
  'no change or direction can be told yet. A snapshot is recorded once a day, by every perps-market-structure answer and by the daily snapshot sweep.';

/**
 * Coverage of the series, as token-trend's (`coverageCaveats`): `insufficient_history` below two points
 * (no direction can be told), `partial_history` when days of the window are missing.
 */
export function marketCoverageCaveats(points: readonly { day: string }[], fromDay: string, days: number): Caveat[] {
  return coverageCaveats(points, fromDay, days, marketHistory);
}
