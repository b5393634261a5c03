/** launchpad-alerts events (each crossing once on the caller's cursor) and the screener helpers. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clampSince, coinSummary, isLive, launchpadAlerts, nearestPoint, sortScreener, type ScreenerRow } from '../../../src/analytics/launchpad/index.js';
import { coin, DAY, feeShareCoin, HOUR, NOW, payout, point, points, standardCoin } from './fixtures.js';

const kinds = (c: ReturnType<typeof coin>, sinceMs: number, nowMs = NOW, extra = {}) => launchpadAlerts(c, { sinceMs, nowMs, ...extra }).map((e) => e.kind);
const event = (c: ReturnType<typeof coin>, kind: string, sinceMs: number, nowMs = NOW) => launchpadAlerts(c, { sinceMs, nowMs }).find((e) => e.kind === kind);

describe('payout_stale: PAYING → STALE exactly when stale_after_hours is crossed', () => {
  const c = coin({ last_payout_at: NOW - 24 * HOUR, recent_payouts: [] });
  test('fires on the poll that reaches the crossing, at the crossing moment, severity high', () => {
    const ev = event(c, 'payout_stale', NOW - HOUR);
    assert.ok(ev);
    assert.equal(ev.at, NOW);
    assert.equal(ev.severity, 'high');
    assert.deepEqual(ev.data, { last_payout_at: NOW - 24 * HOUR, stale_after_hours: 24 });
  });
  test('not 1 ms before, and not again on the next poll (since = checked_at)', () => {
    assert.ok(!kinds(c, NOW - HOUR, NOW - 1).includes('payout_stale'));
    assert.ok(!kinds(c, NOW, NOW + 10 * 60_000).includes('payout_stale'));
  });
  test('stale_after_hours is honoured: 6 h crosses 18 h earlier', () => {
    assert.ok(kinds(c, NOW - 19 * HOUR, NOW - 18 * HOUR, { staleAfterHours: 6 }).includes('payout_stale'));
    assert.ok(!kinds(c, NOW - 19 * HOUR, NOW - 18 * HOUR - 1, { staleAfterHours: 6 }).includes('payout_stale'));
  });
  test('a fee-share coin goes stale the same way; a NOT_REWARD coin never does', () => {
    assert.ok(kinds(feeShareCoin({ last_payout_at: NOW - 24 * HOUR }), NOW - HOUR).includes('payout_stale'));
    assert.ok(!kinds(coin({ last_payout_at: NOW - 24 * HOUR, adopted: false }), NOW - HOUR).includes('payout_stale'));
  });
});

describe('payout_landed', () => {
  test('when the last payout is strictly after since (low); not when it is at since', () => {
    const c = coin(); // paid 2 h ago
    assert.deepEqual(launchpadAlerts(c, { sinceMs: NOW - 3 * HOUR, nowMs: NOW }).filter((e) => e.kind === 'payout_landed').map((e) => [e.severity, e.at]), [['low', NOW - 2 * HOUR]]);
    assert.ok(!kinds(c, NOW - 2 * HOUR).includes('payout_landed'));
  });
  test('the amount is set when the observed last payout is that payout: 1.5 SOL = 300 USD', () => {
    const ev = event(coin(), 'payout_landed', NOW - 3 * HOUR)!;
    assert.deepEqual(ev.data, { quote_amount: 1.5, usd: 300 });
    assert.equal(ev.message, 'RWD paid holders 1.5 SOL');
  });
  test('the amount is null when the payout was not observed (no sample, or only an older one)', () => {
    for (const recent_payouts of [[], [payout(NOW - 5 * HOUR, 9)], [payout(NOW - 2 * HOUR + 1, 9)]]) {
      const ev = event(coin({ recent_payouts }), 'payout_landed', NOW - 3 * HOUR)!;
      assert.deepEqual(ev.data, { quote_amount: null, usd: null }, JSON.stringify(recent_payouts));
      assert.equal(ev.message, 'RWD paid holders');
    }
  });
  test('an observed payout later than now does not hide the matching one; an unpriced quote has no usd', () => {
    const recent_payouts = [payout(NOW - 2 * HOUR, 1.5), payout(NOW + HOUR, 7)];
    assert.deepEqual(event(coin({ recent_payouts }), 'payout_landed', NOW - 3 * HOUR)!.data, { quote_amount: 1.5, usd: 300 });
    assert.deepEqual(event(coin({ quote_price_usd: null }), 'payout_landed', NOW - 3 * HOUR)!.data, { quote_amount: 1.5, usd: null });
  });
  test('not for a NOT_REWARD coin, even one that paid; yes for a fee-share coin', () => {
    assert.equal(event(coin({ adopted: false }), 'payout_landed', NOW - 3 * HOUR), undefined);
    assert.equal(event(standardCoin({ last_payout_at: NOW - HOUR }), 'payout_landed', NOW - 3 * HOUR), undefined);
    assert.ok(event(feeShareCoin(), 'payout_landed', NOW - 3 * HOUR));
  });
  test('a last payout dated after now is ignored', () => {
    assert.equal(event(coin({ last_payout_at: NOW + 1 }), 'payout_landed', NOW - HOUR), undefined);
  });
});

describe('other events', () => {
  test('stopped_trading without 24 h volume (high)', () => {
    assert.ok(kinds(coin({ volume_24h_usd: 0 }), NOW - HOUR).includes('stopped_trading'));
    assert.ok(kinds(coin({ volume_24h_usd: null }), NOW - HOUR).includes('stopped_trading'));
    assert.ok(!kinds(coin(), NOW - HOUR).includes('stopped_trading'));
  });
  test('holders_change ≥ 10 % vs the point nearest since: −10 % medium, +10 % low, −9 % none', () => {
    const daily = points(3, NOW - DAY, 0, 1_000, 100); // points at now − 3, − 2, − 1 days, 100 holders
    const ev = (holders: number) => event(coin({ daily, holders }), 'holders_change', NOW - 2 * DAY);
    assert.equal(ev(90)?.severity, 'medium');
    assert.equal(ev(90)?.data.change_pct, -10);
    assert.equal(ev(110)?.severity, 'low');
    assert.equal(ev(91), undefined);
    assert.equal(launchpadAlerts(coin({ daily, holders: 95 }), { sinceMs: NOW - 2 * DAY, nowMs: NOW, minHoldersChangePct: 5 }).some((e) => e.kind === 'holders_change'), true);
  });
  test('since older than 31 days is clamped', () => {
    assert.deepEqual(clampSince(NOW - 40 * DAY, NOW), { since: NOW - 31 * DAY, clamped: true });
    assert.deepEqual(clampSince(NOW - 31 * DAY, NOW), { since: NOW - 31 * DAY, clamped: false });
    const old = coin({ last_payout_at: NOW - 35 * DAY });
    assert.ok(!kinds(old, NOW - 40 * DAY).includes('payout_landed'));
  });
  test('events are sorted by time, then kind', () => {
    const c = coin({ last_payout_at: NOW - 24 * HOUR, volume_24h_usd: 0, daily: [point(NOW - 2 * DAY, 1, 100_000, 500)] });
    assert.deepEqual(kinds(c, NOW - 25 * HOUR), ['payout_landed', 'payout_stale', 'rewards_since', 'stopped_trading']);
  });
});

describe('rewards_since: lifetime total now − at the snapshot nearest since', () => {
  // Lifetime totals 1, 2, 4 SOL at now − 3, − 2, − 1 days; 10 SOL now.
  const daily = [point(NOW - 3 * DAY, 1), point(NOW - 2 * DAY, 2), point(NOW - DAY, 4)];
  const c = coin({ daily, distributed_quote: 10 });
  const r = (since: number, over = c) => event(over, 'rewards_since', since)!.data;
  test('the difference of totals, priced now; approximate only when the snapshot is > 1 h from since', () => {
    assert.deepEqual(r(NOW - 2 * DAY), { quote_amount: 8, usd: 1_600, snapshot_day: daily[1]!.day, snapshot_at: NOW - 2 * DAY, approximate: false });
    assert.equal(r(NOW - 2 * DAY + HOUR).approximate, false);
    assert.equal(r(NOW - 2 * DAY + HOUR + 1).approximate, true);
    assert.equal(r(NOW - DAY).quote_amount, 6);
  });
  test('the nearest point: ties go to the earlier one (the window covers more)', () => {
    assert.equal(r(NOW - 1.5 * DAY).snapshot_at, NOW - 2 * DAY);
    assert.equal(r(NOW - 1.5 * DAY + 1).snapshot_at, NOW - DAY);
    assert.equal(nearestPoint(daily, NOW - 2.5 * DAY)?.at, NOW - 3 * DAY);
    assert.equal(nearestPoint([], NOW), null);
  });
  test('unpriced quote → usd null; a total that went down → 0; points after now are not snapshots', () => {
    assert.equal(r(NOW - 2 * DAY, coin({ daily, distributed_quote: 10, quote_price_usd: null })).usd, null);
    assert.equal(r(NOW - 2 * DAY, coin({ daily, distributed_quote: 1 })).quote_amount, 0);
    const future = coin({ daily: [point(NOW + HOUR, 0)], distributed_quote: 10 });
    assert.equal(event(future, 'rewards_since', NOW - HOUR), undefined);
  });
  test('no daily point → no rewards_since event', () => {
    assert.equal(event(coin({ daily: [] }), 'rewards_since', NOW - DAY), undefined);
  });
  test('the message states quote, USD and the snapshot day', () => {
    assert.equal(event(c, 'rewards_since', NOW - 2 * DAY)!.message, `RWD distributed 8 SOL (1600 USD) since ${daily[1]!.day}`);
  });
});

describe('coinSummary', () => {
  test('payout status and hours from last_payout_at', () => {
    assert.deepEqual(coinSummary(coin(), NOW), { mint: 'CoinMint', payout_status: 'PAYING', hours_since_last_payout: 2, volume_24h_usd: 100_000, holders: 500, market_cap_usd: 200_000 });
    assert.equal(coinSummary(coin({ last_payout_at: NOW - 7 * HOUR }), NOW, 6).payout_status, 'STALE');
  });
});

describe('screener', () => {
  test('live = traded and paid in the last 24 h from last_payout_at (24 h exactly is not live)', () => {
    assert.equal(isLive(coin(), NOW), true);
    assert.equal(isLive(coin({ volume_24h_usd: 0 }), NOW), false);
    assert.equal(isLive(coin({ volume_24h_usd: null }), NOW), false);
    assert.equal(isLive(coin({ last_payout_at: NOW - DAY }), NOW), false);
    assert.equal(isLive(coin({ last_payout_at: NOW - DAY + 1 }), NOW), true);
    assert.equal(isLive(coin({ last_payout_at: null }), NOW), false);
    assert.equal(isLive(coin({ last_payout_at: NOW + 1 }), NOW), false, 'a payout dated after now is not one');
    assert.equal(isLive(coin({ last_payout_at: NOW }), NOW), true);
  });
  test('the observed sample does not make a coin live: last_payout_at does', () => {
    assert.equal(isLive(coin({ last_payout_at: NOW - 2 * DAY, recent_payouts: [payout(NOW - HOUR, 1)] }), NOW), false);
  });
  test('sorts descending, null last, ties by mint', () => {
    const row = (mint: string, v: number | null): ScreenerRow => ({ mint, yield_7d_pct: v, yield_30d_pct: null, rewards_usd: null, volume_24h_usd: v, last_payout_at: v, holders: null, price_change_24h_pct: v });
    const rows = [row('d', null), row('c', 1), row('b', 5), row('a', 1)];
    assert.deepEqual(sortScreener(rows, 'yield7d').map((r) => r.mint), ['b', 'a', 'c', 'd']);
    assert.deepEqual(sortScreener(rows, 'lastPayout').map((r) => r.mint), ['b', 'a', 'c', 'd']);
    assert.deepEqual(sortScreener(rows, 'holders').map((r) => r.mint), ['a', 'b', 'c', 'd']);
    assert.deepEqual(sortScreener([row('x', -5), row('y', 2)], 'priceChange24h').map((r) => r.mint), ['y', 'x']);
  });
});
