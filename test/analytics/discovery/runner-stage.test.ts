/** The SHARED STAGE RULES on crafted windows, every boundary on both sides. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runnerStage, washTrade } from '../../../src/analytics/discovery/runner-stage.js';
import type { LaunchMarket } from '../../../src/analytics/discovery/types.js';
import { windowMetrics } from '../../../src/analytics/discovery/windows.js';
import { HOUR, market, MIN, NOW, NULL_WINDOW, RUNNING_WINDOWS, win } from './fixtures.js';

const stageOf = (m: LaunchMarket, prior?: Parameters<typeof runnerStage>[1]) => runnerStage(m, prior, NOW).stage;

// Flat $20/min market; m5 volume v gives a1 = (v ÷ 5) ÷ 20.
const m5 = (volume: number, buys: number, sells: number, change = 0) => win(volume, buys, sells, change);

describe('RUNNING and IGNITING', () => {
  test('a1 ≥ 1.5 and a2 ≥ 1.5 with buy share m5 ≥ 0.55 is RUNNING, with the numbers in the reasons', () => {
    const r = runnerStage(market({ windows: RUNNING_WINDOWS }), undefined, NOW);
    assert.equal(r.stage, 'RUNNING');
    assert.deepEqual(r.accelerations, { a1: 3, a2: 3, a3: 3.3333 });
    assert.deepEqual(r.buy_pressure, { m5: 0.7, h1: 0.6 });
    assert.equal(r.rug, false);
    assert.match(r.reasons.join(' '), /a1 \(rate 5 min ÷ 1 h\) 3, a2 \(rate 1 h ÷ 6 h\) 3/);
    assert.match(r.reasons.join(' '), /buy share 0\.7 over 5 min \(≥ 0\.55\)/);
  });

  test('boundaries: exactly 1.5 and exactly 0.55 are in; 1.4999 and 0.5499 are out', () => {
    // a1 = (150 ÷ 5) ÷ 20 = 1.5; a2 = 20 ÷ (4,800 ÷ 360) = 1.5.
    const h6 = win(4_800, 240, 240);
    assert.equal(stageOf(market({ windows: { m5: m5(150, 55, 45), h6 } })), 'RUNNING');
    assert.equal(stageOf(market({ windows: { m5: m5(150, 5_499, 4_501), h6 } })), 'QUIET'); // buy share 0.5499
    assert.equal(stageOf(market({ windows: { m5: m5(149.99, 55, 45), h6 } })), 'IGNITING'); // a1 1.4999: one window only
  });

  test('exactly one of a1, a2 ≥ 1.5 with buyers in control is IGNITING (either window)', () => {
    assert.equal(stageOf(market({ windows: { m5: m5(150, 55, 45) } })), 'IGNITING'); // a1 1.5, a2 1
    assert.equal(stageOf(market({ windows: { h6: win(4_800, 240, 240) } })), 'QUIET'); // a2 1.5 but m5 buy share 0.5
    assert.equal(stageOf(market({ windows: { m5: m5(100, 60, 40), h6: win(4_800, 240, 240) } })), 'IGNITING'); // a2 only, 0.6
    const r = runnerStage(market({ windows: { m5: m5(150, 55, 45) } }), undefined, NOW);
    assert.match(r.reasons[0]!, /one window only \(unconfirmed\)/);
  });

  test('acceleration with sellers at m5 below 0.55 is QUIET, and the reason says why', () => {
    const r = runnerStage(market({ windows: { m5: m5(1_500, 50, 50) } }), undefined, NOW);
    assert.equal(r.stage, 'QUIET');
    assert.match(r.reasons[0]!, /buyers not in control/);
  });
});

describe('FADING', () => {
  test('sellers in control: buy share m5 < 0.45 AND h1 < 0.5 (both strict)', () => {
    const h1 = (b: number, s: number) => win(1_200, b, s);
    assert.equal(stageOf(market({ windows: { m5: m5(100, 4_499, 5_501), h1: h1(4_999, 5_001) } })), 'FADING');
    assert.equal(stageOf(market({ windows: { m5: m5(100, 45, 55), h1: h1(4_999, 5_001) } })), 'QUIET'); // m5 exactly 0.45
    assert.equal(stageOf(market({ windows: { m5: m5(100, 4_499, 5_501), h1: h1(50, 50) } })), 'QUIET'); // h1 exactly 0.5
    assert.equal(stageOf(market({ windows: { m5: m5(100, 4_499, 5_501), h1: win(1_200, null, null) } })), 'QUIET'); // h1 unknown
    const r = runnerStage(market({ windows: { m5: m5(100, 40, 60), h1: h1(45, 55) } }), undefined, NOW);
    assert.equal(r.rug, false);
    assert.match(r.reasons[0]!, /sellers in control: buy share 0\.4 over 5 min \(< 0\.45\) and 0\.45 over 1 h \(< 0\.5\)/);
  });

  test('a drained pool is a rug: liquidity < $1,000 with h1 change ≤ −50 %', () => {
    const h1 = (change: number) => win(1_200, 60, 60, change);
    const rug = runnerStage(market({ liquidityUsd: 999.99, windows: { h1: h1(-50) } }), undefined, NOW);
    assert.equal(rug.stage, 'FADING');
    assert.equal(rug.rug, true);
    assert.match(rug.reasons[0]!, /liquidity pulled \(rug\): pool liquidity \$999\.99/);
    assert.equal(stageOf(market({ liquidityUsd: 1_000, windows: { h1: h1(-80) } })), 'QUIET');
    assert.equal(stageOf(market({ liquidityUsd: 500, windows: { h1: h1(-49.99) } })), 'QUIET');
    assert.equal(stageOf(market({ liquidityUsd: null, windows: { h1: h1(-90) } })), 'QUIET');
  });

  test('liquidity down ≥ 25 % vs a prior reading ≥ 5 minutes old is a rug; a younger prior is ignored', () => {
    const prior = (ageMs: number, liquidityUsd: number) => ({ at: NOW - ageMs, liquidityUsd, holderCount: 100, priceUsd: 0.001 });
    const pulled = runnerStage(market({ liquidityUsd: 75_000 }), prior(5 * MIN, 100_000), NOW);
    assert.equal(pulled.stage, 'FADING');
    assert.equal(pulled.rug, true);
    assert.equal(pulled.liquidity_change_pct, -25);
    assert.match(pulled.reasons[0]!, /-25 % since the reading 5 min ago/);
    assert.equal(stageOf(market({ liquidityUsd: 75_010 }), prior(5 * MIN, 100_000)), 'QUIET'); // −24.99 %
    const tooRecent = runnerStage(market({ liquidityUsd: 10_000 }), prior(5 * MIN - 1, 100_000), NOW);
    assert.equal(tooRecent.stage, 'QUIET');
    assert.equal(tooRecent.liquidity_change_pct, null);
    assert.equal(stageOf(market({ liquidityUsd: 10_000 }), prior(-10 * MIN, 100_000)), 'QUIET'); // from the future
  });

  test('FADING takes precedence over every other stage', () => {
    // Accelerating with buyers, but the pool was drained.
    assert.equal(stageOf(market({ liquidityUsd: 500, windows: { ...RUNNING_WINDOWS, h1: win(6_000, 300, 200, -60) } })), 'FADING');
    // Already ran and decelerating, but sellers in control.
    assert.equal(stageOf(market({ windows: { m5: m5(50, 40, 60), h1: win(1_200, 45, 55), h6: win(7_200, 360, 360, 150) } })), 'FADING');
  });
});

describe('PARABOLIC_LATE', () => {
  const h6 = (change: number) => win(7_200, 360, 360, change);
  test('h6 change ≥ +100 % with a1 < 1', () => {
    const r = runnerStage(market({ windows: { m5: m5(99.99, 55, 45), h6: h6(100) } }), undefined, NOW); // a1 0.9999
    assert.equal(r.stage, 'PARABOLIC_LATE');
    assert.match(r.reasons.join(' '), /price \+100 % over 6 h \(≥ \+100 %\).*a1 \(rate 5 min ÷ 1 h\) 0\.9999 \(< 1\)/);
    assert.equal(stageOf(market({ windows: { m5: m5(99.99, 55, 45), h6: h6(99.99) } })), 'QUIET');
    assert.equal(stageOf(market({ windows: { m5: m5(100, 55, 45), h6: h6(300) } })), 'QUIET'); // a1 exactly 1: not decelerating
  });

  test('h1 change ≥ +100 % counts only on a pool younger than 6 h', () => {
    const w = { m5: m5(50, 55, 45), h1: win(1_200, 60, 60, 100) };
    assert.equal(stageOf(market({ pairCreatedAtMs: NOW - 6 * HOUR + 1, windows: w })), 'PARABOLIC_LATE');
    assert.equal(stageOf(market({ pairCreatedAtMs: NOW - 6 * HOUR, windows: w })), 'QUIET');
    assert.equal(stageOf(market({ pairCreatedAtMs: null, windows: w })), 'QUIET');
    assert.equal(stageOf(market({ pairCreatedAtMs: NOW - HOUR, windows: { ...w, h1: win(1_200, 60, 60, 99.99) } })), 'QUIET');
  });

  test('a parabolic token still accelerating is RUNNING, not PARABOLIC_LATE', () => {
    assert.equal(stageOf(market({ windows: { ...RUNNING_WINDOWS, h6: win(12_000, 1_000, 1_000, 250) } })), 'RUNNING');
  });
});

describe('unknown data', () => {
  test('a market without windows is QUIET, with unknown accelerations and buy pressure', () => {
    const r = runnerStage(market({ windows: { m5: NULL_WINDOW, h1: NULL_WINDOW, h6: NULL_WINDOW, h24: NULL_WINDOW } }), undefined, NOW);
    assert.equal(r.stage, 'QUIET');
    assert.deepEqual(r.accelerations, { a1: null, a2: null, a3: null });
    assert.deepEqual(r.buy_pressure, { m5: null, h1: null });
    assert.equal(r.wash_trade_suspected, false);
  });
});

describe('wash-trade flag', () => {
  const h1 = (volume: number, trades: number) => windowMetrics(market({ windows: { h1: win(volume, trades / 2, trades / 2) } })).windows.h1;

  test('round trips: ≥ 20 h1 trades averaging ≥ $2,000 on liquidity < $100,000', () => {
    const w = washTrade(h1(40_000, 20), 99_999.99);
    assert.equal(w.suspected, true);
    assert.equal(w.kind, 'round_trips');
    assert.match(w.reason!, /20 trades in the last hour averaging \$2,000/);
    assert.equal(washTrade(h1(40_000, 20), 100_000).suspected, false); // liquidity at the bound
    assert.equal(washTrade(h1(39_999.8, 20), 50_000).suspected, false); // average $1,999.99
    assert.equal(washTrade(h1(38_000, 19), 50_000).suspected, false); // 19 trades
    assert.equal(washTrade(h1(40_000, 20), null).suspected, false); // unknown liquidity cannot prove "thin"
  });

  test('bot spam: ≥ 2,000 h1 trades averaging < $15', () => {
    const w = washTrade(h1(29_980, 2_000), 1_000_000); // $14.99
    assert.deepEqual([w.suspected, w.kind], [true, 'bot_spam']);
    assert.equal(washTrade(h1(30_000, 2_000), 1_000_000).suspected, false); // exactly $15
    assert.equal(washTrade(h1(20_000, 1_998), 1_000_000).suspected, false); // 1,998 trades
  });

  test('the flag rides along the stage without changing it', () => {
    // a1 = 9,000 ÷ 6,000 = 1.5, a2 = 6,000 ÷ 4,000 = 1.5, m5 buy share 0.6: RUNNING; 120 h1 trades averaging $3,000 on $60k.
    const w = { m5: win(45_000, 6, 4), h1: win(360_000, 60, 60, 25), h6: win(1_440_000, 300, 300), h24: win(1_440_000, 300, 300) };
    const r = runnerStage(market({ liquidityUsd: 60_000, windows: w }), undefined, NOW);
    assert.equal(r.stage, 'RUNNING');
    assert.equal(r.wash_trade_suspected, true);
    assert.match(r.wash_trade_reason!, /120 trades in the last hour averaging \$3,000 \(≥ \$2,000\) on only \$60,000/);
  });
});
