import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classifyByAge, directionalBias, poolTraderProfile, weightedMedianAgeHours } from '../../../src/analytics/perps/index.js';
import { view } from './builders.js';

describe('poolTraderProfile', () => {
  const positions = [
    view({ venue: 'B', address: 'b1', asset: 'SOL', side: 'long', size_usd: 60_000, collateral_usd: 10_000, position_age_hours: 200, unrealized_pnl_usd: 100 }),
    view({ venue: 'A', address: 'a1', asset: 'SOL', side: 'long', size_usd: 100_000, collateral_usd: 10_000, position_age_hours: 2, unrealized_pnl_usd: 500 }),
    view({ venue: 'A', address: 'a2', asset: 'BTC', side: 'short', size_usd: 50_000, collateral_usd: 5_000, position_age_hours: 10, unrealized_pnl_usd: -200 }),
  ];

  it('per venue, totals, classification, bias, multi-venue', () => {
    const p = poolTraderProfile(positions);
    assert.deepEqual(p.positions.map((v) => v.address), ['a2', 'a1', 'b1']); // venue, asset, side, address
    assert.deepEqual(p.by_venue, {
      A: { positions: 2, notional_usd: 150_000, collateral_usd: 15_000, unrealized_pnl_usd: 300 },
      B: { positions: 1, notional_usd: 60_000, collateral_usd: 10_000, unrealized_pnl_usd: 100 },
    });
    // Long 160,000 of 210,000 = 76.19 %; leverage 210,000 / 25,000 = 8.4; PnL 400 / 25,000 = 1.6 %.
    assert.deepEqual(p.totals, {
      positions: 3,
      notional_usd: 210_000,
      collateral_usd: 25_000,
      unrealized_pnl_usd: 400,
      long_notional_usd: 160_000,
      short_notional_usd: 50_000,
      long_pct: 76.19,
      leverage: 8.4,
      pnl_pct: 1.6,
    });
    // Ages by size: 2 h (100k), 10 h (50k), 200 h (60k); half of 210k is 105k, reached at 10 h.
    assert.equal(p.weighted_median_age_hours, 10);
    assert.equal(p.classification, 'swing');
    assert.equal(p.directional_bias, 'long');
    assert.equal(p.multi_venue, true);
    assert.deepEqual(p.risk_flags, ['multi_venue']);
  });

  it('a venue PnL with an unknown position is null, and so is the total; `losing` then cannot be said', () => {
    const p = poolTraderProfile([...positions.slice(1), view({ venue: 'B', address: 'b1', size_usd: 60_000, unrealized_pnl_usd: null, pnl_pct: null })]);
    assert.equal(p.by_venue.B.unrealized_pnl_usd, null);
    assert.equal(p.by_venue.A.unrealized_pnl_usd, 300);
    assert.equal(p.totals.unrealized_pnl_usd, null);
    assert.equal(p.totals.pnl_pct, null);
  });

  it('profile risk flags: any position high_leverage / near_liquidation, total PnL < 0, multi_venue', () => {
    const p = poolTraderProfile([
      view({ address: 'x', risk_flags: ['high_leverage'], unrealized_pnl_usd: -1 }),
      view({ address: 'y', risk_flags: ['near_liquidation'], unrealized_pnl_usd: 0 }),
    ]);
    assert.deepEqual(p.risk_flags, ['high_leverage', 'near_liquidation', 'losing']);
    assert.equal(p.multi_venue, false);
  });

  it('no positions: null classification and bias, zero venues', () => {
    const p = poolTraderProfile([]);
    assert.equal(p.classification, null);
    assert.equal(p.directional_bias, null);
    assert.equal(p.multi_venue, false);
    assert.deepEqual(p.by_venue.A, { positions: 0, notional_usd: 0, collateral_usd: 0, unrealized_pnl_usd: 0 });
    assert.equal(p.totals.leverage, null);
    assert.deepEqual(p.risk_flags, []);
  });
});

describe('classification boundaries', () => {
  it('scalper < 4 h ≤ swing < 168 h ≤ position', () => {
    assert.equal(classifyByAge(3.99).classification, 'scalper');
    assert.equal(classifyByAge(4).classification, 'swing');
    assert.equal(classifyByAge(167.99).classification, 'swing');
    assert.equal(classifyByAge(168).classification, 'position');
    assert.equal(classifyByAge(null).classification, null);
  });
  it('the weighted median is the first age whose cumulative size reaches half (exact half → the lower age)', () => {
    assert.equal(weightedMedianAgeHours([{ position_age_hours: 5, size_usd: 50 }, { position_age_hours: 1, size_usd: 50 }]), 1);
    assert.equal(weightedMedianAgeHours([{ position_age_hours: 1, size_usd: 49 }, { position_age_hours: 5, size_usd: 51 }]), 5);
    assert.equal(weightedMedianAgeHours([]), null);
  });
});

describe('directionalBias: long ≥ 60 %, short ≤ 40 %, else neutral', () => {
  it('boundaries', () => {
    assert.equal(directionalBias(60, 40).bias, 'long');
    assert.equal(directionalBias(5_999, 4_001).bias, 'neutral');
    assert.equal(directionalBias(40, 60).bias, 'short');
    assert.equal(directionalBias(4_001, 5_999).bias, 'neutral');
    assert.deepEqual(directionalBias(0, 0), { bias: null, long_notional_usd: 0, short_notional_usd: 0, long_pct: null, reason: 'no open notional' });
  });
});
