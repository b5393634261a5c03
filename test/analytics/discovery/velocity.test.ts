import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runnerStage } from '../../../src/analytics/discovery/runner-stage.js';
import { VELOCITY_WEIGHTS } from '../../../src/analytics/discovery/thresholds.js';
import type { LaunchMarket } from '../../../src/analytics/discovery/types.js';
import { rankRunners, ratioScale, velocityScore } from '../../../src/analytics/discovery/velocity.js';
import { market, NOW, NULL_WINDOW, RUNNING_WINDOWS, win } from './fixtures.js';

const factor = (m: LaunchMarket, name: string) => velocityScore(m).factors.find((f) => f.name === name)!.value;

describe('velocity score', () => {
  test('weights sum to 1', () => {
    assert.equal(Object.values(VELOCITY_WEIGHTS).reduce((a, b) => a + b, 0), 1);
  });

  test('ratio scale: ≤ 1 → 0, 3 → 1, linear between, capped', () => {
    assert.deepEqual([ratioScale(0.5), ratioScale(1), ratioScale(1.5), ratioScale(2), ratioScale(3), ratioScale(10)], [0, 0, 0.25, 0.5, 1, 1]);
  });

  test('the running market, by hand', () => {
    // acceleration: a1 = a2 = 3 → 1. buy pressure: (0.7 + 0.6) ÷ 2 = 0.65. turnover: 6,000 ÷ 50,000 = 0.12.
    // trade growth: (100 ÷ 5) ÷ (500 ÷ 60) = 2.4 → (2.4 − 1) ÷ 2 = 0.7.
    // 0.35 × 1 + 0.30 × 0.65 + 0.15 × 0.12 + 0.20 × 0.7 = 0.703
    const v = velocityScore(market({ windows: RUNNING_WINDOWS }));
    assert.equal(v.score, 0.703);
    assert.deepEqual(
      v.factors.map((f) => [f.name, f.value, f.weight]),
      [['acceleration', 1, 0.35], ['buy_pressure', 0.65, 0.3], ['turnover', 0.12, 0.15], ['trade_growth', 0.7, 0.2]],
    );
    assert.deepEqual(v.unknown_factors, []);
  });

  test('the flat market: only buy pressure (0.5) and turnover (1,200 ÷ 50,000) count', () => {
    // 0.30 × 0.5 + 0.15 × 0.024 = 0.1536
    assert.equal(velocityScore(market()).score, 0.1536);
  });

  test('turnover caps at 1 (the pool traded once an hour); unknown inputs count 0 and are listed', () => {
    assert.equal(factor(market({ liquidityUsd: 1_000 }), 'turnover'), 1);
    const v = velocityScore(market({ liquidityUsd: null, windows: { m5: NULL_WINDOW, h1: NULL_WINDOW } }));
    assert.deepEqual(v.unknown_factors, ['acceleration', 'buy_pressure', 'turnover', 'trade_growth']);
    assert.equal(v.score, 0);
    // One buy share known: it alone is the buy pressure.
    assert.equal(factor(market({ windows: { m5: win(100, null, null) , h1: win(1_200, 90, 30) } }), 'buy_pressure'), 0.75);
  });

  test('at equal volume a higher buy share always scores and ranks higher (85 % never below 43 %)', () => {
    const equal = (share: number, mint: string) => {
      const w = (volume: number, trades: number) => win(volume, Math.round(trades * share), trades - Math.round(trades * share));
      return market({ mint, windows: { m5: w(1_500, 100), h1: w(6_000, 1_000), h6: w(12_000, 4_000), h24: w(14_400, 8_000) } });
    };
    const entry = (m: LaunchMarket) => {
      const v = velocityScore(m);
      return { mint: m.mint, stage: runnerStage(m, undefined, NOW).stage, velocity: v.score, buy_pressure: v.factors[1]!.value };
    };
    const buyers = entry(equal(0.85, 'Zbuyers'));
    const sellers = entry(equal(0.43, 'Asellers')); // its mint sorts first: must not matter
    assert.equal(buyers.stage, 'RUNNING');
    assert.equal(sellers.stage, 'FADING');
    assert.ok(buyers.velocity > sellers.velocity);
    assert.deepEqual(rankRunners([sellers, buyers]).map((e) => e.mint), ['Zbuyers', 'Asellers']);

    // Every pair of buy shares 0.30 … 0.90 in steps of 0.01 at equal volume: the higher share ranks first.
    const shares = Array.from({ length: 61 }, (_, i) => 0.3 + i / 100);
    // Mints sort the LOWER share first, so only the score can put the higher share ahead.
    const entries = shares.map((s, i) => entry(equal(s, `M${String(i).padStart(3, '0')}`)));
    const ranked = rankRunners(entries).map((e) => e.mint);
    assert.deepEqual(ranked, [...entries].reverse().map((e) => e.mint));
    for (let i = 1; i < entries.length; i++) assert.ok(entries[i]!.velocity > entries[i - 1]!.velocity, `share ${shares[i]} not above ${shares[i - 1]}`);
  });
});

describe('rankRunners', () => {
  test('stage priority RUNNING > IGNITING > PARABOLIC_LATE > QUIET > FADING, then velocity, then mint', () => {
    const ranked = rankRunners([
      { mint: 'f', stage: 'FADING' as const, velocity: 0.99 },
      { mint: 'q', stage: 'QUIET' as const, velocity: 0.9 },
      { mint: 'p', stage: 'PARABOLIC_LATE' as const, velocity: 0.8 },
      { mint: 'i2', stage: 'IGNITING' as const, velocity: 0.5 },
      { mint: 'i1', stage: 'IGNITING' as const, velocity: 0.6 },
      { mint: 'rb', stage: 'RUNNING' as const, velocity: 0.4 },
      { mint: 'ra', stage: 'RUNNING' as const, velocity: 0.4 },
    ]);
    assert.deepEqual(ranked.map((e) => e.mint), ['ra', 'rb', 'i1', 'i2', 'p', 'q', 'f']);
  });

  test('a suspected wash trade ranks after every unwashed token, whatever its stage and velocity (no runner signal)', () => {
    const ranked = rankRunners([
      { mint: 'w', stage: 'RUNNING' as const, velocity: 0.95, wash_trade_suspected: true },
      { mint: 'f', stage: 'FADING' as const, velocity: 0.1 },
      { mint: 'wq', stage: 'QUIET' as const, velocity: 0.9, wash_trade_suspected: true },
      { mint: 'q', stage: 'QUIET' as const, velocity: 0.2, wash_trade_suspected: false },
      { mint: 'i', stage: 'IGNITING' as const, velocity: 0.3 },
    ]);
    assert.deepEqual(ranked.map((e) => e.mint), ['i', 'q', 'f', 'w', 'wq']);
  });

  test('equal velocity: the higher buy pressure first, whatever the mint', () => {
    const ranked = rankRunners([
      { mint: 'a', stage: 'QUIET' as const, velocity: 0.3, buy_pressure: 0.43 },
      { mint: 'b', stage: 'QUIET' as const, velocity: 0.3, buy_pressure: 0.85 },
      { mint: 'c', stage: 'QUIET' as const, velocity: 0.3 },
    ]);
    assert.deepEqual(ranked.map((e) => e.mint), ['b', 'a', 'c']);
  });
});
