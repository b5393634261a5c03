/** Launch-intel demand score and trade-quote arithmetic at their boundaries. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { crowdingPenalty, demandScore, launchIntelOverview, quoteVerdict, tradeQuote, type RewardCoin, type TradeQuoteInput } from '../../../src/analytics/launchpad/index.js';
import { coin, DAY, feeShareCoin, HOUR, NOW } from './fixtures.js';

const Q = { quote_mint: 'QuoteMint', quote_symbol: 'SOL' };
/** Paid an hour ago (PAYING) / never paid. */
const paid = NOW - HOUR;

describe('demandScore', () => {
  test('4 coins: traded 3/4 → 30, survival 1/2 → 20, paying 2/4 → 10, crowding 2 ÷ 3 → no penalty = 60', () => {
    const coins: RewardCoin[] = [
      coin({ mint: 'A', created_at: NOW - 10 * DAY, volume_24h_usd: 10, last_payout_at: paid, transfer_fee_bps: 300, holders: 100, market_cap_usd: 1_000 }),
      coin({ mint: 'B', created_at: NOW - 10 * DAY, volume_24h_usd: 0, last_payout_at: null, transfer_fee_bps: 100, holders: 200, market_cap_usd: 2_000 }),
      coin({ mint: 'C', created_at: NOW - DAY, volume_24h_usd: 20, last_payout_at: paid, transfer_fee_bps: 300, holders: 300, market_cap_usd: 3_000 }),
      coin({ mint: 'D', created_at: NOW - 12 * HOUR, volume_24h_usd: 30, last_payout_at: null, transfer_fee_bps: 100, holders: 400, market_cap_usd: 4_000 }),
    ];
    const r = demandScore(Q, coins, NOW);
    assert.equal(r.demand_score, 60);
    assert.deepEqual([r.coins, r.launches_24h, r.launches_7d], [4, 1, 2]); // C at exactly 1 day is not within 24 h
    assert.deepEqual([r.trading_today_pct, r.paying_today_pct, r.survival_pct], [75, 50, 50]);
    assert.equal(r.crowding, 0.67);
    assert.equal(r.crowding_penalty, 0);
    assert.equal(r.volume_24h_usd, 60);
    assert.deepEqual([r.median_holders, r.median_market_cap_usd], [250, 2_500]);
    assert.deepEqual(r.tax_mix, { bps_100: { coins: 2, trading_pct: 50, paying_pct: 0 }, bps_300: { coins: 2, trading_pct: 100, paying_pct: 100 } });
    assert.equal(r.is_new, false);
  });
  test('fee-share coins count as paying reward coins but belong to neither tax tier', () => {
    const coins: RewardCoin[] = [
      feeShareCoin({ mint: 'F', created_at: NOW - 10 * DAY, last_payout_at: paid }),
      coin({ mint: 'T', created_at: NOW - 10 * DAY, last_payout_at: NOW - DAY, transfer_fee_bps: 100 }),
    ];
    const r = demandScore(Q, coins, NOW);
    assert.deepEqual([r.coins, r.paying_today_pct, r.trading_today_pct], [2, 50, 100]);
    assert.deepEqual(r.tax_mix, { bps_100: { coins: 1, trading_pct: 100, paying_pct: 0 }, bps_300: { coins: 0, trading_pct: null, paying_pct: null } });
  });
  test('crowding penalty: 1 → 0, 1.5 → 5, 4 → 30, 5 → 30 (capped)', () => {
    assert.deepEqual([1, 1.5, 4, 5].map(crowdingPenalty), [0, 5, 30, 30]);
  });
  test('is_new: all coins exactly 3 days old → survival credited at traded share, 100 capped at 80; 3 days + 1 ms → 100', () => {
    const five = (age: number) => ['a', 'b', 'c', 'd', 'e'].map((m) => coin({ mint: m, created_at: NOW - age, last_payout_at: paid }));
    const n = demandScore(Q, five(3 * DAY), NOW);
    assert.equal(n.is_new, true);
    assert.equal(n.survival_pct, null);
    assert.equal(n.crowding, 1);
    assert.equal(n.demand_score, 80);
    const o = demandScore(Q, five(3 * DAY + 1), NOW);
    assert.equal(o.is_new, false);
    assert.equal(o.demand_score, 100);
  });
  test('crowded: 5 launches in 7 d with 1 trading → crowding 5, penalty 30', () => {
    const cs = ['a', 'b', 'c', 'd', 'e'].map((m, i) => coin({ mint: m, created_at: NOW - 4 * DAY, volume_24h_usd: i === 0 ? 1 : 0, last_payout_at: null }));
    const r = demandScore(Q, cs, NOW);
    // traded 1/5 → 8, survival 1/5 → 8, paying 0 → 0, − 30 → clamped to 0
    assert.equal(r.crowding_penalty, 30);
    assert.equal(r.demand_score, 0);
  });
});

const base: TradeQuoteInput = { size_usd: 100, hold_days: 7, tax_bps: 300, impact_in_pct: 0, impact_out_pct: 0, payout_per_day_per_usd: 0.001, payout_status: 'PAYING', market_cap_usd: 200_000 };

describe('tradeQuote', () => {
  test('$100 at 300 bps, 7 days at 0.1 %/day: costs 3 + 2.91, payout 0.68 → COSTS', () => {
    const q = tradeQuote(base);
    assert.deepEqual(
      [q.entry_cost_usd, q.exit_cost_usd, q.round_trip_cost_usd, q.round_trip_pct, q.breakeven_price_move_pct, q.position_usd],
      [3, 2.91, 5.91, 5.91, 6.28, 97], // 1 ÷ 0.9409 − 1 = 6.28 %
    );
    assert.equal(q.payout_share_pct, 0.0485); // 97 ÷ 200,000
    assert.equal(q.expected_payout_usd, 0.68); // 97 × 0.001 × 7 = 0.679
    assert.equal(q.payout_to_cost_ratio, 0.11);
    assert.equal(q.verdict, 'COSTS');
    assert.equal(q.breakeven_hold_days, 60.93); // 5.91 ÷ 0.097
    assert.equal(q.dust_warning, false);
  });
  test('price impact adds to both legs: 1 % in, 2 % out', () => {
    const q = tradeQuote({ ...base, impact_in_pct: 1, impact_out_pct: 2 });
    // position 100 × 0.97 × 0.99 = 96.03; exit 96.03 × (1 − 0.97 × 0.98) = 96.03 × 0.0494 = 4.743882
    assert.deepEqual([q.entry_cost_usd, q.exit_cost_usd, q.round_trip_pct], [3.97, 4.74, 8.71]);
  });
  test('1 %/day for 10 days pays 9.7 vs 5.91 → PAYS', () => {
    const q = tradeQuote({ ...base, payout_per_day_per_usd: 0.01, hold_days: 10 });
    assert.equal(q.expected_payout_usd, 9.7);
    assert.equal(q.verdict, 'PAYS');
  });
  test('verdict boundaries: 1.5× PAYS, 1.49× and 1× MARGINAL, 0.99× COSTS, not paying NOT_PAYING', () => {
    assert.deepEqual([quoteVerdict(1.5, 1, true), quoteVerdict(1.49, 1, true), quoteVerdict(1, 1, true), quoteVerdict(0.99, 1, true), quoteVerdict(9, 1, false)], ['PAYS', 'MARGINAL', 'MARGINAL', 'COSTS', 'NOT_PAYING']);
  });
  test('NOT_PAYING for a STALE coin or without a rate; no breakeven hold', () => {
    assert.equal(tradeQuote({ ...base, payout_status: 'STALE' }).verdict, 'NOT_PAYING');
    const q = tradeQuote({ ...base, payout_per_day_per_usd: null });
    assert.equal(q.verdict, 'NOT_PAYING');
    assert.equal(q.breakeven_hold_days, null);
    assert.equal(q.expected_payout_usd, 0);
  });
  test('dust: $0.01 a day is not dust, below it is', () => {
    const z = { ...base, tax_bps: 0 };
    assert.equal(tradeQuote({ ...z, size_usd: 10 }).dust_warning, false); // 10 × 0.001 = 0.01
    assert.equal(tradeQuote({ ...z, size_usd: 9.99 }).dust_warning, true);
  });
});

describe('launchIntelOverview', () => {
  test('overall survival, tax tiers and deterministic recommendations', () => {
    const coins: RewardCoin[] = [
      coin({ mint: 'A', created_at: NOW - 10 * DAY, transfer_fee_bps: 300, last_payout_at: paid }),
      coin({ mint: 'B', created_at: NOW - 10 * DAY, transfer_fee_bps: 100, volume_24h_usd: 0, last_payout_at: null }),
      coin({ mint: 'C', created_at: NOW - DAY, transfer_fee_bps: 100, last_payout_at: paid }),
    ];
    const row = demandScore(Q, coins, NOW);
    const o = launchIntelOverview(coins, [row], NOW);
    assert.equal(o.survival_pct, 50);
    assert.deepEqual(o.tax_levels, { bps_100: { coins: 2, trading_pct: 50, paying_pct: 50 }, bps_300: { coins: 1, trading_pct: 100, paying_pct: 100 } });
    assert.deepEqual(o.recommendations, [`highest demand: SOL (${row.demand_score}/100)`, '300 bps coins pay more often (100 % paying vs 50 % at 100 bps)']);
  });
});
