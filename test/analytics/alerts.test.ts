import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { severityOf } from '../../src/analytics/alert-severity.js';
import {
  DEFAULT_ALERT_CRITERIA, alertCounts, alertId, deltaAlerts, orderAlerts, tokenMoves, walletMoves, whaleAlerts,
  type Alert, type AlertCriteria, type TokenObservationData, type WalletObservationData,
} from '../../src/analytics/alerts.js';

const criteria = (over: Partial<AlertCriteria> = {}): AlertCriteria => ({ ...DEFAULT_ALERT_CRITERIA, ...over });
const token = (over: Partial<TokenObservationData> = {}): TokenObservationData => ({ price_usd: 1, top5_pct: 50, risk_score: 0.3, ...over });
const wallet = (over: Partial<WalletObservationData> = {}): WalletObservationData => ({ portfolio_value_usd: 1000, risk_score: 0.3, positions: [], ...over });
const kinds = (moves: { kind: string }[]) => moves.map((m) => m.kind);

describe('alerts: token thresholds (lower-inclusive, on the rounded move)', () => {
  it('price: exactly the threshold fires, 0.01 point less does not; direction picks spike or drop', () => {
    assert.deepEqual(kinds(tokenMoves(token(), token({ price_usd: 1.1 }), criteria())), ['price_spike']);
    assert.deepEqual(kinds(tokenMoves(token(), token({ price_usd: 1.0999 }), criteria())), [], '9.99 %');
    assert.deepEqual(kinds(tokenMoves(token(), token({ price_usd: 0.9 }), criteria())), ['price_drop']);
    assert.deepEqual(kinds(tokenMoves(token(), token({ price_usd: 0.9001 }), criteria())), []);
    assert.equal(tokenMoves(token(), token({ price_usd: 1.1 }), criteria())[0]!.data.change_pct, 10);
  });
  it('threshold 0: any move fires, no move never does; an unknown or zero price compares nothing', () => {
    assert.deepEqual(kinds(tokenMoves(token(), token({ price_usd: 1.0001 }), criteria({ min_price_change_pct: 0 }))), ['price_spike']);
    assert.deepEqual(kinds(tokenMoves(token(), token(), criteria({ min_price_change_pct: 0, min_concentration_shift_pct: 0, min_risk_score_delta: 0 }))), []);
    assert.deepEqual(kinds(tokenMoves(token({ price_usd: null }), token({ price_usd: 5 }), criteria())), []);
    assert.deepEqual(kinds(tokenMoves(token({ price_usd: 0 }), token({ price_usd: 5 }), criteria())), []);
  });
  it('concentration: top-5 share moved by at least the threshold in points, either way', () => {
    assert.deepEqual(kinds(tokenMoves(token(), token({ top5_pct: 55 }), criteria())), ['concentration_shift']);
    assert.deepEqual(kinds(tokenMoves(token(), token({ top5_pct: 45 }), criteria())), ['concentration_shift']);
    assert.deepEqual(kinds(tokenMoves(token(), token({ top5_pct: 54.99 }), criteria())), []);
    assert.deepEqual(kinds(tokenMoves(token({ top5_pct: null }), token({ top5_pct: 90 }), criteria())), []);
  });
  it('risk score: a move of exactly the delta fires (0.3 → 0.4 despite float noise), 0.0999 does not', () => {
    assert.deepEqual(kinds(tokenMoves(token(), token({ risk_score: 0.4 }), criteria())), ['risk_score_change']);
    assert.deepEqual(kinds(tokenMoves(token(), token({ risk_score: 0.2 }), criteria())), ['risk_score_change']);
    assert.deepEqual(kinds(tokenMoves(token(), token({ risk_score: 0.3999 }), criteria())), []);
  });
});

describe('alerts: wallet thresholds', () => {
  it('risk: up is risk_increase, down is risk_decrease, at exactly the delta', () => {
    assert.deepEqual(kinds(walletMoves(wallet(), wallet({ risk_score: 0.4 }), criteria())), ['risk_increase']);
    assert.deepEqual(kinds(walletMoves(wallet(), wallet({ risk_score: 0.2 }), criteria())), ['risk_decrease']);
    assert.deepEqual(kinds(walletMoves(wallet(), wallet({ risk_score: 0.3999 }), criteria())), []);
    assert.deepEqual(kinds(walletMoves(wallet({ risk_score: null }), wallet({ risk_score: 0.9 }), criteria())), []);
  });
  it('portfolio value: at exactly the percent threshold, either way; 9.99 % does not', () => {
    assert.deepEqual(kinds(walletMoves(wallet(), wallet({ portfolio_value_usd: 1100 }), criteria())), ['portfolio_value_change']);
    assert.deepEqual(kinds(walletMoves(wallet(), wallet({ portfolio_value_usd: 900 }), criteria())), ['portfolio_value_change']);
    assert.deepEqual(kinds(walletMoves(wallet(), wallet({ portfolio_value_usd: 1099.9 }), criteria())), []);
  });
  it('positions: added and removed mints, severity by their value share of the portfolio', () => {
    const base = wallet({ positions: [{ mint: 'A', value_usd: 600 }, { mint: 'B', value_usd: 400 }] });
    const cur = wallet({ positions: [{ mint: 'B', value_usd: 400 }, { mint: 'C', value_usd: 100 }, { mint: 'D', value_usd: null }] });
    const moves = walletMoves(base, cur, criteria());
    assert.deepEqual(kinds(moves), ['new_positions', 'removed_positions']);
    assert.deepEqual(moves[0]!.data.positions, [{ mint: 'C', value_usd: 100 }, { mint: 'D', value_usd: null }]);
    assert.equal(moves[0]!.severity, 'medium', '100 of 1000 = 10 %');
    assert.equal(moves[1]!.severity, 'high', '600 of 1000 = 60 %');
    const small = walletMoves(wallet(), wallet({ positions: [{ mint: 'E', value_usd: 99.99 }] }), criteria());
    assert.equal(small[0]!.severity, 'low', '9.999 %');
    assert.equal(walletMoves(wallet({ portfolio_value_usd: null }), wallet({ portfolio_value_usd: null, positions: [{ mint: 'E', value_usd: 5000 }] }), criteria())[0]!.severity, 'low', 'unknown portfolio value');
  });
});

describe('alerts: severity by multiples of the threshold', () => {
  it('below 2× low, from 2× medium, from 3× high; threshold 0 measures against the documented default', () => {
    assert.equal(severityOf(19.99, 10, 10), 'low');
    assert.equal(severityOf(20, 10, 10), 'medium');
    assert.equal(severityOf(-29.99, 10, 10), 'medium');
    assert.equal(severityOf(-30, 10, 10), 'high');
    assert.equal(severityOf(0.3, 0.1, 0.1), 'high', '0.3 / 0.1 in floating point is 2.9999999999999996');
    assert.equal(severityOf(5, 0, 10), 'low');
    assert.equal(severityOf(30, 0, 10), 'high');
  });
});

describe('alerts: one alert per crossing, stable ids', () => {
  const subject = { type: 'token' as const, address: 'MINT' };
  const T = Date.parse('2028-02-29T12:00:00.000Z');
  const min = 60_000;
  const obs = (at: number, price: number) => ({ at, data: token({ price_usd: price }) });
  const run = (baseline: ReturnType<typeof obs>, later: ReturnType<typeof obs>[], sinceMs: number) =>
    deltaAlerts({ subject, baseline, later, sinceMs, moves: (b, c) => tokenMoves(b, c, criteria()) });

  it('fires at the first observation that crosses, not again at later ones; id and fired_at from the crossing', () => {
    const alerts = run(obs(T, 1), [obs(T + min, 1.05), obs(T + 2 * min, 1.2), obs(T + 3 * min, 1.3)], T);
    assert.equal(alerts.length, 1);
    assert.equal(alerts[0]!.kind, 'price_spike');
    assert.equal(alerts[0]!.fired_at, new Date(T + 2 * min).toISOString());
    assert.equal(alerts[0]!.id, alertId(['price_spike', 'token', 'MINT', T, T + 2 * min]));
    assert.equal(alerts[0]!.data.baseline_at, '2028-02-29T12:00:00.000Z');
  });
  it('a re-poll over the same log (plus newer observations) returns the same id', () => {
    const first = run(obs(T, 1), [obs(T + 6 * min, 1.2)], T);
    const again = run(obs(T, 1), [obs(T + 6 * min, 1.2), obs(T + 9 * min, 1.25)], T);
    assert.deepEqual(again.map((a) => a.id), first.map((a) => a.id));
  });
  it('a crossing at or before since was already delivered: kept out; 1 ms after since it is in', () => {
    assert.equal(run(obs(T, 1), [obs(T + 6 * min, 1.2)], T + 6 * min).length, 0);
    assert.equal(run(obs(T, 1), [obs(T + 6 * min, 1.2)], T + 6 * min - 1).length, 1);
  });
  it('the next baseline is past the crossing: the same move does not fire again; a new move does', () => {
    assert.equal(run(obs(T + 6 * min, 1.2), [obs(T + 12 * min, 1.2)], T + 6 * min).length, 0);
    const drop = run(obs(T + 6 * min, 1.2), [obs(T + 12 * min, 1.0)], T + 6 * min);
    assert.deepEqual(drop.map((a) => a.kind), ['price_drop']);
  });
});

describe('alerts: whale flows', () => {
  const T = Date.parse('2026-11-20T00:00:00.000Z');
  const f = (sig: string, minutes: number, delta: number) => ({ signature: sig, at: T + minutes * 60_000, delta_ui: delta });
  const run = (flows: ReturnType<typeof f>[], minVolumeUsd = 1000, sinceMs = T) =>
    whaleAlerts({ mint: 'MINT', whales: [{ owner: 'W', flows }], priceUsd: 2, sinceMs, minVolumeUsd });

  it('fires at the transfer where the net flow first reaches the threshold (at exactly it), valued at the price', () => {
    const alerts = run([f('s1', 1, -300), f('s2', 2, -200), f('s3', 3, -100)]);
    assert.deepEqual(alerts.map((a) => [a.kind, a.data.signature, a.data.net_flow_usd]), [['whale_outflow', 's2', -1000]]);
    assert.equal(alerts[0]!.id, alertId(['whale_outflow', 'token', 'MINT', 'W', 's2']));
    assert.equal(alerts[0]!.severity, 'low');
    assert.deepEqual(run([f('s1', 1, 499.99)]), [], '999.98 USD');
    assert.deepEqual(run([f('s1', 1, 400), f('s2', 2, -200), f('s3', 3, 299.99)]), [], 'at most 999.98 USD net');
  });
  it('transfers at or before since are not counted; both directions can fire once each', () => {
    assert.deepEqual(run([f('s0', 0, -600), f('s1', 1, -100)]), [], 'the first sale is at since');
    const both = run([f('s1', 1, 500), f('s2', 2, -1000)]);
    assert.deepEqual(both.map((a) => a.kind), ['whale_inflow', 'whale_outflow']);
  });
  it('threshold 0: any net flow fires; a round trip to zero does not fire a second time', () => {
    assert.deepEqual(run([f('s1', 1, 1), f('s2', 2, -1)], 0).map((a) => a.kind), ['whale_inflow']);
  });
});

describe('alerts: order and cap', () => {
  const a = (id: string, at: string): Alert => ({ id, kind: 'price_spike', severity: 'low', subject: { type: 'token', address: 'M' }, fired_at: at, message: '', data: {} });
  it('oldest first, ties by id, at most the cap with truncated', () => {
    const list = [a('b', '2026-01-02T00:00:00.000Z'), a('c', '2026-01-01T00:00:00.000Z'), a('a', '2026-01-02T00:00:00.000Z')];
    assert.deepEqual(orderAlerts(list, 3).alerts.map((x) => x.id), ['c', 'a', 'b']);
    assert.equal(orderAlerts(list, 3).truncated, false);
    assert.deepEqual(orderAlerts(list, 2), { alerts: [list[1], list[2]], truncated: true });
  });
});

describe('alertCounts: by severity and by kind, from the listed alerts', () => {
  const order = ['price_spike', 'price_drop', 'whale_outflow', 'risk_increase', 'pnl_swing'] as const;
  it('each breakdown sums to the total; kinds in the given order, only those that fired', () => {
    const listed = [
      { kind: 'pnl_swing', severity: 'low' }, { kind: 'price_drop', severity: 'high' }, { kind: 'whale_outflow', severity: 'medium' },
      { kind: 'price_drop', severity: 'high' }, { kind: 'pnl_swing', severity: 'high' },
    ] as const;
    const c = alertCounts(listed, order);
    assert.deepEqual(c, { total: 5, by_severity: { high: 3, medium: 1, low: 1 }, by_kind: { price_drop: 2, whale_outflow: 1, pnl_swing: 2 } });
    assert.deepEqual(Object.keys(c.by_kind), ['price_drop', 'whale_outflow', 'pnl_swing']);
  });
  it('no alert: zero per severity, no kind', () => {
    assert.deepEqual(alertCounts([], order), { total: 0, by_severity: { high: 0, medium: 0, low: 0 }, by_kind: {} });
  });
});
