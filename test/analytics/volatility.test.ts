import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateVolatility, volatilityLevel } from '../../src/analytics/volatility.js';

test('level boundaries: LOW < 3 ≤ MODERATE < 8 ≤ HIGH ≤ 15 < EXTREME', () => {
  const cases: [number, string][] = [
    [0, 'LOW'], [2.99, 'LOW'], [3, 'MODERATE'], [7.99, 'MODERATE'], [8, 'HIGH'], [15, 'HIGH'], [15.01, 'EXTREME'], [80, 'EXTREME'],
  ];
  for (const [v, level] of cases) assert.equal(volatilityLevel(v), level, String(v));
  assert.equal(volatilityLevel(null), 'UNKNOWN');
  assert.equal(volatilityLevel(Number.NaN), 'UNKNOWN');
});

test('formula on hand-computed inputs', () => {
  // 24h change only: σ_h = 6/√24; daily = σ_h·√24 = 6.
  assert.equal(estimateVolatility({ change_24h_pct: 6 }).daily_std_pct, 6);
  assert.equal(estimateVolatility({ change_24h_pct: -6 }).daily_std_pct, 6);
  // 1h change only: daily = |c|·√24 = 2·4.898979 = 9.797959 → 9.8.
  const one = estimateVolatility({ change_1h_pct: 2 });
  assert.equal(one.daily_std_pct, 9.8);
  assert.equal(one.level, 'HIGH');
  // All three: σ̂ = 1, 3/√6, 6/√24 → squares 1, 1.5, 1.5 → mean 4/3 → σ_h = 1.154701 → daily 5.656854.
  const all = estimateVolatility({ change_1h_pct: 1, change_6h_pct: -3, change_24h_pct: 6 });
  assert.equal(all.daily_std_pct, 5.66);
  assert.equal(all.level, 'MODERATE');
  assert.deepEqual(all.estimates_used.map((e) => [e.window, e.hourly_sigma_pct]), [['1h', 1], ['6h', 1.2247], ['24h', 1.2247]]);
  // 6h change only: daily = |c|·√(24/6) = 2|c|.
  assert.equal(estimateVolatility({ change_6h_pct: 7.5 }).daily_std_pct, 15);
  assert.equal(estimateVolatility({ change_6h_pct: 7.5 }).level, 'HIGH');
  assert.equal(estimateVolatility({ change_6h_pct: 7.505 }).level, 'EXTREME'); // 15.01
  assert.equal(estimateVolatility({ change_24h_pct: 2.99 }).level, 'LOW');
  assert.equal(estimateVolatility({ change_24h_pct: 3 }).level, 'MODERATE');
  assert.equal(estimateVolatility({ change_24h_pct: 8 }).level, 'HIGH');
  assert.equal(estimateVolatility({ change_24h_pct: 0 }).level, 'LOW');
});

test('missing changes are skipped; none available is UNKNOWN, never LOW', () => {
  const r = estimateVolatility({ change_1h_pct: null, change_6h_pct: Number.NaN, change_24h_pct: 6 });
  assert.equal(r.daily_std_pct, 6);
  assert.equal(r.estimates_used.length, 1);
  const none = estimateVolatility({});
  assert.equal(none.daily_std_pct, null);
  assert.equal(none.level, 'UNKNOWN');
  assert.equal(estimateVolatility({ change_1h_pct: null, change_6h_pct: null, change_24h_pct: null }).level, 'UNKNOWN');
});
