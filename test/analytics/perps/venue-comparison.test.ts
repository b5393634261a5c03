import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rankVenues, venueEntryCost } from '../../../src/analytics/perps/index.js';
import { poolMarket, side } from './builders.js';

// A: 6 bps open fee, long APR 8.76, long headroom 100,000. B: 10 bps, long APR 30, no caps.
const marketA = poolMarket({ venue: 'A', openFeeBps: 6, long: side({ borrowAprPct: 8.76, openInterestUsd: 900_000, maxOpenInterestUsd: 1_000_000 }), short: side({ openInterestUsd: 800_000 }) });
const marketB = poolMarket({ venue: 'B', openFeeBps: 10, long: side({ borrowAprPct: 30, openInterestUsd: 500_000 }), short: side({ openInterestUsd: 500_000 }) });
const codes = (c: ReturnType<typeof venueEntryCost>) => c.warnings.map((w) => w.code);

describe('venueEntryCost', () => {
  it('A, 100,000 long at 0.1 % slippage: 100 + 60 fee + 1 first-hour borrow = 161 USD, 0.161 %', () => {
    assert.deepEqual(venueEntryCost({ market: marketA, sizeUsd: 100_000, side: 'long', slippagePct: 0.1 }), {
      venue: 'A',
      asset: 'SOL',
      side: 'long',
      size_usd: 100_000,
      slippage_pct: 0.1,
      slippage_usd: 100,
      open_fee_bps: 6,
      fee_usd: 60,
      borrow_apr_pct: 8.76,
      first_hour_borrow_usd: 1,
      headroom_usd: 100_000,
      health: 'healthy',
      total_entry_cost_usd: 161,
      total_entry_cost_pct: 0.161,
      warnings: [],
    });
  });

  it('B, 100,000 long at 1 % slippage: 1,000 + 100 + 3.4247 = 1,103.42 USD (summed before rounding), warnings', () => {
    const b = venueEntryCost({ market: marketB, sizeUsd: 100_000, side: 'long', slippagePct: 1 });
    assert.equal(b.first_hour_borrow_usd, 3.42);
    assert.equal(b.total_entry_cost_usd, 1_103.42);
    assert.equal(b.total_entry_cost_pct, 1.1034);
    assert.equal(b.headroom_usd, null);
    assert.deepEqual(codes(b), ['elevated_borrow_rate', 'high_slippage']);
  });

  it('insufficient_headroom when headroom < size: equal is enough', () => {
    assert.deepEqual(codes(venueEntryCost({ market: marketA, sizeUsd: 100_000, side: 'long', slippagePct: 0 })), []);
    assert.deepEqual(codes(venueEntryCost({ market: marketA, sizeUsd: 100_000.01, side: 'long', slippagePct: 0 })), ['insufficient_headroom']);
  });

  it('slippage 0.99 % is not high; unknown slippage is excluded from the total and said', () => {
    assert.deepEqual(codes(venueEntryCost({ market: marketA, sizeUsd: 1_000, side: 'long', slippagePct: 0.99 })), []);
    const u = venueEntryCost({ market: marketA, sizeUsd: 100_000, side: 'long', slippagePct: null });
    assert.equal(u.slippage_usd, null);
    assert.equal(u.total_entry_cost_usd, 61);
    assert.deepEqual(codes(u), ['slippage_unknown']);
  });

  it("the short side uses the short book; the market's health becomes a warning", () => {
    const stressed = poolMarket({ short: side({ utilizationPct: 90, borrowAprPct: 20 }) });
    const s = venueEntryCost({ market: stressed, sizeUsd: 1_000, side: 'short', slippagePct: 0 });
    assert.equal(s.borrow_apr_pct, 20);
    assert.deepEqual(codes(s), ['stressed_health']);
    const tilted = poolMarket({ long: side({ openInterestUsd: 750 }), short: side({ openInterestUsd: 250 }) });
    assert.deepEqual(codes(venueEntryCost({ market: tilted, sizeUsd: 1_000, side: 'long', slippagePct: 0 })), ['tilted_health']);
  });
});

describe('rankVenues', () => {
  it('rankings and the cheapest venue with headroom', () => {
    const r = rankVenues([venueEntryCost({ market: marketB, sizeUsd: 100_000, side: 'long', slippagePct: 1 }), venueEntryCost({ market: marketA, sizeUsd: 100_000, side: 'long', slippagePct: 0.1 })]);
    assert.deepEqual(r, {
      by_total_entry_cost: ['A', 'B'],
      by_borrow_apr: ['A', 'B'],
      by_headroom: ['A', 'B'], // B has no cap figure: last
      recommended_venue: 'A',
      recommendation_reason: 'lowest total entry cost: 161 USD (0.161 % of size)',
    });
  });

  it('a cheaper venue without headroom is passed over, with the reason; none with headroom → null', () => {
    // 200,000 long: A = 200 + 120 + 2 = 322 USD but only 100,000 headroom; B = 200 + 200 + 6.85 = 406.85.
    const a = venueEntryCost({ market: marketA, sizeUsd: 200_000, side: 'long', slippagePct: 0.1 });
    const b = venueEntryCost({ market: marketB, sizeUsd: 200_000, side: 'long', slippagePct: 0.1 });
    assert.equal(a.total_entry_cost_usd, 322);
    assert.equal(b.total_entry_cost_usd, 406.85);
    const r = rankVenues([a, b]);
    assert.equal(r.recommended_venue, 'B');
    assert.equal(r.recommendation_reason, 'lowest total entry cost: 406.85 USD (0.2034 % of size); cheaper A lacks headroom for this size');
    const none = rankVenues([a]);
    assert.equal(none.recommended_venue, null);
    assert.match(none.recommendation_reason, /no venue has headroom/);
    assert.equal(rankVenues([]).recommended_venue, null);
  });

  it('headroom ranks descending with ties by venue', () => {
    const capped = (venue: 'A' | 'B', cap: number) =>
      venueEntryCost({ market: poolMarket({ venue, long: side({ maxOpenInterestUsd: cap }) }), sizeUsd: 100, side: 'long', slippagePct: 0 });
    assert.deepEqual(rankVenues([capped('A', 1_000), capped('B', 5_000)]).by_headroom, ['B', 'A']);
    assert.deepEqual(rankVenues([capped('B', 1_000), capped('A', 1_000)]).by_headroom, ['A', 'B']);
  });
});
