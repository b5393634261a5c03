import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Lookback, withDefault } from '../../registry/fields.js';
import { portfolioSummary } from '../../analytics/trends.js';
import { coverageCaveats, lookbackDays } from '../shared/series-coverage.js';
import { walletSeries } from './shared/history.js';
import { PortfolioHistorySchema } from './shared/history-schemas.js';
import { portfolioHistoryBriefing } from './shared/history-briefings.js';

export default defineEndpoint({
  key: 'portfolio-history',
  family: 'history-alerts',
  price: '0.006',
  summary: 'Daily portfolio series of a wallet with peak, trough, max drawdown and change',
  description:
    'Daily points of portfolio value, native balance, token count and risk score over the period (7d, 14d or 30d), ' +
    'with today\'s live point appended automatically, and summary stats: peak, trough, max drawdown, average value ' +
    'and change versus the period start.',
  input: Type.Object(
    {
      address: Address('Wallet address'),
      period: withDefault(Lookback(), '7d'),
    },
    { additionalProperties: false },
  ),
  output: PortfolioHistorySchema,
  cacheTtlSeconds: 300,
  example: { address: '57yajeqeQu1y43Tn3GL7ycs5HNDLsdkjbKqt44s3WGbz', period: '30d' },
  handler: async (input, ctx) => {
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
  },
  briefing: portfolioHistoryBriefing,
});
