import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buyShare, rateRatio, windowMetrics } from '../../../src/analytics/discovery/windows.js';
import { market, NULL_WINDOW, RUNNING_WINDOWS, win } from './fixtures.js';

describe('windowMetrics', () => {
  test('rates are USD per minute of the full window, shares buys ÷ trades, accelerations rate ratios', () => {
    const m = windowMetrics(market({ windows: RUNNING_WINDOWS }));
    assert.deepEqual(m.windows.m5, {
      minutes: 5,
      volume_usd: 1_500,
      rate_usd_per_min: 300,
      buys: 70,
      sells: 30,
      trades: 100,
      buy_share: 0.7,
      avg_trade_usd: 15,
      price_change_pct: 4,
    });
    assert.equal(m.windows.h1.rate_usd_per_min, 100);
    assert.equal(m.windows.h6.rate_usd_per_min, 33.33); // 12,000 ÷ 360
    assert.equal(m.windows.h24.rate_usd_per_min, 10);
    assert.equal(m.windows.h1.buy_share, 0.6);
    assert.equal(m.windows.h1.avg_trade_usd, 12); // 6,000 ÷ 500
    // a1 = 300 ÷ 100; a2 = 100 ÷ 33.333… = 3 (from the unrounded rate); a3 = 33.333… ÷ 10.
    assert.deepEqual(m.accelerations, { a1: 3, a2: 3, a3: 3.3333 });
  });

  test('a flat market has every acceleration at 1', () => {
    assert.deepEqual(windowMetrics(market()).accelerations, { a1: 1, a2: 1, a3: 1 });
  });

  test('unknown windows are null, never 0; a zero denominator makes the ratio null', () => {
    const m = windowMetrics(market({ windows: { m5: NULL_WINDOW, h1: win(0, 0, 0), h6: win(3_600, null, 10) } }));
    assert.equal(m.windows.m5.rate_usd_per_min, null);
    assert.equal(m.windows.m5.trades, null);
    assert.equal(m.windows.m5.buy_share, null);
    assert.equal(m.windows.h1.rate_usd_per_min, 0);
    assert.equal(m.windows.h1.buy_share, null); // no trades: unknown, not 0
    assert.equal(m.windows.h1.avg_trade_usd, null);
    assert.equal(m.windows.h6.trades, null);
    assert.equal(m.accelerations.a1, null); // m5 unknown
    assert.equal(m.accelerations.a2, 0); // h1 rate 0 ÷ h6 rate 10
    assert.equal(windowMetrics(market({ windows: { h1: win(0, 0, 0) } })).accelerations.a1, null); // ÷ 0
  });

  test('ratios and shares round to 4 decimals', () => {
    assert.equal(rateRatio(2, 3), 0.6667);
    assert.equal(rateRatio(1, 0), null);
    assert.equal(rateRatio(null, 1), null);
    assert.equal(buyShare(1, 2), 0.3333);
    assert.equal(buyShare(0, 0), null);
    assert.equal(buyShare(0, 5), 0);
  });
});
