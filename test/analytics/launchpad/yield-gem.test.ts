/** Trailing yields, the yield basis rule and the gem score at their boundaries. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  gemAgeShare,
  gemMomentumShare,
  gemPayoutShare,
  gemScore,
  gemSizeShare,
  gemStage,
  payoutPerDayPerUsd,
  trailingYields,
} from '../../../src/analytics/launchpad/index.js';
import { coin, DAY, HOUR, NOW, points } from './fixtures.js';

describe('trailingYields', () => {
  test('10 daily points of $100 on a $100,000 cap: 7d 0.7 % (annualized 36.5), 30d partial 1 % over 9 days', () => {
    const y = trailingYields(points(10, NOW, 100, 100_000), NOW);
    // 7d window keeps points strictly after now − 7 d: 7 points.
    assert.deepEqual(
      { h: y['7d'].history_days, r: y['7d'].rewards_usd, c: y['7d'].avg_market_cap_usd, y: y['7d'].yield_pct, a: y['7d'].annualized_pct, p: y['7d'].partial, k: y['7d'].caution },
      { h: 7, r: 700, c: 100_000, y: 0.7, a: 36.5, p: false, k: false },
    );
    assert.equal(y['30d'].history_days, 9);
    assert.equal(y['30d'].partial, true);
    assert.equal(y['30d'].caution, true);
    assert.equal(y['30d'].yield_pct, 1);
    assert.equal(y['30d'].annualized_pct, 40.56); // 1 × 365 ÷ 9
    assert.equal(y.lifetime.partial, false);
    assert.equal(y.lifetime.caution, false);
    assert.equal(y.basis, '7d');
    assert.equal(payoutPerDayPerUsd(y), 0.001); // 0.7 % ÷ 7 days
  });
  test('basis: 6.5 days of history is 7d (with caution); 6.49 days is lifetime', () => {
    const at65 = trailingYields(points(7, NOW - 12 * HOUR, 100, 100_000), NOW);
    assert.equal(at65['7d'].history_days, 6.5);
    assert.equal(at65.basis, '7d');
    assert.equal(at65['7d'].caution, true);
    const at649 = trailingYields(points(7, NOW - 0.49 * DAY, 100, 100_000), NOW);
    assert.equal(at649['7d'].history_days, 6.49);
    assert.equal(at649.basis, 'lifetime');
  });
  test('no market cap → yield null and no payout rate; no points → zero history', () => {
    const y = trailingYields(points(10, NOW, 100, null), NOW);
    assert.equal(y['7d'].yield_pct, null);
    assert.equal(y['7d'].annualized_pct, null);
    assert.equal(payoutPerDayPerUsd(y), null);
    const e = trailingYields([], NOW);
    assert.equal(e.lifetime.history_days, 0);
    assert.equal(e.basis, 'lifetime');
    assert.equal(e['7d'].caution, true);
  });
});

describe('gem components', () => {
  test('payout: full under 72 h fade start, 48 h → 0.5, 72 h → 0, none → 0', () => {
    assert.deepEqual([gemPayoutShare(23.99), gemPayoutShare(24), gemPayoutShare(48), gemPayoutShare(72), gemPayoutShare(null)], [1, 1, 0.5, 0, 0]);
  });
  test('size: 10k → 0, 30k → 0.5, 50k → 1, 1M → 1, 3M → 0.5, 5M → 0', () => {
    assert.deepEqual([10_000, 30_000, 50_000, 1_000_000, 3_000_000, 5_000_000].map(gemSizeShare), [0, 0.5, 1, 1, 0.5, 0]);
    assert.equal(gemSizeShare(null), 0);
  });
  test('age steps are lower-inclusive: 0.99 → 0, 1 → 0.5, 3 → 1, 13.99 → 1, 14 → 0.5, 29.99 → 0.5, 30 → 0', () => {
    assert.deepEqual([0.99, 1, 2.99, 3, 13.99, 14, 29.99, 30].map(gemAgeShare), [0, 0.5, 0.5, 1, 1, 0.5, 0.5, 0]);
  });
  test('momentum: ≤ 0 → 0, +15 → 0.5, +30 → 1, +99.99 → 1, +100 → −1 (already ran)', () => {
    assert.deepEqual([-20, 0, 15, 30, 99.99, 100, null].map(gemMomentumShare), [0, 0, 0.5, 1, 1, -1, 0]);
  });
  test('stage: 80 GEM, 79.99 WATCH, 62 WATCH, 61.99 NOISE; no 24 h volume DEAD whatever the score', () => {
    assert.deepEqual([gemStage(80, 1), gemStage(79.99, 1), gemStage(62, 1), gemStage(61.99, 1), gemStage(100, 0), gemStage(100, null)], ['GEM', 'WATCH', 'WATCH', 'NOISE', 'DEAD', 'DEAD']);
  });
});

describe('gemScore', () => {
  test('the fixture: 25 + 12 + 15 + 15 + 5 (20 days) + 3.33 (+10 %) + 10 + 3 = 88.33, GEM', () => {
    const g = gemScore(coin(), NOW);
    assert.equal(g.gem_score, 88.33);
    assert.equal(g.stage, 'GEM');
    assert.equal(g.factors.reduce((s, f) => s + f.max, 0), 100);
    assert.deepEqual(g.warnings, []);
  });
  test('already ran (+100 %) subtracts 10: 75, WATCH, with a warning', () => {
    const g = gemScore(coin({ price_change_24h_pct: 100 }), NOW);
    assert.equal(g.gem_score, 75);
    assert.equal(g.stage, 'WATCH');
    assert.match(g.warnings[0]!, /already ran/);
  });
  test('total clamps at 0; no volume is DEAD; NOT_REWARD earns no payout points', () => {
    const g = gemScore(coin({ payouts: [], holders: 0, market_cap_usd: null, volume_24h_usd: 0, created_at: NOW, price_change_24h_pct: 500, quote_category: 'custom', flywheel: false }), NOW);
    assert.equal(g.gem_score, 0); // 2 (custom quote) − 10 → clamped to 0
    assert.equal(g.stage, 'DEAD');
    const n = gemScore(coin({ adopted: false }), NOW);
    assert.equal(n.factors.find((f) => f.name === 'payout')!.value, 0);
    assert.match(n.warnings.join(' '), /not a reward coin/);
  });
});
