import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { directionOf, endpointsOf, metricTrend, overallDirection, portfolioSummary, positionChanges } from '../../src/analytics/trends.js';

describe('metricTrend: relative metrics (threshold 5 %, inclusive)', () => {
  const up = (from: number, to: number) => metricTrend(from, to, 'relative', 'higher_is_better').direction;
  const down = (from: number, to: number) => metricTrend(from, to, 'relative', 'lower_is_better').direction;

  it('higher is better: +5 % exactly improves, +4.99 % is stable, −5 % exactly declines, −4.99 % is stable', () => {
    assert.equal(up(100, 105), 'improving');
    assert.equal(up(100, 104.99), 'stable');
    assert.equal(up(100, 95), 'declining');
    assert.equal(up(100, 95.01), 'stable');
    assert.equal(up(100, 100), 'stable');
    // A boundary that is not exact in binary floating point still counts (0.07 → 0.0735 is +5 %).
    assert.equal(up(0.07, 0.0735), 'improving');
  });

  it('lower is better (concentration): the same moves with the verdict reversed', () => {
    assert.equal(down(2000, 2100), 'declining');
    assert.equal(down(2000, 1900), 'improving');
    assert.equal(down(2000, 2099), 'stable');
  });

  it('reports the change and the percent change (2 decimals); a negative start uses its magnitude', () => {
    assert.deepEqual(metricTrend(80, 100, 'relative', 'higher_is_better'), { direction: 'improving', movement: 'rising', polarity: 'higher_is_better', from: 80, to: 100, change: 20, change_pct: 25 });
    assert.deepEqual(metricTrend(-100, -90, 'relative', 'higher_is_better'), { direction: 'improving', movement: 'rising', polarity: 'higher_is_better', from: -100, to: -90, change: 10, change_pct: 10 });
    assert.equal(metricTrend(3, 2, 'relative', 'higher_is_better').change_pct, -33.33);
  });

  it('from zero: no percent; a rise is a move up, no change is stable', () => {
    assert.deepEqual(metricTrend(0, 5, 'relative', 'higher_is_better'), { direction: 'improving', movement: 'rising', polarity: 'higher_is_better', from: 0, to: 5, change: 5, change_pct: null });
    assert.equal(metricTrend(0, 0, 'relative', 'higher_is_better').direction, 'stable');
    assert.equal(metricTrend(0, 1, 'relative', 'lower_is_better').direction, 'declining');
  });

  it('an unknown end gives an unknown direction, never "stable"', () => {
    assert.deepEqual(metricTrend(null, 5, 'relative', 'higher_is_better'), { direction: null, movement: null, polarity: 'higher_is_better', from: null, to: 5, change: null, change_pct: null });
    assert.equal(metricTrend(5, null, 'absolute', 'lower_is_better').direction, null);
  });
});

describe('metricTrend: scores (absolute threshold 0.05, inclusive; lower risk is better)', () => {
  const risk = (from: number, to: number) => metricTrend(from, to, 'absolute', 'lower_is_better').direction;
  it('+0.05 exactly declines, +0.0499 is stable, −0.05 exactly improves, −0.0499 is stable', () => {
    assert.equal(risk(0.25, 0.3), 'declining');
    assert.equal(risk(0.25, 0.2999), 'stable');
    assert.equal(risk(0.3, 0.25), 'improving');
    assert.equal(risk(0.3, 0.2501), 'stable');
    assert.equal(risk(0, 0.05), 'declining');
  });
  it('the percent change is still reported for a score', () => {
    assert.equal(metricTrend(0.4, 0.5, 'absolute', 'lower_is_better').change_pct, 25);
    assert.equal(metricTrend(0.4, 0.5, 'absolute', 'lower_is_better').change, 0.1);
  });
});

describe('the words follow the direction of goodness, not the arithmetic', () => {
  it('a risk score rising 0.6 → 0.7 is a RISE that is declining (worsening); falling 0.7 → 0.6 is improving', () => {
    const up = metricTrend(0.6, 0.7, 'absolute', 'lower_is_better');
    assert.deepEqual([up.movement, up.direction, up.polarity, up.change], ['rising', 'declining', 'lower_is_better', 0.1]);
    const down = metricTrend(0.7, 0.6, 'absolute', 'lower_is_better');
    assert.deepEqual([down.movement, down.direction, down.change], ['falling', 'improving', -0.1]);
  });

  it('higher-is-better: a rise improves, a fall declines; under the threshold both are flat and stable', () => {
    assert.deepEqual([metricTrend(100, 120, 'relative', 'higher_is_better').movement, metricTrend(100, 120, 'relative', 'higher_is_better').direction], ['rising', 'improving']);
    assert.deepEqual([metricTrend(100, 80, 'relative', 'higher_is_better').movement, metricTrend(100, 80, 'relative', 'higher_is_better').direction], ['falling', 'declining']);
    assert.deepEqual([metricTrend(100, 104, 'relative', 'lower_is_better').movement, metricTrend(100, 104, 'relative', 'lower_is_better').direction], ['flat', 'stable']);
  });

  it('a neutral metric (a holdings count) has no direction, only a movement', () => {
    const t = metricTrend(10, 20, 'relative', 'neutral');
    assert.deepEqual([t.direction, t.movement, t.polarity, t.change_pct], [null, 'rising', 'neutral', 100]);
    assert.equal(metricTrend(20, 10, 'relative', 'neutral').movement, 'falling');
    assert.equal(metricTrend(20, 20, 'relative', 'neutral').movement, 'flat');
  });

  it('directionOf over every movement and polarity (the whole table)', () => {
    const table = [
      ['rising', 'higher_is_better', 'improving'], ['falling', 'higher_is_better', 'declining'], ['flat', 'higher_is_better', 'stable'],
      ['rising', 'lower_is_better', 'declining'], ['falling', 'lower_is_better', 'improving'], ['flat', 'lower_is_better', 'stable'],
      ['rising', 'neutral', null], ['falling', 'neutral', null], ['flat', 'neutral', null],
      [null, 'higher_is_better', null], [null, 'lower_is_better', null], [null, 'neutral', null],
    ] as const;
    for (const [movement, polarity, expected] of table) assert.equal(directionOf(movement, polarity), expected, `${movement} ${polarity}`);
  });
});

describe('overallDirection', () => {
  it('majority wins, a tie or all stable is stable, nothing known is null', () => {
    assert.equal(overallDirection(['improving', 'improving', 'declining', 'stable']), 'improving');
    assert.equal(overallDirection(['declining', 'stable', null]), 'declining');
    assert.equal(overallDirection(['improving', 'declining']), 'stable');
    assert.equal(overallDirection(['stable', 'stable']), 'stable');
    assert.equal(overallDirection([null, null]), null);
  });
});

describe('endpointsOf', () => {
  it('first and last known values; one known value has no "to"', () => {
    assert.deepEqual(endpointsOf([null, 3, null, 7, null]), { from: 3, to: 7 });
    assert.deepEqual(endpointsOf([null, 3, null]), { from: 3, to: null });
    assert.deepEqual(endpointsOf([]), { from: null, to: null });
  });
});

describe('portfolioSummary', () => {
  const series = (values: (number | null)[]) => values.map((value, i) => ({ day: `2026-01-0${i + 1}`, value }));

  it('a crafted series: peak 120, trough 60, max drawdown 120 → 60 (60 USD, 50 %) although a later fall starts higher', () => {
    // 100, 120, 90, 60, 110, 80, 100: falls from running peaks are 30, 60 (day 4), then 120 − 80 = 40.
    const s = portfolioSummary(series([100, 120, 90, 60, 110, 80, 100]));
    assert.deepEqual(s, {
      valued_points: 7,
      peak: { day: '2026-01-02', value_usd: 120 },
      trough: { day: '2026-01-04', value_usd: 60 },
      max_drawdown: { usd: 60, pct: 50, peak_day: '2026-01-02', trough_day: '2026-01-04' },
      average_value_usd: 94.29, // 660 / 7
      start: { day: '2026-01-01', value_usd: 100 },
      change_usd: 0,
      change_pct: 0,
    });
  });

  it('the drawdown is peak-to-LATER-trough: a low before the peak does not count', () => {
    const s = portfolioSummary(series([50, 200, 150, 180]));
    assert.deepEqual(s.trough, { day: '2026-01-01', value_usd: 50 });
    assert.deepEqual(s.max_drawdown, { usd: 50, pct: 25, peak_day: '2026-01-02', trough_day: '2026-01-03' });
    assert.equal(s.change_usd, 130);
    assert.equal(s.change_pct, 260);
  });

  it('a rising series has no drawdown; unknown values are skipped, not read as zero', () => {
    const s = portfolioSummary(series([null, 10, null, 20, 30]));
    assert.equal(s.valued_points, 3);
    assert.deepEqual(s.max_drawdown, { usd: 0, pct: 0, peak_day: '2026-01-02', trough_day: '2026-01-02' });
    assert.deepEqual(s.start, { day: '2026-01-02', value_usd: 10 });
    assert.equal(s.change_pct, 200);
    assert.equal(s.average_value_usd, 20);
  });

  it('a start of zero has no percent change; an all-unknown series has no statistics', () => {
    assert.equal(portfolioSummary(series([0, 10])).change_pct, null);
    assert.equal(portfolioSummary(series([0, 10])).change_usd, 10);
    assert.deepEqual(portfolioSummary(series([null, null])), {
      valued_points: 0, peak: null, trough: null, max_drawdown: null, average_value_usd: null, start: null, change_usd: null, change_pct: null,
    });
  });
});

describe('positionChanges', () => {
  it('added = held at the end only (end value), removed = held at the start only (start value)', () => {
    const start = [{ mint: 'A', value_usd: 1 }, { mint: 'B', value_usd: 2 }];
    const end = [{ mint: 'B', value_usd: 3 }, { mint: 'C', value_usd: null }];
    assert.deepEqual(positionChanges(start, end), { added: [{ mint: 'C', value_usd: null }], removed: [{ mint: 'A', value_usd: 1 }] });
    assert.deepEqual(positionChanges(end, end), { added: [], removed: [] });
  });
});

describe('metricTrend: tiny values keep their change', () => {
  it('a memecoin price change of 2.3e-9 is not rounded away', () => {
    const t = metricTrend(0.0000001, 0.0000001023, 'relative', 'higher_is_better');
    assert.equal(t.change, 2.3e-9);
    assert.equal(t.change_pct, 2.3);
    assert.equal(t.direction, 'stable');
  });
});
