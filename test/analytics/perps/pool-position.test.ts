import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { poolPositionView } from '../../../src/analytics/perps/index.js';
import { poolMarket, poolPosition } from './builders.js';

const now = new Date('2024-01-01T03:30:00.000Z');

describe('poolPositionView: PnL, liquidation, buffer (hand-computed)', () => {
  it('long 10,000 USD on 1,000 collateral, entry 100, mark 110, borrow fees 10, close fee 6 bps, max leverage 100', () => {
    const v = poolPositionView(poolPosition({ borrowFeesUsd: 10, realisedPnlUsd: 3.456 }), poolMarket({ oraclePriceUsd: 110 }), now);
    // PnL = 10,000 × (110/100 − 1) − 10 = 990; close fee = 6; maintenance = 10,000 / 100 = 100;
    // M = 1,000 − 10 − 6 − 100 = 884; liq = 100 × (1 − 884/10,000) = 91.16;
    // distance = (110 − 91.16) / 110 = 17.127 %; buffer = (1,000 + 990 − 6 − 100) / 1,000 = 188.4 %.
    assert.deepEqual(v, {
      venue: 'A',
      address: 'pos1',
      owner: 'owner1',
      asset: 'SOL',
      side: 'long',
      size_usd: 10_000,
      collateral_usd: 1_000,
      collateral_symbol: 'SOL',
      leverage: 10,
      entry_price_usd: 100,
      borrow_fees_usd: 10,
      close_fee_usd: 6,
      max_leverage: 100,
      realised_pnl_usd: 3.46,
      opened_at: '2024-01-01T00:00:00.000Z',
      position_age_hours: 3.5,
      mark_price_usd: 110,
      unrealized_pnl_usd: 990,
      pnl_pct: 99,
      liquidation_price_usd: 91.16,
      distance_to_liquidation_pct: 17.13,
      collateral_buffer_pct: 188.4,
      risk_flags: [],
      pnl_unavailable: null,
    });
  });

  it('at the liquidation price the buffer is exactly 0 and the distance 0', () => {
    const v = poolPositionView(poolPosition({ borrowFeesUsd: 10 }), poolMarket({ oraclePriceUsd: 91.16 }), now);
    assert.equal(v.collateral_buffer_pct, 0);
    assert.equal(v.distance_to_liquidation_pct, 0);
    assert.deepEqual(v.risk_flags, ['near_liquidation', 'losing']);
  });

  it('short 5,000 on 250 (20×), entry 50, mark 51, unknown borrow fees, close fee 10 bps', () => {
    const v = poolPositionView(
      poolPosition({ side: 'short', sizeUsd: 5_000, collateralUsd: 250, entryPriceUsd: 50, borrowFeesUsd: null }),
      poolMarket({ oraclePriceUsd: 51, closeFeeBps: 10 }),
      now,
    );
    // PnL = 5,000 × (1 − 51/50) = −100 (−40 %); M = 250 − 0 − 5 − 50 = 195; liq = 50 × (1 + 195/5,000) = 51.95;
    // distance = (51.95 − 51) / 51 = 1.863 %; buffer = (250 − 100 − 5 − 50) / 250 = 38 %.
    assert.equal(v.leverage, 20);
    assert.equal(v.borrow_fees_usd, null);
    assert.equal(v.close_fee_usd, 5);
    assert.equal(v.unrealized_pnl_usd, -100);
    assert.equal(v.pnl_pct, -40);
    assert.equal(v.liquidation_price_usd, 51.95);
    assert.equal(v.distance_to_liquidation_pct, 1.86);
    assert.equal(v.collateral_buffer_pct, 38);
    assert.deepEqual(v.risk_flags, ['high_leverage', 'losing']);
  });

  it('past liquidation: distance 0, buffer negative', () => {
    const v = poolPositionView(poolPosition({ collateralUsd: 200 }), poolMarket({ oraclePriceUsd: 98, closeFeeBps: 0 }), now);
    // PnL −200; buffer = (200 − 200 − 100) / 200 = −50 %; liq = 100 × (1 − 100/10,000) = 99 > 98.
    assert.equal(v.liquidation_price_usd, 99);
    assert.equal(v.distance_to_liquidation_pct, 0);
    assert.equal(v.collateral_buffer_pct, -50);
  });

  it('a long with more collateral than size cannot be liquidated by price: liquidation price 0, distance 100 %', () => {
    const v = poolPositionView(poolPosition({ sizeUsd: 1_000, collateralUsd: 2_000 }), poolMarket({ closeFeeBps: 0 }), now);
    assert.equal(v.liquidation_price_usd, 0);
    assert.equal(v.distance_to_liquidation_pct, 100);
    assert.equal(v.leverage, 0.5);
  });
});

describe('poolPositionView: flag boundaries', () => {
  const market = poolMarket({ closeFeeBps: 0 });
  it('high_leverage above 10 (strict): 10 is not, 10.01 is', () => {
    assert.deepEqual(poolPositionView(poolPosition({ collateralUsd: 1_000 }), market, now).risk_flags, []);
    const v = poolPositionView(poolPosition({ collateralUsd: 999 }), market, now);
    assert.equal(v.leverage, 10.01);
    assert.deepEqual(v.risk_flags, ['high_leverage']);
  });
  it('near_liquidation below a 15 % buffer: 15 is not, 14.9 is', () => {
    // Buffer = (1,000 + PnL − 100) / 1,000: mark 92.5 → PnL −750 → 15 %; mark 92.49 → PnL −751 → 14.9 %.
    const at = (mark: number) => poolPositionView(poolPosition(), poolMarket({ closeFeeBps: 0, oraclePriceUsd: mark }), now);
    assert.equal(at(92.5).collateral_buffer_pct, 15);
    assert.deepEqual(at(92.5).risk_flags, ['losing']);
    assert.equal(at(92.49).collateral_buffer_pct, 14.9);
    assert.deepEqual(at(92.49).risk_flags, ['near_liquidation', 'losing']);
  });
  it('losing below 0: a flat position is not losing', () => {
    assert.deepEqual(poolPositionView(poolPosition(), market, now).risk_flags, []);
    assert.equal(poolPositionView(poolPosition(), market, now).unrealized_pnl_usd, 0);
  });
  it('age in hours, never negative', () => {
    assert.equal(poolPositionView(poolPosition({ openedAt: '2024-01-01T04:00:00.000Z' }), market, now).position_age_hours, 0);
    assert.equal(poolPositionView(poolPosition({ openedAt: '2023-12-25T03:30:00.000Z' }), market, now).position_age_hours, 168);
  });
});

describe('poolPositionView: PnL is null, with a reason, when it cannot be valued', () => {
  const nulls = (v: ReturnType<typeof poolPositionView>) => [v.unrealized_pnl_usd, v.pnl_pct, v.liquidation_price_usd, v.distance_to_liquidation_pct, v.collateral_buffer_pct];

  it('no market', () => {
    const v = poolPositionView(poolPosition({ collateralUsd: 500 }), undefined, now);
    assert.deepEqual(nulls(v), [null, null, null, null, null]);
    assert.equal(v.pnl_unavailable?.reason, 'market_unavailable');
    assert.equal(v.mark_price_usd, null);
    assert.equal(v.close_fee_usd, null);
    assert.deepEqual(v.risk_flags, ['high_leverage']); // leverage 20 needs no price
  });
  it('oracle price missing', () => {
    const v = poolPositionView(poolPosition(), poolMarket({ oraclePriceUsd: null }), now);
    assert.deepEqual(nulls(v), [null, null, null, null, null]);
    assert.equal(v.pnl_unavailable?.reason, 'oracle_price_unavailable');
  });
  it("venue B without its collateral token's price; venue A does not need it", () => {
    const b = poolPositionView(poolPosition({ venue: 'B' }), poolMarket({ venue: 'B', collateralSymbol: 'jitoSOL', collateralPriceUsd: null, oraclePriceUsd: 110 }), now);
    assert.deepEqual(nulls(b), [null, null, null, null, null]);
    assert.equal(b.pnl_unavailable?.reason, 'collateral_price_unavailable');
    assert.match(b.pnl_unavailable!.message, /jitoSOL/);
    assert.equal(b.mark_price_usd, 110);
    const a = poolPositionView(poolPosition(), poolMarket({ collateralPriceUsd: null, oraclePriceUsd: 110 }), now);
    assert.equal(a.pnl_unavailable, null);
    assert.equal(a.unrealized_pnl_usd, 1_000);
  });
});
