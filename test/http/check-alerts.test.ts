/**
 * check-alerts through paid calls, driving the shared clock: a poll observes (no baseline yet), the world
 * moves, the next poll fires each crossing once with stable ids, a re-poll repeats the same ids, the poll
 * after it (since = checked_at) does not repeat them; crafted observations give exact alerts; future,
 * leap-day and minute-precision `since` are accepted; two empty watchlists are refused before payment.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { alertId } from '../../src/analytics/alerts.js';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { newPayer, paidInvoke, type Payer } from '../helpers/payers.js';
import { pollAlerts } from '../helpers/paid-answers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;
const MIN = 60_000;
const HOUR = 60 * MIN;

const minutePrecision = (ms: number) => new Date(ms).toISOString().slice(0, 16) + 'Z';

describe('check-alerts: the world moves between polls (RUGR whales sell, its price drifts)', () => {
  let service: TestService;
  let payer: Payer;
  // A fixed moment: the sandbox world is a function of time, so a moment read from the real clock would
  // give another price path on every run. From 10:00 to 16:00 UTC on this day RUGR falls about 11 % (the
  // world's designed price waves; by 0.5 % or more in most 6 h windows, not in all), and the dev wallet
  // sells into the pool in each 3 h slot of every day (src/sandbox/world/wallets.ts), so the window holds
  // its sales whatever the moment. Paid authorizations are checked against real time: the moment is past.
  const t0 = Date.parse('2026-11-20T10:00:00Z');
  const watch = { tokens: [A.TOKEN_RISKY], wallets: [A.WALLET_RUGR_DEV], criteria: { min_price_change_pct: 0.5, min_whale_volume_usd: 1 } };
  before(async () => {
    service = await startTestService({ fixedNow: new Date(t0) });
    payer = await newPayer(service, 'solana');
  });
  after(() => service.close());

  it('observe, move 6 h, poll: alerts fire once with stable ids; the next poll does not repeat them', async () => {
    const first = await pollAlerts(payer, service, { ...watch, since: minutePrecision(t0) });
    assert.deepEqual(first.subjects.map((s: Json) => [s.address, s.status, s.baseline_at]), [[A.TOKEN_RISKY, 'no_baseline', null], [A.WALLET_RUGR_DEV, 'no_baseline', null]]);
    assert.ok(first.caveats.some((c: Json) => c.code === 'no_baseline'));
    assert.equal(first.caveats.some((c: Json) => c.code === 'perps_pending'), false, 'perps alerts are evaluated');
    assert.deepEqual([first.subjects[1].perps.status, first.subjects[1].perps.venues_read], ['no_baseline', ['A', 'B']], 'the wallet\'s perps positions are observed too');
    assert.deepEqual(first.alerts, [], 'since = now: nothing after it, and no baseline for deltas');

    service.advance(6 * HOUR);
    const second = await pollAlerts(payer, service, { ...watch, since: first.checked_at });
    const token = second.subjects.find((s: Json) => s.address === A.TOKEN_RISKY);
    assert.deepEqual([token.status, token.baseline_at], ['compared', first.checked_at]);
    // The expected price alert, from the two observations the polls recorded.
    const [before6h, after6h] = await Promise.all([t0, t0 + 6 * HOUR].map((t) => service.store.observationAtOrBefore('token', A.TOKEN_RISKY, new Date(t))));
    const change = Math.round(((after6h!.data.price_usd as number) / (before6h!.data.price_usd as number) - 1) * 10_000) / 100;
    assert.ok(Math.abs(change) >= 0.5, `RUGR moved ${change} % in 6 h`);
    const price = second.alerts.filter((a: Json) => a.kind === 'price_spike' || a.kind === 'price_drop');
    assert.deepEqual(price.map((a: Json) => [a.kind, a.data.change_pct, a.fired_at]), [[change > 0 ? 'price_spike' : 'price_drop', change, second.checked_at]]);
    assert.equal(price[0].id, alertId([price[0].kind, 'token', A.TOKEN_RISKY, t0, t0 + 6 * HOUR]));
    // The dev wallet sells RUGR every ~3 h: one whale_outflow (first crossing), inside the window.
    const outflows = second.alerts.filter((a: Json) => a.kind === 'whale_outflow' && a.data.whale === A.WALLET_RUGR_DEV);
    assert.equal(outflows.length, 1);
    assert.ok(Date.parse(outflows[0].fired_at) > t0 && Date.parse(outflows[0].fired_at) <= t0 + 6 * HOUR);
    assert.ok(outflows[0].data.net_flow_usd <= -1);
    const times = second.alerts.map((a: Json) => a.fired_at);
    assert.deepEqual(times, [...times].sort(), 'oldest first');

    service.advance(MIN); // past the 30 s answer cache: computed again
    const repeat = await pollAlerts(payer, service, { ...watch, since: first.checked_at });
    assert.notEqual(repeat.checked_at, second.checked_at, 'a fresh computation, not the cached answer');
    const repeated = new Map(repeat.alerts.map((a: Json) => [a.id, a.fired_at]));
    for (const a of second.alerts) assert.equal(repeated.get(a.id), a.fired_at, `${a.kind} keeps its id and fired_at`);

    service.advance(6 * MIN);
    const next = await pollAlerts(payer, service, { ...watch, since: second.checked_at });
    assert.equal(next.subjects[0].baseline_at, second.checked_at, 'the previous poll is the new baseline');
    const delivered = new Set(second.alerts.map((a: Json) => a.id));
    assert.deepEqual(next.alerts.filter((a: Json) => delivered.has(a.id)), [], 'no crossing is delivered twice');
    assert.ok(next.alerts.every((a: Json) => Date.parse(a.fired_at) > Date.parse(second.checked_at)));
  });
});

describe('check-alerts: crafted baselines give exact alerts', () => {
  let service: TestService;
  let payer: Payer;
  /** A fixed past moment: every run reads the same world (the observations below are crafted around it). */
  const t = Date.parse('2026-11-20T14:00:00Z');
  before(async () => {
    service = await startTestService({ fixedNow: new Date(t) });
    payer = await newPayer(service, 'base');
  });
  after(() => service.close());

  it('price, concentration, risk, portfolio and positions alerts from a crafted observation; ids stable; next poll quiet', async () => {
    // What the watched subjects look like now (check-alerts' live observations come through the same cache).
    const tokenNow = (await (await paidInvoke(payer, service, 'enrich-token-full', { mint: A.TOKEN_SAFE })).json() as Json);
    const walletNow = (await (await paidInvoke(payer, service, 'enrich-wallet-light', { address: A.WALLET_DEFI })).json() as Json);
    await service.recorder.idle();
    const current = (await service.store.observationAtOrBefore('token', A.TOKEN_SAFE, new Date(t)))!.data as Json;
    const wallet = (await service.store.observationAtOrBefore('wallet', A.WALLET_DEFI, new Date(t)))!.data as Json;
    assert.equal(current.price_usd, tokenNow.price.price_usd);
    assert.equal(wallet.portfolio_value_usd, walletNow.portfolio_value_usd);
    const baselineAt = t - HOUR;
    await service.store.putObservation({
      subjectType: 'token', subject: A.TOKEN_SAFE, observedAt: new Date(baselineAt),
      data: { ...current, price_usd: current.price_usd * 2, top5_pct: current.top5_pct + 20, risk_score: 0.5 },
    });
    const [dropped, ...kept] = wallet.positions as Json[];
    await service.store.putObservation({
      subjectType: 'wallet', subject: A.WALLET_DEFI, observedAt: new Date(baselineAt),
      data: { ...wallet, portfolio_value_usd: wallet.portfolio_value_usd / 2, risk_score: wallet.risk_score + 0.3, positions: [...kept, { mint: A.TOKEN_RISKY, value_usd: 1 }] },
    });
    assert.equal(current.risk_score, 0, 'TOKEN_SAFE scores 0');

    const body = { tokens: [A.TOKEN_SAFE], wallets: [A.WALLET_DEFI], since: minutePrecision(t - 30 * MIN), criteria: { min_whale_volume_usd: 1e12 } };
    const polled = await pollAlerts(payer, service, { ...body, format: 'both' });
    const got = polled.alerts.map((a: Json) => [a.kind, a.severity, a.subject.address, a.fired_at]);
    const at = new Date(t).toISOString();
    assert.deepEqual(got.sort(), [
      ['concentration_shift', 'high', A.TOKEN_SAFE, at], // 20 points = 4 × the default 5
      ['new_positions', dropped.value_usd / wallet.portfolio_value_usd >= 0.5 ? 'high' : dropped.value_usd / wallet.portfolio_value_usd >= 0.1 ? 'medium' : 'low', A.WALLET_DEFI, at],
      ['portfolio_value_change', 'high', A.WALLET_DEFI, at], // +100 % = 10 × the default 10 %
      ['price_drop', 'high', A.TOKEN_SAFE, at], // −50 % = 5 × the default 10 %
      ['removed_positions', 'low', A.WALLET_DEFI, at],
      ['risk_decrease', 'high', A.WALLET_DEFI, at], // −0.3 = 3 × the default 0.1
      ['risk_score_change', 'high', A.TOKEN_SAFE, at], // −0.5
    ].sort());
    const drop = polled.alerts.find((a: Json) => a.kind === 'price_drop');
    assert.equal(drop.id, alertId(['price_drop', 'token', A.TOKEN_SAFE, baselineAt, t]));
    assert.deepEqual([drop.data.change_pct, drop.data.baseline_at, drop.data.observed_at], [-50, new Date(baselineAt).toISOString(), at]);
    assert.deepEqual(polled.alerts.find((a: Json) => a.kind === 'new_positions').data.positions, [{ mint: dropped.mint, value_usd: dropped.value_usd }]);
    assert.deepEqual(polled.alerts.find((a: Json) => a.kind === 'removed_positions').data.positions, [{ mint: A.TOKEN_RISKY, value_usd: 1 }]);
    assert.deepEqual(polled.criteria, { min_price_change_pct: 10, min_risk_score_delta: 0.1, min_whale_volume_usd: 1e12, min_portfolio_change_pct: 10, min_concentration_shift_pct: 5, perp_max_leverage: 10, perp_min_pnl_swing_pts: 25, perp_liquidation_buffer_pct: 15 });
    assert.match(polled.llm_summary, /\*\*7 alert\(s\)\*\*: 5 high, /);
    // Counts by severity and by kind, recomputed here from the listed alerts; kinds in the documented order.
    const tally = (key: 'severity' | 'kind') => polled.alerts.reduce((m: Record<string, number>, a: Json) => ({ ...m, [a[key]]: (m[a[key]] ?? 0) + 1 }), {});
    assert.deepEqual(polled.counts, {
      total: 7,
      by_severity: { high: tally('severity').high ?? 0, medium: tally('severity').medium ?? 0, low: tally('severity').low ?? 0 },
      by_kind: tally('kind'),
    });
    assert.equal(polled.counts.by_severity.high, 5);
    assert.deepEqual(Object.keys(polled.counts.by_kind), ['price_drop', 'concentration_shift', 'risk_score_change', 'risk_decrease', 'portfolio_value_change', 'new_positions', 'removed_positions']);
    assert.match(polled.llm_summary, /; by kind: 1 price_drop, 1 concentration_shift, 1 risk_score_change, 1 risk_decrease, 1 portfolio_value_change, 1 new_positions, 1 removed_positions/);

    service.advance(2 * MIN);
    const again = await pollAlerts(payer, service, body);
    assert.deepEqual(again.alerts.map((a: Json) => a.id).sort(), polled.alerts.map((a: Json) => a.id).sort(), 'same since: same ids');

    service.advance(5 * MIN);
    const next = await pollAlerts(payer, service, { ...body, since: polled.checked_at });
    assert.deepEqual(next.alerts, [], 'the crossing is before since and the baseline moved past it');
    assert.deepEqual(next.subjects.map((s: Json) => s.status), ['compared', 'compared']);
  });

  it('since in the future (a leap day) → 200 with no alert and nothing observed; a past leap day and minute precision are accepted', async () => {
    const future = await pollAlerts(payer, service, { tokens: [A.TOKEN_CAUTION], since: '2028-02-29T12:00Z' });
    assert.deepEqual([future.alerts, future.since, future.subjects[0].status], [[], '2028-02-29T12:00:00.000Z', 'not_checked']);
    assert.deepEqual(future.counts, { total: 0, by_severity: { high: 0, medium: 0, low: 0 }, by_kind: {} });
    assert.ok(future.caveats.some((c: Json) => c.code === 'since_in_future'));
    assert.equal(await service.store.observationAtOrBefore('token', A.TOKEN_CAUTION, new Date('2030-01-01T00:00:00Z')), undefined);
    const past = await pollAlerts(payer, service, { tokens: [A.TOKEN_CAUTION], since: '2024-02-29T12:00Z' });
    assert.equal(past.since, '2024-02-29T12:00:00.000Z');
    assert.equal(past.subjects[0].status, 'no_baseline');
    assert.ok(past.caveats.some((c: Json) => c.code === 'whale_window_capped'));
  });

  it('both watchlists empty → 400 invalid_input before payment (not charged)', async () => {
    const balance = await payer.balance();
    const res = await paidInvoke(payer, service, 'check-alerts', { since: '2026-11-01T00:00Z' });
    assert.equal(res.status, 400);
    const body = await res.json() as Json;
    assert.equal(body.error.code, 'invalid_input');
    assert.equal(body.error.issues[0].path, '/tokens');
    assert.equal(await payer.balance(), balance);
  });
});
