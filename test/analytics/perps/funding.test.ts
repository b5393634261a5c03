import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { arbitrageOpportunities, fundingComparison, type FundingVenueInput, type VenueQuote } from '../../../src/analytics/perps/index.js';
import { poolMarket, refMarket, side } from './builders.js';

// A and B are pool venues (borrow on both sides), C and D funding venues.
const inputs: FundingVenueInput[] = [
  { kind: 'funding', market: refMarket({ venue: 'D', fundingRateHourly: -0.000005, openInterestUsd: 3_000_000, markPriceUsd: 100.5 }) },
  { kind: 'pool', market: poolMarket({ venue: 'A', long: side({ borrowAprPct: 10, openInterestUsd: 600_000 }), short: side({ borrowAprPct: 6, openInterestUsd: 400_000 }) }) },
  { kind: 'pool', market: poolMarket({ venue: 'B', long: side({ borrowAprPct: 12, openInterestUsd: 100_000 }), short: side({ borrowAprPct: 4, openInterestUsd: 50_000 }), oraclePriceUsd: null }) },
  { kind: 'funding', market: refMarket({ venue: 'C', fundingRateHourly: 0.00001, openInterestUsd: 9_000_000 }) },
];

describe('fundingComparison', () => {
  const f = fundingComparison('SOL', inputs);

  it('quotes per venue: pool = borrow APR per side, funding = ± funding APR; basis vs C', () => {
    assert.deepEqual(
      f.quotes.map((q) => [q.venue, q.kind, q.long_cost_apr_pct, q.short_cost_apr_pct, q.open_interest_usd, q.basis_vs_c_apr_pts]),
      [
        ['A', 'pool', 10, 6, 1_000_000, 1.24],
        ['B', 'pool', 12, 4, 150_000, 3.24],
        ['C', 'funding', 8.76, -8.76, 9_000_000, 0],
        ['D', 'funding', -4.38, 4.38, 3_000_000, -13.14],
      ],
    );
    assert.equal(f.quotes[1]!.price_usd, null);
    assert.equal(f.quotes[2]!.funding_rate_hourly, 0.00001);
    assert.equal(f.quotes[0]!.funding_rate_hourly, null);
  });

  it('best entry per side is the lowest cost', () => {
    assert.deepEqual(f.best_entry, { long: { venue: 'D', cost_apr_pct: -4.38 }, short: { venue: 'C', cost_apr_pct: -8.76 } });
  });

  it('arbitrage: long D (−4.38) + short C (−8.76) nets 13.14; no other pair reaches 5', () => {
    assert.deepEqual(f.arbitrage, [{ long_venue: 'D', short_venue: 'C', long_cost_apr_pct: -4.38, short_cost_apr_pct: -8.76, net_apr_pct: 13.14 }]);
    assert.deepEqual(f.unavailable, []);
    assert.deepEqual(f.thresholds, { arbitrage_min_net_apr_pts: 5 });
  });

  it('absent venues are listed as unavailable; without C there is no basis', () => {
    const g = fundingComparison('ETH', [
      inputs[1]!,
      { kind: 'unavailable', venue: 'C', reason: 'leg_failed', message: 'venue C timed out' },
      { kind: 'unavailable', venue: 'B', reason: 'not_listed', message: 'venue B does not list ETH' },
    ]);
    assert.deepEqual(g.quotes.map((q) => [q.venue, q.basis_vs_c_apr_pts]), [['A', null]]);
    assert.deepEqual(g.unavailable, [
      { venue: 'B', reason: 'not_listed', message: 'venue B does not list ETH' },
      { venue: 'C', reason: 'leg_failed', message: 'venue C timed out' },
    ]);
    assert.deepEqual(g.arbitrage, []);
  });

  it('zero funding gives a short cost of 0, not −0; nothing at all gives null best entries', () => {
    const z = fundingComparison('BTC', [{ kind: 'funding', market: refMarket({ fundingRateHourly: 0 }) }]);
    assert.ok(Object.is(z.quotes[0]!.short_cost_apr_pct, 0));
    assert.deepEqual(fundingComparison('BTC', []).best_entry, { long: null, short: null });
  });
});

describe('arbitrageOpportunities: listed at ≥ 5 APR points', () => {
  const q = (venue: VenueQuote['venue'], long: number, short: number): VenueQuote => ({
    venue,
    kind: 'funding',
    long_cost_apr_pct: long,
    short_cost_apr_pct: short,
    open_interest_usd: 0,
    price_usd: 1,
    funding_rate_hourly: 0,
    basis_vs_c_apr_pts: null,
  });
  it('5 exactly is listed, 4.9999 is not; the same venue never pairs with itself', () => {
    assert.deepEqual(arbitrageOpportunities([q('C', -2, 9), q('D', 9, -3)]).map((a) => [a.long_venue, a.short_venue, a.net_apr_pct]), [['C', 'D', 5]]);
    assert.deepEqual(arbitrageOpportunities([q('C', -2, 9), q('D', 9, -2.9999)]), []);
    assert.deepEqual(arbitrageOpportunities([q('C', -10, -10)]), []);
  });
  it('best first', () => {
    const list = arbitrageOpportunities([q('A', -1, -1), q('C', -2, -20), q('D', -8, 1)]);
    assert.deepEqual(list.map((a) => [a.long_venue, a.short_venue, a.net_apr_pct]), [['D', 'C', 28], ['A', 'C', 21], ['D', 'A', 9]]);
  });
});
