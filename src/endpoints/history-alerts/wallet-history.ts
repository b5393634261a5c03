import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Address, Lookback, withDefault } from '../../registry/fields.js';
import { overallDirection, positionChanges } from '../../analytics/trends.js';
import type { Caveat } from '../../registry/types.js';
import { lookbackDays } from '../shared/series-coverage.js';
import { walletSeries } from './shared/history.js';
import type { WalletSnapshotData } from '../shared/snapshots.js';
import { daysBetween } from '../../lib/days.js';
import { WalletHistorySchema } from './shared/history-schemas.js';
import { pointTrend, THRESHOLDS } from './shared/series-trend.js';
import { walletHistoryBriefing } from './shared/history-briefings.js';

export default defineEndpoint({
  key: 'wallet-history',
  family: 'history-alerts',
  price: '0.006',
  summary: 'Wallet deltas over a lookback: value, balance, risk score, added and removed positions',
  description:
    'Two-point deltas between the wallet\'s snapshot at the start of the lookback (7d, 14d or 30d) and now: ' +
    'portfolio value, native balance and risk score, each with a direction (improving, declining or stable), plus ' +
    'the positions added and removed. The direction follows each metric\'s direction of goodness (`polarity` in the ' +
    'answer): value and balance are higher-is-better, the risk score lower-is-better (a rise is declining, i.e. ' +
    'worsening); the token count is neutral (direction null, `movement` rising or falling only). Snapshots ' +
    'accumulate as a side effect of every enrichment call.',
  input: Type.Object(
    {
      address: Address('Wallet address'),
      lookback: withDefault(Lookback(), '7d'),
    },
    { additionalProperties: false },
  ),
  output: WalletHistorySchema,
  cacheTtlSeconds: 300,
  example: { address: '57yajeqeQu1y43Tn3GL7ycs5HNDLsdkjbKqt44s3WGbz', lookback: '7d' },
  handler: async (input, ctx) => {
    const lookback = input.lookback ?? '7d';
    const days = lookbackDays(lookback);
    const series = await walletSeries(ctx, input.address, days);
    // The start is the earliest stored snapshot of the window: the window start itself when it exists.
    const start = series.points.length >= 2 ? series.points[0]! : null;
    const end = series.points[series.points.length - 1]!;
    const at = (p: typeof start, pick: (d: WalletSnapshotData) => number | null) => (p ? { day: p.day, value: pick(p.data) } : null);
    const deltas = {
      portfolio_value_usd: pointTrend(at(start, (d) => d.portfolio_value_usd), at(end, (d) => d.portfolio_value_usd)!, 'relative', 'higher_is_better'),
      native_sol: pointTrend(at(start, (d) => d.native_sol), at(end, (d) => d.native_sol)!, 'relative', 'higher_is_better'),
      risk_score: pointTrend(at(start, (d) => d.risk_score), at(end, (d) => d.risk_score)!, 'absolute', 'lower_is_better'),
      token_count: pointTrend(at(start, (d) => d.token_count), at(end, (d) => d.token_count)!, 'relative', 'neutral'),
    };
    // Without a start snapshot there is nothing to compare: no position is reported added or removed.
    const changes = start ? positionChanges(start.data.positions, end.data.positions) : { added: [], removed: [] };
    const caveats: Caveat[] = [...series.caveats];
    if (!start) {
      caveats.push({
        code: 'insufficient_history',
        message: `No stored daily snapshot of this wallet in the last ${days} days: only today's point exists, so no delta can be told yet. ` +
          'Snapshots accumulate from every enrichment call of it, one per day.',
      });
    } else if (start.day > series.fromDay) {
      caveats.push({
        code: 'partial_history',
        message: `No snapshot on the window start ${series.fromDay}: the deltas compare from the earliest one, ${start.day} (${plural(daysBetween(start.day, end.day), 'day')}).`,
      });
    }
    return {
      data: {
        address: input.address, lookback, from_day: series.fromDay, to_day: series.toDay,
        start: start ? { day: start.day, taken_at: start.taken_at } : null,
        end: { day: end.day, taken_at: end.taken_at },
        deltas,
        positions_added: changes.added,
        positions_removed: changes.removed,
        overall_direction: overallDirection([deltas.portfolio_value_usd.direction, deltas.native_sol.direction, deltas.risk_score.direction]),
        thresholds: THRESHOLDS,
      },
      caveats,
      next_steps: [
        { endpoint: 'portfolio-history', input: { address: input.address, period: lookback }, reason: 'The daily series between the two points, with drawdown' },
        { endpoint: 'enrich-wallet-full', input: { address: input.address }, reason: "The wallet's full profile today" },
      ],
    };
  },
  briefing: walletHistoryBriefing,
});

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
