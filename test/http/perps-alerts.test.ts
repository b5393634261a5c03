/**
 * check-alerts' perps kinds through paid polls, driving the shared clock over the pool-venue cast
 * (docs/sandbox-cast.md): the scalper's hourly trades open and close between two polls 2 h apart →
 * perp_position_added / perp_position_closed once per position with stable ids; PERP_NEAR_LIQ →
 * liquidation_approaching and perp_at_risk (leverage), and no leverage at_risk at perp_max_leverage 100;
 * spot alerts still fire beside them; a venue down compares only the venues read at both moments (no
 * false "closed"), and the whole perps leg down leaves a caveat while spot alerts are still evaluated.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { alertId } from '../../src/analytics/alerts.js';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { PERPS_POOL_CAST as P } from '../../src/sandbox/world/perps/index.js';
import { newPayer, type Payer } from '../helpers/payers.js';
import { pollAlerts } from '../helpers/paid-answers.js';
import { suiteService, type TestService } from '../helpers/service.js';

type Json = any;
const MIN = 60_000;
const HOUR = 60 * MIN;
const PERP_KINDS = new Set(['perp_position_added', 'perp_position_closed', 'perp_at_risk', 'liquidation_approaching', 'pnl_swing']);

/** The perps positions check-alerts recorded for a wallet at a moment (its own observation). */
async function positionsAt(service: TestService, wallet: string, at: number): Promise<Json[]> {
  const o = await service.store.observationAtOrBefore('perps_wallet', wallet, new Date(at));
  assert.ok(o && o.observedAt.getTime() === at, `an observation of ${wallet} at ${new Date(at).toISOString()}`);
  return o.data.positions as Json[];
}

const perps = (alerts: Json[], kind?: string) => alerts.filter((a) => (kind ? a.kind === kind : PERP_KINDS.has(a.kind)));
const keysOf = (alerts: Json[]) => alerts.map((a) => a.data.position_key).sort();

describe('check-alerts perps: the scalper opens and closes between polls (12:12 → 14:12 UTC)', () => {
  let payer: Payer;
  // The scalper's trade k opens 0–10 min past hour k and lives 70–110 min: the trade open at 12:12 (opened
  // 12:00–12:10) has closed by 14:00, and the one of hour 14 is open at 14:12.
  const t1 = Date.parse('2026-11-20T12:12:00Z');
  const t2 = t1 + 2 * HOUR;
  const watch = { wallets: [P.PERP_SCALPER], tokens: [A.TOKEN_RISKY], criteria: { min_price_change_pct: 0, min_whale_volume_usd: 1e12 } };
  const service = suiteService({ fixedNow: new Date(t1) });
  before(async () => {
    payer = await newPayer(service, 'solana');
  });

  it('added / closed once per position, at_risk for the new 15–30x trades, spot price alert beside them; ids stable; next poll does not repeat', async () => {
    const first = await pollAlerts(payer, service, { ...watch, since: new Date(t1).toISOString() });
    const wallet1 = first.subjects.find((s: Json) => s.address === P.PERP_SCALPER);
    assert.deepEqual([wallet1.perps.status, wallet1.perps.baseline_at, wallet1.perps.observed_at], ['no_baseline', null, new Date(t1).toISOString()]);
    assert.ok(first.caveats.some((c: Json) => c.code === 'no_baseline' && c.message.includes('perps positions')));
    assert.deepEqual(first.alerts, [], 'since = now: nothing after it');

    service.advance(2 * HOUR);
    const second = await pollAlerts(payer, service, { ...watch, since: first.checked_at });
    const wallet2 = second.subjects.find((s: Json) => s.address === P.PERP_SCALPER);
    assert.deepEqual([wallet2.perps.status, wallet2.perps.baseline_at, wallet2.perps.venues_read], ['compared', first.checked_at, ['A', 'B']]);

    const before2h = await positionsAt(service, P.PERP_SCALPER, t1);
    const after2h = await positionsAt(service, P.PERP_SCALPER, t2);
    const keys = (ps: Json[]) => new Set(ps.map((p) => p.position_key));
    const closed = before2h.filter((p) => !keys(after2h).has(p.position_key));
    const added = after2h.filter((p) => !keys(before2h).has(p.position_key));
    // Design: the trade opened in hour 12 is closed by 14:12 and a trade of hour 14 is open.
    assert.ok(closed.some((p) => Date.parse(p.opened_at) >= t1 - 12 * MIN), 'the hour-12 trade closed');
    assert.ok(added.some((p) => Date.parse(p.opened_at) >= t2 - 12 * MIN), 'the hour-14 trade opened');

    assert.deepEqual(keysOf(perps(second.alerts, 'perp_position_closed')), closed.map((p) => p.position_key).sort());
    assert.deepEqual(keysOf(perps(second.alerts, 'perp_position_added')), added.map((p) => p.position_key).sort());
    // Every scalper trade is 15–30x: above the default perp_max_leverage 10, so each new one starts at risk.
    assert.ok(added.every((p) => p.leverage > 10));
    assert.deepEqual(keysOf(perps(second.alerts, 'perp_at_risk')), added.map((p) => p.position_key).sort());
    for (const a of perps(second.alerts)) {
      assert.deepEqual(a.subject, { type: 'wallet', address: P.PERP_SCALPER });
      assert.equal(a.fired_at, new Date(t2).toISOString());
      assert.equal(a.id, alertId([a.kind, 'wallet', P.PERP_SCALPER, a.data.position_key, t1, t2]));
      assert.deepEqual([a.data.baseline_at, a.data.observed_at], [first.checked_at, new Date(t2).toISOString()]);
    }
    const atRisk = perps(second.alerts, 'perp_at_risk')[0];
    const position = added.find((p) => p.position_key === atRisk.data.position_key);
    assert.equal(atRisk.severity, position.leverage >= 20 ? 'high' : 'medium', '≥ 2 × perp_max_leverage is high');
    assert.match(atRisk.message, new RegExp(`leverage ${position.leverage}× > 10×`));
    // Size shares: one trade of the 1–2 open ones; severity from its share of the notional of the moment.
    for (const a of perps(second.alerts, 'perp_position_added')) {
      const share = (a.data.size_usd / after2h.reduce((s, p) => s + p.size_usd, 0)) * 100;
      assert.equal(a.severity, share >= 50 ? 'high' : share >= 10 ? 'medium' : 'low');
    }
    assert.equal(wallet2.alerts, perps(second.alerts).length + second.alerts.filter((a: Json) => a.subject.address === P.PERP_SCALPER && !PERP_KINDS.has(a.kind)).length);
    assert.equal(wallet2.perps.alerts, perps(second.alerts).length);
    // Spot kinds still work: RUGR's price moved in 2 h, and 0 means every move.
    assert.equal(second.alerts.filter((a: Json) => a.subject.address === A.TOKEN_RISKY && /^price_/.test(a.kind)).length, 1);
    assert.equal(second.subjects.find((s: Json) => s.address === P.PERP_SCALPER).status, 'compared', 'the wallet\'s spot holdings compared too');
    const next = second.next_steps.find((s: Json) => s.endpoint === 'perps-trader-profile');
    assert.deepEqual(next.input, { address: P.PERP_SCALPER });

    service.advance(MIN); // past the 30 s answer cache
    const repeat = await pollAlerts(payer, service, { ...watch, since: first.checked_at });
    assert.notEqual(repeat.checked_at, second.checked_at);
    assert.deepEqual(perps(repeat.alerts).map((a: Json) => [a.id, a.fired_at]).sort(), perps(second.alerts).map((a: Json) => [a.id, a.fired_at]).sort(), 'same since: the same crossings');

    service.advance(6 * MIN);
    const third = await pollAlerts(payer, service, { ...watch, since: second.checked_at });
    assert.equal(third.subjects.find((s: Json) => s.address === P.PERP_SCALPER).perps.baseline_at, second.checked_at);
    const delivered = new Set(second.alerts.map((a: Json) => a.id));
    assert.deepEqual(third.alerts.filter((a: Json) => delivered.has(a.id)), [], 'no crossing is delivered twice');
    // Whatever changed in the 7 minutes since is exactly what fires now (a trade of hour 13 may close).
    const now = t2 + 7 * MIN;
    const later = await positionsAt(service, P.PERP_SCALPER, now);
    const gone = after2h.filter((p) => !keys(later).has(p.position_key)).map((p) => p.position_key).sort();
    assert.deepEqual(keysOf(perps(third.alerts, 'perp_position_closed')), gone);
    assert.deepEqual(perps(third.alerts, 'perp_position_added'), []);
    assert.deepEqual(perps(third.alerts, 'perp_at_risk'), [], 'still at risk is not news');
  });
});

describe('check-alerts perps: the near-liquidation trader and criteria', () => {
  let payer: Payer;
  const t = Date.parse('2026-11-20T10:05:00Z');
  const since = new Date(t - 30 * MIN).toISOString();
  const service = suiteService({ fixedNow: new Date(t) });
  before(async () => {
    payer = await newPayer(service, 'base');
  });

  it('PERP_NEAR_LIQ → liquidation_approaching and perp_at_risk (no baseline needed for states); stable ids; not repeated once it is the baseline', async () => {
    const polled = await pollAlerts(payer, service, { wallets: [P.PERP_NEAR_LIQ], since });
    const [position] = await positionsAt(service, P.PERP_NEAR_LIQ, t);
    assert.ok(position.collateral_buffer_pct < 15 && position.leverage > 10);
    const kinds = perps(polled.alerts).map((a: Json) => a.kind).sort();
    assert.deepEqual(kinds, ['liquidation_approaching', 'perp_at_risk']);
    const liq = perps(polled.alerts, 'liquidation_approaching')[0];
    const buffer = position.collateral_buffer_pct;
    assert.equal(liq.severity, buffer < 5 ? 'high' : buffer < 10 ? 'medium' : 'low', 'below a third of 15 high, two thirds medium');
    assert.deepEqual([liq.data.position_key, liq.data.collateral_buffer_pct, liq.data.threshold_pct, liq.data.liquidation_price_usd, liq.data.baseline_at], [position.position_key, buffer, 15, position.liquidation_price_usd, null]);
    assert.equal(liq.id, alertId(['liquidation_approaching', 'wallet', P.PERP_NEAR_LIQ, position.position_key, 'none', t]));
    const risk = perps(polled.alerts, 'perp_at_risk')[0];
    assert.equal(risk.severity, 'high', '40–60x ≥ 2 × 10');
    assert.deepEqual([risk.data.leverage, risk.data.max_leverage], [position.leverage, 10]);
    assert.equal(polled.subjects[0].perps.status, 'no_baseline');

    service.advance(MIN);
    const repeat = await pollAlerts(payer, service, { wallets: [P.PERP_NEAR_LIQ], since });
    assert.deepEqual(perps(repeat.alerts).map((a: Json) => a.id).sort(), perps(polled.alerts).map((a: Json) => a.id).sort(), 'the first observation in that state keeps the id');

    service.advance(6 * MIN);
    const next = await pollAlerts(payer, service, { wallets: [P.PERP_NEAR_LIQ], since: polled.checked_at });
    assert.equal(next.subjects[0].perps.status, 'compared');
    assert.deepEqual(perps(next.alerts), [], 'still near liquidation is not news');
  });

  it('criteria override: perp_max_leverage 100 → no at_risk from leverage; liquidation_approaching stays; criteria echoed', async () => {
    const polled = await pollAlerts(payer, service, { wallets: [P.PERP_NEAR_LIQ], since, criteria: { perp_max_leverage: 100 } });
    const [position] = await positionsAt(service, P.PERP_NEAR_LIQ, Date.parse(polled.checked_at));
    assert.ok(position.leverage <= 100 && position.pnl_pct > -50, `${position.leverage}x, PnL ${position.pnl_pct} %: neither at-risk rule holds`);
    assert.deepEqual(perps(polled.alerts).map((a: Json) => a.kind), ['liquidation_approaching']);
    assert.deepEqual([polled.criteria.perp_max_leverage, polled.criteria.perp_min_pnl_swing_pts, polled.criteria.perp_liquidation_buffer_pct], [100, 25, 15]);

    const tight = await pollAlerts(payer, service, { wallets: [P.PERP_NEAR_LIQ], since, criteria: { perp_liquidation_buffer_pct: 1 } });
    assert.deepEqual(perps(tight.alerts).map((a: Json) => a.kind), ['perp_at_risk'], 'a 4–9 % buffer is not under 1 %');
  });
});

describe('check-alerts perps: venues down', () => {
  let payer: Payer;
  const t = Date.parse('2026-11-20T10:35:00Z');
  const watch = { wallets: [P.PERP_MULTI_VENUE] };
  const service = suiteService({ fixedNow: new Date(t) }, { SOURCE_RETRIES: '0', SOURCE_TIMEOUT_MS: '2000' });
  before(async () => {
    payer = await newPayer(service, 'solana');
  });

  it('venue B down at the next poll: no false "closed" for its positions; the whole perps leg down → caveat, spot still compared', async () => {
    const first = await pollAlerts(payer, service, { ...watch, since: new Date(t).toISOString() });
    assert.deepEqual(first.subjects[0].perps.venues_read, ['A', 'B']);

    service.advance(6 * MIN);
    service.sandbox!.providers!.faults.set('perps_venue_b', { errorRate: 1 });
    try {
      const second = await pollAlerts(payer, service, { ...watch, since: first.checked_at });
      assert.deepEqual([second.subjects[0].perps.status, second.subjects[0].perps.venues_read], ['compared', ['A']]);
      assert.deepEqual(perps(second.alerts, 'perp_position_closed'), [], 'venue B not read is not venue B closed');
      const caveat = second.caveats.find((c: Json) => c.code === 'leg_degraded' && c.leg === 'perps_venue_b');
      assert.match(caveat.message, new RegExp(`Wallet ${P.PERP_MULTI_VENUE}: .*cover the venues read \\(pool venue A\\)`));

      service.sandbox!.providers!.faults.set('perps_venue_a', { errorRate: 1 });
      service.advance(MIN);
      const third = await pollAlerts(payer, service, { ...watch, since: first.checked_at });
      const subject = third.subjects[0];
      assert.deepEqual([subject.status, subject.perps.status, subject.perps.venues_read], ['compared', 'unavailable', []]);
      const down = third.caveats.find((c: Json) => c.code === 'leg_degraded' && c.leg === 'perps_positions');
      assert.match(down.message, /no perps alert was evaluated for it; its spot alerts were/);
      assert.deepEqual(perps(third.alerts), []);
    } finally {
      service.sandbox!.providers!.faults.clear();
    }
  });
});
