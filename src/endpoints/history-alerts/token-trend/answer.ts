/** token-trend's answer (docs/history.md, "The window and the points", "Directions"). */
import type { HandlerContext, HandlerResult } from '../../../registry/types.js';
import { overallDirection } from '../../../analytics/trends.js';
import { coverageCaveats, lookbackDays, type Lookback } from '../../shared/series-coverage.js';
import { tokenSeries } from '../shared/history.js';
import { seriesTrend, THRESHOLDS } from '../shared/series-trend.js';

export async function tokenTrendAnswer(input: { mint: string; lookback?: Lookback }, ctx: HandlerContext): Promise<HandlerResult> {
  const lookback = input.lookback ?? '7d';
  const days = lookbackDays(lookback);
  const series = await tokenSeries(ctx, input.mint, days);
  const points = series.points.map((p) => ({ day: p.day, taken_at: p.taken_at, live: p.live, ...p.data }));
  const directions = {
    price: seriesTrend(points, (p) => p.price_usd, 'relative', 'higher_is_better'),
    liquidity: seriesTrend(points, (p) => p.liquidity_usd, 'relative', 'higher_is_better'),
    holder_concentration: seriesTrend(points, (p) => p.hhi, 'relative', 'lower_is_better'),
    risk_score: seriesTrend(points, (p) => p.risk_score, 'absolute', 'lower_is_better'),
  };
  return {
    data: {
      mint: input.mint, lookback, from_day: series.fromDay, to_day: series.toDay, points, directions,
      overall_direction: overallDirection(Object.values(directions).map((d) => d.direction)),
      thresholds: THRESHOLDS,
    },
    caveats: [...series.caveats, ...coverageCaveats(points, series.fromDay, days)],
    next_steps: [
      { endpoint: 'due-diligence', input: { mint: input.mint }, reason: 'Full due diligence on the token as it is today' },
      { endpoint: 'whale-watch', input: { mint: input.mint }, reason: 'Who is moving the token in the last 24 hours' },
    ],
  };
}
