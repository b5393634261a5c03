import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { poolMarketStructure } from '../../../src/analytics/perps/index.js';
import { poolMarket, side } from './builders.js';

const flags = (m: ReturnType<typeof poolMarket>) => poolMarketStructure(m).health_flags.map((f) => f.flag);

describe('poolMarketStructure: figures', () => {
  it('open interest, skew, utilization, APR, caps and headroom of a healthy market', () => {
    const m = poolMarket({
      long: side({ openInterestUsd: 600_000, maxOpenInterestUsd: 1_000_000, utilizationPct: 50, borrowAprPct: 12 }),
      short: side({ openInterestUsd: 400_000, maxOpenInterestUsd: 1_000_000, utilizationPct: 40, borrowAprPct: 8 }),
      oraclePriceUsd: 150,
    });
    assert.deepEqual(poolMarketStructure(m), {
      venue: 'A',
      asset: 'SOL',
      oracle_price_usd: 150,
      open_interest: { long_usd: 600_000, short_usd: 400_000, total_usd: 1_000_000 },
      skew: { long_pct: 60, short_pct: 40 },
      utilization_pct: { long: 50, short: 40 },
      borrow_apr_pct: { long: 12, short: 8 },
      borrow_rate_hourly_pct: { long: 0.00136986, short: 0.00091324 }, // 12 / 8760, 8 / 8760
      oi_caps: { long_usd: 1_000_000, short_usd: 1_000_000 },
      headroom_usd: { long: 400_000, short: 600_000 },
      headroom_pct_of_cap: { long: 40, short: 60 },
      open_fee_bps: 6,
      close_fee_bps: 6,
      max_leverage: 100,
      max_position_size_usd: null,
      max_position_size_reason: "the venue sets no size limit for one position on this market: only the side's open-interest cap (headroom_usd) limits it",
      max_open_now_usd: { long: 400_000, short: 600_000 },
      health: 'healthy',
      health_flags: [],
      updated_at: '2024-01-01T00:00:00.000Z',
    });
  });

  it('hourly borrow rate = the shown APR ÷ 8,760, 8 decimals, so it recomputes from borrow_apr_pct', () => {
    const s = poolMarketStructure(poolMarket({ long: side({ borrowAprPct: 52.12345678 }), short: side({ borrowAprPct: 0.01 }) }));
    assert.equal(s.borrow_apr_pct.long, 52.1235);
    assert.equal(s.borrow_rate_hourly_pct.long, 0.00595017); // 52.1235 / 8760 = 0.005950171…
    assert.equal(s.borrow_rate_hourly_pct.short, 0.00000114); // 0.01 / 8760 = 0.0000011415…
    for (const side of ['long', 'short'] as const) {
      assert.ok(Math.abs(s.borrow_rate_hourly_pct[side] - s.borrow_apr_pct[side] / 8760) <= 5e-9, side);
    }
  });

  it("max position size: the venue's per-position limit, and the largest that fits now is the lower of it and each side's headroom", () => {
    const s = poolMarketStructure(poolMarket({
      maxPositionSizeUsd: 2_500_000.004,
      long: side({ openInterestUsd: 9_000_000, maxOpenInterestUsd: 10_000_000 }), // headroom 1M < 2.5M
      short: side({ openInterestUsd: 1_000_000, maxOpenInterestUsd: 10_000_000 }), // headroom 9M > 2.5M
    }));
    assert.equal(s.max_position_size_usd, 2_500_000);
    assert.match(s.max_position_size_reason, /^the venue's size limit for one position on this market, long or short/);
    assert.deepEqual(s.max_open_now_usd, { long: 1_000_000, short: 2_500_000 });
    // No OI cap on either side: only the position limit applies.
    const uncapped = poolMarketStructure(poolMarket({ maxPositionSizeUsd: 750_000 }));
    assert.deepEqual(uncapped.max_open_now_usd, { long: 750_000, short: 750_000 });
    // Neither a limit nor a cap: nothing limits it (null, never 0).
    assert.deepEqual(poolMarketStructure(poolMarket()).max_open_now_usd, { long: null, short: null });
  });

  it('no open interest: skew is null (not 0/0); no cap: headroom null', () => {
    const s = poolMarketStructure(poolMarket());
    assert.deepEqual(s.skew, { long_pct: null, short_pct: null });
    assert.deepEqual(s.headroom_usd, { long: null, short: null });
    assert.equal(s.health, 'healthy');
  });

  it('headroom never goes below 0 (OI over its cap); a zero cap is fully used', () => {
    const s = poolMarketStructure(poolMarket({ long: side({ openInterestUsd: 1_200, maxOpenInterestUsd: 1_000 }), short: side({ maxOpenInterestUsd: 0 }) }));
    assert.deepEqual(s.headroom_usd, { long: 0, short: 0 });
    assert.deepEqual(s.headroom_pct_of_cap, { long: 0, short: 0 });
    assert.equal(s.health, 'stressed');
  });
});

describe('poolMarketStructure: health and flags (boundaries)', () => {
  it('stressed at utilization ≥ 90 on either side, not at 89.99', () => {
    assert.equal(poolMarketStructure(poolMarket({ long: side({ utilizationPct: 90 }) })).health, 'stressed');
    assert.equal(poolMarketStructure(poolMarket({ short: side({ utilizationPct: 90 }) })).health, 'stressed');
    assert.equal(poolMarketStructure(poolMarket({ long: side({ utilizationPct: 89.99 }) })).health, 'healthy');
    assert.deepEqual(flags(poolMarket({ long: side({ utilizationPct: 90 }) })), ['stressed', 'high_utilization']);
  });

  it('stressed when headroom < 10 % of the cap: 9.99 % is, exactly 10 % is not', () => {
    const at = (oi: number) => poolMarket({ long: side({ openInterestUsd: 900_000 }), short: side({ openInterestUsd: oi, maxOpenInterestUsd: 1_000_000 }) });
    assert.equal(poolMarketStructure(at(900_000)).health, 'healthy');
    const s = poolMarketStructure(at(900_100));
    assert.equal(s.health, 'stressed');
    assert.equal(s.headroom_pct_of_cap.short, 9.99);
    assert.match(s.health_flags[0]!.reason, /short headroom 99900 USD is 9\.99 %/);
  });

  it('tilted when one side holds ≥ 75 % of OI (either side), not at 74.99 %', () => {
    const split = (l: number, s: number) => poolMarket({ long: side({ openInterestUsd: l }), short: side({ openInterestUsd: s }) });
    assert.equal(poolMarketStructure(split(750_000, 250_000)).health, 'tilted');
    assert.equal(poolMarketStructure(split(250_000, 750_000)).health, 'tilted');
    assert.equal(poolMarketStructure(split(749_900, 250_100)).health, 'healthy');
    assert.equal(poolMarketStructure(split(749_900, 250_100)).skew.long_pct, 74.99);
    assert.equal(poolMarketStructure(split(250_000, 750_000)).health_flags[0]!.reason, 'short side holds 75 % of open interest (≥ 75 %)');
  });

  it('stressed wins over tilted; both flags are listed', () => {
    const m = poolMarket({ long: side({ openInterestUsd: 800_000, utilizationPct: 95 }), short: side({ openInterestUsd: 200_000 }) });
    const s = poolMarketStructure(m);
    assert.equal(s.health, 'stressed');
    assert.deepEqual(s.health_flags.map((f) => f.flag), ['stressed', 'tilted', 'high_utilization']);
  });

  it('high_utilization at ≥ 80 (not 79.99) and elevated_borrow at APR ≥ 30 (not 29.9999) leave health alone', () => {
    assert.deepEqual(flags(poolMarket({ short: side({ utilizationPct: 80 }) })), ['high_utilization']);
    assert.deepEqual(flags(poolMarket({ short: side({ utilizationPct: 79.99 }) })), []);
    assert.deepEqual(flags(poolMarket({ long: side({ borrowAprPct: 30 }) })), ['elevated_borrow']);
    assert.deepEqual(flags(poolMarket({ long: side({ borrowAprPct: 29.9999 }) })), []);
    assert.equal(poolMarketStructure(poolMarket({ long: side({ utilizationPct: 85, borrowAprPct: 40 }) })).health, 'healthy');
    assert.equal(
      poolMarketStructure(poolMarket({ long: side({ utilizationPct: 85 }), short: side({ utilizationPct: 81 }) })).health_flags[0]!.reason,
      'long utilization 85 % ≥ 80 %; short utilization 81 % ≥ 80 %',
    );
  });

  it('a missing oracle price is flagged and reported null, without changing health', () => {
    const s = poolMarketStructure(poolMarket({ oraclePriceUsd: null }));
    assert.equal(s.oracle_price_usd, null);
    assert.equal(s.health, 'healthy');
    assert.deepEqual(s.health_flags.map((f) => f.flag), ['oracle_unavailable']);
  });
});
