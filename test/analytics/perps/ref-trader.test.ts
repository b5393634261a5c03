import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { refPositionView, refTraderProfile, refTraderProfileKind } from '../../../src/analytics/perps/index.js';
import type { RefAccount, RefPosition, RefPortfolio } from '../../../src/analytics/perps/venue-data.js';

const position = (o: Partial<RefPosition>): RefPosition => ({
  coin: 'SOL',
  asset: 'SOL',
  side: 'long',
  size: 1,
  notionalUsd: 100,
  entryPriceUsd: 100,
  unrealizedPnlUsd: 0,
  leverage: 1,
  liquidationPriceUsd: null,
  marginUsedUsd: 100,
  ...o,
});

const account: RefAccount = {
  address: '0x' + 'ab'.repeat(20),
  accountValueUsd: 20_000,
  totalNotionalUsd: 51_000,
  withdrawableUsd: 5_000,
  positions: [
    position({ coin: 'SOL', side: 'long', size: 100, notionalUsd: 15_000, entryPriceUsd: 140, unrealizedPnlUsd: 1_000, leverage: 10, liquidationPriceUsd: 136.5, marginUsedUsd: 1_500 }),
    position({ coin: 'BTC', asset: 'BTC', side: 'short', size: 0.5, notionalUsd: 30_000, entryPriceUsd: 62_000, unrealizedPnlUsd: 1_000, leverage: 5, liquidationPriceUsd: 66_000, marginUsedUsd: 6_000 }),
    position({ coin: 'ETH', asset: 'ETH', side: 'long', size: 2, notionalUsd: 6_000, entryPriceUsd: 3_050, unrealizedPnlUsd: -100, leverage: 25, liquidationPriceUsd: null, marginUsedUsd: 240 }),
  ],
};
const portfolio: RefPortfolio = {
  day: { pnlUsd: 10, volumeUsd: 1 },
  week: { pnlUsd: 1_234.567, volumeUsd: 1 },
  month: { pnlUsd: -50, volumeUsd: 1 },
  allTime: { pnlUsd: 99_000, volumeUsd: 1 },
};

describe('refTraderProfile', () => {
  const p = refTraderProfile(account, portfolio);

  it('positions: mark = notional / size, distance = the room left before liquidation, flags', () => {
    assert.deepEqual(p.positions.map((x) => x.coin), ['BTC', 'SOL', 'ETH']); // by notional
    const sol = p.positions.find((x) => x.coin === 'SOL')!;
    // mark 150, liq 136.5 → 9 % away (< 10): approaching; leverage exactly 10: high_leverage.
    assert.equal(sol.mark_price_usd, 150);
    assert.equal(sol.distance_to_liquidation_pct, 9);
    assert.deepEqual(sol.risk_flags, ['high_leverage', 'approaching_liquidation']);
    const btc = p.positions.find((x) => x.coin === 'BTC')!;
    // mark 60,000, liq 66,000 → exactly 10 %: not approaching.
    assert.equal(btc.mark_price_usd, 60_000);
    assert.equal(btc.distance_to_liquidation_pct, 10);
    assert.deepEqual(btc.risk_flags, []);
    const eth = p.positions.find((x) => x.coin === 'ETH')!;
    assert.equal(eth.distance_to_liquidation_pct, null);
    assert.deepEqual(eth.risk_flags, ['high_leverage', 'extreme_leverage', 'losing']);
  });

  it('ROE per position: unrealized PnL ÷ the initial margin (entry price × size ÷ leverage), from the listed fields', () => {
    const by = (coin: string) => p.positions.find((x) => x.coin === coin)!;
    // SOL: 140 × 100 ÷ 10 = 1,400 → 1,000 ÷ 1,400 = 71.43 %.
    assert.deepEqual([by('SOL').initial_margin_usd, by('SOL').roe_pct], [1_400, 71.43]);
    // BTC short: 62,000 × 0.5 ÷ 5 = 6,200 → 1,000 ÷ 6,200 = 16.13 %.
    assert.deepEqual([by('BTC').initial_margin_usd, by('BTC').roe_pct], [6_200, 16.13]);
    // ETH: 3,050 × 2 ÷ 25 = 244 → −100 ÷ 244 = −40.98 % (a loss is a negative ROE).
    assert.deepEqual([by('ETH').initial_margin_usd, by('ETH').roe_pct], [244, -40.98]);
    for (const x of p.positions) {
      assert.ok(Math.abs(x.initial_margin_usd! - (x.entry_price_usd * x.size) / x.leverage) <= 0.005, x.coin);
      assert.ok(Math.abs(x.roe_pct! - (x.unrealized_pnl_usd / x.initial_margin_usd!) * 100) <= 0.005, x.coin);
    }
    // No leverage reported: no margin to divide by (null, never 0 or Infinity).
    const flat = refPositionView(position({ leverage: 0, unrealizedPnlUsd: 5 }));
    assert.deepEqual([flat.initial_margin_usd, flat.roe_pct], [null, null]);
  });

  it('account, bias, profile, weighted leverage, PnL windows', () => {
    assert.equal(p.account_value_usd, 20_000);
    assert.equal(p.unrealized_pnl_usd, 1_900);
    // Long 21,000 of 51,000 = 41.18 % → neutral; |21,000 − 30,000| / 51,000 = 17.65 % ≤ 20 → market-neutral.
    assert.equal(p.long_pct, 41.18);
    assert.equal(p.directional_bias, 'neutral');
    assert.equal(p.profile, 'market-neutral');
    assert.deepEqual(p.profile_factors, { coins: 3, gross_notional_usd: 51_000, net_pct_of_gross: 17.65, largest_side_pct: 58.82 });
    // (15,000 × 10 + 30,000 × 5 + 6,000 × 25) / 51,000 = 8.8235.
    assert.equal(p.weighted_leverage, 8.82);
    assert.deepEqual(p.pnl, { week_usd: 1_234.57, month_usd: -50, all_time_usd: 99_000 });
    assert.deepEqual(p.risk_flags, ['high_leverage', 'extreme_leverage', 'approaching_liquidation', 'losing']);
  });

  it('an empty account: no positions, null bias, profile and leverage; no portfolio → null PnL', () => {
    const e = refTraderProfile({ address: '0x' + '00'.repeat(20), accountValueUsd: 0, totalNotionalUsd: 0, withdrawableUsd: 0, positions: [] }, null);
    assert.equal(e.profile, null);
    assert.equal(e.profile_reason, 'no open positions');
    assert.equal(e.directional_bias, null);
    assert.equal(e.weighted_leverage, null);
    assert.equal(e.pnl, null);
  });
});

describe('refPositionView: leverage boundaries (≥ 10 high, ≥ 25 extreme)', () => {
  const flags = (leverage: number) => refPositionView(position({ leverage })).risk_flags;
  it('9.99 none, 10 high, 24.99 high, 25 high and extreme', () => {
    assert.deepEqual(flags(9.99), []);
    assert.deepEqual(flags(10), ['high_leverage']);
    assert.deepEqual(flags(24.99), ['high_leverage']);
    assert.deepEqual(flags(25), ['high_leverage', 'extreme_leverage']);
  });
  it('at or past the liquidation price the distance is 0 (a short above it, a long below it), and it is approaching', () => {
    const pastShort = refPositionView(position({ side: 'short', size: 1, notionalUsd: 100, liquidationPriceUsd: 95 }));
    assert.equal(pastShort.distance_to_liquidation_pct, 0);
    assert.ok(pastShort.risk_flags.includes('approaching_liquidation'));
    assert.equal(refPositionView(position({ side: 'long', size: 1, notionalUsd: 100, liquidationPriceUsd: 101.5 })).distance_to_liquidation_pct, 0);
    assert.equal(refPositionView(position({ side: 'long', size: 1, notionalUsd: 100, liquidationPriceUsd: 100 })).distance_to_liquidation_pct, 0);
    assert.equal(refPositionView(position({ side: 'short', size: 1, notionalUsd: 100, liquidationPriceUsd: 105 })).distance_to_liquidation_pct, 5);
  });
});

describe('refTraderProfileKind: market-neutral, then directional, else diversified', () => {
  const p = (coin: string, side: 'long' | 'short', notional_usd: number) => ({ coin, side, notional_usd });
  it('boundaries', () => {
    assert.equal(refTraderProfileKind([p('SOL', 'long', 100)]).profile, 'directional');
    assert.equal(refTraderProfileKind([p('SOL', 'long', 80), p('BTC', 'short', 20)]).profile, 'directional'); // 80 % exactly
    assert.equal(refTraderProfileKind([p('SOL', 'long', 7_999), p('BTC', 'short', 2_001)]).profile, 'diversified'); // 79.99 %
    assert.equal(refTraderProfileKind([p('SOL', 'long', 60), p('BTC', 'short', 40)]).profile, 'market-neutral'); // net 20 % exactly
    assert.equal(refTraderProfileKind([p('SOL', 'long', 6_001), p('BTC', 'short', 3_999)]).profile, 'diversified'); // net 20.02 %
    assert.equal(refTraderProfileKind([]).profile, null);
  });
  it('three coins all long are directional, not diversified (directional is decided first)', () => {
    assert.equal(refTraderProfileKind([p('SOL', 'long', 1), p('BTC', 'long', 1), p('ETH', 'long', 1)]).profile, 'directional');
    assert.equal(refTraderProfileKind([p('SOL', 'long', 50), p('BTC', 'short', 20), p('ETH', 'long', 10), p('BONK', 'short', 5)]).profile, 'diversified');
  });
});
