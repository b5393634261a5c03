/** launchpad-alerts events (each crossing once on the caller's cursor) and the screener helpers. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clampSince, isLive, launchpadAlerts, sortScreener, type ScreenerRow } from '../../../src/analytics/launchpad/index.js';
import { coin, DAY, HOUR, NOW, points } from './fixtures.js';

const kinds = (c: ReturnType<typeof coin>, sinceMs: number, nowMs = NOW, extra = {}) => launchpadAlerts(c, { sinceMs, nowMs, ...extra }).map((e) => e.kind);

describe('payout_stale: PAYING → STALE exactly when stale_after_hours is crossed', () => {
  const c = coin({ payouts: [{ at: NOW - 24 * HOUR, quote_amount: 1, usd: 2 }] });
  test('fires on the poll that reaches the crossing, at the crossing moment, severity high', () => {
    const ev = launchpadAlerts(c, { sinceMs: NOW - HOUR, nowMs: NOW }).find((e) => e.kind === 'payout_stale');
    assert.ok(ev);
    assert.equal(ev.at, NOW);
    assert.equal(ev.severity, 'high');
  });
  test('not 1 ms before, and not again on the next poll (since = checked_at)', () => {
    assert.ok(!kinds(c, NOW - HOUR, NOW - 1).includes('payout_stale'));
    assert.ok(!kinds(c, NOW, NOW + 10 * 60_000).includes('payout_stale'));
  });
  test('stale_after_hours is honoured: 6 h crosses 18 h earlier', () => {
    assert.ok(kinds(c, NOW - 19 * HOUR, NOW - 18 * HOUR, { staleAfterHours: 6 }).includes('payout_stale'));
    assert.ok(!kinds(c, NOW - 19 * HOUR, NOW - 18 * HOUR - 1, { staleAfterHours: 6 }).includes('payout_stale'));
  });
});

describe('other events', () => {
  test('payout_landed when the last payout is strictly after since (low)', () => {
    const c = coin(); // paid 2 h ago
    assert.deepEqual(launchpadAlerts(c, { sinceMs: NOW - 3 * HOUR, nowMs: NOW }).filter((e) => e.kind === 'payout_landed').map((e) => e.severity), ['low']);
    assert.ok(!kinds(c, NOW - 2 * HOUR).includes('payout_landed'));
  });
  test('stopped_trading without 24 h volume (high)', () => {
    assert.ok(kinds(coin({ volume_24h_usd: 0 }), NOW - HOUR).includes('stopped_trading'));
    assert.ok(!kinds(coin(), NOW - HOUR).includes('stopped_trading'));
  });
  test('holders_change ≥ 10 % vs the point nearest since: −10 % medium, +10 % low, −9 % none', () => {
    const daily = points(3, NOW - DAY, 0, 1_000, 100); // points at now − 3, − 2, − 1 days, 100 holders
    const ev = (holders: number) => launchpadAlerts(coin({ daily, holders }), { sinceMs: NOW - 2 * DAY, nowMs: NOW }).find((e) => e.kind === 'holders_change');
    assert.equal(ev(90)?.severity, 'medium');
    assert.equal(ev(90)?.data.change_pct, -10);
    assert.equal(ev(110)?.severity, 'low');
    assert.equal(ev(91), undefined);
    assert.equal(launchpadAlerts(coin({ daily, holders: 95 }), { sinceMs: NOW - 2 * DAY, nowMs: NOW, minHoldersChangePct: 5 }).some((e) => e.kind === 'holders_change'), true);
  });
  test('rewards_since sums payouts from the snapshot; approximate only when > 1 h from since', () => {
    const daily = points(3, NOW - DAY, 0, 1_000, 100);
    const c = coin({ daily, payouts: [{ at: NOW - 3 * DAY - 1, quote_amount: 9, usd: 9 }, { at: NOW - 2 * DAY, quote_amount: 1, usd: 2 }, { at: NOW - HOUR, quote_amount: 0.5, usd: 1 }] });
    const r = (since: number) => launchpadAlerts(c, { sinceMs: since, nowMs: NOW }).find((e) => e.kind === 'rewards_since')!.data;
    assert.deepEqual([r(NOW - 2 * DAY).quote_amount, r(NOW - 2 * DAY).usd, r(NOW - 2 * DAY).approximate], [1.5, 3, false]);
    assert.equal(r(NOW - 2 * DAY + HOUR).approximate, false);
    assert.equal(r(NOW - 2 * DAY + HOUR + 1).approximate, true);
  });
  test('since older than 31 days is clamped', () => {
    assert.deepEqual(clampSince(NOW - 40 * DAY, NOW), { since: NOW - 31 * DAY, clamped: true });
    assert.deepEqual(clampSince(NOW - 31 * DAY, NOW), { since: NOW - 31 * DAY, clamped: false });
    const old = coin({ payouts: [{ at: NOW - 35 * DAY, quote_amount: 1, usd: 1 }] });
    assert.ok(!kinds(old, NOW - 40 * DAY).includes('payout_landed'));
  });
});

describe('screener', () => {
  test('live = traded and paid in the last 24 h (24 h exactly is not live)', () => {
    assert.equal(isLive(coin(), NOW), true);
    assert.equal(isLive(coin({ volume_24h_usd: 0 }), NOW), false);
    assert.equal(isLive(coin({ payouts: [{ at: NOW - DAY, quote_amount: 1, usd: 1 }] }), NOW), false);
    assert.equal(isLive(coin({ payouts: [{ at: NOW - DAY + 1, quote_amount: 1, usd: 1 }] }), NOW), true);
  });
  test('sorts descending, null last, ties by mint', () => {
    const row = (mint: string, v: number | null): ScreenerRow => ({ mint, yield_7d_pct: v, yield_30d_pct: null, rewards_usd: null, volume_24h_usd: v, last_payout_at: v, holders: null, price_change_24h_pct: v });
    const rows = [row('d', null), row('c', 1), row('b', 5), row('a', 1)];
    assert.deepEqual(sortScreener(rows, 'yield7d').map((r) => r.mint), ['b', 'a', 'c', 'd']);
    assert.deepEqual(sortScreener(rows, 'holders').map((r) => r.mint), ['a', 'b', 'c', 'd']);
    assert.deepEqual(sortScreener([row('x', -5), row('y', 2)], 'priceChange24h').map((r) => r.mint), ['y', 'x']);
  });
});
