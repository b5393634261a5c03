/** Payout status, round trip and the health score at their boundaries. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { healthLevel, healthScore, payoutStatus, roundTripPct } from '../../../src/analytics/launchpad/index.js';
import { coin, DAY, HOUR, NOW } from './fixtures.js';

describe('payoutStatus', () => {
  test('PAYING strictly under 24 h; STALE from exactly 24 h (lower-inclusive)', () => {
    const at = (ms: number) => coin({ payouts: [{ at: NOW - ms, quote_amount: 1, usd: 1 }] });
    assert.equal(payoutStatus(at(24 * HOUR - 1), NOW).status, 'PAYING');
    const s = payoutStatus(at(24 * HOUR), NOW);
    assert.equal(s.status, 'STALE');
    assert.equal(s.hours_since_last_payout, 24);
    assert.equal(payoutStatus(at(6 * HOUR), NOW, 6).status, 'STALE');
    assert.equal(payoutStatus(at(6 * HOUR - 1), NOW, 6).status, 'PAYING');
  });
  test('NEVER without a payout; future-dated payouts are ignored', () => {
    assert.equal(payoutStatus(coin({ payouts: [] }), NOW).status, 'NEVER');
    assert.equal(payoutStatus(coin({ payouts: [{ at: NOW + 1, quote_amount: 1, usd: 1 }] }), NOW).status, 'NEVER');
  });
  test('NOT_REWARD: no fee, zero rate, zero cap, unadopted — even with past payouts', () => {
    assert.match(payoutStatus(coin({ transfer_fee_bps: null }), NOW).reason, /no transfer fee/);
    assert.match(payoutStatus(coin({ transfer_fee_bps: 0 }), NOW).reason, /0 bps/);
    assert.match(payoutStatus(coin({ transfer_fee_max: 0 }), NOW).reason, /cap is 0/);
    const u = payoutStatus(coin({ adopted: false }), NOW);
    assert.equal(u.status, 'NOT_REWARD');
    assert.match(u.reason, /unadopted/);
    assert.equal(payoutStatus(coin({ transfer_fee_bps: 1 }), NOW).status, 'PAYING');
  });
});

describe('roundTripPct', () => {
  test('tax both ways multiplies: 300 bps → 1 − 0.97² = 5.91 %', () => {
    assert.equal(roundTripPct({ tax_bps: 300, impact_in_pct: 0, impact_out_pct: 0 }), 5.91);
    assert.equal(roundTripPct({ tax_bps: 100, impact_in_pct: 0, impact_out_pct: 0 }), 1.99);
    // 1 − 0.97² × 0.99 × 0.98 = 1 − 0.9409 × 0.9702 = 1 − 0.91286118 = 8.71 %
    assert.equal(roundTripPct({ tax_bps: 300, impact_in_pct: 1, impact_out_pct: 2 }), 8.71);
    assert.equal(roundTripPct({ tax_bps: 0, impact_in_pct: 0, impact_out_pct: 0 }), 0);
  });
});

describe('healthScore', () => {
  test('a fully healthy coin scores 100, HEALTHY, with every factor at its weight', () => {
    const h = healthScore(coin(), NOW);
    assert.equal(h.health_score, 100);
    assert.equal(h.level, 'HEALTHY');
    assert.equal(h.factors.reduce((s, f) => s + f.max, 0), 100);
    assert.equal(h.round_trip_pct, 5.91);
    assert.equal(h.payout.status, 'PAYING');
  });
  test('level bands are lower-inclusive: 75 HEALTHY, 74.99 MIXED, 50 MIXED, 49.99 WEAK, 25 WEAK, 24.99 BROKEN', () => {
    assert.equal(healthLevel(75, false), 'HEALTHY');
    assert.equal(healthLevel(74.99, false), 'MIXED');
    assert.equal(healthLevel(50, false), 'MIXED');
    assert.equal(healthLevel(49.99, false), 'WEAK');
    assert.equal(healthLevel(25, false), 'WEAK');
    assert.equal(healthLevel(24.99, false), 'BROKEN');
    assert.equal(healthLevel(100, true), 'BROKEN');
  });
  test('withdraw authority not the distributor: −20 and BROKEN (hard failure)', () => {
    const h = healthScore(coin({ withdraw_authority: 'Someone' }), NOW);
    assert.equal(h.health_score, 80);
    assert.equal(h.level, 'BROKEN');
    assert.match(h.llm_brief, /Hard failure/);
  });
  test('unadopted: reward_live 0 and distributions 0 → 75, still BROKEN', () => {
    const h = healthScore(coin({ adopted: false }), NOW);
    assert.equal(h.health_score, 75);
    assert.equal(h.level, 'BROKEN');
  });
  test('fee bands: 300 full, 301 and 1,000 half, 1,001 none', () => {
    const fee = (bps: number) => healthScore(coin({ transfer_fee_bps: bps }), NOW).factors.find((f) => f.name === 'fee')!.value;
    assert.deepEqual([fee(300), fee(301), fee(1_000), fee(1_001)], [10, 5, 5, 0]);
  });
  test('STALE keeps 0.4 of distributions (6); mutable fee −10; no flywheel −5', () => {
    const h = healthScore(coin({ payouts: [{ at: NOW - DAY, quote_amount: 1, usd: 1 }], fee_mutable: true, flywheel: false }), NOW);
    assert.equal(h.health_score, 100 - 9 - 10 - 5);
    assert.equal(h.level, 'HEALTHY'); // 76
  });
  test('curves: 250 holders → 5; top-10 55 % → 5, 80 % → 0; 7 days → 2.5; custom quote → 1', () => {
    const f = (over: Parameters<typeof coin>[0]) => Object.fromEntries(healthScore(coin(over), NOW).factors.map((x) => [x.name, x.value]));
    assert.equal(f({ holders: 250 }).holders, 5);
    assert.equal(f({ top10_pct: 55 }).concentration, 5);
    assert.equal(f({ top10_pct: 80 }).concentration, 0);
    assert.equal(f({ top10_pct: 29 }).concentration, 10);
    assert.equal(f({ created_at: NOW - 7 * DAY }).age, 2.5);
    assert.equal(f({ quote_category: 'custom' }).quote_category, 1);
  });
  test('llm_brief is deterministic and names the weakest reads', () => {
    const c = coin({ holders: 0, top10_pct: 90 });
    const a = healthScore(c, NOW).llm_brief;
    assert.equal(a, healthScore(c, NOW).llm_brief);
    assert.match(a, /Health 80\/100, HEALTHY\. Weakest: concentration .*; holders/);
  });
});
