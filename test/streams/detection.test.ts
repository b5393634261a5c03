/**
 * The alert-stream detectors against fake endpoint answers shaped like the real ones (check-alerts,
 * launchpad-alerts and exit-signal output schemas): cursors, truncation, state events that persist, end and
 * come back, verdict changes, and calls that fail.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HandlerResult } from '../../src/registry/types.js';
import type { DetectionGroup, GroupEvent, SubscriptionSource } from '../../src/store/subscriptions/types.js';
import type { DetectionOutcome, EndpointCaller, EventBody } from '../../src/streams/types.js';
import { DETECTORS, eventId } from '../../src/streams/detection/index.js';

const SUBSCRIBED = new Date('2026-12-01T10:00:00.000Z');
const T1 = new Date('2026-12-01T10:01:00.000Z');
const T2 = new Date('2026-12-01T10:02:00.000Z');
const T3 = new Date('2026-12-01T10:03:00.000Z');
const T4 = new Date('2026-12-01T10:04:00.000Z');
const TOKEN = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const WALLET = '57yajeqeQu1y43Tn3GL7ycs5HNDLsdkjbKqt44s3WGbz';
const COIN_A = 'J4RvXMpAsnHvvf4br4g8WBWNwYFCipK28pCXhTAkyyqc';
const COIN_B = '5m7kYvWNu6jsjzCMQ2N9Wqc8oJjFMhuQCWjku7VUrp1j';

interface Call {
  key: string;
  input: Record<string, unknown>;
}

/** An EndpointCaller answering from `answer`, recording every call. */
function fakeCaller(answer: (input: Record<string, unknown>) => Record<string, unknown>): { call: EndpointCaller; calls: Call[] } {
  const calls: Call[] = [];
  const call: EndpointCaller = async (key, input) => {
    calls.push({ key, input });
    const result: HandlerResult = { data: answer(input), caveats: [] };
    return result;
  };
  return { call, calls };
}

function group(source: SubscriptionSource, input: Record<string, unknown>, state: string | null): DetectionGroup {
  return { groupKey: `g-${source}`, source, input, state, firstSubscribedAt: SUBSCRIBED };
}

const body = (e: GroupEvent): EventBody => JSON.parse(e.body) as EventBody;
const signal = new AbortController().signal;

async function detect(g: DetectionGroup, now: Date, call: EndpointCaller): Promise<DetectionOutcome> {
  return DETECTORS[g.source].detect(g, now, call, signal);
}

// ---- check-alerts ---------------------------------------------------------------------------------------

function alert(id: string, kind: string, firedAt: string, subject: { type: 'token' | 'wallet'; address: string } = { type: 'token', address: TOKEN }) {
  return {
    id,
    kind,
    severity: 'medium',
    subject,
    fired_at: firedAt,
    message: `${kind} on ${subject.address}`,
    data: { baseline: 1.2, observed: 1.5, change_pct: 25, threshold: 10, baseline_at: '2026-12-01T09:50:00.000Z', observed_at: firedAt },
  };
}

function checkAlertsAnswer(since: unknown, checkedAt: Date, alerts: ReturnType<typeof alert>[], truncated = false): Record<string, unknown> {
  return {
    since,
    checked_at: checkedAt.toISOString(),
    alerts,
    truncated,
    criteria: { min_price_change_pct: 10, min_risk_score_delta: 0.1, min_whale_volume_usd: 10000, min_portfolio_change_pct: 10, min_concentration_shift_pct: 5, perp_max_leverage: 10, perp_min_pnl_swing_pts: 25, perp_liquidation_buffer_pct: 15 },
    counts: { total: alerts.length, by_severity: { high: 0, medium: alerts.length, low: 0 }, by_kind: {} },
    subjects: [{ type: 'token', address: TOKEN, status: 'compared', baseline_at: '2026-12-01T09:50:00.000Z', observed_at: checkedAt.toISOString(), alerts: alerts.length }],
  };
}

const CHECK_INPUT = { tokens: [TOKEN], wallets: [WALLET], criteria: { perp_max_leverage: 10, perp_min_pnl_swing_pts: 25, perp_liquidation_buffer_pct: 15 } };

test('check-alerts: the first tick polls from the first subscription; every alert is an event keyed by its id; the cursor is checked_at', async () => {
  const alerts = [alert('a1', 'price_spike', '2026-12-01T10:00:30.000Z'), alert('a2', 'risk_increase', '2026-12-01T10:00:40.000Z', { type: 'wallet', address: WALLET })];
  const { call, calls } = fakeCaller((input) => checkAlertsAnswer(input.since, T1, alerts));
  const out = await detect(group('check-alerts', CHECK_INPUT, null), T1, call);

  assert.deepEqual(calls, [{ key: 'check-alerts', input: { ...CHECK_INPUT, since: SUBSCRIBED.toISOString() } }]);
  assert.deepEqual(out.events.map((e) => [e.eventId, e.type, e.occurredAt.toISOString()]), [
    ['a1', 'price_spike', '2026-12-01T10:00:30.000Z'],
    ['a2', 'risk_increase', '2026-12-01T10:00:40.000Z'],
  ]);
  assert.deepEqual(body(out.events[1]!), {
    id: 'a2',
    type: 'risk_increase',
    source: 'check-alerts',
    subject: { type: 'wallet', address: WALLET },
    occurred_at: '2026-12-01T10:00:40.000Z',
    detected_at: T1.toISOString(),
    data: alerts[1],
  });
  assert.deepEqual(JSON.parse(out.state), { cursor: T1.toISOString() });
});

test('check-alerts: the next tick polls from the saved cursor; no alert is no event', async () => {
  const { call, calls } = fakeCaller((input) => checkAlertsAnswer(input.since, T2, []));
  const out = await detect(group('check-alerts', CHECK_INPUT, JSON.stringify({ cursor: T1.toISOString() })), T2, call);
  assert.equal(calls[0]!.input.since, T1.toISOString());
  assert.deepEqual(out.events, []);
  assert.deepEqual(JSON.parse(out.state), { cursor: T2.toISOString() });
});

test('check-alerts: a truncated answer moves the cursor to just before the last listed alert, so the rest of that instant comes next', async () => {
  const page = [alert('a1', 'price_spike', '2026-12-01T10:00:10.000Z'), alert('a2', 'price_drop', '2026-12-01T10:00:20.000Z'), alert('a3', 'whale_inflow', '2026-12-01T10:00:20.000Z')];
  const { call } = fakeCaller((input) => checkAlertsAnswer(input.since, T1, page, true));
  const out = await detect(group('check-alerts', CHECK_INPUT, null), T1, call);
  assert.equal(out.events.length, 3);
  assert.deepEqual(JSON.parse(out.state), { cursor: '2026-12-01T10:00:19.999Z' });

  // A page that is one instant throughout cannot be stepped back into (it would come back forever): past it.
  const sameInstant = [alert('b1', 'price_spike', '2026-12-01T10:00:20.000Z'), alert('b2', 'price_drop', '2026-12-01T10:00:20.000Z')];
  const { call: call2 } = fakeCaller((input) => checkAlertsAnswer(input.since, T1, sameInstant, true));
  const out2 = await detect(group('check-alerts', CHECK_INPUT, null), T1, call2);
  assert.deepEqual(JSON.parse(out2.state), { cursor: '2026-12-01T10:00:20.000Z' });
});

test('check-alerts: a failing call throws (the job keeps the state); unreadable state throws rather than restart', async () => {
  const call: EndpointCaller = async () => {
    throw new Error('upstream unavailable');
  };
  await assert.rejects(detect(group('check-alerts', CHECK_INPUT, null), T1, call), /upstream unavailable/);
  const { call: ok } = fakeCaller((input) => checkAlertsAnswer(input.since, T1, []));
  await assert.rejects(detect(group('check-alerts', CHECK_INPUT, '{"nope":1}'), T1, ok), /no cursor/);
});

// ---- launchpad-alerts -----------------------------------------------------------------------------------

type LaunchpadEventKind = 'payout_landed' | 'payout_stale' | 'stopped_trading' | 'holders_change' | 'rewards_since';

function lpEvent(kind: LaunchpadEventKind, mint: string, at: Date, data: Record<string, number | string | boolean | null> = {}) {
  return { kind, severity: 'low', mint, symbol: mint.slice(0, 4), at: at.toISOString(), message: `${kind} ${mint}`, data };
}
const coin = (mint: string) => ({ mint, symbol: mint.slice(0, 4), payout_status: 'PAYING', hours_since_last_payout: 2.5, volume_24h_usd: 0, holders: 1200, market_cap_usd: 450000, source: 'index' });

function lpAnswer(since: unknown, checkedAt: Date, events: ReturnType<typeof lpEvent>[], mints: string[] = [COIN_A], notFound: string[] = []): Record<string, unknown> {
  return { events, coins: mints.map(coin), not_found: notFound, since, since_clamped: false, checked_at: checkedAt.toISOString() };
}

const LP_INPUT = { mints: [COIN_A, COIN_B], min_holders_change_pct: 10, stale_after_hours: 24 };
const holders = (day: string, change: number) => ({ change_pct: change, from: 1000, to: 1000 + change * 10, snapshot_day: day });
const rewards = { quote_amount: 1.5, usd: 300, snapshot_day: '2026-12-01', snapshot_at: Date.parse('2026-12-01T00:00:00Z'), approximate: true };

/** Runs the launchpad detector tick after tick, carrying its state like the job would. */
function lpTicker() {
  let state: string | null = null;
  return async (now: Date, events: (since: string) => ReturnType<typeof lpEvent>[], mints?: string[], notFound?: string[]) => {
    const { call, calls } = fakeCaller((input) => lpAnswer(input.since, now, events(String(input.since)), mints, notFound));
    const out = await detect(group('launchpad-alerts', LP_INPUT, state), now, call);
    state = out.state;
    return { ...out, since: String(calls[0]!.input.since) };
  };
}

test('launchpad-alerts: moments are events with ids from their moment; states start once; rewards_since is never an event', async () => {
  const tick = lpTicker();
  const payoutAt = new Date('2026-12-01T10:00:20.000Z');
  const first = await tick(T1, () => [
    lpEvent('payout_landed', COIN_A, payoutAt, { quote_amount: 0.4, usd: 80 }),
    lpEvent('holders_change', COIN_A, T1, holders('2026-12-01', -12)),
    lpEvent('rewards_since', COIN_A, T1, rewards),
    lpEvent('stopped_trading', COIN_A, T1, { volume_24h_usd: 0 }),
  ]);
  assert.equal(first.since, SUBSCRIBED.toISOString());
  assert.deepEqual(first.events.map((e) => e.type), ['payout_landed', 'holders_change', 'stopped_trading']);
  assert.equal(first.events[0]!.eventId, eventId('launchpad-alerts', 'payout_landed', COIN_A, payoutAt.toISOString()));
  assert.equal(first.events[0]!.occurredAt.toISOString(), payoutAt.toISOString());
  const b = body(first.events[2]!);
  assert.deepEqual({ ...b, data: undefined }, { id: first.events[2]!.eventId, type: 'stopped_trading', source: 'launchpad-alerts', subject: { type: 'token', address: COIN_A }, occurred_at: T1.toISOString(), detected_at: T1.toISOString(), data: undefined });
  assert.equal(b.data.kind, 'stopped_trading');
  assert.deepEqual(b.data.data, { volume_24h_usd: 0 });
  assert.equal(JSON.parse(first.state).cursor, T1.toISOString());

  // The states are re-reported at the next poll (at = that poll): nothing new. A new payout is.
  const payout2 = new Date('2026-12-01T10:01:30.000Z');
  const second = await tick(T2, () => [
    lpEvent('payout_landed', COIN_A, payout2, { quote_amount: 0.5, usd: 100 }),
    lpEvent('holders_change', COIN_A, T2, holders('2026-12-01', -13)),
    lpEvent('rewards_since', COIN_A, T2, rewards),
    lpEvent('stopped_trading', COIN_A, T2, { volume_24h_usd: 0 }),
  ]);
  assert.equal(second.since, T1.toISOString());
  assert.deepEqual(second.events.map((e) => [e.type, e.occurredAt.toISOString()]), [['payout_landed', payout2.toISOString()]]);
});

test('launchpad-alerts: a state that ends re-arms, and its return is a new event with a new id', async () => {
  const tick = lpTicker();
  const stopped = (at: Date) => [lpEvent('stopped_trading', COIN_A, at, { volume_24h_usd: 0 })];
  const started = await tick(T1, () => stopped(T1));
  assert.equal(started.events.length, 1);
  assert.equal((await tick(T2, () => stopped(T2))).events.length, 0, 'persisting: no event');
  const ended = await tick(T3, () => []);
  assert.deepEqual([ended.events.length, JSON.parse(ended.state).present], [0, []], 'ended: no event, no longer present');
  const back = await tick(T4, () => stopped(T4));
  assert.equal(back.events.length, 1);
  assert.equal(back.events[0]!.occurredAt.toISOString(), T4.toISOString());
  assert.notEqual(back.events[0]!.eventId, started.events[0]!.eventId);
});

test('launchpad-alerts: holders_change against a new snapshot day, or reversed, is a new event', async () => {
  const tick = lpTicker();
  assert.equal((await tick(T1, () => [lpEvent('holders_change', COIN_A, T1, holders('2026-12-01', 15))])).events.length, 1);
  assert.equal((await tick(T2, () => [lpEvent('holders_change', COIN_A, T2, holders('2026-12-01', 16))])).events.length, 0);
  assert.equal((await tick(T3, () => [lpEvent('holders_change', COIN_A, T3, holders('2026-12-02', 11))])).events.length, 1, 'new day');
  assert.equal((await tick(T4, () => [lpEvent('holders_change', COIN_A, T4, holders('2026-12-02', -11))])).events.length, 1, 'reversed');
});

test('launchpad-alerts: a repeated tick (its state not saved) gives the same ids; a coin not answered keeps its states', async () => {
  const events = () => [lpEvent('stopped_trading', COIN_A, T1, {}), lpEvent('stopped_trading', COIN_B, T1, {})];
  const g = group('launchpad-alerts', LP_INPUT, null);
  const once = await detect(g, T1, fakeCaller((i) => lpAnswer(i.since, T1, events(), [COIN_A, COIN_B])).call);
  // The same window retried a minute later: the states are now re-read at T2, but they are the same events.
  const retried = await detect(g, T2, fakeCaller((i) => lpAnswer(i.since, T2, events().map((e) => ({ ...e, at: T2.toISOString() })), [COIN_A, COIN_B])).call);
  assert.deepEqual(retried.events.map((e) => e.eventId), once.events.map((e) => e.eventId));

  // COIN_B is not_found at the next tick: unknown is not ended, so it is not re-armed.
  const next = await detect({ ...g, state: once.state }, T2, fakeCaller((i) => lpAnswer(i.since, T2, [lpEvent('stopped_trading', COIN_A, T2, {})], [COIN_A], [COIN_B])).call);
  assert.deepEqual(JSON.parse(next.state).present, [`stopped_trading|${COIN_A}|`, `stopped_trading|${COIN_B}|`].sort());
  // COIN_A's answer without the state: it ended.
  const ended = await detect({ ...g, state: next.state }, T3, fakeCaller((i) => lpAnswer(i.since, T3, [], [COIN_A, COIN_B])).call);
  assert.deepEqual(JSON.parse(ended.state).present, []);
});

test('launchpad-alerts: a failing call throws', async () => {
  const call: EndpointCaller = async () => {
    throw Object.assign(new Error('launchpad upstream timed out'), { status: 504 });
  };
  await assert.rejects(detect(group('launchpad-alerts', LP_INPUT, JSON.stringify({ cursor: T1.toISOString(), present: [] })), T2, call), /timed out/);
});

// ---- exit-signal ----------------------------------------------------------------------------------------

type Verdict = 'EXIT' | 'DERISK' | 'HOLD' | 'INSUFFICIENT_DATA';

function exitAnswer(verdict: Verdict, asOf: Date, score: number | null = 0.3): Record<string, unknown> {
  const market = verdict === 'INSUFFICIENT_DATA' ? null : {
    pair_address: 'Pair1111111111111111111111111111111111111111', dex: 'raydium', price_usd: 0.0000231, liquidity_usd: 84000, market_cap_usd: 2300000,
    pair_created_at: '2026-11-20T08:00:00.000Z', pair_age_hours: 266.02,
    windows: { m5: { volume_usd: 1200, buys: 10, sells: 30, buy_share: 0.25, rate_usd_per_min: 240, price_change_pct: -8 }, h1: { volume_usd: 9000, buys: 80, sells: 120, buy_share: 0.4, rate_usd_per_min: 150, price_change_pct: -12 }, h6: { volume_usd: 30000, buys: 300, sells: 310, buy_share: 0.4918, rate_usd_per_min: 83.33, price_change_pct: -4 }, h24: { volume_usd: 90000, buys: 900, sells: 880, buy_share: 0.5056, rate_usd_per_min: 62.5, price_change_pct: 3 } },
    accelerations: { a1: 1.6, a2: 1.8, a3: 1.33 },
  };
  return {
    mint: TOKEN, symbol: 'BONK', name: 'Bonk', verdict, exit_score: verdict === 'INSUFFICIENT_DATA' ? null : score,
    factors: [{ name: 'sellers_in_control', value: 0.75, weight: 0.25, detail: 'sells 75 % of m5 trades' }],
    unknown_factors: [], hard_triggers: verdict === 'EXIT' ? [{ code: 'active_dump', detail: 'm5 price -16 % with sells 3× buys' }] : [],
    decided_by: verdict === 'INSUFFICIENT_DATA' ? 'insufficient_data' : verdict === 'EXIT' ? 'hard_trigger' : 'score',
    reasoning: verdict === 'INSUFFICIENT_DATA' ? ['no DEX market found for this token: nothing to judge an exit on'] : [`exit score ${score} → ${verdict}`],
    stage: verdict === 'INSUFFICIENT_DATA' ? null : 'FADING', stage_reasons: [], market, holder_count: 5400,
    prior_reading: null, deltas: null, deltas_unavailable: { code: 'no_prior_reading', message: 'first reading' },
    unrealized_pnl: { entry_price_usd: 0.000021, price_usd: 0.0000231, pnl_pct: 10, multiple: 1.1 },
    thresholds: { exit_score_exit: 0.7, exit_score_derisk: 0.4, liquidity_pull_pct: 25, repeat_spacing_minutes: 5, rug_max_liquidity_usd: 1000, rug_max_h1_price_change_pct: -50, dump_m5_price_change_pct: -15, dump_sell_buy_ratio: 2 },
    as_of: asOf.toISOString(),
  };
}

const EXIT_INPUT = { mint: TOKEN, entry_price_usd: 0.000021 };

function exitTicker() {
  let state: string | null = null;
  return async (now: Date, verdict: Verdict) => {
    const { call, calls } = fakeCaller(() => exitAnswer(verdict, now, verdict === 'EXIT' ? 0.55 : 0.3));
    const out = await detect(group('exit-signal', EXIT_INPUT, state), now, call);
    assert.deepEqual(calls, [{ key: 'exit-signal', input: EXIT_INPUT }]);
    state = out.state;
    return out;
  };
}

test('exit-signal: the first reading is the baseline (no event); the same verdict again is no event', async () => {
  const tick = exitTicker();
  const first = await tick(T1, 'HOLD');
  assert.deepEqual(first.events, []);
  assert.deepEqual(JSON.parse(first.state), { last: { verdict: 'HOLD', read_at: T1.toISOString(), held_since: T1.toISOString() } });
  const second = await tick(T2, 'HOLD');
  assert.deepEqual(second.events, []);
  assert.deepEqual(JSON.parse(second.state), { last: { verdict: 'HOLD', read_at: T2.toISOString(), held_since: T1.toISOString() } });
});

test('exit-signal: a decisive change is one verdict_changed event with what a trader needs', async () => {
  const tick = exitTicker();
  await tick(T1, 'HOLD');
  await tick(T2, 'HOLD');
  const changed = await tick(T3, 'EXIT');
  assert.equal(changed.events.length, 1);
  const e = changed.events[0]!;
  assert.equal(e.type, 'verdict_changed');
  assert.equal(e.eventId, eventId('exit-signal', TOKEN, 'HOLD', 'EXIT', T1.toISOString()));
  assert.equal(e.occurredAt.toISOString(), T3.toISOString());
  const b = body(e);
  assert.deepEqual(b.subject, { type: 'token', address: TOKEN });
  assert.equal(b.source, 'exit-signal');
  assert.deepEqual(b.data, {
    mint: TOKEN, symbol: 'BONK', from: 'HOLD', to: 'EXIT', from_since: T1.toISOString(), read_at: T3.toISOString(),
    exit_score: 0.55, decided_by: 'hard_trigger', hard_triggers: [{ code: 'active_dump', detail: 'm5 price -16 % with sells 3× buys' }],
    reasoning: ['exit score 0.55 → EXIT'], stage: 'FADING', price_usd: 0.0000231, liquidity_usd: 84000, market_cap_usd: 2300000,
    pair_address: 'Pair1111111111111111111111111111111111111111', dex: 'raydium',
    unrealized_pnl: { entry_price_usd: 0.000021, price_usd: 0.0000231, pnl_pct: 10, multiple: 1.1 },
  });
  assert.deepEqual(JSON.parse(changed.state), { last: { verdict: 'EXIT', read_at: T3.toISOString(), held_since: T3.toISOString() } });
});

test('exit-signal: INSUFFICIENT_DATA is no change; the next decisive verdict compares with the last decisive one', async () => {
  const tick = exitTicker();
  await tick(T1, 'HOLD');
  const blind = await tick(T2, 'INSUFFICIENT_DATA');
  assert.deepEqual(blind.events, []);
  assert.equal(JSON.parse(blind.state).last.verdict, 'HOLD');
  assert.deepEqual((await tick(T3, 'HOLD')).events, [], 'HOLD → (no reading) → HOLD is no change');
  const derisk = await tick(T4, 'DERISK');
  assert.deepEqual(derisk.events.map((e) => JSON.parse(e.body).data.from + '→' + JSON.parse(e.body).data.to), ['HOLD→DERISK']);

  // Starting blind: no baseline yet, so the first decisive reading is the baseline, not a change.
  const fresh = exitTicker();
  assert.deepEqual(JSON.parse((await fresh(T1, 'INSUFFICIENT_DATA')).state), { last: null });
  assert.deepEqual((await fresh(T2, 'EXIT')).events, []);
});

test('exit-signal: a failing call throws', async () => {
  const call: EndpointCaller = async () => {
    throw new Error('market_data leg failed');
  };
  await assert.rejects(detect(group('exit-signal', EXIT_INPUT, null), T1, call), /market_data/);
});
