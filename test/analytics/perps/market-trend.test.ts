import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { marketDirection, overallMarketDirection, perpsMarketTrend, perpsMetricTrend, type TrendMarketPoint } from '../../../src/analytics/perps/index.js';

const mk = (asset: TrendMarketPoint['asset'], mark: number | null, oi: number | null, long: number | null, util: number | null, apr: number | null): TrendMarketPoint => ({
  asset,
  mark_price_usd: mark,
  total_oi_usd: oi,
  long_pct: long,
  utilization_pct: util,
  borrow_apr_pct: apr,
});

describe('perpsMetricTrend: thresholds (relative 2 %, absolute 1 point, inclusive)', () => {
  const series = (from: number, to: number) => [{ day: 'd1', value: from }, { day: 'd2', value: to }];
  it('relative: +2 % rises, +1.99 % is stable, −2 % falls', () => {
    assert.equal(perpsMetricTrend(series(100, 102), 'relative').direction, 'rising');
    assert.equal(perpsMetricTrend(series(100, 101.99), 'relative').direction, 'stable');
    assert.equal(perpsMetricTrend(series(100, 98), 'relative').direction, 'falling');
    assert.equal(perpsMetricTrend(series(100, 98.01), 'relative').direction, 'stable');
  });
  it('absolute: +1 point rises, +0.99 is stable, −1 falls', () => {
    assert.equal(perpsMetricTrend(series(50, 51), 'absolute').direction, 'rising');
    assert.equal(perpsMetricTrend(series(50, 50.99), 'absolute').direction, 'stable');
    assert.equal(perpsMetricTrend(series(40, 39), 'absolute').direction, 'falling');
    // 49.01 − 50 is −0.990000000000002 in binary; the rounded change is −0.99: stable.
    assert.equal(perpsMetricTrend(series(50, 49.01), 'absolute', (x) => Math.round(x * 100) / 100).change, -0.99);
  });
  it('from 0 any move counts and has no percent; one known value gives no direction', () => {
    assert.deepEqual(perpsMetricTrend(series(0, 100), 'relative'), { from: 0, to: 100, from_day: 'd1', to_day: 'd2', change: 100, change_pct: null, direction: 'rising' });
    assert.deepEqual(perpsMetricTrend([{ day: 'd1', value: 5 }, { day: 'd2', value: null }], 'relative'), {
      from: 5, to: null, from_day: 'd1', to_day: null, change: null, change_pct: null, direction: null,
    });
  });
  it('first and last KNOWN values are compared; the days in between do not count', () => {
    const t = perpsMetricTrend([{ day: 'd1', value: null }, { day: 'd2', value: 100 }, { day: 'd3', value: 500 }, { day: 'd4', value: 101 }, { day: 'd5', value: null }], 'relative');
    assert.deepEqual(t, { from: 100, to: 101, from_day: 'd2', to_day: 'd4', change: 1, change_pct: 1, direction: 'stable' });
  });
});

describe('marketDirection (OI and utilization) and overallMarketDirection', () => {
  it('heating / cooling / mixed / stable / unknown', () => {
    assert.equal(marketDirection('rising', 'rising').direction, 'heating');
    assert.equal(marketDirection('rising', 'stable').direction, 'heating');
    assert.equal(marketDirection('stable', 'falling').direction, 'cooling');
    assert.equal(marketDirection('falling', 'falling').direction, 'cooling');
    assert.equal(marketDirection('rising', 'falling').direction, 'mixed');
    assert.equal(marketDirection('stable', 'stable').direction, 'stable');
    assert.equal(marketDirection(null, 'rising').direction, null);
  });
  it('overall: majority of heating vs cooling; a tie above zero or only mixed is mixed; all stable is stable', () => {
    assert.equal(overallMarketDirection(['heating', 'heating', 'cooling', null]).direction, 'heating');
    assert.equal(overallMarketDirection(['cooling', 'stable', 'mixed']).direction, 'cooling');
    assert.equal(overallMarketDirection(['heating', 'cooling', 'stable']).direction, 'mixed');
    assert.equal(overallMarketDirection(['stable', 'mixed']).direction, 'mixed');
    assert.equal(overallMarketDirection(['stable', 'stable']).direction, 'stable');
    assert.equal(overallMarketDirection([null]).direction, null);
    assert.equal(overallMarketDirection([]).direction, null);
  });
});

describe('perpsMarketTrend', () => {
  // Given out of order on purpose: the days are sorted first.
  const points = [
    { day: '2024-01-03', markets: [mk('SOL', 102, 1_020_000, 51, 41, 11), mk('BTC', 101.99, 980_000, 49.01, 39, 10.5), mk('ETH', 50, 1_050_000, 50, 38, 9), mk('BONK', 0.00002, 10, 50, 50, 5)] },
    { day: '2024-01-01', markets: [mk('SOL', 100, 1_000_000, 50, 40, 10), mk('BTC', 100, 1_000_000, 50, 40, 10), mk('ETH', 100, 1_000_000, 50, 40, 9)] },
    { day: '2024-01-02', markets: [mk('SOL', 150, 500, 90, 99, 99)] },
  ];
  const trend = perpsMarketTrend(points);
  const market = (asset: string) => trend.markets.find((m) => m.asset === asset)!;

  it('SOL: every metric moves exactly its threshold → rising; OI and utilization rising → heating', () => {
    const sol = market('SOL');
    assert.equal(sol.points, 3);
    assert.deepEqual(sol.metrics.mark_price_usd, { from: 100, to: 102, from_day: '2024-01-01', to_day: '2024-01-03', change: 2, change_pct: 2, direction: 'rising' });
    assert.deepEqual(sol.metrics.total_oi_usd, { from: 1_000_000, to: 1_020_000, from_day: '2024-01-01', to_day: '2024-01-03', change: 20_000, change_pct: 2, direction: 'rising' });
    assert.equal(sol.metrics.long_pct.direction, 'rising');
    assert.equal(sol.metrics.utilization_pct.direction, 'rising');
    assert.equal(sol.metrics.borrow_apr_pct.direction, 'rising');
    assert.equal(sol.direction, 'heating');
  });

  it('BTC: price +1.99 % stable, OI −2 % and utilization −1 falling → cooling', () => {
    const btc = market('BTC');
    assert.equal(btc.metrics.mark_price_usd.direction, 'stable');
    assert.equal(btc.metrics.mark_price_usd.change_pct, 1.99);
    assert.equal(btc.metrics.total_oi_usd.direction, 'falling');
    assert.equal(btc.metrics.long_pct.direction, 'stable');
    assert.equal(btc.metrics.long_pct.change, -0.99);
    assert.equal(btc.metrics.utilization_pct.direction, 'falling');
    assert.equal(btc.metrics.borrow_apr_pct.direction, 'stable');
    assert.equal(btc.direction, 'cooling');
  });

  it('ETH: OI rising and utilization falling → mixed, whatever the price did (−50 %)', () => {
    const eth = market('ETH');
    assert.equal(eth.metrics.mark_price_usd.direction, 'falling');
    assert.equal(eth.direction, 'mixed');
  });

  it('BONK: one point → null directions with the reason', () => {
    const bonk = market('BONK');
    assert.equal(bonk.points, 1);
    assert.equal(bonk.direction, null);
    assert.equal(bonk.metrics.total_oi_usd.direction, null);
    assert.match(bonk.reason, /too few points: 1 day/);
  });

  it('overall over the markets (price excluded): 1 heating, 1 cooling, 1 mixed → mixed; markets in asset order', () => {
    assert.deepEqual(trend.markets.map((m) => m.asset), ['SOL', 'BTC', 'ETH', 'BONK']);
    assert.equal(trend.overall_direction, 'mixed');
    assert.equal(trend.overall_reason, '1 heating, 1 cooling, 1 mixed, 0 stable: heating and cooling tie');
    assert.deepEqual(trend.thresholds, { relative_pct: 2, absolute_pts: 1 });
  });

  it('no points at all: no markets, null overall direction', () => {
    const empty = perpsMarketTrend([]);
    assert.deepEqual(empty.markets, []);
    assert.equal(empty.overall_direction, null);
  });
});
