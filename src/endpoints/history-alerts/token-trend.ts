import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Lookback, withDefault } from '../../registry/fields.js';
import { overallDirection } from '../../analytics/trends.js';
import { coverageCaveats, lookbackDays } from '../shared/series-coverage.js';
import { tokenSeries } from './shared/history.js';
import { TokenTrendSchema } from './shared/history-schemas.js';
import { seriesTrend, THRESHOLDS } from './shared/series-trend.js';
import { tokenTrendBriefing } from './shared/history-briefings.js';

export default defineEndpoint({
  key: 'token-trend',
  family: 'history-alerts',
  price: '0.006',
  summary: 'Daily snapshot series of a token with improving / declining / stable direction per metric',
  description:
    'Daily snapshots of a token over the lookback (7d, 14d or 30d) with a direction indicator (improving, declining ' +
    'or stable) for price, liquidity, holder concentration and risk score. The direction follows each metric\'s ' +
    'direction of goodness, stated in the answer as `polarity`: price and liquidity are higher-is-better; holder ' +
    'concentration (HHI) and the risk score are lower-is-better, so a rising risk score is `declining` (worsening), ' +
    'never improving. `movement` (rising, falling, flat) says what the number did. Moves under 5 % (0.05 for the risk ' +
    'score) are stable. Snapshots accumulate as a side effect of every enrichment call. An address that is not a ' +
    'token mint answers 404 not_found, not charged.',
  input: Type.Object(
    {
      mint: Address('Token mint address'),
      lookback: withDefault(Lookback(), '7d'),
    },
    { additionalProperties: false },
  ),
  output: TokenTrendSchema,
  cacheTtlSeconds: 300,
  example: { mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', lookback: '7d' },
  handler: async (input, ctx) => {
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
  },
  briefing: tokenTrendBriefing,
});
