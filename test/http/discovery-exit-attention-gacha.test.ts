/**
 * exit-signal, attention-momentum and gacha-ev-scan over HTTP with real x402 payments on the sandbox
 * (fixed past clocks, moved forward only within the past). Values are the sandbox cast's design
 * (src/sandbox/world/launches/designs.ts, src/sandbox/providers/card-packs.ts), worked out by hand:
 *
 * - exit-signal: TOKEN_LAUNCH_RUG (6 h lives from 00:00 UTC, liquidity pulled at exactly 2 h) reads HOLD while
 *   it runs and EXIT on hard triggers after the pull — with a profitable entry price and a score under 0.7;
 *   TOKEN_LAUNCH_RUNNER (8 h lives) is HOLD with score 0 while RUNNING (74 % buyers, price rising) and DERISK
 *   early in FADING; deltas unlock only against a reading ≥ 5 minutes old.
 * - attention-momentum: paid calls in three past hours, read an hour later.
 * - gacha-ev-scan: the sandbox machines (Collector Crypt's real catalog format): EVs from tier-range midpoints,
 *   the buyback cap, hidden and free machines, edges and verdicts per exit path.
 * Every charge is the exact price once; failures are not charged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { cardPackMachinesAt, SANDBOX_CARD_MACHINES, stockAt } from '../../src/sandbox/providers/card-packs.js';
import gachaEndpoint from '../../src/endpoints/discovery/gacha-ev-scan.js';
import type { HandlerContext } from '../../src/registry/types.js';
import { CardPackClient } from '../../src/sources/card-packs.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { ManualTimers } from '../../src/lib/timers.js';
import { ApiError } from '../../src/errors/api-error.js';
import { startScriptedServer } from '../helpers/scripted-server.js';
import { paidCall, type PaidCall } from '../helpers/paid-answers.js';
import { newPayer, paidInvoke } from '../helpers/payers.js';
import { suiteService, type TestService } from '../helpers/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const MIN = 60_000;
const HOUR = 60 * MIN;
/** USDC atomic units (6 decimals). */
const EXIT_PRICE = 40_000n;
const ATTENTION_PRICE = 20_000n;
const GACHA_PRICE = 20_000n;

async function ok(service: TestService, key: string, body: Record<string, unknown>, price: bigint, network: 'solana' | 'base' = 'solana'): Promise<Json> {
  const r: PaidCall = await paidCall(service, network, key, body, { outputSchema: true });
  assert.equal(r.status, 200, `${key} ${JSON.stringify(body)}: ${JSON.stringify(r.json)}`);
  assert.equal(r.cost, price, `${key} is charged its exact price once`);
  return r.json;
}

const factor = (d: Json, name: string) => d.factors.find((f: Json) => f.name === name).value;
const weightedSum = (d: Json) => Math.round(d.factors.reduce((s: number, f: Json) => s + f.weight * f.value, 0) * 10_000) / 10_000;

describe('exit-signal', () => {
  // RUG's lives begin every 6 h from 00:00 UTC: 08:05 is 125 min of age, 5 minutes after the pull.
  const service = suiteService({ fixedNow: new Date('2026-11-20T08:05:00Z') });

  it('TOKEN_LAUNCH_RUG after its pull: EXIT on the rug trigger with a score under 0.7 and a profitable entry', async () => {
    // Entry at $0.000001: the price after the pull is 5 % of the $0.00005 launch price × 0.15^(5/60) ≈ $0.00000213.
    const d = await ok(service, 'exit-signal', { mint: A.TOKEN_LAUNCH_RUG, entry_price_usd: 0.000001, format: 'both' }, EXIT_PRICE);
    assert.equal(d.verdict, 'EXIT');
    assert.equal(d.decided_by, 'hard_trigger');
    assert.equal(d.stage, 'FADING');
    assert.ok(d.hard_triggers.some((t: Json) => t.code === 'rug'), `drained pool: ${JSON.stringify(d.hard_triggers)}`);
    assert.ok(d.market.liquidity_usd < 1000, 'the pool was pulled to about $650');
    assert.ok(d.market.windows.h1.price_change_pct <= -50);
    // First reading: no deltas. The last hour still holds 55 minutes of the run's 74 % buyers, so sellers are not
    // fully in control and the score alone would not say EXIT: the trigger decided.
    assert.equal(d.deltas, null);
    assert.ok(d.unknown_factors.includes('liquidity_delta'));
    assert.ok(d.exit_score < 0.7, `score ${d.exit_score}`);
    assert.equal(d.exit_score, weightedSum(d));
    assert.equal(factor(d, 'stage_fading'), 1);
    // Profitable entry: context only.
    const price = d.market.price_usd;
    assert.ok(price > 0.000001);
    assert.equal(d.unrealized_pnl.entry_price_usd, 0.000001);
    assert.equal(d.unrealized_pnl.pnl_pct, Math.round(((price - 0.000001) / 0.000001) * 10_000) / 100);
    assert.ok(d.unrealized_pnl.pnl_pct > 0);
    assert.match(d.llm_summary, /EXIT/);
    assert.match(d.llm_summary, /hard trigger/);
  });

  it('a mint without a market is INSUFFICIENT_DATA (charged); an address that is not a mint is 404 (not charged)', async () => {
    const none = await ok(service, 'exit-signal', { mint: A.TOKEN_NO_MARKET, entry_price_usd: 1 }, EXIT_PRICE, 'base');
    assert.equal(none.verdict, 'INSUFFICIENT_DATA');
    assert.equal(none.exit_score, null);
    assert.equal(none.decided_by, 'insufficient_data');
    assert.equal(none.market, null);
    assert.equal(none.stage, null);
    assert.deepEqual(none.unrealized_pnl, { entry_price_usd: 1, price_usd: null, pnl_pct: null, multiple: null });
    assert.ok(none.caveats.some((c: Json) => c.code === 'no_market'));

    const wallet = await paidCall(service, 'solana', 'exit-signal', { mint: A.WALLET_DEFI });
    assert.equal(wallet.status, 404);
    assert.equal(wallet.json.error.code, 'not_found');
    assert.equal(wallet.cost, 0n);
  });

  it('TOKEN_LAUNCH_RUNNER: HOLD at RUNNING; deltas unlock only on a repeat ≥ 5 minutes after a reading', async () => {
    // Runner lives begin at 00:00, 08:00, 16:00: 09:30 is 90 min of age (RUNNING, 45 min – 3 h).
    service.advance(85 * MIN);
    const first = await ok(service, 'exit-signal', { mint: A.TOKEN_LAUNCH_RUNNER }, EXIT_PRICE);
    assert.equal(first.stage, 'RUNNING');
    assert.equal(first.verdict, 'HOLD');
    assert.equal(first.exit_score, 0);
    assert.ok(first.market.windows.m5.buy_share >= 0.7, '74 % buyers');
    // Liquidity path $18k at 40 min → $120k at 176 min, linear: 18,000 + 102,000 × 50/136 = $55,500.
    assert.equal(first.market.liquidity_usd, 55_500);
    assert.equal(first.deltas, null);
    assert.equal(first.deltas_unavailable.code, 'no_prior_reading');
    assert.ok(first.next_steps.some((s: Json) => s.endpoint === 'exit-signal' && s.input.mint === A.TOKEN_LAUNCH_RUNNER));

    service.advance(2 * MIN); // 09:32: the 09:30 reading is 2 minutes old.
    const soon = await ok(service, 'exit-signal', { mint: A.TOKEN_LAUNCH_RUNNER }, EXIT_PRICE, 'base');
    assert.equal(soon.deltas, null);
    assert.equal(soon.deltas_unavailable.code, 'prior_too_recent');
    assert.equal(soon.prior_reading.at, '2026-11-20T09:30:00.000Z');
    assert.equal(factor(soon, 'liquidity_delta'), 0);
    assert.ok(soon.unknown_factors.includes('liquidity_delta'));

    service.advance(3 * MIN); // 09:35: exactly 5 minutes after the 09:30 reading (the 09:32 one is too young).
    const spaced = await ok(service, 'exit-signal', { mint: A.TOKEN_LAUNCH_RUNNER }, EXIT_PRICE);
    assert.equal(spaced.deltas.prior_at, '2026-11-20T09:30:00.000Z');
    assert.equal(spaced.deltas.minutes_since_prior, 5);
    // $59,250 at 95 min against $55,500: +6.76 %.
    assert.equal(spaced.market.liquidity_usd, 59_250);
    assert.equal(spaced.deltas.liquidity_change_pct, 6.76);
    assert.equal(typeof spaced.deltas.holder_change_pct, 'number');
    assert.equal(spaced.deltas_unavailable, null);
    assert.equal(spaced.verdict, 'HOLD');
  });

  it('TOKEN_LAUNCH_RUNNER early in FADING (25 % buyers): DERISK on the score', async () => {
    service.advance(Date.parse('2026-11-20T13:10:00Z') - Date.parse('2026-11-20T09:35:00Z')); // 5 h 10 min of age.
    const d = await ok(service, 'exit-signal', { mint: A.TOKEN_LAUNCH_RUNNER }, EXIT_PRICE);
    assert.equal(d.stage, 'FADING');
    assert.equal(d.verdict, 'DERISK');
    assert.equal(d.decided_by, 'score');
    assert.deepEqual(d.hard_triggers, []);
    assert.ok(d.exit_score >= 0.4 && d.exit_score < 0.7, `score ${d.exit_score}`);
    assert.equal(d.exit_score, weightedSum(d));
    assert.equal(factor(d, 'stage_fading'), 1);
    assert.ok(factor(d, 'sellers_in_control') > 0.5, 'three sellers to one buyer over 5 minutes');
    assert.ok(d.market.windows.m5.buy_share < 0.3);
  });

  it('TOKEN_LAUNCH_RUG\'s next life: HOLD while it runs, then EXIT on the liquidity pull against that reading', async () => {
    service.advance(Date.parse('2026-11-20T13:50:00Z') - Date.parse('2026-11-20T13:10:00Z')); // 110 min into the 12:00 life.
    const running = await ok(service, 'exit-signal', { mint: A.TOKEN_LAUNCH_RUG, entry_price_usd: 0.000001 }, EXIT_PRICE, 'base');
    assert.equal(running.stage, 'RUNNING');
    assert.equal(running.verdict, 'HOLD');
    // Buyers in control (sell share < 0.5), price rising, liquidity up, not FADING or PARABOLIC_LATE. Only the
    // holder count can score: the relaunched token has fewer holders than the old life had at 125 minutes.
    for (const name of ['sellers_in_control', 'momentum', 'liquidity_delta', 'stage_fading', 'parabolic_exhaustion']) assert.equal(factor(running, name), 0, name);
    assert.ok(running.exit_score <= 0.1);
    assert.deepEqual(running.hard_triggers, []);
    assert.ok(running.deltas.liquidity_change_pct > 0, 'against the 08:05 reading of the drained pool');

    service.advance(15 * MIN); // 14:05: 125 min of age, 5 minutes after the pull.
    const pulled = await ok(service, 'exit-signal', { mint: A.TOKEN_LAUNCH_RUG, entry_price_usd: 0.000001 }, EXIT_PRICE);
    assert.equal(pulled.verdict, 'EXIT');
    assert.equal(pulled.decided_by, 'hard_trigger');
    const codes = pulled.hard_triggers.map((t: Json) => t.code);
    assert.ok(codes.includes('liquidity_pull') && codes.includes('rug'), JSON.stringify(codes));
    assert.equal(pulled.deltas.prior_at, '2026-11-20T13:50:00.000Z');
    assert.equal(pulled.deltas.minutes_since_prior, 15);
    assert.ok(pulled.deltas.liquidity_change_pct <= -25);
    assert.equal(factor(pulled, 'liquidity_delta'), 1);
    assert.ok(pulled.unrealized_pnl.pnl_pct > 0);
  });

  it('the market-data source down: 502, not charged', async () => {
    service.sandbox!.providers!.faults.set('market_data', { errorRate: 1 });
    try {
      const r = await paidCall(service, 'solana', 'exit-signal', { mint: A.TOKEN_LAUNCH_QUIET });
      assert.equal(r.status, 502);
      assert.equal(r.json.error.code, 'upstream_unavailable');
      assert.equal(r.cost, 0n);
    } finally {
      service.sandbox!.providers!.faults.set('market_data', undefined);
    }
  });
});

describe('attention-momentum', () => {
  // Calls at 14:30, 15:30 and 16:30, read at 17:30: the 1 h windows are the hours 14, 15 and 16.
  const service = suiteService({ fixedNow: new Date('2026-11-19T14:30:00Z') });
  const plan: [string, [number, number, number]][] = [
    [A.TOKEN_LAUNCH_RUNNER, [1, 2, 8]],
    [A.TOKEN_LAUNCH_QUIET, [0, 0, 3]],
    [A.TOKEN_LAUNCH_RUG, [1, 1, 4]],
    [A.TOKEN_LAUNCH_SELLERS, [4, 4, 1]],
  ];

  it('after paid calls in three past hours: the asked-more token ranks first, each with its divergence class', async () => {
    const payer = await newPayer(service, 'solana');
    for (let h = 0; h < 3; h++) {
      for (const [mint, counts] of plan) {
        for (let i = 0; i < counts[h]!; i++) {
          const res = await paidInvoke(payer, service, 'enrich-token-light', { mint });
          assert.equal(res.status, 200, await res.text());
        }
      }
      service.advance(HOUR);
    }
    // 17:30: one call in the running hour, shown beside the counts but in no window.
    assert.equal((await paidInvoke(payer, service, 'enrich-token-light', { mint: A.TOKEN_LAUNCH_RUNNER })).status, 200);
    await service.recorder.idle();

    const d = await ok(service, 'attention-momentum', { window: '1h', format: 'both' }, ATTENTION_PRICE);
    assert.deepEqual(d.windows, [
      { from: '2026-11-19T14:00:00.000Z', to: '2026-11-19T15:00:00.000Z' },
      { from: '2026-11-19T15:00:00.000Z', to: '2026-11-19T16:00:00.000Z' },
      { from: '2026-11-19T16:00:00.000Z', to: '2026-11-19T17:00:00.000Z' },
    ]);
    assert.deepEqual(d.running_hour, { from: '2026-11-19T17:00:00.000Z', to: '2026-11-19T18:00:00.000Z' });
    assert.equal(d.price_window, 'h1');
    assert.equal(d.price_overlay, true);
    assert.equal(d.candidates, 4);
    assert.equal(d.total_calls, 29);
    const rows = d.tokens.map((t: Json) => [t.rank, t.mint, t.counts, t.acceleration, t.trend, t.sample_quality, t.divergence]);
    assert.deepEqual(rows, [
      // 11 calls (ok): ((8 − 2) − (2 − 1)) ÷ (11/3) = 1.3636, rising; RUNNING at 90 min, price h1 ≈ +106 %.
      [1, A.TOKEN_LAUNCH_RUNNER, [1, 2, 8], 1.3636, 'rising', 'ok', 'confirmed_momentum'],
      // Low samples after every ok one, however fast: 0 → 0 → 3 is acceleration 3 (the maximum); under 10 calls
      // there is no divergence class (not a signal: test/http/discovery-attention-sample.test.ts).
      [2, A.TOKEN_LAUNCH_QUIET, [0, 0, 3], 3, 'rising', 'low', null],
      // ((4 − 1) − 0) ÷ 2 = 1.5, rising into the rug's fall (5 h 30 of age, −85 % an hour).
      [3, A.TOKEN_LAUNCH_RUG, [1, 1, 4], 1.5, 'rising', 'low', null],
      // (−3 − 0) ÷ 3 = −1, falling while SELR's price slides (−40 % over its 12 h life).
      [4, A.TOKEN_LAUNCH_SELLERS, [4, 4, 1], -1, 'falling', 'low', null],
    ]);
    // Four tokens asked about: below the minimum sample (10 tokens) for a percentile.
    assert.deepEqual(d.tokens.map((t: Json) => t.percentile), [null, null, null, null]);
    assert.deepEqual(d.tokens.map((t: Json) => t.running_hour_calls), [1, 0, 0, 0]);
    assert.ok(d.tokens[0].price_change_pct >= 5);
    assert.ok(d.tokens[1].price_change_pct > -20 && d.tokens[1].price_change_pct < 5);
    assert.ok(d.tokens[2].price_change_pct <= -20);
    assert.ok(d.tokens[3].price_change_pct < 5);
    assert.ok(d.caveats.some((c: Json) => c.code === 'attention_source' && /CONSENSUS_EXCLUDE_PAYERS/.test(c.message)));
    assert.ok(d.caveats.some((c: Json) => c.code === 'low_sample'));
    assert.deepEqual(d.next_steps[0], { endpoint: 'trenches-check', input: { mint: A.TOKEN_LAUNCH_RUNNER }, reason: d.next_steps[0].reason });
    assert.match(d.llm_summary, /confirmed_momentum/);

    const top = await ok(service, 'attention-momentum', { window: '1h', limit: 1 }, ATTENTION_PRICE, 'base');
    assert.deepEqual(top.tokens.map((t: Json) => t.mint), [A.TOKEN_LAUNCH_RUNNER]);
    assert.equal(top.candidates, 4);
  });

  it('6 h windows: every call of the last three hours is in the latest window', async () => {
    const d = await ok(service, 'attention-momentum', {}, ATTENTION_PRICE);
    assert.equal(d.window, '6h');
    assert.equal(d.price_window, 'h6');
    assert.deepEqual(d.windows.map((w: Json) => w.from), ['2026-11-18T23:00:00.000Z', '2026-11-19T05:00:00.000Z', '2026-11-19T11:00:00.000Z']);
    // Every token is 0 → 0 → n (acceleration 3): RUNR's 11 calls are the only ok sample; the rest by latest count.
    assert.deepEqual(d.tokens.map((t: Json) => [t.mint, t.counts, t.acceleration, t.sample_quality]), [
      [A.TOKEN_LAUNCH_RUNNER, [0, 0, 11], 3, 'ok'],
      [A.TOKEN_LAUNCH_SELLERS, [0, 0, 9], 3, 'low'],
      [A.TOKEN_LAUNCH_RUG, [0, 0, 6], 3, 'low'],
      [A.TOKEN_LAUNCH_QUIET, [0, 0, 3], 3, 'low'],
    ]);
  });

  it('the market-data source down: ranked without prices, a leg_degraded caveat, still charged', async () => {
    service.sandbox!.providers!.faults.set('market_data', { errorRate: 1 });
    try {
      const d = await ok(service, 'attention-momentum', { window: '1h', limit: 3 }, ATTENTION_PRICE);
      assert.equal(d.price_overlay, false);
      assert.deepEqual(d.tokens.map((t: Json) => t.mint), [A.TOKEN_LAUNCH_RUNNER, A.TOKEN_LAUNCH_QUIET, A.TOKEN_LAUNCH_RUG]);
      assert.ok(d.tokens.every((t: Json) => t.price_change_pct === null && t.divergence === null));
      assert.ok(d.caveats.some((c: Json) => c.code === 'leg_degraded' && c.leg === 'market_data'));
    } finally {
      service.sandbox!.providers!.faults.set('market_data', undefined);
    }
  });
});

describe('gacha-ev-scan', () => {
  const AT = new Date('2026-11-20T10:00:00Z');
  const service = suiteService({ fixedNow: AT });
  const codes = (d: Json) => d.machines.map((m: Json) => m.code);
  const edges = (d: Json) => d.machines.map((m: Json) => [m.code, m.verdict_exit, m.edge_pct, m.verdict]);
  const PUBLIC = SANDBOX_CARD_MACHINES.filter((m) => m.public).map((m) => m.code);

  /** Every public machine on its instant buyback, best edge first: [code, exit judged, edge %, verdict]. */
  const BUYBACK_EDGES = [
    ['pokemon_250', 'buyback', 4.76, 'POSITIVE_EV'],
    ['baseball_100', 'buyback', -1.9, 'HOUSE_EDGE'],
    ['pokemon_50', 'buyback', -8.2, 'HOUSE_EDGE'],
    ['onepiece_2500', 'buyback', -13.21, 'HOUSE_EDGE'],
    ['onepiece_50', 'buyback', -15, 'HOUSE_EDGE'],
    ['onepiece_100', 'buyback', -17.2, 'NEGATIVE_EV'],
    ['pokemon_1000', 'buyback', -32.34, 'NEGATIVE_EV'],
    ['pokemon_25', 'buyback', -39.12, 'NEGATIVE_EV'],
    ['onepiece_25', null, null, null],
  ];

  it('all public machines, both exits: verdicts and ranking on the certain buyback; EVs from range midpoints, exits as designed', async () => {
    const d = await ok(service, 'gacha-ev-scan', { format: 'both' }, GACHA_PRICE);
    assert.equal(d.exit_strategy, 'both');
    assert.deepEqual([d.scanned, d.hidden_excluded, d.matched], [11, 2, 9]);
    assert.deepEqual(d.skipped_machines, []);
    assert.deepEqual(edges(d), BUYBACK_EDGES, 'under both, each verdict is the buyback\'s');
    assert.deepEqual(d.verdict_counts, { POSITIVE_EV: 1, HOUSE_EDGE: 4, NEGATIVE_EV: 3, unavailable: 1, unpriced: 0 });
    // pokemon_50: midpoints 30/60/150/450; EV 0.7×30 + 0.2×60 + 0.08×150 + 0.02×450 = 54; buyback 54 × 0.85 = 45.90
    // (−8.2 %); marketplace 52.92. The platform lists 55.
    const p50 = d.machines.find((m: Json) => m.code === 'pokemon_50');
    assert.equal(p50.gross_ev_usd, 54);
    assert.equal(p50.gross_return_pct, 108);
    assert.deepEqual([p50.platform_ev_usd, p50.ev_gap_usd, p50.ev_gap_pct], [55, -1, -1.82]);
    assert.deepEqual(p50.tiers.map((t: Json) => [t.rarity, t.assumed_card_value_usd, t.value_assumption]), [
      ['common', 30, 'midpoint of 20–40 USD'], ['uncommon', 60, 'midpoint of 40–80 USD'], ['rare', 150, 'midpoint of 100–200 USD'], ['epic', 450, 'midpoint of 250–650 USD'],
    ]);
    assert.deepEqual([p50.exits.buyback.value_usd, p50.exits.buyback.edge_pct, p50.exits.buyback.verdict, p50.exits.buyback.rate_pct], [45.9, -8.2, 'HOUSE_EDGE', 85]);
    assert.deepEqual([p50.exits.marketplace.value_usd, p50.exits.marketplace.edge_pct, p50.exits.marketplace.may_not_fill], [52.92, 5.84, true]);
    assert.equal(p50.exits.buyback.cash_exit_within_hours, 72);
    const design = SANDBOX_CARD_MACHINES.find((m) => m.code === 'pokemon_50')!;
    const stock = design.tiers.map(([tier, , base]) => [tier, stockAt(base, tier, AT)] as const);
    const total = stock.reduce((s, [, n]) => s + n, 0);
    const rareEpic = stock.filter(([r]) => r === 'rare' || r === 'epic').reduce((s, [, n]) => s + n, 0);
    assert.equal(p50.total_stock, total);
    assert.equal(p50.rare_epic_stock_share_pct, Math.round((rareEpic / total) * 10_000) / 100);
    // pokemon_25: rare and epic sold out; EV over the rest 16.65 / 0.93 = 17.90.
    const p25 = d.machines.find((m: Json) => m.code === 'pokemon_25');
    assert.deepEqual([p25.gross_ev_usd, p25.odds_renormalized, p25.depleted_tiers, p25.rare_epic_stock_share_pct], [17.9, true, ['rare', 'epic'], 0]);
    // onepiece_2500: the epic tier (midpoint 60,000) pays 40,000 at 93 %: 2,350 × 0.93 − 15.80 = 2,169.70.
    const o2500 = d.machines.find((m: Json) => m.code === 'onepiece_2500');
    assert.deepEqual([o2500.exits.buyback.capped_tiers, o2500.exits.buyback.cap_reduction_usd, o2500.exits.buyback.value_usd, o2500.exits.buyback.edge_pct], [['epic'], 15.8, 2169.7, -13.21]);
    // baseball_100: another franchise, two cards a pull.
    const bsb = d.machines.find((m: Json) => m.code === 'baseball_100');
    assert.deepEqual([bsb.franchise, bsb.cards_per_pull, bsb.gross_ev_usd], ['other', 2, 109]);
    assert.equal(d.machines[8].available, false);
    assert.ok(d.caveats.some((c: Json) => c.code === 'buyback_capped' && /onepiece_2500 \(epic; −15\.8 USD per pull\)/.test(c.message)));
    assert.ok(d.caveats.some((c: Json) => c.code === 'platform_ev_gap' && /pokemon_250 291 vs 262\.5 USD \(\+10\.86 %\)/.test(c.message)));
    assert.ok(d.caveats.some((c: Json) => c.code === 'hidden_machines_excluded' && /^2 hidden/.test(c.message)));
    assert.ok(d.caveats.some((c: Json) => c.code === 'machine_unavailable' && /onepiece_25/.test(c.message)));
    assert.ok(d.caveats.some((c: Json) => c.code === 'value_assumption' && /midpoint/.test(c.message)));
    assert.ok(!d.caveats.some((c: Json) => c.code === 'items_skipped'), 'the sandbox serves no malformed machine');
    assert.match(d.llm_summary, /pokemon_250/);
    assert.match(d.llm_summary, /platform EV \$262\.50/);
  });

  it('buyback exit with min_edge_pct 0: only the machines whose guaranteed cash beats the price', async () => {
    const all = await ok(service, 'gacha-ev-scan', { exit_strategy: 'buyback' }, GACHA_PRICE, 'base');
    assert.deepEqual(edges(all), BUYBACK_EDGES);
    // The registry's example input (franchise pokemon, buyback, min edge 0) answers on the sandbox.
    const positive = await ok(service, 'gacha-ev-scan', { franchise: 'pokemon', exit_strategy: 'buyback', min_edge_pct: 0 }, GACHA_PRICE);
    assert.deepEqual(codes(positive), ['pokemon_250']);
    assert.equal(positive.below_min_edge, 3, 'three pokemon machines below 0');
    assert.ok(positive.caveats.some((c: Json) => c.code === 'below_min_edge'));
  });

  it('min_edge_pct is inclusive (onepiece_50 sells at exactly −2 % on the marketplace); franchise and machine filters', async () => {
    const atTwo = await ok(service, 'gacha-ev-scan', { exit_strategy: 'marketplace', min_edge_pct: -2 }, GACHA_PRICE);
    assert.deepEqual(codes(atTwo), ['pokemon_250', 'baseball_100', 'pokemon_50', 'onepiece_50']);
    const above = await ok(service, 'gacha-ev-scan', { exit_strategy: 'marketplace', min_edge_pct: -1.99 }, GACHA_PRICE);
    assert.deepEqual(codes(above), ['pokemon_250', 'baseball_100', 'pokemon_50']);

    const onepiece = await ok(service, 'gacha-ev-scan', { franchise: 'onepiece' }, GACHA_PRICE, 'base');
    // By the buyback (the default both): −13.21, −15, −17.2, sold out.
    assert.deepEqual(codes(onepiece), ['onepiece_2500', 'onepiece_50', 'onepiece_100', 'onepiece_25']);
    assert.equal(onepiece.matched, 4);

    const one = await ok(service, 'gacha-ev-scan', { machine: 'POKEMON_1000' }, GACHA_PRICE);
    assert.deepEqual(edges(one), [['pokemon_1000', 'buyback', -32.34, 'NEGATIVE_EV']]);
    assert.equal(one.machines[0].exits.marketplace.edge_pct, -28.71);
    assert.equal(one.machine_found, true);
    assert.equal(one.machines[0].gross_ev_usd, 727.5);

    const filtered = await ok(service, 'gacha-ev-scan', { machine: 'onepiece_50', franchise: 'pokemon' }, GACHA_PRICE);
    assert.deepEqual(filtered.machines, []);
    assert.ok(filtered.caveats.some((c: Json) => c.code === 'filtered_out'));
  });

  it('hidden machines: left out of scans, answered when asked for by code (the free one unpriced)', async () => {
    const hidden = await ok(service, 'gacha-ev-scan', { machine: 'pokemon_80', exit_strategy: 'buyback' }, GACHA_PRICE);
    assert.deepEqual(edges(hidden), [['pokemon_80', 'buyback', -2.8, 'HOUSE_EDGE']]);
    assert.deepEqual([hidden.machines[0].hidden, hidden.hidden_excluded], [true, 0]);
    assert.ok(hidden.caveats.some((c: Json) => c.code === 'hidden_machine' && /pokemon_80/.test(c.message)));

    const free = await ok(service, 'gacha-ev-scan', { machine: 'promo_0', franchise: 'pokemon', format: 'both' }, GACHA_PRICE);
    assert.deepEqual(edges(free), [['promo_0', null, null, null]]);
    assert.deepEqual([free.machines[0].priced, free.machines[0].gross_ev_usd, free.machines[0].franchise_from], [false, 6, 'name']);
    assert.deepEqual(free.verdict_counts, { POSITIVE_EV: 0, HOUSE_EDGE: 0, NEGATIVE_EV: 0, unavailable: 0, unpriced: 1 });
    assert.ok(free.caveats.some((c: Json) => c.code === 'zero_price' && /promo_0/.test(c.message)));
    assert.match(free.llm_summary, /priced 0/);
  });

  it('an unknown machine code is 404 with the public codes; the card-pack source down is 502 — neither charged', async () => {
    const unknown = await paidCall(service, 'solana', 'gacha-ev-scan', { machine: 'pokemon_5O' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.code, 'not_found');
    assert.deepEqual(unknown.json.error.known_machines, PUBLIC);
    assert.equal(unknown.cost, 0n);

    service.sandbox!.providers!.faults.set('card_packs', { errorRate: 1 });
    try {
      const down = await paidCall(service, 'base', 'gacha-ev-scan', { franchise: 'pokemon', exit_strategy: 'marketplace' });
      assert.equal(down.status, 502);
      assert.equal(down.json.error.code, 'upstream_unavailable');
      assert.equal(down.cost, 0n);
    } finally {
      service.sandbox!.providers!.faults.set('card_packs', undefined);
    }
  });
});

describe('gacha-ev-scan on a catalog with a malformed machine (the registered handler, the real client, a loopback catalog)', () => {
  const AT = new Date('2026-11-20T10:00:00Z');
  /** The sandbox catalog with `pokemon_250` broken: its odds in percent (60) instead of a fraction. */
  const body = () => {
    const b = JSON.parse(JSON.stringify(cardPackMachinesAt(AT))) as { machines: { code: string; odds: Record<string, number> }[] };
    b.machines.find((m) => m.code === 'pokemon_250')!.odds.common = 60;
    return JSON.stringify(b);
  };

  async function run(input: Record<string, unknown>) {
    const fake = await startScriptedServer();
    try {
      fake.script = [{ body: body() }];
      const cardPacks = new CardPackClient({ http: new HttpSource({ leg: 'card_packs', baseUrl: fake.baseUrl, retries: 0, timers: new ManualTimers() }) });
      const ctx = { now: () => AT, signal: new AbortController().signal, sources: { cardPacks } } as unknown as HandlerContext;
      return await gachaEndpoint.handler!(input, ctx);
    } finally {
      await fake.close();
    }
  }

  it('the malformed machine is skipped, listed and counted in one caveat; the others answer', async () => {
    const r = await run({ exit_strategy: 'both' });
    const d = r.data as Json;
    assert.deepEqual([d.scanned, d.matched], [10, 8]);
    assert.ok(!d.machines.some((m: Json) => m.code === 'pokemon_250'));
    assert.deepEqual(d.skipped_machines, [{ index: 1, code: 'pokemon_250', reason: '/1/odds/common must be <= 1' }]);
    assert.equal(r.caveats!.filter((c) => c.code === 'items_skipped').length, 1);
    assert.ok(r.caveats!.some((c) => c.code === 'items_skipped' && c.leg === 'card_packs' && /^1 malformed machine entry from Collector Crypt was skipped \(first: \/1\/odds\/common must be <= 1\); the rest/.test(c.message)));
  });

  it('asking for the malformed machine by code is a 502 (not charged), not a 404', async () => {
    await assert.rejects(run({ machine: 'pokemon_250' }), (err: unknown) => err instanceof ApiError && err.code === 'upstream_unavailable' && /malformed/.test(err.message));
    await assert.rejects(run({ machine: 'pokemon_251' }), (err: unknown) => err instanceof ApiError && err.code === 'not_found');
  });
});

