/**
 * Trailing yields (differences of the platform's lifetime totals over a stated span), the yield basis rule
 * and the gem score at their boundaries.
 */
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
  YIELD_ANNUALIZE_MIN_DAYS,
  type YieldInputs,
} from '../../../src/analytics/launchpad/index.js';
import { coin, DAY, feeShareCoin, HOUR, NOW, point, points, QUOTE_PRICE, standardCoin } from './fixtures.js';

/** A coin launched `ageDays` ago, 100,000 USD cap now, SOL at 200 USD. */
const inputs = (over: Partial<YieldInputs> & { ageDays?: number } = {}): YieldInputs => {
  const { ageDays = 20, ...rest } = over;
  return { created_at: NOW - ageDays * DAY, distributed_quote: 0, quote_price_usd: QUOTE_PRICE, market_cap_usd: 100_000, daily: [], ...rest };
};

describe('trailingYields: windows are differences of lifetime totals', () => {
  // 10 daily points NOW − 9 d … NOW, the total growing 0.5 SOL (100 USD) a day from 5.5 → 10 now.
  const daily = points(10, NOW, 0.5, 100_000, 100, 5.5);
  const y = trailingYields(inputs({ daily, distributed_quote: 10 }), NOW);

  test('7d: from the point exactly at the window start (at/before is inclusive), 3.5 SOL = 700 USD on 100,000 → 0.7 %, annualized 36.5', () => {
    assert.deepEqual(y['7d'], {
      window: '7d', history_days: 7, observed_from: NOW - 7 * DAY, partial: false, rewards_quote: 3.5, rewards_usd: 700,
      avg_market_cap_usd: 100_000, yield_pct: 0.7, annualized_pct: 36.5, caution: false,
    });
    assert.equal(y.basis, '7d');
    assert.equal(payoutPerDayPerUsd(y), 0.001); // 0.7 % ÷ 7 days
  });
  test('30d of a 20-day-old coin: launch-anchored (0 at launch), not partial, span = age; lifetime the same', () => {
    for (const w of [y['30d'], y.lifetime]) {
      assert.deepEqual(
        [w.history_days, w.observed_from, w.partial, w.rewards_quote, w.rewards_usd, w.yield_pct, w.annualized_pct, w.caution],
        [20, NOW - 20 * DAY, false, 10, 2_000, 2, 36.5, false], // 2 % × 365 ÷ 20
      );
    }
  });
});

describe('trailingYields: the start point', () => {
  test('launch-anchored when the coin is younger than the window: span = age, not partial, points ignored for the start', () => {
    const c = inputs({ ageDays: 3, distributed_quote: 4, daily: [point(NOW - 2 * DAY, 1)] });
    const w = trailingYields(c, NOW)['7d'];
    assert.deepEqual([w.history_days, w.observed_from, w.partial, w.rewards_quote], [3, NOW - 3 * DAY, false, 4]);
    assert.equal(w.caution, true, 'under 7 days of span');
    assert.equal(w.annualized_pct, null);
  });
  test('launched exactly at the window start: still launch-anchored (span 7 d)', () => {
    const w = trailingYields(inputs({ ageDays: 7, distributed_quote: 4, daily: [point(NOW - 7 * DAY + 1, 3)] }), NOW)['7d'];
    assert.deepEqual([w.history_days, w.observed_from, w.partial, w.rewards_quote], [7, NOW - 7 * DAY, false, 4]);
  });
  test('the LAST point at or before the window start is chosen: the span may exceed 7 d (stated, not stretched)', () => {
    const daily = [point(NOW - 8.5 * DAY, 1), point(NOW - 7.5 * DAY, 2), point(NOW - 6.5 * DAY, 3), point(NOW - DAY, 5)];
    const w = trailingYields(inputs({ daily, distributed_quote: 6 }), NOW)['7d'];
    assert.deepEqual([w.history_days, w.observed_from, w.partial, w.rewards_quote], [7.5, NOW - 7.5 * DAY, false, 4]);
    assert.equal(w.caution, false);
    assert.equal(w.yield_pct, 0.8); // 4 SOL = 800 USD on 100,000
    assert.equal(w.annualized_pct, 38.93); // 0.8 × 365 ÷ 7.5
  });
  test('after a gap in the index a point more than a day older than the window start gives way to a later one (partial)', () => {
    const w = trailingYields(inputs({ ageDays: 40, daily: [point(NOW - 20 * DAY, 0), point(NOW - 5 * DAY, 1)], distributed_quote: 2 }), NOW)['7d'];
    assert.deepEqual([w.observed_from, w.history_days, w.partial, w.rewards_quote], [NOW - 5 * DAY, 5, true, 1]);
  });
  test('the start slack: a point exactly a day older than the window start still starts it; a millisecond more does not', () => {
    const at = (ms: number) => trailingYields(inputs({ ageDays: 40, daily: [point(ms, 0), point(NOW - 5 * DAY, 1)], distributed_quote: 2 }), NOW)['7d'];
    assert.deepEqual([at(NOW - 8 * DAY).history_days, at(NOW - 8 * DAY).partial], [8, false]);
    assert.deepEqual([at(NOW - 8 * DAY - 1).history_days, at(NOW - 8 * DAY - 1).partial], [5, true]);
  });
  test('only a point long before the window start (no later one): it starts the window, and the span says how long', () => {
    const w = trailingYields(inputs({ ageDays: 40, daily: [point(NOW - 20 * DAY, 0)], distributed_quote: 2 }), NOW)['7d'];
    assert.deepEqual([w.observed_from, w.history_days, w.partial, w.rewards_quote], [NOW - 20 * DAY, 20, false, 2]);
  });
  test('only points after the window start: the earliest one, partial (and caution)', () => {
    const daily = [point(NOW - 3 * DAY, 4), point(NOW - 5 * DAY, 2)];
    const w = trailingYields(inputs({ daily, distributed_quote: 6 }), NOW)['7d'];
    assert.deepEqual([w.history_days, w.observed_from, w.partial, w.caution, w.rewards_quote], [5, NOW - 5 * DAY, true, true, 4]);
    assert.equal(w.annualized_pct, null, '5 observed days are not annualized');
  });
  test('a partial 30d window with ≥ 7 observed days is annualized', () => {
    const w = trailingYields(inputs({ ageDays: 40, daily: [point(NOW - 10 * DAY, 0)], distributed_quote: 5 }), NOW)['30d'];
    assert.deepEqual([w.partial, w.history_days, w.yield_pct, w.annualized_pct], [true, 10, 1, 36.5]);
  });
  test('points before the launch or after now never start a window', () => {
    const daily = [point(NOW - 25 * DAY, 0), point(NOW + HOUR, 9)];
    const w = trailingYields(inputs({ daily, distributed_quote: 5 }), NOW)['7d'];
    assert.deepEqual([w.observed_from, w.history_days, w.partial, w.rewards_quote, w.yield_pct], [null, 0, true, 0, null]);
  });
  test('no point to start from → null start: zero span, partial, nothing observed; lifetime still from launch', () => {
    const y = trailingYields(inputs({ ageDays: 40, distributed_quote: 5 }), NOW);
    assert.deepEqual(
      [y['7d'].observed_from, y['7d'].history_days, y['7d'].partial, y['7d'].rewards_quote, y['7d'].rewards_usd, y['7d'].yield_pct, y['7d'].annualized_pct, y['7d'].caution],
      [null, 0, true, 0, 0, null, null, true],
    );
    assert.equal(y['30d'].observed_from, null);
    assert.deepEqual([y.lifetime.observed_from, y.lifetime.history_days, y.lifetime.partial, y.lifetime.rewards_quote], [NOW - 40 * DAY, 40, false, 5]);
    assert.equal(y.basis, 'lifetime');
  });
  test('lifetime runs from the launch whatever the points say; a coin launched after now has no span', () => {
    const l = trailingYields(inputs({ ageDays: 40, daily: [point(NOW - 30 * DAY, 3)], distributed_quote: 7 }), NOW).lifetime;
    assert.deepEqual([l.observed_from, l.history_days, l.partial, l.rewards_quote], [NOW - 40 * DAY, 40, false, 7]);
    const future = trailingYields({ ...inputs({ distributed_quote: 1 }), created_at: NOW + 1 }, NOW);
    assert.deepEqual([future.lifetime.observed_from, future.lifetime.history_days, future.lifetime.yield_pct], [null, 0, null]);
    assert.equal(future['7d'].observed_from, null);
  });
  test('a total that went down (a platform correction) is clamped to 0, never negative', () => {
    const w = trailingYields(inputs({ daily: [point(NOW - 7 * DAY, 9)], distributed_quote: 5 }), NOW)['7d'];
    assert.deepEqual([w.rewards_quote, w.rewards_usd, w.yield_pct], [0, 0, 0]);
  });
});

describe('trailingYields: pricing and caps', () => {
  test('unpriced quote: rewards_quote kept, rewards_usd / yield / annualized null, no payout rate', () => {
    const y = trailingYields(inputs({ daily: points(10, NOW, 0.5, 100_000), quote_price_usd: null, distributed_quote: 4.5 }), NOW);
    assert.equal(y['7d'].rewards_quote, 3.5);
    assert.deepEqual([y['7d'].rewards_usd, y['7d'].yield_pct, y['7d'].annualized_pct], [null, null, null]);
    assert.equal(y['7d'].avg_market_cap_usd, 100_000);
    assert.equal(payoutPerDayPerUsd(y), null);
  });
  test('rewards are priced at the CURRENT quote price, not at the points\' prices', () => {
    const daily = [{ ...point(NOW - 7 * DAY, 1), quote_price_usd: 50 }];
    assert.equal(trailingYields(inputs({ daily, distributed_quote: 2, quote_price_usd: 300 }), NOW)['7d'].rewards_usd, 300);
  });
  test('average cap over the points in the span (start included) plus the current cap; null and 0 caps left out', () => {
    const daily = [
      point(NOW - 10 * DAY, 0, 999_000), // before the start point: out
      point(NOW - 7.5 * DAY, 1, 100_000), // the start point: in
      point(NOW - 5 * DAY, 1, null), // unknown: out
      point(NOW - 4 * DAY, 1, 0), // zero: out
      point(NOW - 3 * DAY, 1, 200_000),
      point(NOW + DAY, 1, 5_000_000), // after now: out
    ];
    const w = trailingYields(inputs({ daily, distributed_quote: 2, market_cap_usd: 300_000 }), NOW)['7d'];
    assert.equal(w.avg_market_cap_usd, 200_000);
    assert.equal(w.yield_pct, 0.1); // 1 SOL = 200 USD on 200,000
  });
  test('no positive cap anywhere → average and yield null', () => {
    const w = trailingYields(inputs({ daily: points(10, NOW, 0.5, null), market_cap_usd: null, distributed_quote: 4.5 }), NOW)['7d'];
    assert.deepEqual([w.avg_market_cap_usd, w.yield_pct, w.annualized_pct], [null, null, null]);
    assert.equal(w.rewards_usd, 700);
  });
});

describe('trailingYields: annualizing and the basis', () => {
  test(`annualized only from ${YIELD_ANNUALIZE_MIN_DAYS} observed days: null at 6.99 d, set at 7 d exactly`, () => {
    assert.equal(YIELD_ANNUALIZE_MIN_DAYS, 7);
    const short = trailingYields(inputs({ ageDays: 6.99, distributed_quote: 3.5 }), NOW)['7d'];
    assert.deepEqual([short.history_days, short.yield_pct, short.annualized_pct, short.caution], [6.99, 0.7, null, true]);
    const full = trailingYields(inputs({ ageDays: 7, distributed_quote: 3.5 }), NOW)['7d'];
    assert.deepEqual([full.history_days, full.yield_pct, full.annualized_pct, full.caution], [7, 0.7, 36.5, false]);
  });
  test('basis: 6.5 days of span is 7d (with caution); 6.49 days is lifetime', () => {
    const at65 = trailingYields(inputs({ ageDays: 6.5, distributed_quote: 1 }), NOW);
    assert.equal(at65['7d'].history_days, 6.5);
    assert.equal(at65.basis, '7d');
    assert.equal(at65['7d'].caution, true);
    const at649 = trailingYields(inputs({ ageDays: 6.49, distributed_quote: 1 }), NOW);
    assert.equal(at649['7d'].history_days, 6.49);
    assert.equal(at649.basis, 'lifetime');
  });
  test('basis: a 7d window with under 6.5 observed days falls to a 30d window that has them', () => {
    // 7d starts at the only (later) point, 5 d ago: partial; 30d at the launch 20 d ago.
    const y = trailingYields(inputs({ ageDays: 20, daily: [point(NOW - 5 * DAY, 1)], distributed_quote: 2 }), NOW);
    assert.deepEqual([y['7d'].history_days, y['7d'].partial, y['30d'].history_days, y['30d'].partial], [5, true, 20, false]);
    assert.equal(y.basis, '30d');
    assert.equal(payoutPerDayPerUsd(y), 0.0002); // 400 USD on 100,000 = 0.4 % over 20 days
  });
});

describe('gem components', () => {
  test('payout: full under 24 h, 48 h → 0.5, 72 h → 0, none → 0', () => {
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
  test('payout factor from last_payout_at: 48 h ago → 12.5 of 25; never paid → 0', () => {
    const payoutOf = (c: ReturnType<typeof coin>) => gemScore(c, NOW).factors.find((f) => f.name === 'payout')!.value;
    assert.equal(payoutOf(coin({ last_payout_at: NOW - 48 * HOUR })), 12.5);
    assert.equal(payoutOf(coin({ last_payout_at: null })), 0);
  });
  test('a fee-share coin scores like the fixture, with no withdraw-authority warning', () => {
    const g = gemScore(feeShareCoin(), NOW);
    assert.equal(g.gem_score, 88.33);
    assert.deepEqual(g.warnings, []);
  });
  test('a transfer-fee coin whose fees another key withdraws is warned about', () => {
    assert.deepEqual(gemScore(coin({ withdraw_authority: 'Someone' }), NOW).warnings, ['withdraw authority is not the platform distributor']);
  });
  test('already ran (+100 %) subtracts 10: 75, WATCH, with a warning', () => {
    const g = gemScore(coin({ price_change_24h_pct: 100 }), NOW);
    assert.equal(g.gem_score, 75);
    assert.equal(g.stage, 'WATCH');
    assert.match(g.warnings[0]!, /already ran/);
  });
  test('total clamps at 0; no volume is DEAD; NOT_REWARD earns no payout points', () => {
    const g = gemScore(coin({ last_payout_at: null, holders: 0, market_cap_usd: null, volume_24h_usd: 0, created_at: NOW, price_change_24h_pct: 500, quote_category: 'custom', flywheel: false }), NOW);
    assert.equal(g.gem_score, 0); // 2 (custom quote) − 10 → clamped to 0
    assert.equal(g.stage, 'DEAD');
    const n = gemScore(coin({ adopted: false }), NOW);
    assert.equal(n.factors.find((f) => f.name === 'payout')!.value, 0);
    assert.match(n.warnings.join(' '), /not a reward coin/);
    const s = gemScore(standardCoin({ last_payout_at: NOW - HOUR }), NOW);
    assert.equal(s.payout_status, 'NOT_REWARD');
    assert.equal(s.factors.find((f) => f.name === 'payout')!.value, 0);
  });
});
