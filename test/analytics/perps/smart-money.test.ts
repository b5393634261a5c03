import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { consensusConviction, leaderboardFilter, smartMoneyConsensus, type SmartTrader } from '../../../src/analytics/perps/index.js';
import type { LeaderboardRow, RefPosition } from '../../../src/analytics/perps/venue-data.js';

const row = (address: string, o: { value?: number; monthVolume?: number; weekPnl?: number; monthPnl?: number } = {}): LeaderboardRow => {
  const w = (pnlUsd: number, volumeUsd = 0) => ({ pnlUsd, roi: 0, volumeUsd });
  return {
    address,
    displayName: null,
    accountValueUsd: o.value ?? 100_000,
    day: w(0),
    week: w(o.weekPnl ?? 1_000),
    month: w(o.monthPnl ?? 1_000, o.monthVolume ?? 1_000_000),
    allTime: w(0),
  };
};

describe('leaderboardFilter: first failing reason, bounds kept', () => {
  const rows = [
    row('turnover-50', { monthVolume: 5_000_000, monthPnl: 10 }),
    row('turnover-50.01', { monthVolume: 5_001_000 }),
    row('dust-24999.99', { value: 24_999.99, monthVolume: 0 }),
    row('value-25000', { value: 25_000, monthVolume: 0, monthPnl: 30 }),
    row('value-50M', { value: 50_000_000, monthPnl: 20 }),
    row('mega', { value: 50_000_000.01 }),
    row('week-0', { weekPnl: 0 }),
    row('month-negative', { monthPnl: -1 }),
    row('mm-and-dust', { value: 10_000, monthVolume: 1_000_000 }),
    row('zero-value', { value: 0 }),
  ];
  const r = leaderboardFilter(rows);

  it('keeps the boundary rows, sorted by month PnL (highest first)', () => {
    assert.deepEqual(r.kept.map((k) => k.address), ['value-25000', 'value-50M', 'turnover-50']);
  });

  it('excludes with the first failing reason in order: turnover, dust, mega, inconsistent', () => {
    assert.deepEqual(
      r.excluded.map((e) => [e.address, e.reason]),
      [
        ['turnover-50.01', 'market_maker_or_hft'],
        ['dust-24999.99', 'dust_account'],
        ['mega', 'mega_account'],
        ['week-0', 'inconsistent'],
        ['month-negative', 'inconsistent'],
        ['mm-and-dust', 'market_maker_or_hft'], // turnover 100 is checked before the dust band
        ['zero-value', 'dust_account'], // no turnover without an account value
      ],
    );
    assert.equal(r.excluded[0]!.message, 'month turnover 50.01× account value (> 50×)');
  });
});

const pos = (coin: string, asset: RefPosition['asset'], side: 'long' | 'short', notionalUsd: number): RefPosition => ({
  coin,
  asset,
  side,
  size: 1,
  notionalUsd,
  entryPriceUsd: notionalUsd,
  unrealizedPnlUsd: 0,
  leverage: 5,
  liquidationPriceUsd: null,
  marginUsedUsd: notionalUsd / 5,
});

const trader = (address: string, monthPnl: number, positions: RefPosition[]): SmartTrader => ({
  row: row(address, { monthPnl }),
  account: { address, accountValueUsd: 100_000, totalNotionalUsd: 0, withdrawableUsd: 0, positions },
});

describe('smartMoneyConsensus', () => {
  const traders = [
    trader('t3', 300, [pos('SOL', 'SOL', 'short', 30_000), pos('kBONK', 'BONK', 'long', 10_000)]),
    trader('t1', 500, [pos('SOL', 'SOL', 'long', 100_000)]),
    trader('t4', 200, [pos('SOL', 'SOL', 'long', 20_000), pos('HYPE', null, 'long', 5_000)]),
    trader('t2', 400, [pos('SOL', 'SOL', 'long', 50_000), pos('BTC', 'BTC', 'short', 200_000)]),
  ];

  it('per coin counts, notional, bias and conviction; coins by gross notional then name', () => {
    const c = smartMoneyConsensus(traders);
    assert.equal(c.traders_considered, 4);
    assert.deepEqual(c.coins.map((x) => x.coin), ['BTC', 'SOL', 'BONK', 'HYPE']);
    const sol = c.coins.find((x) => x.coin === 'SOL')!;
    assert.equal(sol.long_traders, 3);
    assert.equal(sol.short_traders, 1);
    assert.equal(sol.long_notional_usd, 170_000);
    assert.equal(sol.short_notional_usd, 30_000);
    assert.equal(sol.net_notional_usd, 140_000);
    assert.equal(sol.long_pct, 85);
    assert.equal(sol.bias, 'long');
    // count agreement 2/4 = 0.5 × notional agreement 140/200 = 0.7 × breadth 4/5 = 0.8 → 0.28.
    assert.equal(sol.conviction, 0.28);
    assert.deepEqual(sol.conviction_factors, [
      { name: 'count_agreement', value: 0.5 },
      { name: 'notional_agreement', value: 0.7 },
      { name: 'breadth', value: 0.8 },
      { name: 'sides_agree', value: 1 },
    ]);
    assert.deepEqual(sol.top_traders.map((t) => [t.address, t.side, t.month_pnl_usd]), [['t1', 'long', 500], ['t2', 'long', 400], ['t3', 'short', 300], ['t4', 'long', 200]]);
    const btc = c.coins.find((x) => x.coin === 'BTC')!;
    assert.equal(btc.bias, 'short');
    assert.equal(btc.conviction, 0.2); // 1 × 1 × 1/5
  });

  it('top traders limited; coin focus matches the asset or the venue coin name, case-insensitively', () => {
    assert.deepEqual(smartMoneyConsensus(traders, { topTraders: 2 }).coins[1]!.top_traders.map((t) => t.address), ['t1', 't2']);
    assert.deepEqual(smartMoneyConsensus(traders, { market: 'bonk' }).coins.map((x) => x.coin), ['BONK']);
    assert.deepEqual(smartMoneyConsensus(traders, { market: 'kBONK' }).coins.map((x) => x.coin), ['BONK']);
    assert.deepEqual(smartMoneyConsensus(traders, { market: 'SOL' }).coins.map((x) => x.coin), ['SOL']);
    assert.deepEqual(smartMoneyConsensus(traders, { market: 'DOGE' }).coins, []);
    assert.equal(smartMoneyConsensus(traders, { market: 'SOL' }).market, 'SOL');
  });

  it('conviction is 0 when the count majority and the notional majority disagree', () => {
    const c = consensusConviction(3, 1, 30_000, 100_000);
    assert.equal(c.conviction, 0);
    assert.deepEqual(c.factors.at(-1), { name: 'sides_agree', value: 0 });
    assert.equal(consensusConviction(5, 0, 1, 0).conviction, 1);
    assert.equal(consensusConviction(2, 2, 50, 50).conviction, 0);
  });
});
