import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clamp, pct2, round2, round4, roundTo } from '../../src/analytics/round.js';

test('round4 removes float noise and rounds half away from zero', () => {
  assert.notEqual(0.1 + 0.2, 0.3); // the trap the helpers exist for
  assert.equal(round4(0.1 + 0.2), 0.3);
  assert.equal(round4(0.15 + 0.15 + 0.15 + 0.1 + 0.1), 0.65);
  assert.equal(round4(0.12345), 0.1235);
  assert.equal(round4(-0.12345), -0.1235);
  assert.equal(round4(0.99994999), 0.9999);
  assert.equal(round2(1.005), 1.01);
  assert.equal(round2(2.675), 2.68);
  assert.equal(roundTo(1234.5, 0), 1235);
  assert.equal(Object.is(round2(-0.001), 0), true);
  assert.ok(Number.isNaN(round2(Number.NaN)));
});

test('pct2 is null for an undefined ratio, never 0', () => {
  assert.equal(pct2(1, 3), 33.33);
  assert.equal(pct2(2, 3), 66.67);
  assert.equal(pct2(5, 0), null);
  assert.equal(pct2(5, -1), null);
  assert.equal(pct2(Number.NaN, 10), null);
  assert.equal(clamp(1.2, 0, 1), 1);
  assert.equal(clamp(-1, 0, 1), 0);
});
