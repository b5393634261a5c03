import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { perpsWalletAlerts } from '../../../src/analytics/perps/index.js';
import { view } from './builders.js';

const kinds = (alerts: ReturnType<typeof perpsWalletAlerts>) => alerts.map((a) => [a.kind, a.position_key, a.severity]);

describe('perpsWalletAlerts: positions added and closed', () => {
  it('by venue + address; severity by share of total notional (≥ 50 high, ≥ 10 medium)', () => {
    const p1 = view({ address: 'p1', size_usd: 60_000 });
    const p2 = view({ address: 'p2', size_usd: 40_000 });
    const p3 = view({ address: 'p3', size_usd: 10_000 });
    // Added p3: 10,000 of 70,000 = 14.3 % (medium); closed p2: 40,000 of 100,000 = 40 % (medium).
    assert.deepEqual(kinds(perpsWalletAlerts([p1, p2], [p1, p3])), [['perp_position_added', 'A:p3', 'medium'], ['perp_position_closed', 'A:p2', 'medium']]);
    // Same address on another venue is another position.
    assert.deepEqual(kinds(perpsWalletAlerts([p1], [view({ venue: 'B', address: 'p1', size_usd: 5_000 }), view({ address: 'p1', size_usd: 95_000 })])), [['perp_position_added', 'B:p1', 'low']]);
    assert.deepEqual(kinds(perpsWalletAlerts([], [p1])), [['perp_position_added', 'A:p1', 'high']]);
  });
  it('no baseline: nothing added, closed or swung', () => {
    assert.deepEqual(perpsWalletAlerts(null, [view({ address: 'p1' })]), []);
  });
});

describe('perpsWalletAlerts: perp_at_risk (leverage > max, PnL ≤ −50 %)', () => {
  const at = (o: Parameters<typeof view>[0], criteria = {}) => kinds(perpsWalletAlerts(null, [view({ address: 'p', ...o })], criteria));
  it('edges and severity', () => {
    assert.deepEqual(at({ leverage: 10 }), []);
    assert.deepEqual(at({ leverage: 10.01 }), [['perp_at_risk', 'A:p', 'medium']]);
    assert.deepEqual(at({ leverage: 20 }), [['perp_at_risk', 'A:p', 'high']]);
    assert.deepEqual(at({ pnl_pct: -49.99 }), []);
    assert.deepEqual(at({ pnl_pct: -50 }), [['perp_at_risk', 'A:p', 'medium']]);
    assert.deepEqual(at({ pnl_pct: -75 }), [['perp_at_risk', 'A:p', 'high']]);
    assert.deepEqual(at({ leverage: 6 }, { perp_max_leverage: 5 }), [['perp_at_risk', 'A:p', 'medium']]);
    assert.deepEqual(at({ leverage: 50, pnl_pct: null }, { perp_max_leverage: 100 }), []);
  });
  it('reported when it starts, not again while it lasts', () => {
    const risky = view({ address: 'p', leverage: 12 });
    assert.deepEqual(perpsWalletAlerts([risky], [risky]), []);
    const alerts = perpsWalletAlerts([view({ address: 'p', leverage: 9 })], [risky]);
    assert.deepEqual(kinds(alerts), [['perp_at_risk', 'A:p', 'medium']]);
    assert.equal(alerts[0]!.message, 'long SOL on venue A (10000 USD) at risk: leverage 12× > 10×.');
  });
});

describe('perpsWalletAlerts: liquidation_approaching (buffer < 15)', () => {
  const at = (buffer: number | null, criteria = {}) => kinds(perpsWalletAlerts(null, [view({ address: 'p', collateral_buffer_pct: buffer })], criteria));
  it('edges and severity: high below a third of the threshold, medium below two thirds', () => {
    assert.deepEqual(at(15), []);
    assert.deepEqual(at(14.99), [['liquidation_approaching', 'A:p', 'low']]);
    assert.deepEqual(at(10), [['liquidation_approaching', 'A:p', 'low']]);
    assert.deepEqual(at(9.99), [['liquidation_approaching', 'A:p', 'medium']]);
    assert.deepEqual(at(4.99), [['liquidation_approaching', 'A:p', 'high']]);
    assert.deepEqual(at(null), []);
    assert.deepEqual(at(20, { perp_liquidation_buffer_pct: 30 }), [['liquidation_approaching', 'A:p', 'low']]);
    assert.deepEqual(at(19.99, { perp_liquidation_buffer_pct: 30 }), [['liquidation_approaching', 'A:p', 'medium']]);
  });
  it('not repeated while the buffer stays below', () => {
    assert.deepEqual(perpsWalletAlerts([view({ address: 'p', collateral_buffer_pct: 12 })], [view({ address: 'p', collateral_buffer_pct: 3 })]), []);
  });
});

describe('perpsWalletAlerts: pnl_swing (≥ 25 points, same position)', () => {
  const swing = (from: number | null, to: number | null, criteria = {}) =>
    kinds(perpsWalletAlerts([view({ address: 'p', pnl_pct: from })], [view({ address: 'p', pnl_pct: to })], criteria));
  it('edges and severity (multiples of the threshold)', () => {
    assert.deepEqual(swing(10, -15), [['pnl_swing', 'A:p', 'low']]);
    assert.deepEqual(swing(10, -14.99), []);
    assert.deepEqual(swing(0, 50), [['pnl_swing', 'A:p', 'medium']]);
    assert.deepEqual(swing(0, 75), [['pnl_swing', 'A:p', 'high']]);
    assert.deepEqual(swing(null, 80), []);
    assert.deepEqual(swing(5, 5, { perp_min_pnl_swing_pts: 0 }), []);
    assert.deepEqual(swing(0, 30, { perp_min_pnl_swing_pts: 0 }), [['pnl_swing', 'A:p', 'low']]); // 30 / 25 (default yardstick)
  });
  it('data and message', () => {
    const [a] = perpsWalletAlerts([view({ address: 'p', pnl_pct: 10 })], [view({ address: 'p', pnl_pct: -15 })]);
    assert.deepEqual(a!.data, { venue: 'A', address: 'p', asset: 'SOL', side: 'long', size_usd: 10_000, from_pnl_pct: 10, to_pnl_pct: -15, swing_pts: -25, threshold_pts: 25 });
    assert.equal(a!.message, 'long SOL on venue A (10000 USD): PnL fell 25 points (10 % → -15 %; threshold 25).');
  });
});
