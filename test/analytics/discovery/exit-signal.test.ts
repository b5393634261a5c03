import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { exitSignal, exitVerdictOf, type ExitInput } from '../../../src/analytics/discovery/exit-signal.js';
import { EXIT_WEIGHTS } from '../../../src/analytics/discovery/thresholds.js';
import type { LaunchMarket } from '../../../src/analytics/discovery/types.js';
import { market, MIN, NOW, NULL_WINDOW, win } from './fixtures.js';

const run = (m: LaunchMarket | null, extra: Partial<ExitInput> = {}) => exitSignal({ market: m, holderCount: 1_000, nowMs: NOW, ...extra });
const prior = (liquidityUsd: number | null, holderCount: number | null = 1_000, ageMs = 10 * MIN) => ({ at: NOW - ageMs, liquidityUsd, holderCount, priceUsd: 0.001 });
const factorValues = (r: ReturnType<typeof exitSignal>) => Object.fromEntries(r.factors.map((f) => [f.name, f.value]));

describe('exit score and verdict', () => {
  test('weights sum to 1; verdict boundaries EXIT ≥ 0.7, DERISK ≥ 0.4', () => {
    assert.equal(Math.round(Object.values(EXIT_WEIGHTS).reduce((a, b) => a + b, 0) * 1e9) / 1e9, 1);
    assert.deepEqual([0.7, 0.6999, 0.4, 0.3999, 0].map(exitVerdictOf), ['EXIT', 'DERISK', 'DERISK', 'HOLD', 'HOLD']);
  });

  test('a flat market holds at 0; the deltas are unknown without a prior reading', () => {
    const r = run(market());
    assert.deepEqual([r.verdict, r.exit_score, r.stage], ['HOLD', 0, 'QUIET']);
    assert.deepEqual(r.unknown_factors, ['liquidity_delta', 'holder_delta']);
    assert.equal(r.deltas_unavailable!.code, 'no_prior_reading');
    assert.deepEqual(r.hard_triggers, []);
  });

  test('a fading token, by hand: DERISK', () => {
    // sell shares 0.6 (m5) and 0.55 (h1): mean 0.575 → (0.575 − 0.5) ÷ 0.2 = 0.375
    // worst price change −12 % → 12 ÷ 30 = 0.4; stage FADING (0.4 < 0.45, 0.45 < 0.5) → 1
    // 0.25 × 0.375 + 0.20 × 0.4 + 0.25 × 1 = 0.42375 → 0.4238
    const r = run(market({ windows: { m5: win(100, 40, 60, -10), h1: win(1_200, 450, 550, -12) } }));
    assert.equal(r.stage, 'FADING');
    assert.deepEqual(factorValues(r), { sellers_in_control: 0.375, momentum: 0.4, liquidity_delta: 0, holder_delta: 0, stage_fading: 1, parabolic_exhaustion: 0 });
    assert.deepEqual([r.exit_score, r.verdict], [0.4238, 'DERISK']);
  });

  test('exactly 0.7 by score is EXIT; 0.6998 is DERISK', () => {
    // sellers 0.7/0.7 → 1 (0.25); h1 −30 % → 1 (0.2); FADING (0.25) = 0.7
    const w = (h1Change: number) => ({ m5: win(100, 30, 70, -5), h1: win(1_200, 300, 700, h1Change) });
    const exit = run(market({ windows: w(-30) }));
    assert.deepEqual([exit.exit_score, exit.verdict, exit.hard_triggers], [0.7, 'EXIT', []]);
    // momentum 29.97 ÷ 30 = 0.999 → 0.1998
    const derisk = run(market({ windows: w(-29.97) }));
    assert.deepEqual([derisk.exit_score, derisk.verdict], [0.6998, 'DERISK']);
  });

  test('holder and liquidity deltas count against a prior reading ≥ 5 minutes old', () => {
    // holders 950 vs 1,000 = −5 % → 0.5 (× 0.1); liquidity 45k vs 50k = −10 % → 0.4 (× 0.1): 0.05 + 0.04
    const r = run(market({ liquidityUsd: 45_000 }), { holderCount: 950, prior: prior(50_000) });
    assert.deepEqual([factorValues(r).holder_delta, factorValues(r).liquidity_delta], [0.5, 0.4]);
    assert.equal(r.exit_score, 0.09);
    assert.deepEqual([r.deltas!.holder_change_pct, r.deltas!.liquidity_change_pct], [-5, -10]);
    // The same prior 4 minutes old unlocks nothing.
    const early = run(market({ liquidityUsd: 45_000 }), { holderCount: 950, prior: prior(50_000, 1_000, 4 * MIN) });
    assert.equal(early.exit_score, 0);
    assert.equal(early.deltas_unavailable!.code, 'prior_too_recent');
  });

  test('parabolic exhaustion adds 0.1', () => {
    const r = run(market({ windows: { m5: win(99.99, 55, 45, 2), h6: win(7_200, 360, 360, 150) } }));
    assert.equal(r.stage, 'PARABOLIC_LATE');
    assert.deepEqual([r.exit_score, r.verdict], [0.1, 'HOLD']);
  });
});

describe('hard triggers force EXIT over every other input', () => {
  test('liquidity −25 % vs the prior reading overrides a low score', () => {
    // liquidity_delta 1 (0.1) + FADING (0.25) = 0.35: HOLD by score, EXIT by the trigger.
    const r = run(market({ liquidityUsd: 75_000 }), { prior: prior(100_000) });
    assert.equal(r.exit_score, 0.35);
    assert.equal(r.verdict, 'EXIT');
    assert.deepEqual(r.hard_triggers.map((t) => t.code), ['liquidity_pull']);
    assert.match(r.reasoning[0]!, /hard trigger → EXIT regardless of the score \(0\.35\)/);
    assert.match(r.reasoning.join('\n'), /exit score 0\.35 → HOLD/);
    // −24.99 %: no trigger.
    const near = run(market({ liquidityUsd: 75_010 }), { prior: prior(100_000) });
    assert.deepEqual([near.verdict, near.hard_triggers], ['HOLD', []]);
  });

  test('a drained pool (rug per the stage rules) is EXIT', () => {
    const r = run(market({ liquidityUsd: 999, windows: { h1: win(1_200, 60, 60, -50) } }));
    assert.deepEqual(r.hard_triggers.map((t) => t.code), ['rug']);
    assert.equal(r.verdict, 'EXIT');
    assert.equal(r.exit_score, 0.45); // momentum 1 (0.2) + FADING (0.25): DERISK by score
  });

  test('an active dump: m5 ≤ −15 % with sells ≥ 2 × buys overrides a HOLD score', () => {
    // sell shares 0.75 / 0.5 → mean 0.625 → 0.625 (× 0.25); m5 −15 % → 0.5 (× 0.2): 0.25625 → 0.2563
    const dump = run(market({ windows: { m5: win(100, 10, 30, -15) } }));
    assert.deepEqual([dump.exit_score, dump.stage, dump.verdict], [0.2563, 'QUIET', 'EXIT']);
    assert.deepEqual(dump.hard_triggers.map((t) => t.code), ['active_dump']);
    assert.match(dump.hard_triggers[0]!.detail, /30 sells vs 10 buys/);
    const codes = (m5: ReturnType<typeof win>) => run(market({ windows: { m5 } })).hard_triggers.map((t) => t.code);
    assert.deepEqual(codes(win(100, 10, 30, -14.99)), []);
    assert.deepEqual(codes(win(100, 15, 29, -40)), []); // 29 < 2 × 15
    assert.deepEqual(codes(win(0, 0, 0, -40)), []); // no trades, no dump
    assert.deepEqual(codes(win(100, 0, 1, -20)), ['active_dump']);
    assert.deepEqual(codes(win(100, null, 30, -40)), []);
  });

  test('several triggers at once are all listed', () => {
    const r = run(market({ liquidityUsd: 500, windows: { m5: win(100, 1, 9, -60), h1: win(1_200, 10, 90, -90) } }), { prior: prior(100_000) });
    assert.deepEqual(r.hard_triggers.map((t) => t.code), ['liquidity_pull', 'rug', 'active_dump']);
    assert.equal(r.verdict, 'EXIT');
  });
});

describe('INSUFFICIENT_DATA and PnL', () => {
  test('no market: INSUFFICIENT_DATA with a null score, the holder delta still reported', () => {
    const r = run(null, { holderCount: 900, prior: prior(10_000) });
    assert.deepEqual([r.verdict, r.exit_score, r.stage], ['INSUFFICIENT_DATA', null, null]);
    assert.equal(r.deltas!.holder_change_pct, -10);
    assert.equal(r.deltas!.liquidity_change_pct, null);
  });

  test('a market without window readings is INSUFFICIENT_DATA unless a hard trigger fires', () => {
    const empty = { m5: NULL_WINDOW, h1: NULL_WINDOW, h6: NULL_WINDOW, h24: NULL_WINDOW };
    assert.equal(run(market({ windows: empty })).verdict, 'INSUFFICIENT_DATA');
    const pulled = run(market({ liquidityUsd: 50_000, windows: empty }), { prior: prior(100_000) });
    assert.equal(pulled.verdict, 'EXIT');
  });

  test('unrealized PnL from the entry price', () => {
    assert.deepEqual(run(market({ priceUsd: 0.001 }), { entryPriceUsd: 0.0005 }).pnl, { entry_price_usd: 0.0005, price_usd: 0.001, pnl_pct: 100, multiple: 2 });
    assert.deepEqual(run(market({ priceUsd: 0.001 }), { entryPriceUsd: 0.002 }).pnl, { entry_price_usd: 0.002, price_usd: 0.001, pnl_pct: -50, multiple: 0.5 });
    assert.deepEqual(run(market({ priceUsd: null }), { entryPriceUsd: 0.002 }).pnl, { entry_price_usd: 0.002, price_usd: null, pnl_pct: null, multiple: null });
    assert.equal(run(market()).pnl, null);
    assert.equal(run(market(), { entryPriceUsd: 0 }).pnl, null);
    assert.match(run(market({ priceUsd: 0.003 }), { entryPriceUsd: 0.001 }).reasoning.at(-1)!, /unrealized PnL 200 % \(3× the entry price\)/);
  });
});
