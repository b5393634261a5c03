/**
 * launchpad-alerts and launchpad-quote over HTTP with real x402 payments on the sandbox launch platform
 * (docs/sandbox.md "Launch platform"; the cast of src/sandbox/world/launchpad/). The index job runs
 * through the service's own job runner; the PAYING→STALE crossing is driven on the sandbox clock across
 * LAUNCHPAD_STALE_CROSSING_MS (RAINSTOP). Every charge is the exact price once; an unknown mint is in
 * not_found (alerts) or a 404 not charged (quote).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coinMint, EVERPAY, LAUNCHPAD_COINS, LAUNCHPAD_STALE_CROSSING_MS, LAUNCHPAD_STALE_LAST_PAYOUT_MS, RAINSTOP } from '../../src/sandbox/world/launchpad/index.js';
import { paidCall } from '../helpers/paid-answers.js';
import { suiteService, type TestService } from '../helpers/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** USDC atomic units (6 decimals): alerts 0.02, quote 0.005. */
const PRICES: Record<string, bigint> = { 'launchpad-alerts': 20_000n, 'launchpad-quote': 5_000n, 'launchpad-yield': 5_000n };
const NOW = new Date('2026-11-20T12:00:00Z');
const EARLIER = new Date(NOW.getTime() - 8 * DAY);
/** A real mint (wrapped SOL) that is not a coin of the launch platform. */
const UNKNOWN = 'So11111111111111111111111111111111111111112';

const mint = (symbol: string): string => coinMint([...LAUNCHPAD_COINS, EVERPAY].find((c) => c.symbol === symbol)!);

async function ok(service: TestService, key: string, body: Record<string, unknown>): Promise<Json> {
  const r = await paidCall(service, 'solana', key, body, { outputSchema: true });
  assert.equal(r.status, 200, `${key} ${JSON.stringify(body)}: ${JSON.stringify(r.json)}`);
  assert.equal(r.cost, PRICES[key], `${key} is charged its exact price once`);
  return r.json;
}

const kinds = (d: Json, m: string): string[] => d.events.filter((e: Json) => e.mint === m).map((e: Json) => e.kind);

describe('launchpad-alerts and launchpad-quote on the index', () => {
  const service = suiteService({ fixedNow: NOW });

  it('the index runs twice (8 days ago and now)', async () => {
    // The platform answers at the shared clock (fixed at NOW): move it to each refresh; it ends at NOW.
    let clock = NOW.getTime();
    for (const at of [EARLIER, NOW]) {
      service.advance(at.getTime() - clock);
      clock = at.getTime();
      const results = await service.jobs.tick(at);
      assert.ok(results.some((r) => (r as { summary?: string }).summary?.includes('index published')), at.toISOString());
    }
  });

  it('alerts: payouts landed, STALE long ago is not re-reported, unknown mint in not_found, coins[] summaries', async () => {
    const since = new Date(NOW.getTime() - 12 * HOUR).toISOString();
    const d = await ok(service, 'launchpad-alerts', { mints: [mint('SOLRAIN'), mint('SOLDRIP'), UNKNOWN], since });
    assert.deepEqual(d.not_found, [UNKNOWN]);
    assert.equal(d.checked_at, NOW.toISOString());
    assert.equal(d.since_clamped, false);
    assert.deepEqual(d.coins.map((c: Json) => [c.symbol, c.payout_status, c.source]), [['SOLRAIN', 'PAYING', 'index'], ['SOLDRIP', 'STALE', 'index']]);
    const rain = d.coins[0];
    assert.equal(rain.holders, 1850);
    assert.equal(rain.market_cap_usd, 420_000);
    assert.equal(rain.volume_24h_usd, 160_000);
    assert.ok(kinds(d, mint('SOLRAIN')).includes('payout_landed'), 'SOLRAIN pays every 4 h: one landed in the last 12 h');
    // SOLDRIP crossed to STALE days ago: outside (since, now], so no payout_stale and no payout_landed.
    assert.ok(!kinds(d, mint('SOLDRIP')).includes('payout_stale'));
    assert.ok(!kinds(d, mint('SOLDRIP')).includes('payout_landed'));
    // The snapshot nearest since (12 h ago) is today's point at NOW: 12 h from since, so approximate.
    const rs = d.events.find((e: Json) => e.kind === 'rewards_since' && e.mint === mint('SOLRAIN'));
    assert.ok(rs);
    assert.equal(rs.data.approximate, true);
    assert.equal(rs.data.snapshot_day, '2026-11-20');
  });

  it('alerts: since older than 31 days is clamped to now − 31 days', async () => {
    const d = await ok(service, 'launchpad-alerts', { mints: [mint('SOLRAIN')], since: '2026-01-01T00:00:00Z' });
    assert.equal(d.since_clamped, true);
    assert.equal(d.since, new Date(NOW.getTime() - 31 * DAY).toISOString());
    assert.ok(d.caveats.some((c: Json) => c.code === 'since_clamped'));
    // The nearest point to the clamped since is the one 8 days ago: 23 days away, so approximate.
    const rs = d.events.find((e: Json) => e.kind === 'rewards_since');
    assert.equal(rs.data.snapshot_day, EARLIER.toISOString().slice(0, 10));
    assert.equal(rs.data.approximate, true);
  });

  it('quote EVERPAY: 300 bps on $100 → entry 3, exit 2.91, round trip 5.91; payout from the 7d yield basis (8 observed days)', async () => {
    // EVERPAY is fixed in absolute time: its lifetime total grew between the two refreshes.
    const y = await ok(service, 'launchpad-yield', { mint: mint('EVERPAY') });
    const q = await ok(service, 'launchpad-quote', { mint: mint('EVERPAY'), size_usd: 100, hold_days: 7, format: 'both' });
    assert.equal(q.payout_status, 'PAYING');
    assert.equal(q.transfer_tax_bps, 300);
    assert.equal(q.entry_cost_usd, 3);
    assert.equal(q.exit_cost_usd, 2.91);
    assert.equal(q.round_trip_cost_usd, 5.91);
    assert.equal(q.round_trip_pct, 5.91);
    assert.equal(q.position_usd, 97);
    // 1 ÷ 0.97² − 1 = 6.2812…%
    assert.equal(q.breakeven_price_move_pct, 6.28);
    assert.equal(q.basis, '7d');
    assert.equal(y.yields['7d'].history_days, 8);
    assert.ok(y.yields['7d'].yield_pct > 0);
    const rate = y.yields['7d'].yield_pct / 100 / 8;
    assert.ok(Math.abs(q.payout_per_day_per_usd - rate) < 1e-12, `${q.payout_per_day_per_usd} vs ${rate}`);
    const expected = 97 * rate * 7;
    assert.ok(Math.abs(q.expected_payout_usd - expected) <= 0.005 + 1e-9, `${q.expected_payout_usd} vs ${expected}`);
    const ratio = Math.round((expected / 5.91) * 100) / 100;
    assert.equal(q.verdict, ratio >= 1.5 ? 'PAYS' : ratio >= 1 ? 'MARGINAL' : 'COSTS');
    assert.equal(q.payout_share_pct, Math.round((97 / 300_000) * 100 * 1e6) / 1e6);
    assert.ok(q.caveats.some((c: Json) => c.code === 'price_impact_excluded'));
    assert.match(JSON.stringify(q), /Quote for \$100 of EVERPAY/);
  });

  it('quote: a STALE coin is NOT_PAYING with no breakeven; an unknown mint is 404, not charged', async () => {
    const q = await ok(service, 'launchpad-quote', { mint: mint('SOLDRIP') });
    assert.equal(q.size_usd, 100);
    assert.equal(q.hold_days, 7);
    assert.equal(q.verdict, 'NOT_PAYING');
    assert.equal(q.expected_payout_usd, 0);
    assert.equal(q.breakeven_hold_days, null);
    assert.equal(q.dust_warning, true);
    const r = await paidCall(service, 'solana', 'launchpad-quote', { mint: UNKNOWN });
    assert.equal(r.status, 404, JSON.stringify(r.json));
    assert.equal(r.json.error.code, 'not_found');
    assert.equal(r.cost, 0n);
  });
});

describe('launchpad-alerts: the PAYING→STALE crossing on the sandbox clock (RAINSTOP)', () => {
  const service = suiteService({ fixedNow: new Date(LAUNCHPAD_STALE_CROSSING_MS - 1_000) });
  const rain = coinMint(RAINSTOP);

  it('just before → no event; just after → payout_stale once; since = checked_at after → not again', async () => {
    const first = await ok(service, 'launchpad-alerts', { mints: [rain], since: new Date(LAUNCHPAD_STALE_CROSSING_MS - HOUR).toISOString() });
    assert.equal(first.coins[0].payout_status, 'PAYING');
    assert.ok(!kinds(first, rain).includes('payout_stale'));

    service.advance(2_000);
    const second = await ok(service, 'launchpad-alerts', { mints: [rain], since: first.checked_at });
    assert.equal(second.coins[0].payout_status, 'STALE');
    const stale = second.events.filter((e: Json) => e.kind === 'payout_stale');
    assert.equal(stale.length, 1);
    assert.equal(stale[0].severity, 'high');
    assert.equal(stale[0].at, new Date(LAUNCHPAD_STALE_CROSSING_MS).toISOString());
    assert.equal(stale[0].data.last_payout_at, LAUNCHPAD_STALE_LAST_PAYOUT_MS);

    service.advance(2_000);
    const third = await ok(service, 'launchpad-alerts', { mints: [rain], since: second.checked_at });
    assert.equal(third.coins[0].payout_status, 'STALE');
    assert.ok(!kinds(third, rain).includes('payout_stale'));
  });
});
