/**
 * perps-cross-venue-funding, perps-venue-comparison and perps-basis-signal through paid calls on the
 * sandbox at a fixed moment (2026-03-14T15:20Z: minute 20, so pool venue B's BONK oracle has a price).
 *
 * Expected numbers are derived by hand from each venue's own market values, read through the service's
 * own venue clients at the same clock (funding APR = hourly × 8760 × 100; first-hour borrow = size × APR /
 * 100 / 8760; open fee = size × bps / 10⁴), and from the world's designed states (docs/sandbox-cast.md
 * "Perps venues": A:SOL long headroom $2.25–2.75M, A:ETH stressed with borrow 46–59 %, C/D funding bands).
 * One venue down leaves the others answering with a caveat; every venue a call needs down fails it
 * uncharged; each answer is charged its exact price once.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PerpsAsset, PoolMarket, RefMarket } from '../../src/analytics/perps/venue-data.js';
import { USDC_MINT } from '../../src/endpoints/shared/token-mapping.js';
import type { PayNetwork } from '../helpers/payers.js';
import { paidCall, paidSuite } from '../helpers/paid-answers.js';
import { assertMatchesOutputSchema } from '../helpers/output-schema.js';

type Json = any;

const FIXED_NOW = new Date('2026-03-14T15:20:00Z');
const PRICE = { funding: 15_000n, comparison: 20_000n, basis: 15_000n };

/** Equal to the 4-decimal rounding of `expected` (APR fields are shown with 4 decimals). */
function near(actual: number, expected: number, tolerance = 0.00005 + 1e-9, what = ''): void {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not ≈ ${expected}`);
}
const cents = (x: number) => Math.round(x * 100) / 100;

const { service, call } = paidSuite({ fixedNow: FIXED_NOW });

async function poolMarket(venue: 'A' | 'B', asset: PerpsAsset): Promise<PoolMarket> {
  const m = (await service.sources.perps[venue].markets()).find((x) => x.asset === asset);
  assert.ok(m, `${venue} lists ${asset}`);
  return m;
}
async function refMarket(venue: 'C' | 'D', asset: PerpsAsset): Promise<RefMarket> {
  const m = (await service.sources.perps[venue].markets()).find((x) => x.asset === asset);
  assert.ok(m, `${venue} lists ${asset}`);
  return m;
}
const fundingApr = (m: RefMarket) => m.fundingRateHourly * 8760 * 100;
const byVenue = (list: Json[], venue: string) => list.find((x: Json) => x.venue === venue);

describe('perps funding, venue comparison and basis: answers', { concurrency: 4 }, () => {
  it('SOL funding across all four venues: costs from each venue\'s own values, best entry, basis vs C, arbitrage', async () => {
    const json = await call('perps-cross-venue-funding', { market: 'SOL' });
    const [a, b, c, d] = await Promise.all([poolMarket('A', 'SOL'), poolMarket('B', 'SOL'), refMarket('C', 'SOL'), refMarket('D', 'SOL')]);
    assert.deepEqual(json.venues_considered, ['A', 'B', 'C', 'D']);
    assert.deepEqual(json.quotes.map((q: Json) => [q.venue, q.kind, q.venue_name]), [
      ['A', 'pool', 'pool venue A'], ['B', 'pool', 'pool venue B'], ['C', 'funding', 'reference venue C'], ['D', 'funding', 'reference venue D'],
    ]);
    assert.deepEqual(json.unavailable, []);

    const expected: Record<string, { long: number; short: number; oi: number }> = {
      A: { long: a.long.borrowAprPct, short: a.short.borrowAprPct, oi: a.long.openInterestUsd + a.short.openInterestUsd },
      B: { long: b.long.borrowAprPct, short: b.short.borrowAprPct, oi: b.long.openInterestUsd + b.short.openInterestUsd },
      C: { long: fundingApr(c), short: -fundingApr(c), oi: c.openInterestUsd },
      D: { long: fundingApr(d), short: -fundingApr(d), oi: d.openInterestUsd },
    };
    for (const [venue, e] of Object.entries(expected)) {
      const q = byVenue(json.quotes, venue);
      near(q.long_cost_apr_pct, e.long, undefined, `${venue} long`);
      near(q.short_cost_apr_pct, e.short, undefined, `${venue} short`);
      near(q.open_interest_usd, e.oi, 0.005, `${venue} OI`);
      near(q.basis_vs_c_apr_pts, e.long - expected.C!.long, 0.0001 + 1e-9, `${venue} basis`);
    }
    // Funding venues report the rate as read; designed bands (SOL: C 15–22 %, D 14–19 %) hold: longs pay shorts.
    assert.equal(byVenue(json.quotes, 'C').funding_rate_hourly, c.fundingRateHourly);
    assert.ok(expected.C!.long >= 15 && expected.C!.long <= 22 && expected.D!.long >= 14 && expected.D!.long <= 19);
    assert.equal(byVenue(json.quotes, 'A').funding_rate_hourly, null);
    assert.equal(byVenue(json.quotes, 'C').basis_vs_c_apr_pts, 0);
    assert.equal(json.basis_reference.available, true);

    const cheapest = (side: 'long' | 'short') => Object.entries(expected).reduce((best, cur) => (cur[1][side] < best[1][side] ? cur : best))[0];
    assert.equal(json.best_entry.long.venue, cheapest('long'));
    assert.equal(json.best_entry.short.venue, cheapest('short'));
    // Pool shorts pay borrow while funding shorts earn: the best short is a funding venue.
    assert.ok(['C', 'D'].includes(json.best_entry.short.venue));

    // Every pair netting ≥ 5 points, by hand.
    const pairs = [];
    for (const [lv, l] of Object.entries(expected)) for (const [sv, s] of Object.entries(expected)) {
      if (lv !== sv && -(l.long + s.short) >= 5 + 0.0001) pairs.push(`${lv}/${sv}`);
    }
    const listed = json.arbitrage.map((p: Json) => `${p.long_venue}/${p.short_venue}`);
    for (const pair of pairs) assert.ok(listed.includes(pair), `${pair} listed`);
    for (const p of json.arbitrage) {
      near(p.net_apr_pct, -(expected[p.long_venue]!.long + expected[p.short_venue]!.short), 0.0001 + 1e-9, 'net');
      assert.ok(p.net_apr_pct >= 5);
    }
    if (json.arbitrage.length > 0 && json.best_entry.long.venue !== json.best_entry.short.venue) {
      assert.deepEqual([json.arbitrage[0].long_venue, json.arbitrage[0].short_venue], [json.best_entry.long.venue, json.best_entry.short.venue]);
    }
    assert.deepEqual(json.thresholds, { arbitrage_min_net_apr_pts: 5 });
    assert.equal(json.as_of, FIXED_NOW.toISOString());
    assert.ok(json.next_steps.some((s: Json) => s.endpoint === 'perps-basis-signal' && s.input.asset === 'SOL'));
    assert.ok(!JSON.stringify(json).match(/jupiter|adrena|hyperliquid|dydx/i), 'neutral venue words only');
  });

  it('BONK: pool venue A is not_listed (explained, with a caveat); reference venue C\'s negative funding makes longs earn', async () => {
    const json = await call('perps-cross-venue-funding', { market: 'BONK' });
    assert.deepEqual(json.quotes.map((q: Json) => q.venue), ['B', 'C', 'D']);
    assert.deepEqual(json.unavailable, [{ venue: 'A', venue_name: 'pool venue A', reason: 'not_listed', message: 'BONK is not tradable on pool venue A.' }]);
    assert.ok(json.caveats.some((c: Json) => c.code === 'not_listed' && c.leg === 'perps_venue_a'));
    // C's BONK funding is designed negative (−3 … −0.8 % APR): the long earns, the short pays.
    const c = byVenue(json.quotes, 'C');
    assert.ok(c.long_cost_apr_pct < 0 && c.short_cost_apr_pct > 0);
    near(c.long_cost_apr_pct, fundingApr(await refMarket('C', 'BONK')), undefined, 'C BONK');
    assert.equal(json.best_entry.long.venue, 'C');
  });

  it('ETH: pool venue B is not_listed with the coverage explanation', async () => {
    const json = await call('perps-cross-venue-funding', { market: 'ETH' });
    assert.deepEqual(json.quotes.map((q: Json) => q.venue), ['A', 'C', 'D']);
    assert.equal(json.unavailable.length, 1);
    assert.deepEqual([json.unavailable[0].venue, json.unavailable[0].reason], ['B', 'not_listed']);
    assert.match(json.unavailable[0].message, /ETH is unsupported on pool venue B/);
    assert.ok(json.caveats.some((c: Json) => c.code === 'not_listed' && c.leg === 'perps_venue_b'));
    // A:ETH is stressed: its long borrow (46–59 % APR) is the dearest long of all.
    assert.ok(byVenue(json.quotes, 'A').long_cost_apr_pct >= 46);
  });

  it('include_reference false: only pool venues A and B, basis vs C null and explained', async () => {
    const json = await call('perps-cross-venue-funding', { market: 'SOL', include_reference: false });
    assert.equal(json.include_reference, false);
    assert.deepEqual(json.venues_considered, ['A', 'B']);
    assert.deepEqual(json.quotes.map((q: Json) => q.venue), ['A', 'B']);
    assert.ok(json.quotes.every((q: Json) => q.basis_vs_c_apr_pts === null));
    assert.equal(json.basis_reference.available, false);
    assert.match(json.basis_reference.note, /include_reference is false/);
    assert.deepEqual(json.unavailable, []);
    // Both pool sides pay borrow: no long/short pair on two pool venues can net ≥ 5 points.
    assert.deepEqual(json.arbitrage, []);
  });

  it('venue comparison SOL long $25k: both venues, hand-computed slippage, fee, borrow, totals, ranking and recommendation', async () => {
    const size = 25_000;
    const json = await call('perps-venue-comparison', { market: 'SOL', size_usd: size, side: 'long' });
    assert.deepEqual(json.venues.map((v: Json) => v.venue), ['A', 'B']);
    assert.deepEqual(json.unavailable, []);
    const totals: Record<string, number> = {};
    for (const venue of ['A', 'B'] as const) {
      const m = await poolMarket(venue, 'SOL');
      const quote = await service.sources.jupiter.quote({ inputMint: USDC_MINT, outputMint: m.collateralMint, amount: String(size * 1_000_000) });
      assert.ok(quote, `a route into ${m.collateralSymbol}`);
      const slippagePct = Number(quote.priceImpactPct) * 100;
      const fee = (size * m.openFeeBps) / 10_000;
      const borrow = (size * m.long.borrowAprPct) / 100 / 8760;
      const v = byVenue(json.venues, venue);
      assert.equal(v.collateral_mint, m.collateralMint);
      assert.equal(v.collateral_symbol, venue === 'A' ? 'SOL' : 'jitoSOL');
      assert.equal(v.slippage_source, 'aggregator_price_impact');
      assert.equal(v.slippage_pct, Math.round(slippagePct * 100) / 100);
      assert.equal(v.slippage_usd, cents((size * slippagePct) / 100));
      assert.equal(v.fee_usd, venue === 'A' ? 15 : 0, 'A 6 bps, B zero open fee');
      assert.equal(v.first_hour_borrow_usd, cents(borrow));
      assert.equal(v.total_entry_cost_usd, cents((size * slippagePct) / 100 + fee + borrow));
      assert.equal(v.headroom_usd, cents(m.long.maxOpenInterestUsd! - m.long.openInterestUsd));
      assert.equal(v.health, 'healthy');
      assert.deepEqual(v.warnings, [], `${venue}: ${JSON.stringify(v.warnings)}`);
      totals[venue] = v.total_entry_cost_usd;
    }
    const cheaper = totals.A! <= totals.B! ? 'A' : 'B';
    assert.deepEqual(json.rankings.by_total_entry_cost, cheaper === 'A' ? ['A', 'B'] : ['B', 'A']);
    // By design B's SOL long borrow (10.3–13.1 %) is below A's (13.6–16.4 %); B's headroom ($8.5M+) above A's ($2.25–2.75M).
    assert.deepEqual(json.rankings.by_borrow_apr, ['B', 'A']);
    assert.deepEqual(json.rankings.by_headroom, ['B', 'A']);
    assert.equal(json.recommended_venue, cheaper);
    assert.match(json.recommendation_reason, /lowest total entry cost/);
  });

  it('venue comparison SOL long $5M: pool venue A lacks headroom, B is recommended', async () => {
    const json = await call('perps-venue-comparison', { market: 'SOL', size_usd: 5_000_000 });
    assert.equal(json.side, 'long', 'side defaults to long');
    const a = byVenue(json.venues, 'A');
    const headroom = a.headroom_usd;
    assert.ok(headroom >= 2_250_000 && headroom <= 2_750_000, `designed A:SOL long headroom, got ${headroom}`);
    assert.ok(a.warnings.some((w: Json) => w.code === 'insufficient_headroom'));
    assert.ok(!byVenue(json.venues, 'B').warnings.some((w: Json) => w.code === 'insufficient_headroom'));
    // A $5M swap moves the sandbox pools by far more than 1 %: both venues warn.
    for (const v of json.venues) assert.ok(v.warnings.some((w: Json) => w.code === 'high_slippage'), `${v.venue} high_slippage`);
    assert.equal(json.recommended_venue, 'B');
    if (json.rankings.by_total_entry_cost[0] === 'A') assert.match(json.recommendation_reason, /cheaper A lacks headroom/);
  });

  it('venue comparison ETH: pool venue A only (B explained), stressed and elevated borrow warnings', async () => {
    const json = await call('perps-venue-comparison', { market: 'ETH', size_usd: 10_000, side: 'long' });
    assert.deepEqual(json.venues.map((v: Json) => v.venue), ['A']);
    assert.deepEqual([json.unavailable[0].venue, json.unavailable[0].reason], ['B', 'not_listed']);
    assert.match(json.unavailable[0].message, /ETH is unsupported on pool venue B/);
    const a = json.venues[0];
    assert.equal(a.health, 'stressed');
    const codes = a.warnings.map((w: Json) => w.code);
    assert.ok(codes.includes('stressed_health') && codes.includes('elevated_borrow_rate'), codes.join(','));
    assert.equal(json.recommended_venue, 'A');
  });

  it('venue comparison BONK: pool venue B only (A explained), its long collateral is BONK itself', async () => {
    const json = await call('perps-venue-comparison', { market: 'BONK', size_usd: 1_000 });
    assert.deepEqual(json.venues.map((v: Json) => [v.venue, v.collateral_symbol]), [['B', 'BONK']]);
    assert.deepEqual(json.unavailable, [{ venue: 'A', venue_name: 'pool venue A', reason: 'not_listed', message: 'BONK is not tradable on pool venue A.' }]);
    assert.ok(json.caveats.some((c: Json) => c.code === 'not_listed' && c.leg === 'perps_venue_a'));
    assert.equal(json.recommended_venue, 'B');
  });

  it('venue comparison short: USDC collateral, no swap, zero slippage', async () => {
    const json = await call('perps-venue-comparison', { market: 'BTC', size_usd: 50_000, side: 'short' });
    for (const v of json.venues) {
      assert.deepEqual([v.collateral_symbol, v.slippage_source, v.slippage_pct, v.slippage_usd], ['USDC', 'usdc_collateral', 0, 0]);
      const m = await poolMarket(v.venue, 'BTC');
      assert.equal(v.first_hour_borrow_usd, cents((50_000 * m.short.borrowAprPct) / 100 / 8760));
    }
  });

  it('venue comparison SOL long $10M: no swap route into jitoSOL at that size → B\'s slippage unknown, excluded and warned', async () => {
    const json = await call('perps-venue-comparison', { market: 'SOL', size_usd: 10_000_000 });
    const b = byVenue(json.venues, 'B');
    assert.deepEqual([b.slippage_pct, b.slippage_usd, b.slippage_source], [null, null, null]);
    assert.ok(b.warnings.some((w: Json) => w.code === 'slippage_unknown'));
    assert.equal(b.total_entry_cost_usd, cents(b.fee_usd + b.first_hour_borrow_usd));
    assert.ok(json.caveats.some((c: Json) => c.code === 'slippage_unavailable' && c.leg === 'price_aggregator' && /pool venue B/.test(c.message)));
    assert.equal(byVenue(json.venues, 'A').slippage_source, 'aggregator_price_impact');
  });

  it('basis SOL: C and D viable above 5 %, A and B not viable (borrow on both sides); net = funding − fee drag by hand', async () => {
    const json = await call('perps-basis-signal', { asset: 'SOL' });
    assert.equal(json.min_yield_apr_pct, 5);
    assert.deepEqual(json.assumptions, { hold_days: 30, spot_fee_bps: 10, taker_fee_bps: { C: 4.5, D: 5 } });
    const [a, b, c, d] = await Promise.all([poolMarket('A', 'SOL'), poolMarket('B', 'SOL'), refMarket('C', 'SOL'), refMarket('D', 'SOL')]);
    for (const [venue, m] of [['A', a], ['B', b]] as const) {
      const v = byVenue(json.venues, venue);
      assert.deepEqual([v.viable, v.reason, v.kind], [false, 'borrow_on_both_sides', 'pool']);
      near(v.net_yield_apr_pct, -m.short.borrowAprPct, undefined, `${venue} net`);
    }
    // Round trip: 2 × (taker + 10 bps spot), over 30 days: C 29 bps → 3.5283 points, D 30 bps → 3.65 points.
    for (const [venue, m, bps, drag] of [['C', c, 29, 3.5283], ['D', d, 30, 3.65]] as const) {
      const v = byVenue(json.venues, venue);
      assert.deepEqual([v.viable, v.reason, v.round_trip_fee_bps, v.fee_drag_apr_pct], [true, null, bps, drag]);
      near(v.funding_apr_pct, fundingApr(m), undefined, `${venue} funding`);
      near(v.net_yield_apr_pct, fundingApr(m) - drag, 0.0001 + 1e-9, `${venue} net`);
      assert.ok(v.net_yield_apr_pct >= 5);
      assert.equal(v.funding_rate_hourly, m.fundingRateHourly);
    }
    assert.deepEqual(json.opportunities.map((o: Json) => o.venue).sort(), ['C', 'D']);
    const best = json.opportunities[0];
    assert.ok(best.net_yield_apr_pct >= json.opportunities[1].net_yield_apr_pct);
    assert.deepEqual(json.best_trade, { venue: best.venue, venue_name: `reference venue ${best.venue}`, net_yield_apr_pct: best.net_yield_apr_pct });
  });

  it('basis ETH at the default minimum: reference venue D is filtered out (funding 2–4.5 % APR), C remains', async () => {
    const json = await call('perps-basis-signal', { asset: 'ETH' });
    assert.deepEqual(json.opportunities.map((o: Json) => o.venue), ['C']);
    const d = byVenue(json.venues, 'D');
    assert.ok(d.net_yield_apr_pct < 5);
    assert.deepEqual([json.unavailable[0].venue, json.unavailable[0].reason], ['B', 'not_listed']);
  });

  it('basis BONK: reference venue C has negative funding, not viable; pool venue A not listed', async () => {
    const json = await call('perps-basis-signal', { asset: 'BONK' });
    const c = byVenue(json.venues, 'C');
    assert.deepEqual([c.viable, c.reason], [false, 'negative_funding']);
    assert.ok(c.funding_apr_pct < 0);
    assert.ok(!json.opportunities.some((o: Json) => o.venue === 'C'));
    assert.deepEqual(json.venues.map((v: Json) => v.venue), ['B', 'C', 'D']);
    assert.deepEqual([json.unavailable[0].venue, json.unavailable[0].reason], ['A', 'not_listed']);
  });

  it('briefings: the decision first, neutral venue names', async () => {
    const json = await call('perps-venue-comparison', { market: 'SOL', size_usd: 5_000_000, format: 'both' });
    assert.match(json.llm_summary, /^## Opening a \$5,000,000 SOL long: recommended: pool venue B/);
    assert.match(json.llm_summary, /insufficient_headroom/);
    const basis = await call('perps-basis-signal', { asset: 'BONK', format: 'both' });
    assert.match(basis.llm_summary, /reference venue C: not viable \(negative_funding\)/);
    assert.match(basis.llm_summary, /pool venue A: not listed/);
    const funding = await call('perps-cross-venue-funding', { market: 'ETH', format: 'both' });
    assert.match(funding.llm_summary, /^## ETH holding costs across venues/);
  });
});

describe('perps funding, venue comparison and basis: one venue down, all down, exact charges', () => {
  const paid = (network: PayNetwork, key: string, body: Record<string, unknown>) => paidCall(service, network, key, body);

  it('reference venue D down: a leg_degraded caveat and D unavailable, the others answer; charged exactly 0.015 once', async () => {
    service.sandbox!.providers!.faults.set('perps_venue_d', { errorRate: 1 });
    try {
      const { status, json, cost } = await paid('solana', 'perps-cross-venue-funding', { market: 'BTC' });
      assert.equal(status, 200, JSON.stringify(json));
      assert.equal(cost, PRICE.funding);
      assertMatchesOutputSchema('perps-cross-venue-funding', json);
      assert.deepEqual(json.quotes.map((q: Json) => q.venue), ['A', 'B', 'C']);
      assert.deepEqual([json.unavailable[0].venue, json.unavailable[0].reason], ['D', 'leg_failed']);
      assert.ok(json.caveats.some((c: Json) => c.code === 'leg_degraded' && c.leg === 'perps_venue_d'));

      const basis = await paid('base', 'perps-basis-signal', { asset: 'BTC' });
      assert.equal(basis.status, 200, JSON.stringify(basis.json));
      assert.equal(basis.cost, PRICE.basis);
      assert.deepEqual(basis.json.opportunities.map((o: Json) => o.venue), ['C']);
    } finally {
      service.sandbox!.providers!.faults.set('perps_venue_d', undefined);
    }
  });

  it('every venue the call needs down → 502, not charged (BONK lists on pool venue B only)', async () => {
    service.sandbox!.providers!.faults.set('perps_venue_b', { errorRate: 1 });
    try {
      const { status, json, cost } = await paid('base', 'perps-venue-comparison', { market: 'BONK', size_usd: 2_000 }); // not asked above: no cached answer
      assert.equal(status, 502, JSON.stringify(json));
      assert.equal(json.error.code, 'upstream_unavailable');
      assert.equal(cost, 0n);
    } finally {
      service.sandbox!.providers!.faults.set('perps_venue_b', undefined);
    }
  });

  it('price aggregator down: slippage unknown on both venues with a leg_degraded caveat, the comparison still answers', async () => {
    service.sandbox!.providers!.faults.set('price_aggregator', { errorRate: 1 });
    try {
      const { status, json, cost } = await paid('base', 'perps-venue-comparison', { market: 'BTC', size_usd: 20_000 });
      assert.equal(status, 200, JSON.stringify(json));
      assert.equal(cost, PRICE.comparison);
      for (const v of json.venues) {
        assert.equal(v.slippage_pct, null);
        assert.ok(v.warnings.some((w: Json) => w.code === 'slippage_unknown'));
      }
      assert.ok(json.caveats.some((c: Json) => c.code === 'leg_degraded' && c.leg === 'price_aggregator'));
      assert.ok(json.recommended_venue !== null);
    } finally {
      service.sandbox!.providers!.faults.set('price_aggregator', undefined);
    }
  });

  it('the venue comparison is charged exactly 0.020, once', async () => {
    const { status, json, cost } = await paid('solana', 'perps-venue-comparison', { market: 'BTC', size_usd: 100_000, side: 'long' });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(cost, PRICE.comparison);
    assert.deepEqual(json.venues.map((v: Json) => v.venue), ['A', 'B']);
    // A:BTC is designed tilted (long OI 78–83 % of the total).
    assert.ok(byVenue(json.venues, 'A').warnings.some((w: Json) => w.code === 'tilted_health'));
  });
});
