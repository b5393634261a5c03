/** portfolio-history's answer (docs/history.md, "portfolio-history summary"). */
import type { HandlerContext, HandlerResult } from '../../../registry/types.js';
import { portfolioSummary } from '../../../analytics/trends.js';
import { coverageCaveats, lookbackDays, type Lookback } from '../../shared/series-coverage.js';
import { walletSeries } from '../shared/history.js';

export async function portfolioHistoryAnswer(input: { address: string; period?: Lookback }, ctx: HandlerContext): Promise<HandlerResult> {
  const period = input.period ?? '7d';
  const days = lookbackDays(period);
  const series = await walletSeries(ctx, input.address, days);
  const points = series.points.map((p) => ({
    day: p.day, taken_at: p.taken_at, live: p.live,
    portfolio_value_usd: p.data.portfolio_value_usd, native_sol: p.data.native_sol, token_count: p.data.token_count, risk_score: p.data.risk_score,
  }));
  return {
    data: {
      address: input.address, period, from_day: series.fromDay, to_day: series.toDay, points,
      summary: portfolioSummary(points.map((p) => ({ day: p.day, value: p.portfolio_value_usd }))),
    },
    caveats: [...series.caveats, ...coverageCaveats(points, series.fromDay, days)],
    next_steps: [
      { endpoint: 'wallet-history', input: { address: input.address, lookback: period }, reason: 'Which positions were added or removed over the period' },
      { endpoint: 'enrich-wallet-full', input: { address: input.address }, reason: "The wallet's full profile today" },
    ],
  };
}
