import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TRENCHES_WEIGHTS } from '../../../src/analytics/discovery/thresholds.js';
import { attentionSignal, runnerLegValue, smartMoneySignal, trenchesComposite } from '../../../src/analytics/discovery/trenches.js';
import { HOUR, NOW } from './fixtures.js';

describe('trenchesComposite', () => {
  test('weights 0.45 / 0.45 / 0.10', () => {
    assert.deepEqual(TRENCHES_WEIGHTS, { runner: 0.45, smart_money: 0.45, attention: 0.1 });
    // 0.45 × 0.8 + 0.45 × 0.6 + 0.10 × 0.5 = 0.36 + 0.27 + 0.05
    const c = trenchesComposite({ runner: 0.8, smartMoney: 0.6, attention: 0.5 });
    assert.equal(c.score, 0.68);
    assert.equal(c.degraded, false);
    assert.deepEqual(c.legs_missing, []);
    assert.deepEqual(c.factors.map((f) => f.effective_weight), [0.45, 0.45, 0.1]);
    assert.equal(trenchesComposite({ runner: 1, smartMoney: 1, attention: 1 }).score, 1);
  });

  test('a missing leg renormalizes the present weights and marks the score degraded', () => {
    // No attention: (0.36 + 0.27) ÷ 0.9 = 0.7
    const noAttention = trenchesComposite({ runner: 0.8, smartMoney: 0.6, attention: null });
    assert.equal(noAttention.score, 0.7);
    assert.deepEqual(noAttention.legs_missing, ['attention']);
    assert.equal(noAttention.degraded, true);
    assert.deepEqual(noAttention.factors.map((f) => f.effective_weight), [0.5, 0.5, null]);
    // No smart money: (0.36 + 0.05) ÷ 0.55 = 0.74545…
    const noSmart = trenchesComposite({ runner: 0.8, smartMoney: null, attention: 0.5 });
    assert.equal(noSmart.score, 0.7455);
    assert.deepEqual(noSmart.factors.map((f) => f.effective_weight), [0.8182, null, 0.1818]);
    // Legs degrade independently: any two may be missing.
    assert.equal(trenchesComposite({ runner: null, smartMoney: 0.6, attention: null }).score, 0.6);
    const none = trenchesComposite({ runner: null, smartMoney: null, attention: null });
    assert.deepEqual([none.score, none.legs_missing, none.degraded], [null, ['runner', 'smart_money', 'attention'], true]);
  });

  test('a leg that ran and found nothing (0) is not a missing leg', () => {
    const c = trenchesComposite({ runner: 0.8, smartMoney: 0, attention: 0 });
    assert.equal(c.score, 0.36);
    assert.equal(c.degraded, false);
  });

  test('the runner leg is the velocity, except FADING signals nothing', () => {
    assert.equal(runnerLegValue('RUNNING', 0.7), 0.7);
    assert.equal(runnerLegValue('QUIET', 0.2), 0.2);
    assert.equal(runnerLegValue('FADING', 0.9), 0);
    // A suspected wash trade's velocity is read from washed trades: no runner evidence.
    assert.equal(runnerLegValue('RUNNING', 0.7, true), 0);
  });
});

describe('smartMoneySignal', () => {
  test('distinct buyers weighted by recency over 24 h, each at its latest buy', () => {
    const s = smartMoneySignal(
      [
        { wallet: 'A', atMs: NOW - 2 * HOUR },
        { wallet: 'A', atMs: NOW }, // A's latest: recency 1
        { wallet: 'B', atMs: NOW - 12 * HOUR }, // 0.5
        { wallet: 'C', atMs: NOW - 24 * HOUR }, // at the edge: counted, recency 0
        { wallet: 'D', atMs: NOW - 24 * HOUR - 1 }, // outside the window
      ],
      NOW,
    );
    // (1 + 0.5 + 0) ÷ 3 = 0.5
    assert.equal(s.score, 0.5);
    assert.equal(s.distinct_buyers, 3);
    assert.equal(s.latest_buy_at, new Date(NOW).toISOString());
    assert.deepEqual(s.buyers.map((b) => [b.wallet, b.age_hours, b.recency]), [['A', 0, 1], ['B', 12, 0.5], ['C', 24, 0]]);
    assert.deepEqual(s.factors.map((f) => [f.name, f.value, f.weight]), [['A', 1, 0.3333], ['B', 0.5, 0.3333], ['C', 0, 0.3333]]);
  });

  test('three fresh buyers make 1, more stay capped; none make 0; a future stamp counts as now', () => {
    const fresh = (n: number) => Array.from({ length: n }, (_, i) => ({ wallet: `W${i}`, atMs: NOW }));
    assert.equal(smartMoneySignal(fresh(3), NOW).score, 1);
    assert.equal(smartMoneySignal(fresh(5), NOW).score, 1);
    assert.equal(smartMoneySignal(fresh(1), NOW).score, 0.3333);
    assert.deepEqual([smartMoneySignal([], NOW).score, smartMoneySignal([], NOW).latest_buy_at], [0, null]);
    assert.equal(smartMoneySignal([{ wallet: 'F', atMs: NOW + HOUR }], NOW).buyers[0]!.recency, 1);
  });

  test('only buyers still holding count: an exited buyer is listed with its exit, out of the score and the factors', () => {
    const s = smartMoneySignal(
      [{ wallet: 'A', atMs: NOW }, { wallet: 'B', atMs: NOW - 12 * HOUR }, { wallet: 'C', atMs: NOW - 6 * HOUR }],
      NOW, 24, new Map([['C', NOW - 2 * HOUR]]),
    );
    // Holders A (1) and B (0.5): 1.5 ÷ 3 = 0.5; C (0.75) sold out two hours ago.
    assert.equal(s.score, 0.5);
    assert.deepEqual([s.distinct_buyers, s.holding_buyers], [3, 2]);
    assert.deepEqual(s.buyers.map((b) => [b.wallet, b.holding, b.exited_at]), [
      ['A', true, null], ['C', false, new Date(NOW - 2 * HOUR).toISOString()], ['B', true, null],
    ]);
    assert.deepEqual(s.factors.map((f) => f.name), ['A', 'B']);
    const allOut = smartMoneySignal([{ wallet: 'A', atMs: NOW - HOUR }], NOW, 24, new Map([['A', NOW]]));
    assert.deepEqual([allOut.score, allOut.distinct_buyers, allOut.holding_buyers, allOut.factors.length], [0, 1, 0, 0]);
  });

  test('a custom window (smart-money-trenches hours_back) rescales recency', () => {
    // 12 h into a 48 h window: 1 − 12 ÷ 48 = 0.75 → 0.75 ÷ 3 = 0.25
    assert.equal(smartMoneySignal([{ wallet: 'A', atMs: NOW - 12 * HOUR }], NOW, 48).score, 0.25);
    assert.equal(smartMoneySignal([{ wallet: 'A', atMs: NOW - 30 * HOUR }], NOW, 24).distinct_buyers, 0);
  });
});

describe('attentionSignal', () => {
  const stream = { rankedEntities: 10, streamCalls: 30 };
  test('calls in the window on an absolute scale: 10 calls → 1', () => {
    assert.deepEqual([0, 1, 5, 10, 25].map((calls) => attentionSignal({ calls, ...stream }).score), [0, 0.1, 0.5, 1, 1]);
    assert.deepEqual(attentionSignal({ calls: 3, ...stream }).factors, [{ name: 'calls', value: 0.3, weight: 1 }]);
  });

  test('below the minimum sample (< 10 tokens or < 30 calls in the window) the signal is 0: no evidence', () => {
    const thin = attentionSignal({ calls: 10, rankedEntities: 2, streamCalls: 12 });
    assert.deepEqual([thin.score, thin.calls, thin.sample_sufficient], [0, 10, false]);
    assert.equal(attentionSignal({ calls: 10, rankedEntities: 9, streamCalls: 300 }).score, 0);
    assert.equal(attentionSignal({ calls: 10, rankedEntities: 10, streamCalls: 29 }).score, 0);
    assert.deepEqual([attentionSignal({ calls: 10, ...stream }).score, attentionSignal({ calls: 10, ...stream }).sample_sufficient], [1, true]);
  });
});
