/**
 * refvenue-trader-profile and refvenue-smart-money through the real stack with paid calls, on the
 * reference venue C cast (src/sandbox/world/perps/ref-traders.ts, docs/sandbox-cast.md): every expected
 * profile, flag, filter count and consensus below follows from the world's design, not from an answer.
 * Then the smart-money scan on a scripted venue (one account failing, every account failing), and venue C
 * down through the stack (502, nothing charged).
 */
import { ManualTimers } from '../../src/lib/timers.js';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REFVENUE_CAST as R, createPerpsWorld } from '../../src/sandbox/world/perps/index.js';
import { ApiError } from '../../src/errors/api-error.js';
import { SourceError } from '../../src/sources/errors.js';
import type { RefVenueCSource } from '../../src/analytics/perps/venue-data.js';
import { smartMoneyAnswer } from '../../src/endpoints/perps/refvenue-smart-money/smart-money.js';
import type { PayNetwork } from '../helpers/payers.js';
import { paidCall } from '../helpers/paid-answers.js';
import { suiteService, type TestService } from '../helpers/service.js';

type Json = any;
const PROFILE_PRICE = 12_000n;
const SMART_MONEY_PRICE = 50_000n;
const UNKNOWN = '0x00000000000000000000000000000000000d3ad0';
/** A fixed past moment (paid authorizations are checked against real time): every run reads the same world. */
const AT = new Date('2026-11-20T10:00:00Z');

/** A paid call by a fresh payer: status, JSON (a 200 JSON answer checked against the output schema) and the exact charge. */
const paid = (service: TestService, network: PayNetwork, key: string, body: Record<string, unknown>) => paidCall(service, network, key, body, { outputSchema: true });

const caveatCodes = (json: Json) => json.caveats.map((c: Json) => c.code);
const coin = (json: Json, name: string) => json.coins.find((c: Json) => c.coin === name);
const factor = (c: Json, name: string) => c.conviction_factors.find((f: Json) => f.name === name).value;

describe('refvenue-trader-profile and refvenue-smart-money (reference venue C)', () => {
  const service = suiteService({ fixedNow: AT });

  it('DIRECTIONAL: three longs → directional, long bias, the 12x ETH position high_leverage; PnL windows from the portfolio; exactly 0.012', async () => {
    const { status, json, cost } = await paid(service, 'solana', 'refvenue-trader-profile', { address: R.DIRECTIONAL.toUpperCase().replace('0X', '0x'), format: 'both' });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(cost, PROFILE_PRICE);
    assert.equal(json.address, R.DIRECTIONAL, 'reported lower-case whatever case was sent');
    assert.equal(json.account_empty, false);
    assert.equal(json.profile, 'directional');
    assert.equal(json.directional_bias, 'long');
    assert.equal(json.long_pct, 100);
    assert.equal(json.short_notional_usd, 0);
    // Designed: SOL long $420k at 8x, BTC long $300k at 5x, ETH long $360k at 12x.
    const byCoin = Object.fromEntries(json.positions.map((p: Json) => [p.coin, p]));
    assert.deepEqual(Object.keys(byCoin).sort(), ['BTC', 'ETH', 'SOL']);
    assert.deepEqual([byCoin.SOL.leverage, byCoin.BTC.leverage, byCoin.ETH.leverage], [8, 5, 12]);
    // Leverage flags are fixed by design; liquidation and losing flags follow the prices (a hold position drifts with them).
    assert.ok(byCoin.ETH.risk_flags.includes('high_leverage') && !byCoin.ETH.risk_flags.includes('extreme_leverage'), String(byCoin.ETH.risk_flags));
    assert.ok(!byCoin.SOL.risk_flags.includes('high_leverage') && !byCoin.BTC.risk_flags.includes('high_leverage'));
    assert.ok(json.risk_flags.includes('high_leverage') && !json.risk_flags.includes('extreme_leverage'));
    for (const p of json.positions) {
      assert.equal(p.side, 'long');
      assert.equal(p.risk_flags.includes('losing'), p.unrealized_pnl_usd < 0);
      assert.ok(p.liquidation_price_usd < p.entry_price_usd, 'a long is liquidated below its entry');
      // ROE recomputes from the position's own listed fields: PnL ÷ (entry × size ÷ leverage).
      assert.ok(Math.abs(p.initial_margin_usd - (p.entry_price_usd * p.size) / p.leverage) <= 0.005, `${p.coin} initial margin`);
      assert.ok(Math.abs(p.roe_pct - (p.unrealized_pnl_usd / p.initial_margin_usd) * 100) <= 0.005, `${p.coin} ROE`);
      assert.equal(p.roe_pct < 0, p.unrealized_pnl_usd < 0, `${p.coin}: a losing position has a negative ROE`);
    }
    // Weighted leverage: (420k × 8 + 300k × 5 + 360k × 12) / 1.08M = 8.5 at the designed notionals; prices move them a little.
    assert.ok(Math.abs(json.weighted_leverage - 8.5) < 0.5, String(json.weighted_leverage));
    const recomputed = json.positions.reduce((s: number, p: Json) => s + p.notional_usd * p.leverage, 0) / json.positions.reduce((s: number, p: Json) => s + p.notional_usd, 0);
    assert.ok(Math.abs(json.weighted_leverage - recomputed) < 0.006);
    // The profile's account value and PnL windows are the venue's own figures: DIRECTIONAL's leaderboard
    // row at the same moment (the leaderboard does not depend on the seed).
    const row = createPerpsWorld('test').leaderboard(AT).find((r) => r.address === R.DIRECTIONAL)!;
    assert.equal(json.account_value_usd, row.accountValueUsd);
    assert.deepEqual([json.pnl.month_usd, json.pnl.week_usd, json.pnl.all_time_usd], [row.month.pnlUsd, row.week.pnlUsd, row.allTime.pnlUsd]);
    assert.ok(json.pnl.week_usd > 0 && json.pnl.all_time_usd > json.pnl.month_usd);
    assert.deepEqual(json.thresholds, {
      high_leverage: 10, extreme_leverage: 25, approaching_liquidation_distance_pct: 10, market_neutral_max_net_pct: 20,
      directional_min_side_pct: 80, bias_long_min_pct: 60, bias_short_max_pct: 40,
    });
    assert.deepEqual(json.next_steps[0].endpoint, 'refvenue-smart-money');
    assert.match(json.llm_summary, /## Reference venue C trader 0x2e93…3323: directional, long bias/);
    assert.doesNotMatch(JSON.stringify(json), /hyperliquid/i, 'neutral venue words only');
  });

  it('MARKET_NEUTRAL → market-neutral with a neutral bias; DIVERSIFIED → diversified (long 72 % of gross, four coins)', async () => {
    const neutral = await paid(service, 'base', 'refvenue-trader-profile', { address: R.MARKET_NEUTRAL });
    assert.equal(neutral.status, 200, JSON.stringify(neutral.json));
    const n = neutral.json;
    assert.equal(n.profile, 'market-neutral');
    assert.equal(n.directional_bias, 'neutral');
    // BTC long ≈ $500k against ETH short ≈ $482k (rebalanced within ±0.4 %): |long − short| ≈ 2 % of gross.
    assert.deepEqual(n.positions.map((p: Json) => `${p.coin} ${p.side}`).sort(), ['BTC long', 'ETH short']);
    assert.ok(n.profile_factors.net_pct_of_gross < 5, String(n.profile_factors.net_pct_of_gross));

    const diversified = await paid(service, 'solana', 'refvenue-trader-profile', { address: R.DIVERSIFIED });
    assert.equal(diversified.status, 200, JSON.stringify(diversified.json));
    const d = diversified.json;
    assert.equal(d.profile, 'diversified');
    assert.equal(d.profile_factors.coins, 4);
    // Long SOL 150k + ETH 90k against short BTC 70k + kBONK 25k: 240 / 335 = 71.6 % long (≥ 60 → long bias, < 80 → not directional).
    assert.ok(Math.abs(d.long_pct - 71.64) < 1, String(d.long_pct));
    assert.equal(d.directional_bias, 'long');
    const bonk = d.positions.find((p: Json) => p.coin === 'kBONK');
    assert.deepEqual([bonk.asset, bonk.side], ['BONK', 'short']);
    assert.ok(bonk.mark_price_usd < 0.001, 'prices are per one BONK, not per 1000');
  });

  it('NEAR_LIQUIDATION: the 25x ETH long is extreme_leverage + high_leverage + approaching_liquidation + losing', async () => {
    const { status, json } = await paid(service, 'base', 'refvenue-trader-profile', { address: R.NEAR_LIQUIDATION });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(json.positions.length, 1);
    const [eth] = json.positions;
    assert.deepEqual([eth.coin, eth.side, eth.leverage], ['ETH', 'long', 25]);
    assert.deepEqual(eth.risk_flags, ['high_leverage', 'extreme_leverage', 'approaching_liquidation', 'losing']);
    // Entry tracks 0.3–0.8 % above the mark; liquidation = entry × (1 − 1/25) / (1 − 1/50) → 1.26–1.75 % below the mark.
    assert.ok(eth.distance_to_liquidation_pct > 1.2 && eth.distance_to_liquidation_pct < 1.8, String(eth.distance_to_liquidation_pct));
    assert.ok(eth.unrealized_pnl_usd < 0 && eth.entry_price_usd > eth.mark_price_usd);
    assert.deepEqual(json.risk_flags, ['high_leverage', 'extreme_leverage', 'approaching_liquidation', 'losing']);
    assert.equal(json.profile, 'directional');
    assert.equal(json.weighted_leverage, 25);
    assert.ok(json.pnl.week_usd < 0, 'week PnL designed below 0 (why smart money excludes it)');
  });

  it('an address the venue holds nothing for → a valid empty profile with a caveat, still charged once', async () => {
    const { status, json, cost } = await paid(service, 'solana', 'refvenue-trader-profile', { address: UNKNOWN, format: 'both' });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(cost, PROFILE_PRICE);
    assert.equal(json.account_empty, true);
    assert.deepEqual(json.positions, []);
    assert.deepEqual([json.profile, json.directional_bias, json.weighted_leverage, json.long_pct], [null, null, null, null]);
    assert.equal(json.account_value_usd, 0);
    assert.deepEqual(json.pnl, { week_usd: 0, month_usd: 0, all_time_usd: 0 });
    assert.ok(caveatCodes(json).includes('empty_account'));
    assert.deepEqual(json.next_steps, [{ endpoint: 'refvenue-smart-money', input: {}, reason: json.next_steps[0].reason }]);
    assert.match(json.llm_summary, /empty account/);
  });

  it('smart money (default 10): filter counts match the designed rows, SOL long, BTC short, ETH balanced, BONK one short; exactly 0.05', async () => {
    const { status, json, cost } = await paid(service, 'base', 'refvenue-smart-money', { format: 'both' });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(cost, SMART_MONEY_PRICE);
    // 60 rows: 48 kept (the three boundary rows included), 3 MM/HFT, 3 dust (one a cent under), 2 mega, 4 inconsistent.
    assert.deepEqual(
      [json.filter.leaderboard_rows, json.filter.kept, json.filter.excluded],
      [60, 48, 12],
    );
    assert.deepEqual(json.filter.excluded_by_reason, { market_maker_or_hft: 3, dust_account: 3, mega_account: 2, inconsistent: 4 });
    assert.deepEqual([json.top_traders, json.traders_scanned, json.traders_read, json.traders_skipped], [10, 10, 10, 0]);
    assert.deepEqual(json.traders.map((t: Json) => t.rank), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.equal(json.traders[0].address, R.SMART_01);
    assert.deepEqual([json.traders[2].address, json.traders[5].address, json.traders[8].address], [R.DIRECTIONAL, R.MARKET_NEUTRAL, R.DIVERSIFIED]);
    for (let i = 1; i < json.traders.length; i++) assert.ok(json.traders[i - 1].month_pnl_usd > json.traders[i].month_pnl_usd, 'ranked by month PnL');

    // Ranks 1–10 by design: SOL long on 7 (ranks 1, 2, 3, 5, 8, 9, 10), short on 1 (rank 7).
    const sol = coin(json, 'SOL');
    assert.deepEqual([sol.long_traders, sol.short_traders, sol.bias], [7, 1, 'long']);
    assert.equal(factor(sol, 'count_agreement'), 0.75);
    assert.equal(factor(sol, 'breadth'), 1);
    // Notional ≈ (2.30M − 0.25M) / 2.55M = 0.80 → conviction ≈ 0.75 × 0.80.
    assert.ok(sol.conviction > 0.55 && sol.conviction < 0.66, String(sol.conviction));
    assert.equal(sol.top_traders[0].address, R.SMART_01);
    // BTC short on 6 (ranks 1, 4, 5, 7, 9, 10), long on 2 (DIRECTIONAL, MARKET_NEUTRAL).
    const btc = coin(json, 'BTC');
    assert.deepEqual([btc.long_traders, btc.short_traders, btc.bias], [2, 6, 'short']);
    assert.ok(btc.net_notional_usd < 0);
    // ETH: 4 long against 4 short → no count agreement → conviction 0.
    const eth = coin(json, 'ETH');
    assert.deepEqual([eth.long_traders, eth.short_traders, eth.conviction], [4, 4, 0]);
    // BONK: DIVERSIFIED's kBONK short only → counted as BONK; 1 × 1 × 1/5.
    const bonk = coin(json, 'BONK');
    assert.deepEqual([bonk.long_traders, bonk.short_traders, bonk.bias, bonk.conviction], [0, 1, 'short', 0.2]);
    assert.equal(bonk.top_traders[0].address, R.DIVERSIFIED);
    // Largest gross notional first: BTC, ETH and SOL hold $2.5–3.8M each (their order moves with prices), BONK $25k.
    assert.deepEqual(json.coins.map((c: Json) => c.coin).sort(), ['BONK', 'BTC', 'ETH', 'SOL']);
    assert.equal(json.coins.at(-1).coin, 'BONK');
    const gross = json.coins.map((c: Json) => c.long_notional_usd + c.short_notional_usd);
    for (let i = 1; i < gross.length; i++) assert.ok(gross[i - 1] >= gross[i], 'ordered by gross notional');
    assert.deepEqual(json.next_steps[0], { endpoint: 'refvenue-trader-profile', input: { address: R.SMART_01 }, reason: json.next_steps[0].reason });
    assert.match(json.llm_summary, /60 leaderboard rows → 48 kept; excluded 3 market maker\/HFT, 3 dust, 2 mega, 4 inconsistent/);
    assert.doesNotMatch(JSON.stringify(json), /hyperliquid/i);
  });

  it('smart money: market focus SOL and kbonk; top_traders 3 (hand-computed convictions); 25 reaches the boundary rows and HYPE', async () => {
    const focus = await paid(service, 'solana', 'refvenue-smart-money', { market: 'SOL' });
    assert.equal(focus.status, 200, JSON.stringify(focus.json));
    assert.deepEqual(focus.json.coins.map((c: Json) => c.coin), ['SOL']);
    assert.deepEqual([focus.json.market, focus.json.market_coin, focus.json.coins[0].bias], ['SOL', 'SOL', 'long']);

    const bonk = await paid(service, 'base', 'refvenue-smart-money', { market: 'kbonk' });
    assert.equal(bonk.status, 200, JSON.stringify(bonk.json));
    assert.deepEqual([bonk.json.market, bonk.json.market_coin, bonk.json.coins.map((c: Json) => c.coin)], ['kbonk', 'BONK', ['BONK']]);

    const three = await paid(service, 'solana', 'refvenue-smart-money', { top_traders: 3 });
    assert.equal(three.status, 200, JSON.stringify(three.json));
    assert.deepEqual(three.json.traders.map((t: Json) => t.address), [R.SMART_01, three.json.traders[1].address, R.DIRECTIONAL]);
    // Ranks 1–3: SOL long ×3 → 1 × 1 × 3/5; ETH long ×2 (ranks 2, 3) → 2/5; BTC short (rank 1) vs long (rank 3) → 0.
    assert.deepEqual([coin(three.json, 'SOL').long_traders, coin(three.json, 'SOL').short_traders, coin(three.json, 'SOL').conviction], [3, 0, 0.6]);
    assert.deepEqual([coin(three.json, 'ETH').long_traders, coin(three.json, 'ETH').conviction], [2, 0.4]);
    assert.deepEqual([coin(three.json, 'BTC').long_traders, coin(three.json, 'BTC').short_traders, coin(three.json, 'BTC').conviction], [1, 1, 0]);
    for (const c of three.json.coins) assert.ok(c.top_traders.length <= 3);

    const all = await paid(service, 'base', 'refvenue-smart-money', { top_traders: 25 });
    assert.equal(all.status, 200, JSON.stringify(all.json));
    assert.equal(all.json.traders.length, 25);
    const row = (address: string) => all.json.traders.find((t: Json) => t.address === address);
    // Kept on the bounds: exactly $50,000,000 (rank 13) and turnover exactly 50 (rank 21).
    assert.deepEqual([row(R.EDGE_ACCOUNT_50M).rank, row(R.EDGE_ACCOUNT_50M).account_value_usd], [13, 50_000_000]);
    assert.deepEqual([row(R.EDGE_TURNOVER_50).rank, row(R.EDGE_TURNOVER_50).month_turnover], [21, 50]);
    assert.ok(coin(all.json, 'HYPE'), 'a coin outside the four assets keeps the venue name');
    assert.equal(coin(all.json, 'SOL').bias, 'long');
    assert.equal(coin(all.json, 'BTC').bias, 'short');
  });

  it('smart money: a coin no scanned trader holds → a valid empty consensus with a caveat', async () => {
    const { status, json, cost } = await paid(service, 'solana', 'refvenue-smart-money', { market: 'DOGE' });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(cost, SMART_MONEY_PRICE);
    assert.deepEqual([json.coins, json.market_coin], [[], null]);
    assert.ok(caveatCodes(json).includes('market_not_held'));
  });

  it('venue C down → both endpoints fail 502 and nothing is charged', async () => {
    service.sandbox!.providers!.faults.set('perps_venue_c', { errorRate: 1 });
    try {
      for (const [key, body] of [['refvenue-smart-money', { top_traders: 4 }], ['refvenue-trader-profile', { address: R.SMART_01 }]] as const) {
        const { status, json, cost } = await paid(service, 'base', key, body);
        // Retries pause in real time, but the budgets and the deadline pass only when the test moves the time: a 502, never a 504.
        assert.equal(status, 502, `${key}: ${JSON.stringify(json)}`);
        assert.equal(json.error.code, 'upstream_unavailable');
        assert.equal(json.error.leg, 'perps_venue_c');
        assert.equal(cost, 0n, `${key} not charged`);
      }
    } finally {
      service.sandbox!.providers!.faults.set('perps_venue_c', undefined);
    }
  });
});

describe('smart-money scan on a scripted venue C', () => {
  const world = createPerpsWorld('refvenue-test');
  const at = new Date('2025-06-01T12:00:00Z');
  const venue = (failing: (address: string) => boolean): RefVenueCSource => ({
    venue: 'C',
    markets: async () => world.refMarkets('C', at),
    leaderboard: async () => world.leaderboard(at),
    portfolio: async (a) => world.refPortfolio(a, at),
    account: async (a) => {
      if (failing(a)) throw new SourceError('perps_venue_c', 'unavailable', 'scripted failure');
      return world.refAccount(a, at);
    },
  });
  const run = (failing: (address: string) => boolean, topTraders = 3) =>
    smartMoneyAnswer(venue(failing), { topTraders, signal: new AbortController().signal, timers: new ManualTimers(), deadlineMs: 10_000 });

  it('an account that fails → that trader skipped with a leg_degraded caveat; the others make the consensus', async () => {
    const result = await run((a) => a === R.DIRECTIONAL);
    const d = result.data as Json;
    assert.deepEqual([d.traders_scanned, d.traders_read, d.traders_skipped], [3, 2, 1]);
    assert.deepEqual(d.traders.map((t: Json) => t.status), ['read', 'read', 'skipped']);
    assert.deepEqual([d.traders[2].open_positions, d.traders[2].gross_notional_usd], [null, null]);
    const skipped = result.caveats!.filter((c) => c.code === 'leg_degraded');
    assert.equal(skipped.length, 1);
    assert.equal(skipped[0]!.leg, 'perps_venue_c');
    assert.match(skipped[0]!.message, new RegExp(`${R.DIRECTIONAL} \\(rank 3\\) skipped`));
    // Without DIRECTIONAL (rank 3): SOL long on ranks 1 and 2 → 1 × 1 × 2/5; BTC short on rank 1 only.
    const sol = (d.coins as Json[]).find((c) => c.coin === 'SOL');
    assert.deepEqual([sol.long_traders, sol.conviction], [2, 0.4]);
    const btc = (d.coins as Json[]).find((c) => c.coin === 'BTC');
    assert.deepEqual([btc.long_traders, btc.short_traders, btc.bias], [0, 1, 'short']);
  });

  it('every scanned account failing → upstream_unavailable (the call is not charged)', async () => {
    await assert.rejects(run(() => true), (err: unknown) => err instanceof ApiError && err.code === 'upstream_unavailable' && err.status === 502);
  });
});
