import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Lookback, withDefault } from '../../registry/fields.js';
import { perpsMarketTrend } from '../../analytics/perps/index.js';
import { lookbackDays } from '../shared/series-coverage.js';
import { MarketTrendSchema } from './shared/market-schema.js';
import { marketCoverageCaveats, readMarketSeries } from './perps-market-trend/market-series.js';
import { MARKET_STRUCTURE_VENUE } from './shared/market-structure.js';
import { marketTrendBriefing } from './shared/market-briefing.js';
import { VENUE_LABEL } from '../shared/perps-venues.js';

export default defineEndpoint({
  key: 'perps-market-trend',
  family: 'perps',
  price: '0.008',
  summary: 'Perps market deltas over a lookback: mark price, open interest, skew, utilization, borrow APR',
  description:
    'Pool venue A\'s markets (SOL, BTC, ETH) over the lookback (7d, 14d or 30d): the daily points (stored daily ' +
    'snapshots of perps-market-structure plus today\'s live answer; days without a snapshot are absent, never filled ' +
    'in) and, per symbol, the change from the first to the last known value of mark (oracle) price, total open ' +
    'interest, long/short skew (long share), utilization (the higher side) and borrow APR (long side), each with a ' +
    'direction (rising / falling / stable: ≥ 2 % relative for price and OI, ≥ 1 point for the others). A market ' +
    'is heating, cooling, mixed or stable from its open interest and utilization; the overall direction tallies the ' +
    'markets and excludes mark price. Too little history is said in a caveat (insufficient_history, partial_history).',
  input: Type.Object(
    {
      lookback: withDefault(Lookback(), '7d'),
    },
    { additionalProperties: false },
  ),
  output: MarketTrendSchema,
  cacheTtlSeconds: 300,
  example: { lookback: '7d' },
  handler: async (input, ctx) => {
    const lookback = input.lookback ?? '7d';
    const days = lookbackDays(lookback);
    const series = await readMarketSeries(ctx, days);
    const trend = perpsMarketTrend(series.points.map((p) => ({ day: p.day, markets: p.markets })));
    return {
      data: {
        venue: MARKET_STRUCTURE_VENUE,
        venue_name: VENUE_LABEL[MARKET_STRUCTURE_VENUE],
        lookback,
        from_day: series.fromDay,
        to_day: series.toDay,
        points: series.points,
        ...trend,
      },
      caveats: [...series.caveats, ...marketCoverageCaveats(series.points, series.fromDay, days)],
      next_steps: [
        { endpoint: 'perps-market-structure', input: {}, reason: 'The markets as they are now: caps, headroom, health flags and borrow curves' },
        ...(lookback !== '30d' ? [{ endpoint: 'perps-market-trend', input: { lookback: '30d' }, reason: 'The same markets over 30 days' }] : []),
      ],
    };
  },
  briefing: marketTrendBriefing,
});
