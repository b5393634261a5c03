/** Payout status, round trip and the health score at their boundaries, for transfer-fee, fee-share and standard coins. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { healthLevel, healthScore, lastObservedPayout, notRewardReason, payoutStatus, roundTripPct } from '../../../src/analytics/launchpad/index.js';
import { coin, DAY, feeShareCoin, HOUR, NOW, payout, standardCoin } from './fixtures.js';

const factorsOf = (c: ReturnType<typeof coin>) => Object.fromEntries(healthScore(c, NOW).factors.map((x) => [x.name, x.value]));

describe('payoutStatus', () => {
  test('PAYING strictly under 24 h; STALE from exactly 24 h (lower-inclusive)', () => {
    const at = (ms: number) => coin({ last_payout_at: NOW - ms });
    assert.equal(payoutStatus(at(24 * HOUR - 1), NOW).status, 'PAYING');
    const s = payoutStatus(at(24 * HOUR), NOW);
    assert.equal(s.status, 'STALE');
    assert.equal(s.hours_since_last_payout, 24);
    assert.equal(s.last_payout_at, NOW - 24 * HOUR);
    assert.equal(payoutStatus(at(6 * HOUR), NOW, 6).status, 'STALE');
    assert.equal(payoutStatus(at(6 * HOUR - 1), NOW, 6).status, 'PAYING');
  });
  test('hours since the last payout: 2 decimals; a payout at now is 0 h and PAYING', () => {
    assert.equal(payoutStatus(coin({ last_payout_at: NOW - 90 * 60_000 }), NOW).hours_since_last_payout, 1.5);
    assert.deepEqual(payoutStatus(coin({ last_payout_at: NOW }), NOW).status, 'PAYING');
    assert.equal(payoutStatus(coin({ last_payout_at: NOW }), NOW).hours_since_last_payout, 0);
  });
  test('NEVER without a last payout; a future-dated last payout is ignored (the clock decides)', () => {
    const n = payoutStatus(coin({ last_payout_at: null }), NOW);
    assert.deepEqual([n.status, n.last_payout_at, n.hours_since_last_payout], ['NEVER', null, null]);
    const f = payoutStatus(coin({ last_payout_at: NOW + 1 }), NOW);
    assert.deepEqual([f.status, f.last_payout_at], ['NEVER', null]);
  });
  test('the observed sample does not decide the status: last_payout_at does', () => {
    // The platform says it paid 30 h ago; the index only saw an older payout → STALE from the platform's time.
    const s = payoutStatus(coin({ last_payout_at: NOW - 30 * HOUR, recent_payouts: [payout(NOW - 2 * HOUR, 1)] }), NOW);
    assert.equal(s.status, 'STALE');
    assert.equal(s.hours_since_last_payout, 30);
  });
  test('NOT_REWARD for a transfer-fee coin: 0 bps, no bps, a 0 cap, unadopted — even with past payouts', () => {
    const zero = payoutStatus(coin({ transfer_fee_bps: 0 }), NOW);
    assert.equal(zero.status, 'NOT_REWARD');
    assert.match(zero.reason, /^zero-rate: the transfer fee is 0 bps/);
    assert.equal(zero.last_payout_at, NOW - 2 * HOUR, 'a past payout is still reported');
    assert.match(payoutStatus(coin({ transfer_fee_bps: null }), NOW).reason, /^zero-rate: the transfer fee is 0 bps/);
    const cap = payoutStatus(coin({ transfer_fee_max: 0 }), NOW);
    assert.deepEqual([cap.status, cap.reason], ['NOT_REWARD', 'zero-rate: the transfer-fee cap is 0, so no tax is collected']);
    const u = payoutStatus(coin({ adopted: false }), NOW);
    assert.equal(u.status, 'NOT_REWARD');
    assert.match(u.reason, /^unadopted/);
  });
  test('the smallest collectable transfer fee is a reward coin: 1 bps, a cap of 0.000001, or no cap at all', () => {
    assert.equal(payoutStatus(coin({ transfer_fee_bps: 1 }), NOW).status, 'PAYING');
    assert.equal(payoutStatus(coin({ transfer_fee_max: 0.000001 }), NOW).status, 'PAYING');
    assert.equal(payoutStatus(coin({ transfer_fee_max: null }), NOW).status, 'PAYING');
  });
  test('zero-rate is reported before unadopted (the first reason that makes it no reward coin)', () => {
    assert.match(payoutStatus(coin({ transfer_fee_bps: 0, adopted: false }), NOW).reason, /^zero-rate/);
  });
  test('standard launch → NOT_REWARD with its reason, whatever it paid', () => {
    const s = payoutStatus(standardCoin(), NOW);
    assert.equal(s.status, 'NOT_REWARD');
    assert.match(s.reason, /^no transfer fee: a standard launch/);
    const withFee = payoutStatus(standardCoin({ transfer_fee_bps: 100, last_payout_at: NOW - HOUR }), NOW);
    assert.deepEqual([withFee.status, withFee.reason], ['NOT_REWARD', 'a standard launch: the platform distributes nothing to its holders']);
    assert.equal(withFee.hours_since_last_payout, 1);
  });
});

describe('fee-share coins (classic SPL, no transfer fee)', () => {
  test('PAYING / STALE / NEVER like any reward coin, at the same 24 h crossing', () => {
    assert.equal(payoutStatus(feeShareCoin({ last_payout_at: NOW - 24 * HOUR + 1 }), NOW).status, 'PAYING');
    assert.equal(payoutStatus(feeShareCoin({ last_payout_at: NOW - 24 * HOUR }), NOW).status, 'STALE');
    assert.equal(payoutStatus(feeShareCoin({ last_payout_at: null }), NOW).status, 'NEVER');
  });
  test('never NOT_REWARD for the missing fee (no bps, no cap, even a 0 rate or cap); only when unadopted', () => {
    assert.equal(notRewardReason(feeShareCoin()), null);
    assert.equal(notRewardReason(feeShareCoin({ transfer_fee_bps: 0 })), null);
    assert.equal(notRewardReason(feeShareCoin({ transfer_fee_max: 0 })), null);
    const u = payoutStatus(feeShareCoin({ adopted: false }), NOW);
    assert.equal(u.status, 'NOT_REWARD');
    assert.match(u.reason, /^unadopted/);
  });
  test('health: fee, withdraw authority and fee immutability full; no hard failure; 100, HEALTHY', () => {
    const h = healthScore(feeShareCoin(), NOW);
    const f = Object.fromEntries(h.factors.map((x) => [x.name, x.value]));
    assert.deepEqual([f.fee, f.withdraw_authority, f.fee_immutable], [10, 20, 10]);
    assert.deepEqual(h.hard_failures, []);
    assert.equal(h.health_score, 100);
    assert.equal(h.level, 'HEALTHY');
    assert.match(h.llm_brief, /SOL-paying coin \(fee share, no transfer tax\): payout status PAYING, tax 0 bps, round trip 0 %\./);
  });
  test('health: there is no fee to change, so a stray fee_mutable does not cost the fee_immutable factor', () => {
    assert.equal(factorsOf(feeShareCoin({ fee_mutable: true })).fee_immutable, 10);
  });
  test('round trip from a 0 tax: only the price impact', () => {
    const h = healthScore(feeShareCoin(), NOW);
    assert.deepEqual([h.transfer_tax_bps, h.round_trip_pct], [0, 0]);
    // 1 − 0.99 × 0.98 = 2.98 %
    assert.equal(healthScore(feeShareCoin(), NOW, { impact_in_pct: 1, impact_out_pct: 2 }).round_trip_pct, 2.98);
  });
  test('unadopted fee-share coin: BROKEN on the one hard failure (not on the withdraw authority)', () => {
    const h = healthScore(feeShareCoin({ adopted: false }), NOW);
    assert.equal(h.level, 'BROKEN');
    assert.equal(h.hard_failures.length, 1);
    assert.match(h.hard_failures[0]!, /^unadopted/);
    assert.equal(h.health_score, 75);
  });
});

describe('lastObservedPayout', () => {
  test('the latest at or before now; later-dated entries ignored; none → null', () => {
    const ps = [payout(NOW - 3 * HOUR, 1, 'a'), payout(NOW, 2, 'b'), payout(NOW - HOUR, 3, 'c'), payout(NOW + 1, 4, 'd')];
    assert.equal(lastObservedPayout(ps, NOW)?.signature, 'b');
    assert.equal(lastObservedPayout(ps, NOW - 1)?.signature, 'c');
    assert.equal(lastObservedPayout([payout(NOW + 1, 4)], NOW), null);
    assert.equal(lastObservedPayout([], NOW), null);
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
  test('a fully healthy transfer-fee coin scores 100, HEALTHY, with every factor at its weight', () => {
    const h = healthScore(coin(), NOW);
    assert.equal(h.health_score, 100);
    assert.equal(h.level, 'HEALTHY');
    assert.equal(h.factors.reduce((s, f) => s + f.max, 0), 100);
    assert.deepEqual([h.transfer_tax_bps, h.round_trip_pct], [300, 5.91]);
    assert.equal(h.payout.status, 'PAYING');
    assert.deepEqual(h.hard_failures, []);
  });
  test('a zero-cap fee can never be collected: the round trip loses no tax (the bps stay stated)', () => {
    const h = healthScore(coin({ transfer_fee_max: 0 }), NOW);
    assert.deepEqual([h.transfer_tax_bps, h.round_trip_pct], [300, 0]);
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
  test('withdraw authority not the distributor (or none): −20 and BROKEN (hard failure)', () => {
    for (const withdraw_authority of ['Someone', null]) {
      const h = healthScore(coin({ withdraw_authority }), NOW);
      assert.equal(h.health_score, 80);
      assert.equal(h.level, 'BROKEN');
      assert.match(h.llm_brief, /Hard failure: withdraw authority is not the platform distributor/);
    }
  });
  test('unadopted: reward_live 0 and distributions 0 → 75, still BROKEN', () => {
    const h = healthScore(coin({ adopted: false }), NOW);
    assert.equal(h.health_score, 75);
    assert.equal(h.level, 'BROKEN');
  });
  test('zero cap: fee 0, reward_live 0, distributions 0 → 65, BROKEN', () => {
    const h = healthScore(coin({ transfer_fee_max: 0 }), NOW);
    assert.equal(h.health_score, 65);
    assert.equal(h.level, 'BROKEN');
    assert.deepEqual(h.hard_failures, ['zero-rate: the transfer-fee cap is 0, so no tax is collected']);
  });
  test('standard launch: BROKEN, no tax extension and so no tax lost on a round trip, its reason the first hard failure', () => {
    const h = healthScore(standardCoin(), NOW);
    assert.equal(h.level, 'BROKEN');
    assert.deepEqual([h.transfer_tax_bps, h.round_trip_pct], [null, 0]);
    assert.match(h.hard_failures[0]!, /^no transfer fee: a standard launch/);
    assert.equal(h.payout.status, 'NOT_REWARD');
  });
  test('fee bands: 300 full, 301 and 1,000 half, 1,001 none', () => {
    const fee = (bps: number) => factorsOf(coin({ transfer_fee_bps: bps })).fee;
    assert.deepEqual([fee(300), fee(301), fee(1_000), fee(1_001)], [10, 5, 5, 0]);
  });
  test('STALE keeps 0.4 of distributions (6); mutable fee −10; no flywheel −5', () => {
    const h = healthScore(coin({ last_payout_at: NOW - DAY, fee_mutable: true, flywheel: false }), NOW);
    assert.equal(h.health_score, 100 - 9 - 10 - 5);
    assert.equal(h.level, 'HEALTHY'); // 76
  });
  test('NEVER: distributions 0 but still a reward coin (no hard failure)', () => {
    const h = healthScore(coin({ last_payout_at: null }), NOW);
    assert.equal(h.health_score, 85);
    assert.deepEqual(h.hard_failures, []);
  });
  test('curves: 250 holders → 5; unknown holders → 0; top-10 55 % → 5, 80 % → 0, 29 % → 10; 7 days → 2.5; custom quote → 1', () => {
    assert.equal(factorsOf(coin({ holders: 250 })).holders, 5);
    assert.equal(factorsOf(coin({ holders: null })).holders, 0);
    assert.equal(factorsOf(coin({ top10_pct: 55 })).concentration, 5);
    assert.equal(factorsOf(coin({ top10_pct: 80 })).concentration, 0);
    assert.equal(factorsOf(coin({ top10_pct: 29 })).concentration, 10);
    assert.equal(factorsOf(coin({ top10_pct: null })).concentration, 0);
    assert.equal(factorsOf(coin({ created_at: NOW - 7 * DAY })).age, 2.5);
    assert.equal(factorsOf(coin({ quote_category: 'custom' })).quote_category, 1);
  });
  test('llm_brief is deterministic and names the weakest reads', () => {
    const c = coin({ holders: 0, top10_pct: 90 });
    const a = healthScore(c, NOW).llm_brief;
    assert.equal(a, healthScore(c, NOW).llm_brief);
    assert.match(a, /Health 80\/100, HEALTHY\. Weakest: concentration .*; holders/);
  });
});
