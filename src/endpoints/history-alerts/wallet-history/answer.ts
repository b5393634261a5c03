/** wallet-history's answer (docs/history.md, "wallet-history"). */
import type { Caveat, HandlerContext, HandlerResult } from '../../../registry/types.js';
import { overallDirection, positionChanges } from '../../../analytics/trends.js';
import { daysBetween } from '../../../lib/days.js';
import { lookbackDays, type Lookback } from '../../shared/series-coverage.js';
import type { WalletSnapshotData } from '../../shared/snapshots.js';
import { walletSeries } from '../shared/history.js';
import { pointTrend, THRESHOLDS } from '../shared/series-trend.js';

export async function walletHistoryAnswer(input: { address: string; lookback?: Lookback }, ctx: HandlerContext): Promise<HandlerResult> {
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
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
