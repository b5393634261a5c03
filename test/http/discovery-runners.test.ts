/**
 * runner-scan, trenches-scan and trenches-check over HTTP with real x402 payments on the sandbox, the clock
 * moved forward across one TOKEN_LAUNCH_RUNNER life (8 h, lives from 00:00, 08:00, 16:00 UTC) within the past:
 * 08:20 (20 min of age, IGNITING), 09:00 (1 h, RUNNING), 12:00 (4 h, PARABOLIC_LATE), 14:00 (6 h, FADING).
 * Values are the sandbox cast's design (docs/sandbox.md "Fresh launches", "Smart money"; src/sandbox/world/
 * launches/designs.ts, smart-money.ts), worked out by hand:
 *
 * - RUNNER's liquidity path: $15k at launch → $18k at 40 min (20 min: $16,500), then → $120k at 176 min
 *   (60 min: 18,000 + 102,000 × 20/136 = $33,000).
 * - Smart buyers: RUNNER by SMART_1/2/3 at +10/+20/+35 min of every life; BUYERS by SMART_4 at +30 min
 *   (every 12 h); QUIET by SMART_5 at +60 min (daily). RUG is bought by SMART_NOT_1 at +15 min (every 6 h), a
 *   seed wallet that does not qualify as a winner (smart-money-flow's defaults): not a smart buyer.
 * - At 08:20 the 12 h twins BUYERS and SELLERS are 8 h 20 min old: the same volume and trade count, 85 % vs
 *   43 % buyers (IGNITING vs FADING); WASH (8 h 20 min) churns $3,500 trades on a $60k pool; RUG (2 h 20 min,
 *   6 h lives) was pulled at 2 h: $650-ish of liquidity, the price −99 %.
 * Every charge is the exact price once; failures are not charged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CAST_ADDRESS as A, launchAgeMinutes, launchStageAt } from '../../src/sandbox/world/index.js';
import { paidCall, type PaidCall } from '../helpers/paid-answers.js';
import { newPayer, paidInvoke } from '../helpers/payers.js';
import { suiteService, type TestService } from '../helpers/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
/** USDC atomic units (6 decimals). */
const RUNNER_SCAN = 40_000n;
const TRENCHES_SCAN = 80_000n;
const TRENCHES_CHECK = 30_000n;

async function ok(service: TestService, key: string, body: Record<string, unknown>, price: bigint, network: 'solana' | 'base' = 'solana'): Promise<Json> {
  const r: PaidCall = await paidCall(service, network, key, body, { outputSchema: true });
  assert.equal(r.status, 200, `${key} ${JSON.stringify(body)}: ${JSON.stringify(r.json)}`);
  assert.equal(r.cost, price, `${key} is charged its exact price once`);
  return r.json;
}

const entry = (d: Json, mint: string) => d.tokens.find((t: Json) => t.mint === mint);

/**
 * Other callers' traffic in the query stream (10 tokens outside the candidate pool, 3 calls each, at `iso`): the
 * attention window then holds a sample (≥ 10 tokens and ≥ 30 calls), so a token's own calls can be a signal.
 */
async function otherCallers(service: TestService, iso: string): Promise<void> {
  for (let i = 0; i < 10; i++) {
    for (let c = 0; c < 3; c++) await service.store.recordQuery({ entityType: 'token', entity: `other-token-${i}`, endpoint: 'enrich-token-light', at: new Date(iso) });
  }
}
const signal = (d: Json, name: string) => d.signals.find((s: Json) => s.name === name);
const weighted = (factors: Json[]) => Math.round(factors.reduce((s, f) => s + (f.value === null ? 0 : f.effective_weight * f.value), 0) * 10_000) / 10_000;

describe('runner-scan, trenches-scan, trenches-check across one RUNNER life', () => {
  const AT = Date.parse('2026-11-19T08:20:00Z');
  const service = suiteService({ fixedNow: new Date(AT) });
  let clock = AT;
  const moveTo = (iso: string) => {
    const to = Date.parse(iso);
    assert.ok(to >= clock, 'the clock only moves forward');
    service.advance(to - clock);
    clock = to;
  };
  /** RUNNER's designed stage at the service's clock. */
  const designed = () => launchStageAt('TOKEN_LAUNCH_RUNNER', launchAgeMinutes('TOKEN_LAUNCH_RUNNER', clock));
  const SMART_RUNNER = [A.WALLET_SMART_1, A.WALLET_SMART_2, A.WALLET_SMART_3].sort();

  it('08:20 (20 min): trenches-check on RUNNER — IGNITING, smart money, no attention sample yet: MODERATE; no prior reading', async () => {
    assert.equal(designed(), 'IGNITING');
    const d = await ok(service, 'trenches-check', { mint: A.TOKEN_LAUNCH_RUNNER, format: 'both' }, TRENCHES_CHECK);
    assert.equal(d.runner.stage, 'IGNITING');
    assert.equal(d.liquidity_usd, 16_500);
    assert.equal(d.verdict, 'MODERATE');
    assert.equal(d.confluence_count, 2);
    // A fresh service's query stream is empty: below the minimum sample, attention is unknown (not counted), not absent.
    assert.deepEqual(d.signals.map((s: Json) => [s.name, s.present, s.status]), [['runner', true, 'present'], ['smart_money', true, 'present'], ['attention', null, 'insufficient_sample']]);
    assert.deepEqual([d.legs_missing, d.degraded], [[], false]);
    assert.ok(d.caveats.some((c: Json) => c.code === 'attention_insufficient_sample'));
    // SMART_1 and SMART_2 bought this life and hold; SMART_3 has not bought yet this life: its latest buy (00:35)
    // was sold at 03:50 (+3 h 50) — it bought in the window, but it is not present.
    assert.deepEqual([d.smart_money.distinct_buyers, d.smart_money.holding_buyers], [3, 2]);
    assert.deepEqual(d.smart_money.buyers.map((b: Json) => [b.holding, b.exited_at]), [[true, null], [true, null], [false, '2026-11-19T03:50:00.000Z']]);
    assert.match(signal(d, 'smart_money').detail, /^2 distinct smart wallet\(s\) bought in the last 24 h and still hold it.*1 more sold out since/);
    // RUNR is a classic SPL mint: no transfer tax.
    assert.deepEqual(d.transfer_tax, { known: true, token_program: 'spl-token', bps: null, pct: null, max_fee: null, max_fee_raw: null, uncapped: null, fee_mutable: null });
    // SMART_2 buys at +20 min (now), SMART_1 at +10, SMART_3's latest is the last life's +35 min (7 h 45 min ago).
    assert.deepEqual(d.smart_money.buyers.map((b: Json) => b.wallet).sort(), SMART_RUNNER);
    assert.deepEqual(d.smart_money.buyers.map((b: Json) => b.last_buy_at), ['2026-11-19T08:20:00.000Z', '2026-11-19T08:10:00.000Z', '2026-11-19T00:35:00.000Z']);
    // The holders' recency 1 and 1 − (1/6)/24 → (1 + 0.99306) ÷ 3 = 0.6644 (SMART_3, exited, counts nothing).
    assert.equal(d.smart_money.score, 0.6644);
    assert.deepEqual(d.smart_money.factors.map((f: Json) => f.name).sort(), [A.WALLET_SMART_1, A.WALLET_SMART_2].sort());
    assert.equal(d.attention.calls, 0);
    assert.equal(d.deltas, null);
    assert.equal(d.deltas_unavailable.code, 'no_prior_reading');
    assert.equal(d.prior_reading, null);
    assert.equal(typeof d.holder_count, 'number');
    // Composite: 0.45 × velocity + 0.45 × 0.6644 + 0.1 × 0.
    assert.deepEqual(d.factors.map((f: Json) => f.effective_weight), [0.45, 0.45, 0.1]);
    assert.equal(d.score, weighted(d.factors));
    assert.equal(d.factors[0].value, d.runner.velocity.score);
    assert.ok(d.next_steps.some((s: Json) => s.endpoint === 'trenches-check' && s.input.mint === A.TOKEN_LAUNCH_RUNNER));
    assert.match(d.llm_summary, /MODERATE/);
  });

  it('08:20: runner-scan with the default filters — RUNNER IGNITING; BUYERS above SELLERS at equal volume; WASH flagged; RUG pulled (listed in rugs only)', async () => {
    const d = await ok(service, 'runner-scan', { format: 'both' }, RUNNER_SCAN);
    assert.deepEqual(d.filters, { max_token_age_hours: 24, min_liquidity_usd: 10_000, min_volume_h1_usd: 5_000, limit: 15 });
    assert.ok(d.caveats.some((c: Json) => c.code === 'candidate_pool' && /paid for a profile or a boost/.test(c.message)));
    assert.equal(d.candidate_pool.candidates, d.scanned + d.excluded.no_market + d.excluded.age_unknown + d.excluded.too_old);
    assert.equal(d.scanned, d.matched + d.excluded.liquidity_unknown + d.excluded.liquidity_below_min + d.excluded.volume_unknown + d.excluded.volume_below_min);

    const runner = entry(d, A.TOKEN_LAUNCH_RUNNER);
    assert.equal(runner.stage, 'IGNITING');
    assert.deepEqual(runner.candidate_sources, ['profile', 'boost']);
    // Every listed launch is a classic SPL mint read on chain: no transfer tax.
    for (const t of d.tokens) assert.deepEqual([t.transfer_tax.known, t.transfer_tax.token_program, t.transfer_tax.bps], [true, 'spl-token', null], t.symbol);
    // A young pool: h1 = h6 = its life, so a2 is exactly 6; a1 < 1.5 (one window only).
    assert.equal(runner.market.accelerations.a2, 6);
    assert.ok(runner.market.accelerations.a1 < 1.5);
    assert.ok(runner.buy_pressure.m5.buy_share >= 0.55);

    const buyers = entry(d, A.TOKEN_LAUNCH_BUYERS);
    const sellers = entry(d, A.TOKEN_LAUNCH_SELLERS);
    assert.equal(buyers.stage, 'IGNITING');
    assert.equal(sellers.stage, 'FADING');
    assert.equal(buyers.market.windows.h1.volume_usd, sellers.market.windows.h1.volume_usd, 'twins: the same volume');
    assert.equal(buyers.buy_pressure.h1.buys + buyers.buy_pressure.h1.sells, sellers.buy_pressure.h1.buys + sellers.buy_pressure.h1.sells, 'and the same trade count');
    assert.ok(Math.abs(buyers.buy_pressure.h1.buy_share - 0.85) < 0.01 && Math.abs(sellers.buy_pressure.h1.buy_share - 0.43) < 0.01);
    assert.ok(buyers.rank < sellers.rank, '85 % buys outranks 43 % at equal volume');
    assert.ok(buyers.velocity.score > sellers.velocity.score);
    assert.match(sellers.stage_reasons[0], /sellers in control/);

    const wash = entry(d, A.TOKEN_LAUNCH_WASH);
    assert.equal(wash.wash_trade_suspected, true);
    assert.match(wash.wash_trade_reason, /round trips/);
    assert.ok(wash.market.liquidity_usd < 100_000 && wash.market.windows.h1.volume_usd / (wash.buy_pressure.h1.buys + wash.buy_pressure.h1.sells) >= 2_000);
    assert.ok(d.caveats.some((c: Json) => c.code === 'wash_trading_suspected'));
    assert.equal(entry(d, A.TOKEN_LAUNCH_SELLERS).wash_trade_suspected, false);

    // RUG is drained below the $10k minimum: not listed, but flagged in `rugs`.
    assert.equal(entry(d, A.TOKEN_LAUNCH_RUG), undefined);
    const rug = d.rugs.find((r: Json) => r.mint === A.TOKEN_LAUNCH_RUG);
    assert.ok(rug, JSON.stringify(d.rugs));
    assert.equal(rug.listed, false);
    assert.ok(rug.liquidity_usd < 1_000 && rug.price_change_h1_pct <= -50);
    assert.ok(d.excluded.liquidity_below_min >= 1);
    assert.ok(d.caveats.some((c: Json) => c.code === 'rugs_detected'));

    // Ranking: unwashed first, then stage priority, then velocity.
    const order = ['RUNNING', 'IGNITING', 'PARABOLIC_LATE', 'QUIET', 'FADING'];
    const keys = d.tokens.map((t: Json) => (t.wash_trade_suspected ? 10 : 0) + order.indexOf(t.stage));
    assert.deepEqual(keys, [...keys].sort((a: number, b: number) => a - b));
    assert.ok(d.tokens.filter((t: Json) => t.rank > wash.rank).every((t: Json) => t.wash_trade_suspected), 'WASH after every unwashed token');
    assert.deepEqual(d.tokens.map((t: Json) => t.rank), d.tokens.map((_: Json, i: number) => i + 1));
    for (const t of d.tokens) {
      // The score is the weighted sum of the unrounded factors: within 0.0001 of the shown ones'.
      assert.ok(Math.abs(t.velocity.score - t.velocity.factors.reduce((s: number, f: Json) => s + f.weight * f.value, 0)) <= 0.0001);
      assert.ok(t.market.liquidity_usd >= 10_000 && t.market.windows.h1.volume_usd >= 5_000 && t.market.pair_age_hours <= 24);
    }
    assert.ok(d.next_steps.some((s: Json) => s.endpoint === 'exit-signal' && s.input.mint === A.TOKEN_LAUNCH_RUG));
    assert.match(d.llm_summary, /Rug: RUGL/);
  });

  it('08:20: runner-scan without minimums lists RUG as a FADING rug, after every other stage', async () => {
    const d = await ok(service, 'runner-scan', { min_liquidity_usd: 0, min_volume_h1_usd: 0, limit: 25 }, RUNNER_SCAN, 'base');
    const rug = entry(d, A.TOKEN_LAUNCH_RUG);
    assert.equal(rug.stage, 'FADING');
    assert.equal(rug.rug, true);
    assert.match(rug.stage_reasons[0], /^liquidity pulled \(rug\)/);
    assert.ok(d.tokens.filter((t: Json) => t.rank > rug.rank).every((t: Json) => t.stage === 'FADING'));
    assert.equal(d.rugs.find((r: Json) => r.mint === A.TOKEN_LAUNCH_RUG).listed, true);
  });

  it('08:22 then 08:25: deltas stay locked within 5 minutes of the first reading and unlock at 5', async () => {
    moveTo('2026-11-19T08:22:00Z');
    const soon = await ok(service, 'trenches-check', { mint: A.TOKEN_LAUNCH_RUNNER }, TRENCHES_CHECK, 'base');
    assert.equal(soon.deltas, null);
    assert.equal(soon.deltas_unavailable.code, 'prior_too_recent');
    assert.equal(soon.prior_reading.at, '2026-11-19T08:20:00.000Z');

    moveTo('2026-11-19T08:25:00Z');
    const spaced = await ok(service, 'trenches-check', { mint: A.TOKEN_LAUNCH_RUNNER }, TRENCHES_CHECK);
    assert.equal(spaced.deltas_unavailable, null);
    assert.equal(spaced.deltas.prior_at, '2026-11-19T08:20:00.000Z');
    assert.equal(spaced.deltas.minutes_since_prior, 5);
    // $16,500 at 20 min → $16,875 at 25 min (linear from $15k at launch to $18k at 40 min): +2.27 %.
    assert.equal(spaced.liquidity_usd, 16_875);
    assert.equal(spaced.deltas.liquidity_change_pct, 2.27);
    assert.equal(spaced.deltas.holder_change_pct, Math.round(((spaced.holder_count - spaced.prior_reading.holder_count) / spaced.prior_reading.holder_count) * 10_000) / 100);
    assert.equal(spaced.runner.stage, 'IGNITING');
  });

  it('09:00 (1 h): RUNNING; with three paid calls about it first, among other callers\' traffic, trenches-check is HIGH_CONFLUENCE', async () => {
    moveTo('2026-11-19T09:00:00Z');
    assert.equal(designed(), 'RUNNING');
    await otherCallers(service, '2026-11-19T08:30:00Z');
    const payer = await newPayer(service, 'solana');
    for (let i = 0; i < 3; i++) assert.equal((await paidInvoke(payer, service, 'enrich-token-light', { mint: A.TOKEN_LAUNCH_RUNNER })).status, 200);
    await service.recorder.idle();

    const d = await ok(service, 'trenches-check', { mint: A.TOKEN_LAUNCH_RUNNER, format: 'both' }, TRENCHES_CHECK);
    assert.equal(d.runner.stage, 'RUNNING');
    assert.equal(d.liquidity_usd, 33_000);
    assert.equal(d.verdict, 'HIGH_CONFLUENCE');
    assert.equal(d.confluence_count, 3);
    assert.deepEqual(d.signals.map((s: Json) => s.present), [true, true, true]);
    // Three enrich-token-light calls and the three trenches-checks of 08:20–08:25, in hours 08 and 09 of the window 04:00–10:00.
    assert.deepEqual(d.attention_window, { from: '2026-11-19T04:00:00.000Z', to: '2026-11-19T10:00:00.000Z' });
    assert.equal(d.attention.calls, 6);
    assert.equal(d.attention.score, 0.6);
    assert.deepEqual([d.attention.ranked_entities, d.attention.stream_calls, d.attention.sample_sufficient], [11, 36, true]);
    // All three buyers in this life: +35, +20, +10 min → recency 1 − (25, 40, 50 min)/24 h.
    assert.deepEqual(d.smart_money.buyers.map((b: Json) => b.last_buy_at), ['2026-11-19T08:35:00.000Z', '2026-11-19T08:20:00.000Z', '2026-11-19T08:10:00.000Z']);
    assert.equal(d.smart_money.score, Math.round(((3 - (25 + 40 + 50) / 1440) / 3) * 10_000) / 10_000);
    assert.equal(d.score, weighted(d.factors));
    // Against the 08:25 reading (the latest ≥ 5 min old): $16,875 → $33,000.
    assert.equal(d.deltas.prior_at, '2026-11-19T08:25:00.000Z');
    assert.equal(d.deltas.liquidity_change_pct, 95.56);
    assert.match(d.llm_summary, /HIGH_CONFLUENCE/);
  });

  it('09:00: runner-scan ranks RUNNER first (the one RUNNING token); trenches-scan ranks it first with every signal', async () => {
    const scan = await ok(service, 'runner-scan', {}, RUNNER_SCAN, 'base');
    assert.equal(scan.tokens[0].mint, A.TOKEN_LAUNCH_RUNNER);
    assert.equal(scan.tokens[0].stage, 'RUNNING');
    assert.equal(scan.stage_counts.RUNNING, 1);
    assert.ok(scan.tokens[0].market.accelerations.a1 >= 1.5 && scan.tokens[0].market.accelerations.a2 >= 1.5);
    assert.equal(scan.tokens[0].prior_reading_at, '2026-11-19T08:25:00.000Z');

    const d = await ok(service, 'trenches-scan', { format: 'both' }, TRENCHES_SCAN);
    assert.deepEqual(d.legs, { runner: 'ok', smart_money: 'ok', attention: 'ok' });
    assert.deepEqual(d.weights, { runner: 0.45, smart_money: 0.45, attention: 0.1 });
    assert.equal(d.smart_money_seed, 'default');
    assert.equal(d.smart_money_wallets, 9);
    // As smart-money-flow by default: SMART_1–5 and TRADER_SKILLED qualify; NOT_1, NOT_2 and TRADER_LOSING do not.
    assert.equal(d.smart_money_winners, 6);
    assert.ok(d.caveats.some((c: Json) => c.code === 'smart_money_wallets' && /\(6 of the 9 read qualify\)/.test(c.message) && !/as listed/.test(c.message)));
    assert.ok(d.caveats.some((c: Json) => c.code === 'attention_source'));
    const top = d.tokens[0];
    assert.equal(top.mint, A.TOKEN_LAUNCH_RUNNER);
    assert.equal(top.verdict, 'HIGH_CONFLUENCE');
    assert.equal(top.runner.stage, 'RUNNING');
    assert.equal(top.attention.calls, 7, 'the 09:00 trenches-check counts too');
    assert.equal(top.score, weighted(top.factors));
    assert.equal(top.factors[0].value, top.runner.velocity.score);
    // BUYERS: IGNITING with SMART_4's buy at 00:30 (8 h 30 min ago): MODERATE.
    const buyers = entry(d, A.TOKEN_LAUNCH_BUYERS);
    assert.equal(buyers.verdict, 'MODERATE');
    assert.deepEqual(buyers.smart_money.buyers.map((b: Json) => b.wallet), [A.WALLET_SMART_4]);
    assert.equal(buyers.smart_money.score, Math.round(((1 - 8.5 / 24) / 3) * 10_000) / 10_000);
    // Sorted by score; every listed token has a signal.
    const scores = d.tokens.map((t: Json) => t.score);
    assert.deepEqual(scores, [...scores].sort((a: number, b: number) => b - a));
    assert.ok(d.tokens.every((t: Json) => t.confluence_count >= 1));
    assert.equal(d.matched + d.excluded.no_signal, d.scanned);
    assert.match(d.llm_summary, /RUNR\*\* HIGH_CONFLUENCE/);
  });

  it('09:00: a seed wallet that does not qualify is not smart money — SMART_NOT_1\'s buys of RUG count in neither trenches endpoint', async () => {
    // RUG (3 h old, 6 h lives) is bought by SMART_NOT_1 at +15 min of every life (06:15, 00:15, 18:15 the day before),
    // a seed wallet under the 0.55 win rate: no smart buyer, and with its runner FADING and too few calls, no signal.
    const d = await ok(service, 'trenches-check', { mint: A.TOKEN_LAUNCH_RUG }, TRENCHES_CHECK);
    assert.equal(d.runner.stage, 'FADING');
    assert.deepEqual(d.legs_missing, []);
    assert.equal(d.smart_money.distinct_buyers, 0);
    assert.deepEqual(d.smart_money.buyers, []);
    assert.equal(d.smart_money.score, 0);
    assert.equal(signal(d, 'smart_money').present, false);
    assert.equal(d.factors[1].value, 0);
    assert.equal(d.verdict, 'NO_SIGNAL');
    assert.ok(d.caveats.some((c: Json) => c.code === 'smart_money_wallets' && /\(6 of the 9 read qualify\)/.test(c.message)));

    // Without the liquidity minimum the drained RUG passes the filters, and is left out for want of any signal.
    const scan = await ok(service, 'trenches-scan', { min_liquidity_usd: 0, limit: 20 }, TRENCHES_SCAN, 'base');
    assert.equal(scan.legs.smart_money, 'ok');
    assert.equal(entry(scan, A.TOKEN_LAUNCH_RUG), undefined);
    assert.ok(scan.excluded.no_signal >= 1);
    assert.ok(scan.tokens.every((t: Json) => t.smart_money.buyers.every((b: Json) => b.wallet !== A.WALLET_SMART_NOT_1 && b.wallet !== A.WALLET_SMART_NOT_2)));
  });

  it('09:00: trenches-check on TOLL gives its transfer tax — a Token-2022 fee of 300 bps capped at 5,000 TOLL per transfer', async () => {
    const d = await ok(service, 'trenches-check', { mint: A.TOKEN_T22_FEE_HOOK, format: 'both' }, TRENCHES_CHECK);
    assert.deepEqual(d.transfer_tax, { known: true, token_program: 'spl-token-2022', bps: 300, pct: 3, max_fee: 5_000, max_fee_raw: '5000000000', uncapped: false, fee_mutable: false });
    assert.match(d.llm_summary, /transfer tax 3 % \(300 bps, capped at 5,000 tokens per transfer\)/);
  });

  it('09:00: a mint without a market has no runner signal (NO_SIGNAL); a wallet address is 404 (not charged)', async () => {
    const none = await ok(service, 'trenches-check', { mint: A.TOKEN_NO_MARKET }, TRENCHES_CHECK, 'base');
    assert.equal(none.runner, null);
    assert.equal(signal(none, 'runner').present, false);
    assert.match(signal(none, 'runner').detail, /no DEX pair/);
    assert.equal(none.factors[0].value, 0);
    assert.equal(none.verdict, 'NO_SIGNAL');
    assert.ok(none.caveats.some((c: Json) => c.code === 'no_market'));

    const wallet = await paidCall(service, 'solana', 'trenches-check', { mint: A.WALLET_DEFI });
    assert.equal(wallet.status, 404);
    assert.equal(wallet.json.error.code, 'not_found');
    assert.equal(wallet.cost, 0n);
  });

  it('12:00 (4 h): PARABOLIC_LATE — runner-scan and trenches-check: the runner signal gone, and the smart money too (every buyer sold out by 11:50): SINGLE_SIGNAL', async () => {
    moveTo('2026-11-19T12:00:00Z');
    assert.equal(designed(), 'PARABOLIC_LATE');
    const scan = await ok(service, 'runner-scan', {}, RUNNER_SCAN);
    const runner = entry(scan, A.TOKEN_LAUNCH_RUNNER);
    assert.equal(runner.stage, 'PARABOLIC_LATE');
    assert.match(runner.stage_reasons[0], /already ran/);
    assert.ok(runner.market.accelerations.a1 < 1);

    const d = await ok(service, 'trenches-check', { mint: A.TOKEN_LAUNCH_RUNNER }, TRENCHES_CHECK, 'base');
    assert.equal(d.runner.stage, 'PARABOLIC_LATE');
    // SMART_1/2/3 bought at 08:10/08:20/08:35 and sold everything at 11:30/11:40/11:50: they bought, but none holds now.
    assert.deepEqual(d.signals.map((s: Json) => [s.name, s.present]), [['runner', false], ['smart_money', false], ['attention', true]]);
    assert.equal(d.verdict, 'SINGLE_SIGNAL');
    assert.deepEqual([d.smart_money.distinct_buyers, d.smart_money.holding_buyers, d.smart_money.score, d.smart_money.factors], [3, 0, 0, []]);
    assert.deepEqual(d.smart_money.buyers.map((b: Json) => [b.wallet, b.holding, b.exited_at]), [
      [A.WALLET_SMART_3, false, '2026-11-19T11:50:00.000Z'],
      [A.WALLET_SMART_2, false, '2026-11-19T11:40:00.000Z'],
      [A.WALLET_SMART_1, false, '2026-11-19T11:30:00.000Z'],
    ]);
    assert.match(signal(d, 'smart_money').detail, /3 smart wallet\(s\) bought in the last 24 h but all sold out since .*none holds it now/);
    assert.equal(d.factors[1].value, 0);
    assert.equal(d.attention.calls, 7, 'hours 07–12: the four trenches-checks and three enrich-token-light calls of 08:20–09:00');
    assert.ok(d.next_steps.some((s: Json) => s.endpoint === 'exit-signal'));
  });

  it('14:00 (6 h): FADING — sellers in control, and liquidity down 25 % or more since the 12:00 reading (rug)', async () => {
    moveTo('2026-11-19T14:00:00Z');
    assert.equal(designed(), 'FADING');
    const d = await ok(service, 'trenches-check', { mint: A.TOKEN_LAUNCH_RUNNER }, TRENCHES_CHECK);
    assert.equal(d.runner.stage, 'FADING');
    assert.equal(d.deltas.prior_at, '2026-11-19T12:00:00.000Z');
    assert.ok(d.deltas.liquidity_change_pct <= -25, `${d.deltas.liquidity_change_pct}`);
    assert.equal(d.runner.rug, true);
    assert.ok(d.runner.stage_reasons.some((r: string) => /sellers in control/.test(r)));
    assert.equal(signal(d, 'runner').present, false);
    assert.equal(d.factors[0].value, 0, 'a FADING token signals nothing on the runner leg');

    const scan = await ok(service, 'runner-scan', { limit: 25 }, RUNNER_SCAN, 'base');
    const runner = entry(scan, A.TOKEN_LAUNCH_RUNNER);
    assert.equal(runner.stage, 'FADING');
    assert.equal(runner.rug, true);
    assert.equal(runner.prior_reading_at, '2026-11-19T12:00:00.000Z');
    assert.ok(scan.rugs.some((r: Json) => r.mint === A.TOKEN_LAUNCH_RUNNER && r.listed));
  });

  it('14:00: WASH (2 h into a 12 h life) reads IGNITING on washed trades — trenches-check does not count it as a runner, and its runner leg is 0', async () => {
    assert.equal(launchStageAt('TOKEN_LAUNCH_WASH', launchAgeMinutes('TOKEN_LAUNCH_WASH', clock)), 'IGNITING');
    const d = await ok(service, 'trenches-check', { mint: A.TOKEN_LAUNCH_WASH }, TRENCHES_CHECK, 'base');
    assert.equal(d.runner.stage, 'IGNITING');
    assert.equal(d.runner.wash_trade_suspected, true);
    assert.deepEqual([signal(d, 'runner').present, signal(d, 'runner').status], [false, 'absent']);
    assert.match(signal(d, 'runner').detail, /runner stage IGNITING, but wash trading is suspected/);
    assert.equal(d.factors[0].value, 0);
    assert.equal(d.score, weighted(d.factors));
  });

  it('14:00: runner-scan ranks WASH (IGNITING on washed trades) after every unwashed token, FADING ones included, and says why', async () => {
    const d = await ok(service, 'runner-scan', { limit: 25 }, RUNNER_SCAN);
    const wash = entry(d, A.TOKEN_LAUNCH_WASH);
    assert.equal(wash.stage, 'IGNITING');
    assert.equal(wash.wash_trade_suspected, true);
    const unwashed = d.tokens.filter((t: Json) => !t.wash_trade_suspected);
    assert.ok(unwashed.some((t: Json) => t.stage === 'FADING' || t.stage === 'QUIET'), 'a stage IGNITING outranks on its face');
    assert.ok(unwashed.every((t: Json) => t.rank < wash.rank), `WASH rank ${wash.rank} after ${unwashed.map((t: Json) => `${t.symbol} ${t.stage}`).join(', ')}`);
    assert.ok(d.caveats.some((c: Json) => c.code === 'wash_trading_suspected' && /WASH/.test(c.message) && /no runner signal/.test(c.message)));
    assert.ok(!d.next_steps.some((s: Json) => s.endpoint === 'trenches-check' && s.input.mint === A.TOKEN_LAUNCH_WASH));
  });
});

describe('trenches legs failing (a service of their own: a failing source opens its circuit breaker for 10 s)', () => {
  // 09:00: RUNNER is RUNNING (1 h); no paid calls yet, so attention is 0 for every token.
  const service = suiteService({ fixedNow: new Date('2026-11-19T09:00:00Z') });

  it('the wallet-asset provider down: the smart-money leg becomes a caveat and trenches-scan still ranks (charged)', async () => {
    service.sandbox!.providers!.faults.set('wallet_assets', { errorRate: 1 });
    try {
      const d = await ok(service, 'trenches-scan', { limit: 5 }, TRENCHES_SCAN, 'base');
      assert.deepEqual(d.legs, { runner: 'ok', smart_money: 'failed', attention: 'ok' });
      assert.equal(d.smart_money_winners, null, 'no wallet read: who qualifies is unknown');
      assert.ok(d.caveats.some((c: Json) => c.code === 'leg_degraded' && c.leg === 'wallet_assets'));
      assert.ok(d.tokens.length > 0 && d.tokens.length <= 5);
      const top = d.tokens[0];
      assert.equal(top.mint, A.TOKEN_LAUNCH_RUNNER);
      assert.equal(top.runner.stage, 'RUNNING');
      assert.deepEqual(top.legs_missing, ['smart_money']);
      assert.equal(signal(top, 'smart_money').present, null);
      assert.equal(top.smart_money, null);
      assert.equal(top.verdict, 'SINGLE_SIGNAL', 'runner present, attention absent, smart money unknown');
      assert.ok(top.reasoning.some((r: string) => /lower bound/.test(r)));
      // Weights renormalized over runner and attention: 0.45/0.55 and 0.1/0.55; attention 0 → score = velocity × 0.8182.
      assert.deepEqual(top.factors.map((f: Json) => [f.name, f.effective_weight]), [['runner', 0.8182], ['smart_money', null], ['attention', 0.1818]]);
      assert.equal(top.factors[2].value, 0);
      assert.equal(top.score, Math.round(((0.45 * top.runner.velocity.score) / 0.55) * 10_000) / 10_000);
      // Without smart money, tokens are listed on the runner signal alone: all RUNNING or IGNITING.
      assert.ok(d.tokens.every((t: Json) => t.runner.stage === 'RUNNING' || t.runner.stage === 'IGNITING'));

      const check = await ok(service, 'trenches-check', { mint: A.TOKEN_LAUNCH_BUYERS }, TRENCHES_CHECK);
      assert.equal(check.degraded, true);
      assert.deepEqual(check.legs_missing, ['smart_money']);
      assert.equal(check.runner.stage, 'IGNITING');
      assert.equal(check.verdict, 'SINGLE_SIGNAL');
      assert.ok(check.caveats.some((c: Json) => c.code === 'leg_degraded' && c.leg === 'wallet_assets'));
    } finally {
      service.sandbox!.providers!.faults.set('wallet_assets', undefined);
    }
  });

  it('the chain RPC down: runner-scan still answers (charged), every transfer tax unknown with a leg_degraded caveat', async () => {
    service.sandbox!.providers!.faults.set('chain_rpc', { errorRate: 1 });
    try {
      const d = await ok(service, 'runner-scan', { limit: 4 }, RUNNER_SCAN); // not the 502 test's input (answers are cached 30 s)
      assert.ok(d.tokens.length > 0);
      for (const t of d.tokens) assert.deepEqual(t.transfer_tax, { known: false, token_program: null, bps: null, pct: null, max_fee: null, max_fee_raw: null, uncapped: null, fee_mutable: null });
      assert.ok(d.caveats.some((c: Json) => c.code === 'leg_degraded' && c.leg === 'chain_rpc' && /Transfer tax unavailable/.test(c.message)));
    } finally {
      service.sandbox!.providers!.faults.set('chain_rpc', undefined);
    }
  });

  it('market data down too: trenches-check and runner-scan are 502, not charged', async () => {
    service.sandbox!.providers!.faults.set('wallet_assets', { errorRate: 1 });
    service.sandbox!.providers!.faults.set('market_data', { errorRate: 1 });
    try {
      const down = await paidCall(service, 'solana', 'trenches-check', { mint: A.TOKEN_LAUNCH_QUIET });
      assert.equal(down.status, 502);
      assert.equal(down.json.error.code, 'upstream_unavailable');
      assert.equal(down.cost, 0n);
      const scan = await paidCall(service, 'base', 'runner-scan', { limit: 3 });
      assert.equal(scan.status, 502);
      assert.equal(scan.cost, 0n);
      const trenches = await paidCall(service, 'solana', 'trenches-scan', { limit: 3 });
      assert.equal(trenches.status, 502, 'no candidate feed answers: nothing to scan');
      assert.equal(trenches.cost, 0n);
    } finally {
      service.sandbox!.providers!.faults.set('wallet_assets', undefined);
      service.sandbox!.providers!.faults.set('market_data', undefined);
    }
  });
});
