/**
 * launchpad-reward-risk and launchpad-yield over HTTP with real x402 payments on the sandbox launch
 * platform (docs/sandbox.md "Launch platform"; the cast of src/sandbox/world/launchpad/), at a fixed
 * clock. The index job runs through the service's own job runner; a coin read before the first refresh
 * comes live from the platform with the index_stale caveat. Every charge is the exact price once; an
 * unknown mint is a 404, not charged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coinMint, EVERPAY, LAUNCHPAD_COINS, launchpadTokensAt } from '../../src/sandbox/world/launchpad/index.js';
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

const mint = (symbol: string): string => coinMint([...LAUNCHPAD_COINS, EVERPAY].find((c) => c.symbol === symbol)!);

async function ok(service: TestService, key: string, body: Record<string, unknown>): Promise<Json> {
  const r = await paidCall(service, 'solana', key, body, { outputSchema: true });
  assert.equal(r.status, 200, `${key} ${JSON.stringify(body)}: ${JSON.stringify(r.json)}`);
  assert.equal(r.cost, PRICE, `${key} is charged its exact price once`);
  return r.json;
}

describe('launchpad-reward-risk and launchpad-yield', () => {
  const service = suiteService({ fixedNow: NOW });

  it('before any index refresh: read live, caveat index_stale; windows longer than the coin\'s age are null, younger coins are seen from launch', async () => {
    const d = await ok(service, 'launchpad-reward-risk', { mint: mint('SOLPAY') });
    assert.equal(d.source, 'live');
    assert.equal(d.payout_status, 'PAYING');
    assert.equal(d.level, 'HEALTHY');
    assert.equal(d.reward_mechanism, 'transfer_fee');
    assert.ok(d.caveats.some((c: Json) => c.code === 'index_stale'));

    // OAIPAY is 4.75 days old: its 7d window starts at its launch (0 distributed then), so it is complete,
    // spans the coin's age, and is not annualized (under 7 observed days).
    const young = await ok(service, 'launchpad-yield', { mint: mint('OAIPAY') });
    assert.equal(young.source, 'live');
    assert.equal(young.daily_points, 0);
    const w7 = young.yields['7d'];
    assert.equal(w7.partial, false);
    assert.equal(w7.history_days, young.age_days);
    assert.equal(w7.history_days, 4.75);
    assert.ok(w7.rewards_quote > 0 && w7.yield_pct > 0, JSON.stringify(w7));
    assert.equal(w7.annualized_pct, null);
    assert.equal(w7.observed_from, young.yields.lifetime.observed_from);
    assert.ok(young.caveats.some((c: Json) => c.code === 'short_history'));
    assert.ok(young.caveats.some((c: Json) => c.code === 'not_indexed'));

    // NVDAYLD is 35.75 days old and the index has no point: 7d and 30d cannot be observed (null, partial);
    // lifetime runs from the launch, is annualized and is the basis. (Another coin than the one the indexed
    // test below reads: answers are cached for their TTL, and this clock does not move.)
    const old = await ok(service, 'launchpad-yield', { mint: mint('NVDAYLD') });
    for (const w of ['7d', '30d']) assert.deepEqual([old.yields[w].yield_pct, old.yields[w].partial, old.yields[w].history_days], [null, true, 0], w);
    assert.equal(old.yields.lifetime.history_days, 35.75);
    assert.ok(old.yields.lifetime.annualized_pct > 0);
    assert.equal(old.basis, 'lifetime');
  });

  it('after the index runs: each payout status and health level of the chosen cast coins', async () => {
    // Two refreshes: one 8 days ago (a daily point then), one now (today's point).
    // The platform answers at the shared clock (fixed at NOW): move it to each refresh; it ends at NOW.
    let clock = NOW.getTime();
    for (const at of [EARLIER, NOW]) {
      service.advance(at.getTime() - clock);
      clock = at.getTime();
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
    assert.equal(d.tax_round_trip_pct, 5.91);
    assert.ok(d.hard_failures.some((h: string) => /withdraw authority/.test(h)));
    assert.notEqual(d.withdraw_authority, d.platform_distributor);
    assert.match(JSON.stringify(d), /Reward risk for USDCTAX/);

    const none = await ok(service, 'launchpad-reward-risk', { mint: mint('USDCNONE') });
    assert.equal(none.payout_status, 'NOT_REWARD');
    assert.equal(none.transfer_tax_bps, null);
    assert.equal(none.tax_round_trip_pct, 0);
  });

  it('yield of EVERPAY: the 7d window starts at the point 8 days ago (the span is stated, 8 d); rewards are the lifetime totals\' difference', async () => {
    // EVERPAY is fixed in absolute time (created 2026-01-01), so its lifetime total grows between the two refreshes.
    const y = await ok(service, 'launchpad-yield', { mint: mint('EVERPAY'), format: 'both' });
    assert.equal(y.source, 'index');
    assert.equal(y.daily_points, 2);
    assert.equal(y.quote_exposure.quote_symbol, 'TSLAx');
    const price = y.reward_asset.price_usd;
    assert.equal(price, 340, 'TSLAx is priced by the aggregator at its designed price');
    // The platform's lifetime totals at the two refreshes (the world's raw counter, 8 decimals for TSLAx).
    const coin = (at: Date) => launchpadTokensAt(at.getTime()).find((c) => c.symbol === 'EVERPAY')!;
    const total = (at: Date) => Number(coin(at).distributedRaw) / 1e8;
    const rewards = total(NOW) - total(EARLIER);
    // 8 days of payouts every 6 h: 32 of them, ~50 USD each (±25 %).
    assert.equal(coin(NOW).payouts.length - coin(EARLIER).payouts.length, 32);
    const w7 = y.yields['7d'];
    assert.equal(w7.history_days, 8);
    assert.equal(w7.observed_from, EARLIER.toISOString());
    assert.equal(w7.partial, false);
    assert.equal(w7.caution, false);
    assert.equal(w7.avg_market_cap_usd, 300_000);
    assert.equal(w7.rewards_quote, Math.round(rewards * 1e6) / 1e6);
    assert.equal(w7.rewards_usd, Math.round(rewards * price * 100) / 100);
    const pct = (rewards * price / 300_000) * 100;
    assert.equal(w7.yield_pct, Math.round(pct * 10_000) / 10_000);
    assert.equal(w7.annualized_pct, Math.round((pct * 365 / 8) * 100) / 100);
    assert.equal(y.basis, '7d');
    // 30d: the index's oldest point is 8 days old, so the window is partial; lifetime runs from the launch.
    assert.equal(y.yields['30d'].history_days, 8);
    assert.equal(y.yields['30d'].partial, true);
    assert.equal(y.yields['30d'].caution, true);
    assert.equal(y.yields.lifetime.observed_from, '2026-01-01T00:00:00.000Z');
    assert.equal(y.yields.lifetime.history_days, 323.5);
    assert.equal(y.yields.lifetime.partial, false);
    assert.equal(y.yields.lifetime.rewards_quote, Math.round(total(NOW) * 1e6) / 1e6);
    assert.ok(y.caveats.some((c: Json) => c.code === 'partial_history' && /30d/.test(c.message)));
    // The coin's facts: the platform's lifetime payout count and holder count, and its age since launch —
    // the same figures launchpad-reward-risk gives for it, and the briefing says them.
    assert.equal(y.payout_count, coin(NOW).payouts.length);
    assert.equal(y.holders, coin(NOW).design.holders);
    assert.equal(y.age_days, 323.5);
    const risk = await ok(service, 'launchpad-reward-risk', { mint: mint('EVERPAY') });
    assert.deepEqual([y.payout_count, y.holders], [risk.payout_count, risk.holders]);
    assert.match(JSON.stringify(y), new RegExp(`${y.payout_count} payouts since launch, ${y.holders} holders paid, 323.5 days old`));
  });

  it('a fee-share coin (classic SPL, no transfer tax) is a reward coin: PAYING, no tax, no hard failure', async () => {
    const d = await ok(service, 'launchpad-reward-risk', { mint: mint('SHAREPAY') });
    assert.equal(d.reward_mechanism, 'fee_share');
    assert.equal(d.payout_status, 'PAYING');
    assert.equal(d.transfer_tax_bps, 0);
    assert.deepEqual(d.hard_failures, []);
    assert.equal(d.withdraw_authority, null);
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
