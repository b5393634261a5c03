import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { attentionDirection, attentionMomentum, divergenceClass, rankAttention } from '../../../src/analytics/discovery/attention-momentum.js';

const am = (counts: [number, number, number], priceChangePct: number | null = 0) => attentionMomentum({ counts, priceChangePct });

describe('attention acceleration', () => {
  test('((w3 − w2) − (w2 − w1)) ÷ mean, scale-free', () => {
    assert.equal(am([1, 2, 6]).acceleration, 1); // (4 − 1) ÷ 3
    assert.equal(am([10, 20, 60]).acceleration, 1); // (40 − 10) ÷ 30
    assert.equal(am([4, 4, 4]).acceleration, 0);
    assert.equal(am([2, 4, 6]).acceleration, 0); // steady growth: no acceleration
    assert.equal(am([8, 4, 2]).acceleration, 0.4286); // (−2 + 4) ÷ 4.667: a slowing decline
    assert.equal(am([0, 0, 1]).acceleration, 3); // the maximum
    assert.equal(am([0, 1, 0]).acceleration, -6); // the minimum
    assert.equal(am([0, 0, 0]).acceleration, null);
    assert.deepEqual(am([1, 2, 6]).changes, [1, 4]);
  });

  test('trend: rising at w3 ≥ 1.5 × w2, falling at 1.5 × w3 ≤ w2, inactive when the last two are 0', () => {
    assert.equal(attentionDirection(4, 6), 'rising');
    assert.equal(attentionDirection(4, 5), 'steady');
    assert.equal(attentionDirection(0, 1), 'rising');
    assert.equal(attentionDirection(6, 4), 'falling');
    assert.equal(attentionDirection(6, 5), 'steady');
    assert.equal(attentionDirection(1, 0), 'falling');
    assert.equal(attentionDirection(0, 0), 'inactive');
    assert.equal(am([5, 0, 0]).trend, 'inactive');
  });

  test('sample_quality: low below 10 calls in the three windows', () => {
    assert.equal(am([1, 2, 6]).sample_quality, 'low');
    assert.equal(am([1, 3, 6]).sample_quality, 'ok');
    assert.equal(am([1, 3, 6]).total_calls, 10);
  });
});

describe('divergence classes', () => {
  test('rising attention: ≥ +5 % confirmed, (−20, +5) early, ≤ −20 % distribution risk', () => {
    assert.equal(divergenceClass('rising', 5).divergence, 'confirmed_momentum');
    assert.equal(divergenceClass('rising', 4.99).divergence, 'early_signal');
    assert.equal(divergenceClass('rising', 0).divergence, 'early_signal');
    assert.equal(divergenceClass('rising', -19.99).divergence, 'early_signal');
    assert.equal(divergenceClass('rising', -20).divergence, 'distribution_risk');
  });

  test('falling attention: ≥ +5 % distribution risk, below it fading', () => {
    assert.equal(divergenceClass('falling', 5).divergence, 'distribution_risk');
    assert.equal(divergenceClass('falling', 4.99).divergence, 'fading');
    assert.equal(divergenceClass('falling', -30).divergence, 'fading');
  });

  test('steady or inactive attention, or an unknown price: no class, with the reason', () => {
    assert.equal(divergenceClass('steady', 50).divergence, null);
    assert.equal(divergenceClass('inactive', 50).divergence, null);
    const unknown = am([2, 4, 8], null);
    assert.deepEqual([unknown.divergence, unknown.divergence_reason], [null, 'attention rising but the price change is unknown']);
    assert.equal(am([2, 4, 8], 12).divergence, 'confirmed_momentum');
  });

  test('a low sample (< 10 calls in the three windows) has no class: a few calls are not a signal', () => {
    // A caller's own three calls out of nowhere, into a falling price: rising attention, but no signal.
    const own = am([0, 0, 3], -35.15);
    assert.deepEqual([own.trend, own.sample_quality, own.divergence], ['rising', 'low', null]);
    assert.equal(own.divergence_reason, 'insufficient sample: 3 call(s) across the three windows (< 10): no divergence class');
    assert.equal(am([1, 2, 6], 12).divergence, null); // 9 calls
    assert.equal(am([1, 3, 6], 12).divergence, 'confirmed_momentum'); // 10 calls: the edge is a sample
  });
});

describe('rankAttention', () => {
  test('ok samples first, then acceleration (null last), then the latest count, then entity', () => {
    const e = (entity: string, counts: [number, number, number]) => ({ entity, momentum: am(counts) });
    const ranked = rankAttention([
      e('lonely', [0, 0, 1]), // acceleration 3 but a low sample
      e('flat', [10, 10, 10]), // 0
      e('surge', [10, 20, 60]), // 1
      e('surge-b', [5, 10, 30]), // 1, smaller latest window
      e('dead', [0, 0, 0]), // null
      e('slow', [2, 2, 2]), // low sample, 0
    ]);
    assert.deepEqual(ranked.map((x) => x.entity), ['surge', 'surge-b', 'flat', 'lonely', 'slow', 'dead']);
  });
});
