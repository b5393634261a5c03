/**
 * perps-trader-profile through paid calls on the pool-venue cast (docs/sandbox-cast.md): each trader's
 * classification, flags and venues follow its design; every figure of every position agrees with a hand
 * computation from the returned size, collateral, entry, mark, borrow, close fee and max leverage;
 * venue B's BONK PnL is null in minutes 00–09 of the hour and a number at minute 30; an empty wallet is a
 * valid empty profile; the answer is recorded as a `perps_wallet` observation; one venue down → the other
 * answers with a caveat and the missing venue marked unavailable; both down → 502, never charged.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PERPS_POOL_CAST as P } from '../../src/sandbox/world/perps/index.js';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { newPayer, paidInvoke, type Payer } from '../helpers/payers.js';
import { paidAnswers } from '../helpers/paid-answers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;
const PRICE = 10_000n; // 0.010 USDC
const MIN = 60_000;
/** Minute 05 of a UTC hour (a past moment: paid authorizations are checked against real time). */
const AT_MINUTE_05 = new Date('2026-11-20T10:05:00Z');

const near = (actual: number | null, expected: number, tolerance: number, what: string) =>
  assert.ok(actual !== null && Math.abs(actual - expected) <= tolerance, `${what}: ${actual} ≠ ${expected}`);

/** Every derived figure of a position, recomputed by hand from the raw ones the answer gives (docs/perps.md). */
function assertPositionArithmetic(p: Json, nowMs: number): void {
  const S = p.size_usd;
  const C = p.collateral_usd;
  const E = p.entry_price_usd;
  assert.equal(p.position_key, `${p.venue}:${p.address}`);
  near(p.leverage, S / C, 0.005, 'leverage = size / collateral');
  near(p.position_age_hours, (nowMs - Date.parse(p.opened_at)) / 3_600_000, 0.005, 'age');
  if (p.pnl_unavailable !== null) {
    assert.deepEqual([p.unrealized_pnl_usd, p.pnl_pct, p.liquidation_price_usd, p.collateral_buffer_pct], [null, null, null, null]);
    return;
  }
  const P = p.mark_price_usd;
  const B = p.borrow_fees_usd ?? 0;
  const F = p.close_fee_usd;
  const L = p.max_leverage;
  const dir = p.side === 'long' ? 1 : -1;
  const pnl = dir * S * (P / E - 1) - B;
  near(p.unrealized_pnl_usd, pnl, 0.011, 'PnL = ±size × (mark / entry − 1) − borrow');
  near(p.pnl_pct, (pnl / C) * 100, 0.011, 'pnl_pct');
  const M = C - B - F - S / L;
  const liq = Math.max(0, E * (1 - (dir * M) / S));
  near(p.liquidation_price_usd, liq, liq * 1e-8, 'liquidation price');
  near(p.distance_to_liquidation_pct, Math.max(0, (dir * (P - liq)) / P) * 100, 0.011, 'distance to liquidation');
  near(p.collateral_buffer_pct, ((C + pnl - F - S / L) / C) * 100, 0.011, 'collateral buffer');
  const flags = [
    ...(p.leverage > 10 ? ['high_leverage'] : []),
    ...(p.collateral_buffer_pct < 15 ? ['near_liquidation'] : []),
    ...(p.unrealized_pnl_usd < 0 ? ['losing'] : []),
  ];
  assert.deepEqual(p.risk_flags, flags);
}

function assertTotals(d: Json): void {
  const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) * 100) / 100;
  const ps = d.positions as Json[];
  assert.equal(d.totals.positions, ps.length);
  assert.equal(d.totals.notional_usd, sum(ps.map((p) => p.size_usd)));
  assert.equal(d.totals.collateral_usd, sum(ps.map((p) => p.collateral_usd)));
  assert.equal(d.totals.long_notional_usd, sum(ps.filter((p) => p.side === 'long').map((p) => p.size_usd)));
  const pnls = ps.map((p) => p.unrealized_pnl_usd);
  assert.equal(d.totals.unrealized_pnl_usd, pnls.includes(null) ? null : sum(pnls));
  for (const venue of ['A', 'B']) {
    const on = ps.filter((p) => p.venue === venue);
    assert.deepEqual([d.by_venue[venue].positions, d.by_venue[venue].notional_usd], [on.length, sum(on.map((p) => p.size_usd))]);
  }
}

describe('perps-trader-profile: the pool-venue cast at minute 05 of an hour', () => {
  let service: TestService;
  let payers: Payer[];
  before(async () => {
    service = await startTestService({ fixedNow: AT_MINUTE_05 });
    payers = [await newPayer(service, 'solana'), await newPayer(service, 'base')];
  });
  after(() => service.close());
  const call = paidAnswers(() => service, () => payers);
  const profile = (address: string) => call('perps-trader-profile', { address });

  it('every position of every cast trader: figures agree with the hand computation; totals add up', async () => {
    for (const address of Object.values(P)) {
      const d = await profile(address);
      assert.equal(d.address, address);
      assert.deepEqual(d.venues_read, ['A', 'B']);
      assert.ok(d.positions.length > 0, `${address} has positions at every moment`);
      for (const p of d.positions) {
        assert.equal(p.owner, address);
        assertPositionArithmetic(p, AT_MINUTE_05.getTime());
      }
      assertTotals(d);
    }
  });

  it('PERP_SCALPER: 1–2 short-lived 15–30x SOL/ETH trades on A → scalper, high_leverage', async () => {
    const d = await profile(P.PERP_SCALPER);
    assert.ok(d.positions.length >= 1 && d.positions.length <= 2);
    for (const p of d.positions) {
      assert.equal(p.venue, 'A');
      assert.ok(['SOL', 'ETH'].includes(p.asset));
      assert.ok(p.leverage >= 15 && p.leverage <= 30, `leverage ${p.leverage}`);
      assert.ok(p.position_age_hours < 110 / 60, `age ${p.position_age_hours} h`);
    }
    assert.equal(d.classification, 'scalper');
    assert.ok(d.weighted_median_age_hours < 4);
    assert.ok(d.risk_flags.includes('high_leverage'));
    assert.equal(d.multi_venue, false);
  });

  it('PERP_SWING: BTC long 5x $200k + SOL short 4x $80k, days old → swing, long bias (71.43 %)', async () => {
    const d = await profile(P.PERP_SWING);
    assert.deepEqual(d.positions.map((p: Json) => [p.venue, p.asset, p.side, p.size_usd, p.collateral_usd, p.leverage]), [
      ['A', 'BTC', 'long', 200_000, 40_000, 5],
      ['A', 'SOL', 'short', 80_000, 20_000, 4],
    ]);
    const [btc, sol] = d.positions;
    assert.ok(btc.position_age_hours >= 24 && btc.position_age_hours < 120);
    assert.ok(sol.position_age_hours >= 48 && sol.position_age_hours < 96);
    assert.equal(d.classification, 'swing');
    assert.deepEqual([d.totals.notional_usd, d.totals.collateral_usd, d.totals.leverage], [280_000, 60_000, 4.67]);
    assert.deepEqual([d.directional_bias, d.totals.long_pct], ['long', 71.43]); // 200 / 280
  });

  it('PERP_POSITION: BTC long 2x $500k + ETH long 3x $150k, weeks old → position, long bias', async () => {
    const d = await profile(P.PERP_POSITION);
    assert.deepEqual(d.positions.map((p: Json) => [p.asset, p.side, p.size_usd, p.collateral_usd, p.leverage]), [
      ['BTC', 'long', 500_000, 250_000, 2],
      ['ETH', 'long', 150_000, 50_000, 3],
    ]);
    assert.ok(d.positions[0].position_age_hours >= 20 * 24 && d.positions[1].position_age_hours >= 10 * 24);
    assert.ok(d.positions[0].realised_pnl_usd < 0, 'borrow settled weekly is realised');
    assert.equal(d.classification, 'position');
    assert.deepEqual([d.directional_bias, d.totals.long_pct], ['long', 100]);
  });

  it('PERP_NEAR_LIQ: SOL long 40–60x with a 4–9 % buffer → near_liquidation + high_leverage + losing', async () => {
    const d = await profile(P.PERP_NEAR_LIQ);
    assert.equal(d.positions.length, 1);
    const [p] = d.positions;
    assert.deepEqual([p.venue, p.asset, p.side], ['A', 'SOL', 'long']);
    assert.ok(p.leverage >= 40 && p.leverage <= 60, `leverage ${p.leverage}`);
    assert.ok(p.collateral_buffer_pct >= 4 && p.collateral_buffer_pct <= 9, `buffer ${p.collateral_buffer_pct}`);
    assert.ok(p.distance_to_liquidation_pct < 1, 'at 50x a 4–9 % buffer is well under 1 % of price');
    assert.deepEqual(p.risk_flags, ['high_leverage', 'near_liquidation', 'losing']);
    assert.deepEqual(d.risk_flags, ['high_leverage', 'near_liquidation', 'losing']);
    assert.equal(d.classification, 'swing', '3–27 h old');
  });

  it('PERP_MULTI_VENUE: A SOL long $100k; B BTC short $60k (USDC) + SOL long $40k (jitoSOL) → multi_venue', async () => {
    const d = await profile(P.PERP_MULTI_VENUE);
    assert.deepEqual(d.positions.map((p: Json) => [p.venue, p.asset, p.side, p.size_usd, p.collateral_symbol]), [
      ['A', 'SOL', 'long', 100_000, 'SOL'],
      ['B', 'BTC', 'short', 60_000, 'USDC'],
      ['B', 'SOL', 'long', 40_000, 'jitoSOL'],
    ]);
    assert.equal(d.multi_venue, true);
    assert.ok(d.risk_flags.includes('multi_venue'));
    assert.deepEqual([d.by_venue.A.status, d.by_venue.A.positions, d.by_venue.A.notional_usd], ['ok', 1, 100_000]);
    assert.deepEqual([d.by_venue.B.status, d.by_venue.B.positions, d.by_venue.B.notional_usd, d.by_venue.B.collateral_usd], ['ok', 2, 100_000, 30_000]);
    assert.deepEqual([d.totals.long_pct, d.directional_bias, d.totals.leverage], [70, 'long', 4]);
  });

  it('a wallet without perps positions → an empty profile: no classification, zeros per venue read, next step to its spot holdings', async () => {
    const d = await profile(A.WALLET_DEFI);
    assert.deepEqual(d.positions, []);
    assert.deepEqual([d.classification, d.weighted_median_age_hours, d.directional_bias, d.multi_venue, d.risk_flags], [null, null, null, false, []]);
    assert.deepEqual(d.by_venue.A, { status: 'ok', positions: 0, notional_usd: 0, collateral_usd: 0, unrealized_pnl_usd: 0, message: null });
    assert.deepEqual([d.totals.positions, d.totals.notional_usd, d.totals.long_pct, d.totals.leverage], [0, 0, null, null]);
    assert.deepEqual(d.next_steps.map((s: Json) => s.endpoint), ['enrich-wallet-light']);
  });

  it('exactly 0.010 USDC; the answer is recorded as a perps_wallet observation; briefing', async () => {
    const payer = await newPayer(service, 'solana');
    const balance = await payer.balance();
    const res = await paidInvoke(payer, service, 'perps-trader-profile', { address: P.PERP_SWING, format: 'both' });
    assert.equal(res.status, 200);
    const json = await res.json() as Json;
    assert.equal(balance - await payer.balance(), PRICE);
    assert.match(json.llm_summary, /\*\*swing\*\*.*bias \*\*long\*\*/);
    assert.match(json.llm_summary, /- A BTC long \$200,000 at 5×/);
    await service.recorder.idle();
    const observed = await service.store.observationAtOrBefore('perps_wallet', P.PERP_SWING, AT_MINUTE_05);
    assert.ok(observed, 'recorded');
    assert.deepEqual(observed.data.venues_read, ['A', 'B']);
    assert.deepEqual((observed.data.positions as Json[]).map((p) => [p.position_key, p.leverage, p.pnl_pct, p.collateral_buffer_pct]),
      json.positions.map((p: Json) => [p.position_key, p.leverage, p.pnl_pct, p.collateral_buffer_pct]));
    assert.deepEqual(json.next_steps[0], { endpoint: 'check-alerts', input: { wallets: [P.PERP_SWING], since: AT_MINUTE_05.toISOString() }, reason: json.next_steps[0].reason });
  });

  it('PERP_B_TRADER: BONK long PnL null at minute 05 (venue B oracle gap) with a caveat; a number at minute 30', async () => {
    const payer = payers[0]!;
    const at05 = await profile(P.PERP_B_TRADER);
    const bonk05 = at05.positions.find((p: Json) => p.asset === 'BONK');
    const sol05 = at05.positions.find((p: Json) => p.asset === 'SOL');
    assert.deepEqual([bonk05.venue, bonk05.side, bonk05.size_usd, bonk05.leverage], ['B', 'long', 20_000, 10]);
    assert.deepEqual([sol05.venue, sol05.side, sol05.size_usd, sol05.leverage], ['B', 'short', 30_000, 3]);
    assert.deepEqual([bonk05.unrealized_pnl_usd, bonk05.mark_price_usd, bonk05.pnl_unavailable.reason], [null, null, 'oracle_price_unavailable']);
    assert.equal(typeof sol05.unrealized_pnl_usd, 'number', 'the SOL short has its mark');
    assert.deepEqual([at05.by_venue.B.unrealized_pnl_usd, at05.totals.unrealized_pnl_usd, at05.totals.pnl_pct], [null, null, null], 'no partial sums');
    assert.deepEqual(at05.by_venue.A, { status: 'ok', positions: 0, notional_usd: 0, collateral_usd: 0, unrealized_pnl_usd: 0, message: null });
    const caveat = at05.caveats.find((c: Json) => c.code === 'pnl_unavailable');
    assert.equal(caveat.leg, 'perps_venue_b');
    assert.match(caveat.message, /BONK long: oracle_price_unavailable/);
    assert.deepEqual([at05.directional_bias, at05.totals.long_pct], ['short', 40], '20k long of 50k: 40 % is short (≤ 40 % inclusive)');

    service.advance(25 * MIN);
    const res = await paidInvoke(payer, service, 'perps-trader-profile', { address: P.PERP_B_TRADER });
    const at30 = await res.json() as Json;
    assert.equal(at30.as_of, '2026-11-20T10:30:00.000Z');
    const bonk30 = at30.positions.find((p: Json) => p.asset === 'BONK');
    assert.equal(bonk30.position_key, bonk05.position_key, 'the same position');
    assert.equal(bonk30.pnl_unavailable, null);
    assert.equal(typeof bonk30.unrealized_pnl_usd, 'number');
    assertPositionArithmetic(bonk30, AT_MINUTE_05.getTime() + 25 * MIN);
    assertTotals(at30);
    assert.equal(at30.caveats.some((c: Json) => c.code === 'pnl_unavailable'), false);
  });
});

describe('perps-trader-profile: venues down', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ fixedNow: new Date('2026-11-20T10:35:00Z') }, { SOURCE_RETRIES: '0', SOURCE_TIMEOUT_MS: '2000' });
  });
  after(() => service.close());

  it('venue B down → venue A\'s positions, by_venue.B unavailable (not zero), leg_degraded caveat; charged once', async () => {
    service.sandbox!.providers!.faults.set('perps_venue_b', { errorRate: 1 });
    try {
      const payer = await newPayer(service, 'base');
      const balance = await payer.balance();
      const res = await paidInvoke(payer, service, 'perps-trader-profile', { address: P.PERP_MULTI_VENUE });
      const d = await res.json() as Json;
      assert.equal(res.status, 200, JSON.stringify(d));
      assert.equal(balance - await payer.balance(), PRICE);
      assert.deepEqual(d.venues_read, ['A']);
      assert.deepEqual(d.positions.map((p: Json) => [p.venue, p.asset, p.side, p.size_usd]), [['A', 'SOL', 'long', 100_000]]);
      assert.deepEqual([d.by_venue.B.status, d.by_venue.B.positions, d.by_venue.B.notional_usd, d.by_venue.B.unrealized_pnl_usd], ['unavailable', null, null, null]);
      assert.match(d.by_venue.B.message, /pool venue B could not be read/);
      assert.deepEqual([d.by_venue.A.status, d.by_venue.A.positions], ['ok', 1]);
      assert.equal(d.multi_venue, false);
      const caveat = d.caveats.find((c: Json) => c.code === 'leg_degraded');
      assert.equal(caveat.leg, 'perps_venue_b');
      assert.match(caveat.message, /cover pool venue A only/);
      assert.equal(d.meta.cache.ttl_s, 30);
    } finally {
      service.sandbox!.providers!.faults.clear();
    }
  });

  it('both venues down → 502, not charged', async () => {
    service.sandbox!.providers!.faults.set('perps_venue_a', { errorRate: 1 });
    service.sandbox!.providers!.faults.set('perps_venue_b', { errorRate: 1 });
    try {
      const payer = await newPayer(service, 'solana');
      const balance = await payer.balance();
      const res = await paidInvoke(payer, service, 'perps-trader-profile', { address: P.PERP_SWING });
      const body = await res.json() as Json;
      assert.equal(res.status, 502, JSON.stringify(body));
      assert.equal(body.error.code, 'upstream_unavailable');
      assert.equal(await payer.balance(), balance);
    } finally {
      service.sandbox!.providers!.faults.clear();
    }
  });
});
