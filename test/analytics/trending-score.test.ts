import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { trendingSignalScore } from '../../src/analytics/discovery/sentiment.js';
import { holderGrowthPct, TRENDING_WEIGHTS, trendingFactorValues, trendingScore } from '../../src/analytics/trending-score.js';
import { FULL_TRENDING_INPUTS as full } from './trending-inputs.js';

describe('trending factors', () => {
  test('weights sum to 1', () => {
    assert.equal(Math.round(Object.values(TRENDING_WEIGHTS).reduce((a, b) => a + b, 0) * 1e9) / 1e9, 1);
  });

  test('each factor maps its documented range onto 0–1', () => {
    const v = trendingFactorValues(full);
    assert.equal(v.volume_24h, 0.4); // log10(100k/1k) / log10(100M/1k) = 2/5
    assert.ok(Math.abs(v.liquidity! - 1 / 3) < 1e-12); // log10(100k/10k) / log10(10M/10k) = 1/3
    assert.equal(v.price_momentum, 0.6);
    assert.equal(v.buy_pressure, 0.6);
    assert.equal(v.holder_growth, 0.75);
    assert.equal(v.attention, 0.5);
  });

  test('range ends clamp: below the floor is 0, above the ceiling is 1', () => {
    const low = trendingFactorValues({ ...full, volume24hUsd: 500, liquidityUsd: 0, priceChange24hPct: -80, holderGrowthPct: -10 });
    assert.deepEqual([low.volume_24h, low.liquidity, low.price_momentum, low.holder_growth], [0, 0, 0, 0]);
    const high = trendingFactorValues({ ...full, volume24hUsd: 1e9, liquidityUsd: 1e8, priceChange24hPct: 50, holderGrowthPct: 25 });
    assert.deepEqual([high.volume_24h, high.liquidity, high.price_momentum, high.holder_growth], [1, 1, 1, 1]);
  });

  test('no trades is unknown buy pressure; no calls anywhere is a known zero attention', () => {
    const v = trendingFactorValues({ ...full, buys24h: 0, sells24h: 0, attentionCalls: 0, maxAttentionCalls: 0 });
    assert.equal(v.buy_pressure, null);
    assert.equal(v.attention, 0);
  });
});

describe('trendingScore', () => {
  test('weighted mean of all factors when complete', () => {
    const s = trendingScore(full);
    const expected = 0.25 * 0.4 + 0.15 * 0.3333 + 0.2 * 0.6 + 0.15 * 0.6 + 0.1 * 0.75 + 0.15 * 0.5;
    assert.equal(s.score, Math.round(expected * 10_000) / 10_000);
    assert.equal(s.data_complete, true);
    assert.equal(s.factors.length, 6);
  });

  test('an unknown factor is null, left out, and the rest are re-weighted (not counted as zero)', () => {
    const s = trendingScore({ ...full, holderGrowthPct: null });
    assert.equal(s.factors.find((f) => f.name === 'holder_growth')!.value, null);
    assert.deepEqual(s.unknown_factors, ['holder_growth']);
    assert.equal(s.data_complete, false);
    const known = 0.25 * 0.4 + 0.15 * 0.3333 + 0.2 * 0.6 + 0.15 * 0.6 + 0.15 * 0.5;
    assert.equal(s.score, Math.round((known / 0.9) * 10_000) / 10_000);
  });

  test('nothing known but attention: the score is the attention factor', () => {
    const s = trendingScore({ volume24hUsd: null, liquidityUsd: null, priceChange24hPct: null, buys24h: null, sells24h: null, holderGrowthPct: null, attentionCalls: 1, maxAttentionCalls: 4 });
    assert.equal(s.score, 0.25);
  });
});

describe('trendingScore: the wash penalty (the daily brief applies trending-signals\' rule)', () => {
  test('wash trading suspected: volume_24h and buy_pressure count 0, the penalty says what that took away', () => {
    const s = trendingScore(full, true);
    assert.equal(s.factors.find((f) => f.name === 'volume_24h')!.value, 0);
    assert.equal(s.factors.find((f) => f.name === 'buy_pressure')!.value, 0);
    // 0.15 × 0.3333 + 0.2 × 0.6 + 0.1 × 0.75 + 0.15 × 0.5 (volume and buy pressure 0, their weights kept).
    assert.equal(s.score, Math.round((0.15 * 0.3333 + 0.2 * 0.6 + 0.1 * 0.75 + 0.15 * 0.5) * 10_000) / 10_000);
    assert.deepEqual(s.wash_penalty?.factors, ['volume_24h', 'buy_pressure']);
    assert.equal(s.wash_penalty?.score_without_penalty, trendingScore(full).score);
    assert.ok(s.score < trendingScore(full).score);
    assert.equal(trendingScore(full).wash_penalty, null);
  });

  test('an unknown distrusted factor stays unknown (left out), not a 0', () => {
    const s = trendingScore({ ...full, buys24h: 0, sells24h: 0 }, true);
    assert.equal(s.factors.find((f) => f.name === 'buy_pressure')!.value, null);
    assert.deepEqual(s.wash_penalty?.factors, ['volume_24h']);
  });

  test('the brief and trending-signals (without whale flow) give the same score for every token, washed or not', () => {
    const cases = [
      full,
      { ...full, volume24hUsd: 5_000_000, buys24h: 900, sells24h: 100 },
      { ...full, holderGrowthPct: null, priceChange24hPct: null },
      { ...full, buys24h: 0, sells24h: 0, attentionCalls: 0 },
    ];
    for (const inputs of cases) {
      for (const wash of [false, true]) {
        const brief = trendingScore(inputs, wash);
        const signals = trendingSignalScore(inputs, undefined, wash);
        assert.equal(brief.score, signals.score, `wash ${wash}`);
        assert.deepEqual(brief.factors, signals.factors);
        assert.deepEqual(brief.wash_penalty, signals.wash_penalty);
      }
    }
  });
});

describe('holderGrowthPct', () => {
  test('oldest to newest, percent with 2 decimals', () => {
    assert.equal(holderGrowthPct([1000, 1010, 1030]), 3);
    assert.equal(holderGrowthPct([3000, 2990]), -0.33);
  });
  test('null with fewer than two counts or a zero start', () => {
    assert.equal(holderGrowthPct([]), null);
    assert.equal(holderGrowthPct([5]), null);
    assert.equal(holderGrowthPct([0, 5]), null);
  });
});
