/**
 * launchpad-yield's coin facts — payout count, holders and age — are the same figures the screener (and so
 * launchpad-gems) shows for the same coin at the same moment: one age rule (days since launch, rounded half
 * away from zero to 2 decimals), the platform's own holder and payout counts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coinYield } from '../../src/endpoints/launchpad/shared/coin-yield.js';
import { coinRowBase } from '../../src/endpoints/launchpad/shared/coin-rows.js';
import { coin, DAY, NOW } from '../analytics/launchpad/fixtures.js';

test('payout_count, holders and age_days: the coin\'s own figures, equal to the screener row\'s', () => {
  const c = coin({ created_at: NOW - 20 * DAY, holders: 1_850, payout_count: 117 });
  const y = coinYield(c, [], 'index', new Date(NOW)).data;
  assert.deepEqual([y.payout_count, y.holders, y.age_days], [117, 1_850, 20]);
  const row = coinRowBase(c, NOW);
  assert.deepEqual([y.holders, y.age_days], [row.holders, row.age_days]);
});

test('an age on a half-hundredth rounds the same way in both (1.005 days → 1.01, not 1.00 from float noise)', () => {
  // 1.005 days: (now − created) ÷ DAY × 100 is 100.49999999999999 in floating point.
  const c = coin({ created_at: NOW - 1.005 * DAY });
  const y = coinYield(c, [], 'index', new Date(NOW)).data;
  assert.equal(y.age_days, 1.01);
  assert.equal(y.age_days, coinRowBase(c, NOW).age_days);
});

test('holders unknown to the platform stay null (never 0)', () => {
  const y = coinYield(coin({ holders: null }), [], 'index', new Date(NOW)).data;
  assert.equal(y.holders, null);
});
