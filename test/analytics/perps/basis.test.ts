import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { basisTrade, fundingComparison } from '../../../src/analytics/perps/index.js';
import { poolMarket, refMarket, side } from './builders.js';

const comparison = (cHourly: number, dHourly = -0.000005) =>
  fundingComparison('SOL', [
    { kind: 'pool', market: poolMarket({ venue: 'A', short: side({ borrowAprPct: 6 }) }) },
    { kind: 'funding', market: refMarket({ venue: 'C', fundingRateHourly: cHourly }) },
    { kind: 'funding', market: refMarket({ venue: 'D', fundingRateHourly: dHourly }) },
  ]).quotes;

describe('basisTrade', () => {
  // C: funding 0.00001/h = 8.76 % APR; round trip 2 × (4.5 + 10) = 29 bps; drag 0.29 × 365 / 30 = 3.5283; net 5.2317.
  const t = basisTrade(comparison(0.00001), { minYieldAprPct: 5 });

  it('per-venue economics', () => {
    assert.deepEqual(t.venues, [
      {
        venue: 'A', kind: 'pool', funding_apr_pct: null, short_borrow_apr_pct: 6, round_trip_fee_bps: null, fee_drag_apr_pct: null,
        net_yield_apr_pct: -6, viable: false, reason: 'borrow_on_both_sides', message: 'a pool short pays 6 % borrow APR instead of receiving funding',
      },
      {
        venue: 'C', kind: 'funding', funding_apr_pct: 8.76, short_borrow_apr_pct: null, round_trip_fee_bps: 29, fee_drag_apr_pct: 3.5283,
        net_yield_apr_pct: 5.2317, viable: true, reason: null, message: 'short receives 8.76 % APR, 3.5283 points of fees over 30 days: 5.2317 % net',
      },
      {
        // D: −4.38 % funding; round trip 2 × (5 + 10) = 30 bps → 3.65 points; net −8.03.
        venue: 'D', kind: 'funding', funding_apr_pct: -4.38, short_borrow_apr_pct: null, round_trip_fee_bps: 30, fee_drag_apr_pct: 3.65,
        net_yield_apr_pct: -8.03, viable: false, reason: 'negative_funding', message: 'funding -4.38 % APR is negative: the short pays',
      },
    ]);
    assert.deepEqual(t.assumptions, { hold_days: 30, spot_fee_bps: 10, taker_fee_bps: { C: 4.5, D: 5 } });
  });

  it('opportunities at net ≥ min (inclusive); best trade', () => {
    assert.deepEqual(t.opportunities.map((o) => o.venue), ['C']);
    assert.deepEqual(t.best_trade, { venue: 'C', net_yield_apr_pct: 5.2317 });
    assert.deepEqual(basisTrade(comparison(0.00001), { minYieldAprPct: 5.2317 }).best_trade, { venue: 'C', net_yield_apr_pct: 5.2317 });
    const above = basisTrade(comparison(0.00001), { minYieldAprPct: 5.2318 });
    assert.equal(above.best_trade, null);
    assert.equal(above.best_trade_reason, 'no viable venue nets at least 5.2318 % APR (best 5.2317 %)');
  });

  it('a longer hold spreads the fees thinner; custom fees apply', () => {
    const year = basisTrade(comparison(0.00001), { minYieldAprPct: 0, holdDays: 365 });
    assert.equal(year.venues[1]!.fee_drag_apr_pct, 0.29);
    assert.equal(year.venues[1]!.net_yield_apr_pct, 8.47);
    const cheap = basisTrade(comparison(0.00001), { minYieldAprPct: 0, holdDays: 365, takerFeeBps: { C: 0 }, spotFeeBps: 0 });
    assert.equal(cheap.venues[1]!.net_yield_apr_pct, 8.76);
    assert.throws(() => basisTrade([], { minYieldAprPct: 0, holdDays: 0 }), RangeError);
  });

  it('zero funding, or funding that fees eat exactly, is not viable (fees_exceed_funding)', () => {
    const zero = basisTrade(comparison(0), { minYieldAprPct: 0 });
    assert.equal(zero.venues[1]!.reason, 'fees_exceed_funding');
    assert.equal(zero.venues[1]!.net_yield_apr_pct, -3.5283);
    // 3.65 % APR on D exactly pays its 30 bps round trip over 30 days: net 0, not viable.
    const d = basisTrade(comparison(0, 3.65 / 876_000), { minYieldAprPct: 0 });
    assert.equal(d.venues[2]!.net_yield_apr_pct, 0);
    assert.equal(d.venues[2]!.reason, 'fees_exceed_funding');
    assert.equal(d.best_trade, null);
    assert.equal(d.best_trade_reason, 'no venue offers a viable cash-and-carry');
  });
});
