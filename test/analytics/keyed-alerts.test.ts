/**
 * Per-position alerts placed in time (keyedDeltaAlerts) with check-alerts' perps moves (perpsMoves):
 * one alert per (kind, position) at its first crossing, ids hashing the position key and the baseline
 * (or `none`), states without a baseline, the `since` filter, and only venues read at both moments compared.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alertId, keyedDeltaAlerts, type Observation } from '../../src/analytics/alerts.js';
import { poolPositionView } from '../../src/analytics/perps/index.js';
import { perpsMoves } from '../../src/endpoints/history-alerts/check-alerts/watch-subject.js';
import type { PerpsWalletObservation } from '../../src/endpoints/shared/perps-wallet-observation.js';
import type { PoolVenue } from '../../src/analytics/perps/venue-data.js';
import { poolMarket, poolPosition } from './perps/builders.js';

const WALLET = 'owner1';
const criteria = { perp_max_leverage: 10, perp_min_pnl_swing_pts: 25, perp_liquidation_buffer_pct: 15 };
const now = new Date('2024-01-02T00:00:00Z');

/** A position of 10,000 USD at entry 100 on a market with mark `mark` (max leverage 100, 6 bps close fee). */
function view(venue: PoolVenue, address: string, collateralUsd: number, mark = 100) {
  const v = poolPositionView(poolPosition({ venue, address, collateralUsd }), poolMarket({ venue, oraclePriceUsd: mark }), now);
  return { position_key: `${venue}:${address}`, ...v };
}

function obs(at: number, venues: PoolVenue[], positions: ReturnType<typeof view>[]): Observation<PerpsWalletObservation> {
  return { at, data: { venues_read: venues, positions, totals: { positions: positions.length, notional_usd: null, unrealized_pnl_usd: null }, classification: null, multi_venue: false } };
}

const run = (baseline: Observation<PerpsWalletObservation> | null, later: Observation<PerpsWalletObservation>[], sinceMs: number) =>
  keyedDeltaAlerts({ subject: { type: 'wallet', address: WALLET }, baseline, later, sinceMs, moves: perpsMoves(criteria) });

test('added and closed once per position at their first crossing; ids hash kind, position key, baseline and crossing times', () => {
  const base = obs(1_000, ['A', 'B'], [view('A', 'p1', 5_000)]); // 2x
  const mid = obs(2_000, ['A', 'B'], [view('A', 'p1', 5_000), view('B', 'p2', 5_000)]);
  const cur = obs(3_000, ['A', 'B'], [view('B', 'p2', 5_000), view('B', 'p3', 5_000)]);
  const alerts = run(base, [mid, cur], 500);
  const got = alerts.map((a) => [a.kind, a.data.position_key, a.fired_at]).sort();
  assert.deepEqual(got, [
    ['perp_position_added', 'B:p2', new Date(2_000).toISOString()], // first seen at the middle observation
    ['perp_position_added', 'B:p3', new Date(3_000).toISOString()],
    ['perp_position_closed', 'A:p1', new Date(3_000).toISOString()],
  ]);
  const p2 = alerts.find((a) => a.data.position_key === 'B:p2')!;
  assert.equal(p2.id, alertId(['perp_position_added', 'wallet', WALLET, 'B:p2', 1_000, 2_000]));
  assert.deepEqual([p2.data.baseline_at, p2.data.observed_at], [new Date(1_000).toISOString(), new Date(2_000).toISOString()]);
  // A later `since` drops the crossing it already covered.
  assert.deepEqual(run(base, [mid, cur], 2_000).map((a) => a.data.position_key).sort(), ['A:p1', 'B:p3']);
});

test('a venue not read at one of the two moments is not compared: no false closed or added', () => {
  const base = obs(1_000, ['A', 'B'], [view('A', 'p1', 5_000), view('B', 'p2', 5_000)]);
  const cur = obs(2_000, ['A'], [view('A', 'p1', 5_000)]);
  assert.deepEqual(run(base, [cur], 0), []);
  const baseAOnly = obs(1_000, ['A'], [view('A', 'p1', 5_000)]);
  const both = obs(2_000, ['A', 'B'], [view('A', 'p1', 5_000), view('B', 'p2', 5_000)]);
  assert.deepEqual(run(baseAOnly, [both], 0), [], 'B was not read at the baseline: its position is not "added"');
});

test('without a baseline only states fire, at the first observation showing them (stable across re-polls)', () => {
  const risky = view('A', 'p1', 500); // 20x: above perp_max_leverage 10
  const first = obs(1_000, ['A', 'B'], [risky]);
  const second = obs(2_000, ['A', 'B'], [risky, view('A', 'p2', 5_000)]);
  const alerts = run(null, [first, second], 0);
  assert.deepEqual(alerts.map((a) => [a.kind, a.data.position_key, a.fired_at]), [['perp_at_risk', 'A:p1', new Date(1_000).toISOString()]]);
  assert.equal(alerts[0]!.id, alertId(['perp_at_risk', 'wallet', WALLET, 'A:p1', 'none', 1_000]));
  assert.equal(alerts[0]!.data.baseline_at, null);
  assert.deepEqual(run(null, [first, second], 1_000), [], 'fired at or before since: not repeated');
});

test('two positions of one kind fire two alerts (one per position, not one per kind)', () => {
  const cur = obs(2_000, ['A', 'B'], [view('A', 'p1', 500), view('B', 'p2', 400)]);
  const alerts = run(obs(1_000, ['A', 'B'], []), [cur], 0).filter((a) => a.kind === 'perp_at_risk');
  assert.deepEqual(alerts.map((a) => a.data.position_key).sort(), ['A:p1', 'B:p2']);
  assert.notEqual(alerts[0]!.id, alerts[1]!.id);
});
