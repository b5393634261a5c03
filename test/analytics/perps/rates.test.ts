import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { borrowAprAt, fundingAprPct, hourlyCostUsd } from '../../../src/analytics/perps/index.js';
import { round4 } from '../../../src/analytics/round.js';

describe('borrowAprAt: piecewise-linear over the utilization curve', () => {
  const curve = { points: [{ utilizationPct: 0, aprPct: 0 }, { utilizationPct: 80, aprPct: 20 }, { utilizationPct: 100, aprPct: 100 }] };

  it('interpolates inside each segment and hits the points exactly', () => {
    assert.equal(borrowAprAt(curve, 0), 0);
    assert.equal(borrowAprAt(curve, 40), 10);
    assert.equal(borrowAprAt(curve, 80), 20);
    assert.equal(borrowAprAt(curve, 90), 60); // 20 + (10 / 20) × 80
    assert.equal(borrowAprAt(curve, 100), 100);
  });

  it('clamps utilization to 0–100', () => {
    assert.equal(borrowAprAt(curve, -5), 0);
    assert.equal(borrowAprAt(curve, 150), 100);
  });

  it('sorts the points first, holds the end value outside the curve, takes the lower side of a step', () => {
    assert.equal(borrowAprAt({ points: [...curve.points].reverse() }, 90), 60);
    assert.equal(borrowAprAt({ points: [{ utilizationPct: 10, aprPct: 5 }, { utilizationPct: 90, aprPct: 45 }] }, 0), 5);
    assert.equal(borrowAprAt({ points: [{ utilizationPct: 10, aprPct: 5 }, { utilizationPct: 90, aprPct: 45 }] }, 95), 45);
    const step = { points: [{ utilizationPct: 0, aprPct: 0 }, { utilizationPct: 50, aprPct: 10 }, { utilizationPct: 50, aprPct: 40 }, { utilizationPct: 100, aprPct: 100 }] };
    assert.equal(borrowAprAt(step, 50), 10);
    assert.equal(borrowAprAt(step, 75), 70); // 40 + (25 / 50) × 60
  });

  it('a single point is a flat rate; no point is an error', () => {
    assert.equal(borrowAprAt({ points: [{ utilizationPct: 0, aprPct: 7 }] }, 60), 7);
    assert.throws(() => borrowAprAt({ points: [] }, 50), RangeError);
  });
});

describe('fundingAprPct and hourlyCostUsd', () => {
  it('funding APR = hourly × 8760 × 100, sign kept', () => {
    assert.equal(round4(fundingAprPct(0.0000125)), 10.95);
    assert.equal(round4(fundingAprPct(-0.00001)), -8.76);
    assert.equal(fundingAprPct(0), 0);
  });
  it('hourly cost = size × APR / 100 / 8760', () => {
    assert.equal(hourlyCostUsd(87_600, 10), 1);
    assert.equal(round4(hourlyCostUsd(10_000, 8.76)), 0.1);
    assert.equal(hourlyCostUsd(10_000, 0), 0);
  });
});
