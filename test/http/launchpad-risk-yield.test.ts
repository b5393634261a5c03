/**
 * launchpad-reward-risk and launchpad-yield over HTTP with real x402 payments on the sandbox launch
 * platform (docs/sandbox.md "Launch platform"; the cast of src/sandbox/world/launchpad.ts), at a fixed
 * clock. The index job runs through the service's own job runner; a coin read before the first refresh
 * comes live from the platform with the index_stale caveat. Every charge is the exact price once; an
 * unknown mint is a 404, not charged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coinMint, LAUNCHPAD_COINS, launchpadTokensAt } from '../../src/sandbox/world/launchpad.js';
import { paidCall } from '../helpers/paid-answers.js';
import { suiteService, type TestService } from '../helpers/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const DAY = 24 * 3_600_000;
/** USDC atomic units (6 decimals): 0.005. */
const PRICE = 5_000n;
const NOW = new Date('2026-11-20T12:00:00Z');
/** The first index refresh, 8 days earlier: its daily point gives the 7-day window a full history. */
const EARLIER = new Date(NOW.getTime() - 8 * DAY);

const mint = (symbol: string): string => coinMint(LAUNCHPAD_COINS.find((c) => c.symbol === symbol)!);

async function ok(service: TestService, key: string, body: Record<string, unknown>): Promise<Json> {
  const r = await paidCall(service, 'solana', key, body, { outputSchema: true });
  assert.equal(r.status, 200, `${key} ${JSON.stringify(body)}: ${JSON.stringify(r.json)}`);
  assert.equal(r.cost, PRICE, `${key} is charged its exact price once`);
  return r.json;
}

describe('launchpad-reward-risk and launchpad-yield', () => {
  const service = suiteService({ fixedNow: NOW });

  it('before any index refresh: read live, caveat index_stale; yield has no history (not_indexed)', async () => {
    const d = await ok(service, 'launchpad-reward-risk', { mint: mint('SOLPAY') });
    assert.equal(d.source, 'live');
    assert.equal(d.payout_status, 'PAYING');
    assert.equal(d.level, 'HEALTHY');
    assert.ok(d.caveats.some((c: Json) => c.code === 'index_stale'));

    const y = await ok(service, 'launchpad-yield', { mint: mint('OAIPAY') });
    assert.equal(y.source, 'live');
    assert.equal(y.daily_points, 0);
    assert.equal(y.yields['7d'].yield_pct, null);
    assert.ok(y.caveats.some((c: Json) => c.code === 'not_indexed'));
    assert.ok(y.caveats.some((c: Json) => c.code === 'index_stale'));
  });

  it('after the index runs: each payout status and health level of the chosen cast coins', async () => {
    // Two refreshes: one 8 days ago (a daily point then), one now (today's point).
    for (const at of [EARLIER, NOW]) {
      const results = await service.jobs.tick(at);
      const lp = results.find((r) => (r as { summary?: string }).summary?.includes('index published'));
      assert.ok(lp, `the launchpad index published at ${at.toISOString()}: ${JSON.stringify(results)}`);
    }
    const cases: Array<[string, string, string, number | null]> = [
      // [symbol, payout status, level, health score when the cast pins it]
      ['SOLRAIN', 'PAYING', 'HEALTHY', 100],
      ['SOLDRIP', 'STALE', 'MIXED', 67.8],
      ['SOLNEW', 'NEVER', 'MIXED', null],
      ['SOLZERO', 'NOT_REWARD', 'BROKEN', null],
      ['USDCTAX', 'PAYING', 'BROKEN', null],
      ['USDCSLOW', 'STALE', 'WEAK', null],
      ['USD1QUIET', 'NEVER', 'WEAK', null],
      ['USD1FLOW', 'PAYING', 'MIXED', 69],
      ['TSLAORPH', 'NOT_REWARD', 'BROKEN', null],
    ];
    for (const [symbol, status, level, score] of cases) {
      const d = await ok(service, 'launchpad-reward-risk', { mint: mint(symbol) });
      assert.equal(d.source, 'index', symbol);
      assert.equal(d.payout_status, status, symbol);
      assert.equal(d.level, level, `${symbol}: ${d.health_score} ${JSON.stringify(d.factors)}`);
      if (score !== null) assert.equal(d.health_score, score, symbol);
      assert.equal(d.health_score, Math.round(d.factors.reduce((s: number, f: Json) => s + f.value, 0) * 100) / 100, symbol);
      assert.ok(!d.caveats?.some((c: Json) => c.code === 'index_stale'), `${symbol}: the index is fresh`);
    }
  });

  it('tax and round trip: 300 bps loses 1 − 0.97² = 5.91 %; USDCTAX is BROKEN by its withdraw authority; the briefing', async () => {
    const d = await ok(service, 'launchpad-reward-risk', { mint: mint('USDCTAX'), format: 'both' });
    assert.equal(d.transfer_tax_bps, 300);
    assert.equal(d.round_trip_pct, 5.91);
    assert.ok(d.hard_failures.some((h: string) => /withdraw authority/.test(h)));
    assert.notEqual(d.withdraw_authority, d.platform_distributor);
    assert.match(JSON.stringify(d), /Reward risk for USDCTAX/);

    const none = await ok(service, 'launchpad-reward-risk', { mint: mint('USDCNONE') });
    assert.equal(none.payout_status, 'NOT_REWARD');
    assert.equal(none.transfer_tax_bps, null);
    assert.equal(none.round_trip_pct, null);
  });

  it('yield of SOLRAIN: the 7d window holds today\'s point only; rewards ÷ the $420,000 cap', async () => {
    const y = await ok(service, 'launchpad-yield', { mint: mint('SOLRAIN'), format: 'both' });
    assert.equal(y.source, 'index');
    assert.equal(y.daily_points, 2);
    assert.deepEqual(y.quote_exposure, { quote_mint: 'So11111111111111111111111111111111111111112', quote_symbol: 'SOL', quote_category: 'solana' });
    assert.deepEqual(y.reward_asset, { mint: 'So11111111111111111111111111111111111111112', symbol: 'SOL' });
    // Today's distributions: SOLRAIN's payouts in today's UTC day up to noon (every 4 h).
    const today = NOW.toISOString().slice(0, 10);
    const coin = launchpadTokensAt(NOW.getTime()).find((c) => c.symbol === 'SOLRAIN')!;
    const todays = coin.payouts.filter((p) => new Date(p.at).toISOString().slice(0, 10) === today);
    assert.ok(todays.length >= 2, 'payouts at least every 4 h: two or more by noon');
    const usd = todays.reduce((s, p) => s + (p.usd ?? 0), 0);
    const w7 = y.yields['7d'];
    assert.equal(w7.history_days, 7);
    assert.equal(w7.partial, false);
    assert.equal(w7.caution, false);
    assert.equal(w7.avg_market_cap_usd, 420_000);
    assert.equal(w7.rewards_usd, Math.round(usd * 100) / 100);
    assert.equal(w7.yield_pct, Math.round((usd / 420_000) * 100 * 10_000) / 10_000);
    assert.equal(w7.annualized_pct, Math.round(((usd / 420_000) * 100 * 365 / 7) * 100) / 100);
    assert.equal(y.basis, '7d');
    // 30d: 8 days of history in a 30-day window, partial; lifetime 8 days, never partial.
    assert.equal(y.yields['30d'].history_days, 8);
    assert.equal(y.yields['30d'].partial, true);
    assert.equal(y.yields['30d'].caution, true);
    assert.equal(y.yields.lifetime.history_days, 8);
    assert.equal(y.yields.lifetime.partial, false);
    assert.ok(y.caveats.some((c: Json) => c.code === 'partial_history' && /30d/.test(c.message)));
  });

  it('an unknown mint is 404 not_found, not charged (both endpoints)', async () => {
    for (const key of ['launchpad-reward-risk', 'launchpad-yield']) {
      const r = await paidCall(service, 'solana', key, { mint: 'So11111111111111111111111111111111111111112' });
      assert.equal(r.status, 404, `${key}: ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error.code, 'not_found');
      assert.equal(r.cost, 0n);
    }
  });
});
