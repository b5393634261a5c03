/**
 * The sandbox perps world (src/sandbox/world/perps/): determinism, venue coverage, prices shared with the
 * spot world, and every designed state checked at many moments (every 7 h over 60 days, plus every
 * minute of two hours for B's BONK oracle gap), for two seeds where the seed matters.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VENUE_ASSETS, type PoolMarket, type PoolPosition, type RefAccount } from '../../src/analytics/perps/venue-data.js';
import { CAST, CAST_ADDRESS as A, createSandboxWorld } from '../../src/sandbox/world/index.js';
import { BONK_MINT, JITOSOL_MINT, USDC_MINT, WBTC_MINT, WETH_MINT, WSOL_MINT } from '../../src/sandbox/world/entities.js';
import {
  BACKGROUND_TRADERS_PER_VENUE,
  PERPS_POOL_CAST as P,
  REFVENUE_CAST as C,
  aprOnCurve,
  backgroundTrader,
  createPerpsWorld,
  refTraderDesigns,
} from '../../src/sandbox/world/perps/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2025, 2, 1, 0, 17, 23);
/** Every 7 hours over 60 days (206 moments: every hour of the day and every weekday shows up). */
const MOMENTS = Array.from({ length: Math.floor((60 * DAY) / (7 * HOUR)) }, (_, i) => new Date(START + i * 7 * HOUR));
const SEEDS = ['perps-test-seed', 'another-seed'];
const world = createPerpsWorld(SEEDS[0]!);
const spot = createSandboxWorld(SEEDS[0]!);

const market = (markets: PoolMarket[], asset: string) => markets.find((m) => m.asset === asset)!;
const ofOwner = (positions: PoolPosition[], owner: string) => positions.filter((p) => p.owner === owner);
const hoursBetween = (a: string, b: Date) => (b.getTime() - Date.parse(a)) / HOUR;
const leverageOf = (p: PoolPosition) => p.sizeUsd / p.collateralUsd;
const longShare = (m: PoolMarket) => (m.long.openInterestUsd / (m.long.openInterestUsd + m.short.openInterestUsd)) * 100;
const headroom = (s: PoolMarket['long']) => s.maxOpenInterestUsd! - s.openInterestUsd;
const fundingAprPct = (hourly: number) => hourly * 8760 * 100;

/** The collateral buffer as a share of collateral: (collateral + PnL − borrow − close fee − size ÷ max leverage) ÷ collateral. */
function bufferPct(p: PoolPosition, m: PoolMarket): number {
  const pnl = p.side === 'long' ? p.sizeUsd * (m.oraclePriceUsd! / p.entryPriceUsd - 1) : p.sizeUsd * (1 - m.oraclePriceUsd! / p.entryPriceUsd);
  const equity = p.collateralUsd + pnl - (p.borrowFeesUsd ?? 0) - (p.sizeUsd * m.closeFeeBps) / 10_000;
  return ((equity - p.sizeUsd / m.maxLeverage) / p.collateralUsd) * 100;
}

describe('perps world: determinism and coverage', () => {
  it('two worlds of the same seed answer deep-equal at every method; another seed changes the background traders, not the markets', () => {
    const again = createPerpsWorld(SEEDS[0]!);
    const other = createPerpsWorld(SEEDS[1]!);
    for (const at of MOMENTS.filter((_, i) => i % 40 === 0)) {
      for (const v of ['A', 'B'] as const) {
        assert.deepEqual(again.poolMarkets(v, at), world.poolMarkets(v, at));
        assert.deepEqual(again.poolPositions(v, at), world.poolPositions(v, at));
        assert.deepEqual(other.poolMarkets(v, at), world.poolMarkets(v, at), 'markets are designed, not seeded');
      }
      for (const v of ['C', 'D'] as const) assert.deepEqual(again.refMarkets(v, at), world.refMarkets(v, at));
      assert.deepEqual(again.leaderboard(at), world.leaderboard(at));
      for (const a of Object.values(C)) {
        assert.deepEqual(again.refAccount(a, at), world.refAccount(a, at));
        assert.deepEqual(again.refPortfolio(a, at), world.refPortfolio(a, at));
      }
      const background = (w: typeof world) => w.poolPositions('A', at).filter((p) => !Object.values(P).includes(p.owner));
      assert.notDeepEqual(background(other), background(world));
      assert.deepEqual(other.leaderboard(at), world.leaderboard(at), 'venue C is seed-independent');
    }
  });

  it('venues list exactly their covered assets: no BONK on A, no ETH on B', () => {
    const at = MOMENTS[3]!;
    for (const v of ['A', 'B'] as const) {
      assert.deepEqual(world.poolMarkets(v, at).map((m) => m.asset), VENUE_ASSETS[v]);
      for (const p of world.poolPositions(v, at)) assert.ok(VENUE_ASSETS[v].includes(p.asset), `${v} ${p.asset}`);
    }
    for (const v of ['C', 'D'] as const) assert.deepEqual(world.refMarkets(v, at).map((m) => m.asset), VENUE_ASSETS[v]);
    assert.deepEqual(world.refMarkets('C', at).map((m) => m.venueSymbol), ['SOL', 'BTC', 'ETH', 'kBONK']);
    assert.deepEqual(world.refMarkets('D', at).map((m) => m.venueSymbol), ['SOL-USD', 'BTC-USD', 'ETH-USD', 'BONK-USD']);
    assert.deepEqual(world.poolMarkets('A', at).map((m) => [m.collateralMint, m.collateralSymbol]), [[WSOL_MINT, 'SOL'], [WBTC_MINT, 'WBTC'], [WETH_MINT, 'WETH']]);
    assert.deepEqual(world.poolMarkets('B', at).map((m) => [m.collateralMint, m.collateralSymbol]), [[JITOSOL_MINT, 'jitoSOL'], [WBTC_MINT, 'WBTC'], [BONK_MINT, 'BONK']]);
  });
});

describe('perps world: prices agree with the spot world', () => {
  it('every venue prices SOL, BTC, ETH, BONK at the spot market-data price; jitoSOL collateral at jitoSOL; C mark within ±0.1 %', () => {
    for (const at of MOMENTS.filter((_, i) => i % 10 === 0)) {
      const spotPrice = (mint: string) => spot.token(mint, at)!.prices.marketData!;
      const expected: Record<string, number> = { SOL: spotPrice(WSOL_MINT), BTC: spotPrice(WBTC_MINT), ETH: spotPrice(WETH_MINT), BONK: spotPrice(BONK_MINT) };
      for (const v of ['A', 'B'] as const) {
        for (const m of world.poolMarkets(v, at)) if (m.oraclePriceUsd !== null) assert.equal(m.oraclePriceUsd, expected[m.asset], `${v}:${m.asset}`);
      }
      assert.equal(market(world.poolMarkets('A', at), 'SOL').oraclePriceUsd, expected.SOL, 'SOL perps price = spot wrapped SOL');
      assert.equal(market(world.poolMarkets('B', at), 'SOL').collateralPriceUsd, spotPrice(JITOSOL_MINT));
      assert.equal(market(world.poolMarkets('A', at), 'BTC').collateralPriceUsd, expected.BTC);
      for (const m of world.refMarkets('C', at)) {
        assert.equal(m.oraclePriceUsd, expected[m.asset]);
        assert.ok(Math.abs(m.markPriceUsd / m.oraclePriceUsd - 1) <= 0.001, `${m.asset} mark ${m.markPriceUsd} vs ${m.oraclePriceUsd}`);
      }
      for (const m of world.refMarkets('D', at)) assert.deepEqual([m.markPriceUsd, m.oraclePriceUsd], [expected[m.asset], expected[m.asset]]);
    }
  });

  it('the new spot tokens: WBTC ≈ $97k (8 dp), WETH ≈ $3.4k (8 dp), BONK ≈ $0.000025 (5 dp), verified; USDC quotes of $100k–$10M route with growing impact', () => {
    const at = MOMENTS[0]!;
    for (const [mint, symbol, decimals, base] of [[WBTC_MINT, 'WBTC', 8, 97_000], [WETH_MINT, 'WETH', 8, 3_400], [BONK_MINT, 'Bonk', 5, 0.000025]] as const) {
      const t = spot.token(mint, at)!;
      assert.deepEqual([t.symbol, t.decimals, t.verified], [symbol, decimals, true]);
      assert.ok(t.prices.marketData! > base * 0.6 && t.prices.marketData! < base * 1.6, `${symbol} ${t.prices.marketData}`);
      const impacts = [100_000, 1_000_000, 10_000_000].map((usd) => spot.quote(USDC_MINT, mint, String(usd * 1e6), at)!.priceImpactPct);
      assert.ok(impacts[0]! < 0.01 && impacts[0]! < impacts[1]! && impacts[1]! < impacts[2]! && impacts[2]! < 0.5, `${symbol} impacts ${impacts}`);
    }
  });
});

describe('perps world: pool venue markets (designed states at every moment)', () => {
  it('borrow APR is the curve at the utilization (hand-computed) and both sides pay borrow', () => {
    // A:ETH curve (0,2) (80,16) (100,70): at 92.5 % → 16 + 12.5/20 × 54 = 49.75 %; at 40 % → 2 + 40/80 × 14 = 9 %.
    const eth = market(world.poolMarkets('A', MOMENTS[0]!), 'ETH');
    assert.equal(aprOnCurve(eth.long.borrowCurve, 92.5), 49.75);
    assert.equal(aprOnCurve(eth.long.borrowCurve, 40), 9);
    assert.equal(aprOnCurve(eth.long.borrowCurve, 120), 70);
    for (const at of MOMENTS) {
      for (const v of ['A', 'B'] as const) {
        for (const m of world.poolMarkets(v, at)) {
          for (const s of [m.long, m.short]) {
            assert.ok(Math.abs(s.borrowAprPct - aprOnCurve(s.borrowCurve, s.utilizationPct)) < 1e-3, `${v}:${m.asset}`);
            assert.ok(s.borrowAprPct > 0, `${v}:${m.asset} both sides pay`);
            assert.equal(s.borrowCurve.points[0]!.utilizationPct, 0);
            assert.equal(s.borrowCurve.points.at(-1)!.utilizationPct, 100);
          }
        }
      }
    }
  });

  it('A:ETH long side stressed (utilization ≥ 90 %), A:BTC tilted (long ≥ 75 % of OI) but not stressed, A:SOL long headroom $2–3M', () => {
    for (const at of MOMENTS) {
      const a = world.poolMarkets('A', at);
      const eth = market(a, 'ETH');
      const btc = market(a, 'BTC');
      const sol = market(a, 'SOL');
      assert.ok(eth.long.utilizationPct >= 90, `ETH util ${eth.long.utilizationPct}`);
      assert.ok(longShare(btc) >= 75, `BTC long share ${longShare(btc)}`);
      assert.ok(btc.long.utilizationPct < 90 && btc.short.utilizationPct < 90);
      for (const s of [btc.long, btc.short]) assert.ok(headroom(s) >= 0.1 * s.maxOpenInterestUsd!);
      assert.ok(headroom(sol.long) >= 2_000_000 && headroom(sol.long) <= 3_000_000, `SOL headroom ${headroom(sol.long)}`);
      assert.ok(headroom(sol.long) < 5_000_000, 'a $5M long does not fit');
      assert.ok(longShare(sol) < 75 && sol.long.utilizationPct < 80 && headroom(sol.long) >= 0.1 * sol.long.maxOpenInterestUsd!, 'SOL itself healthy');
      for (const m of a) {
        assert.deepEqual([m.openFeeBps, m.closeFeeBps, m.maxLeverage], [6, 6, 100]);
        assert.ok(m.oraclePriceUsd !== null);
      }
    }
  });

  it('B is healthy everywhere: utilization < 80 %, borrow < 30 % APR, no side ≥ 75 % of OI, headroom ≥ 10 % of each cap', () => {
    for (const at of MOMENTS) {
      for (const m of world.poolMarkets('B', at)) {
        assert.ok(longShare(m) < 75 && longShare(m) > 25, `${m.asset} share ${longShare(m)}`);
        for (const s of [m.long, m.short]) {
          assert.ok(s.utilizationPct < 80 && s.borrowAprPct < 30, `${m.asset} ${s.utilizationPct} ${s.borrowAprPct}`);
          assert.ok(headroom(s) >= 0.1 * s.maxOpenInterestUsd!);
        }
        assert.equal(m.openFeeBps, 0);
      }
    }
  });

  it('B:BONK has no usable oracle price exactly in minutes 00–09 of every UTC hour; every other market always has one', () => {
    const minutes = Array.from({ length: 120 }, (_, i) => new Date(Date.UTC(2025, 4, 6, 13, 0, 0) + i * 60_000 + 59_000));
    for (const at of [...minutes, ...MOMENTS]) {
      const gap = at.getUTCMinutes() < 10;
      const bonk = market(world.poolMarkets('B', at), 'BONK');
      assert.equal(bonk.oraclePriceUsd === null, gap, at.toISOString());
      assert.equal(bonk.collateralPriceUsd === null, gap, at.toISOString());
      for (const m of world.poolMarkets('B', at)) if (m.asset !== 'BONK') assert.ok(m.oraclePriceUsd !== null && m.collateralPriceUsd !== null);
    }
    // The boundaries, to the second: 00:00 and 09:59 are in the gap, 10:00 is not.
    const at = (m: number, s: number) => market(world.poolMarkets('B', new Date(Date.UTC(2025, 4, 6, 7, m, s))), 'BONK').oraclePriceUsd;
    assert.equal(at(0, 0), null);
    assert.equal(at(9, 59), null);
    assert.ok(at(10, 0)! > 0);
  });
});

describe('perps world: reference venue markets', () => {
  // A basis trade's round trip: perp taker (C 4.5 bps, D 5 bps) and spot (10 bps) each way, annualized over 30 days.
  const roundTripAprPct = (perpBps: number) => ((2 * (perpBps + 10)) / 10_000) * (365 / 30) * 100;

  it('funding is hourly and positive on average; SOL and BTC basis ≥ 8 % APR on C and D, D:ETH < 5 %, C:BONK slightly negative', () => {
    assert.equal(fundingAprPct(0.0000125), 10.95); // 0.00125 %/h
    assert.ok(Math.abs(roundTripAprPct(4.5) - 3.528333) < 1e-5);
    for (const at of MOMENTS) {
      const c = world.refMarkets('C', at);
      const d = world.refMarkets('D', at);
      for (const asset of ['SOL', 'BTC']) {
        assert.ok(fundingAprPct(c.find((m) => m.asset === asset)!.fundingRateHourly) - roundTripAprPct(4.5) >= 8, `C:${asset}`);
        assert.ok(fundingAprPct(d.find((m) => m.asset === asset)!.fundingRateHourly) - roundTripAprPct(5) >= 8, `D:${asset}`);
      }
      const dEth = fundingAprPct(d.find((m) => m.asset === 'ETH')!.fundingRateHourly);
      assert.ok(dEth > 0 && dEth < 5, `D:ETH ${dEth}`);
      const cBonk = fundingAprPct(c.find((m) => m.asset === 'BONK')!.fundingRateHourly);
      assert.ok(cBonk < 0 && cBonk > -5, `C:BONK ${cBonk}`);
      assert.deepEqual(c.map((m) => m.maxLeverage), [20, 40, 25, 10]);
      assert.deepEqual(d.map((m) => m.maxLeverage), [20, 20, 20, 10]);
      for (const m of [...c, ...d]) assert.ok(m.openInterestUsd > 1e6 && m.volume24hUsd > m.openInterestUsd * 0.5, `${m.venue}:${m.asset}`);
    }
    const mean = (venue: 'C' | 'D') => MOMENTS.reduce((s, at) => s + world.refMarkets(venue, at).reduce((x, m) => x + m.fundingRateHourly, 0), 0);
    assert.ok(mean('C') > 0 && mean('D') > 0);
  });

  it('values move: a day apart, open interest, funding and utilization differ', () => {
    const [a, b] = [MOMENTS[0]!, new Date(MOMENTS[0]!.getTime() + DAY)];
    assert.notEqual(world.refMarkets('C', a)[0]!.fundingRateHourly, world.refMarkets('C', b)[0]!.fundingRateHourly);
    assert.notEqual(world.poolMarkets('A', a)[0]!.long.openInterestUsd, world.poolMarkets('A', b)[0]!.long.openInterestUsd);
    assert.notEqual(world.poolMarkets('A', a)[0]!.long.utilizationPct, world.poolMarkets('A', b)[0]!.long.utilizationPct);
  });
});

describe('perps world: pool venue positions (the trader cast)', () => {
  it('the cast wallets are documented cast entries of kind wallet', () => {
    for (const [name, address] of Object.entries(P)) {
      const entry = Object.entries(CAST).find(([, e]) => e.address === address);
      assert.ok(entry && entry[1].kind === 'wallet' && entry[0] === `WALLET_${name}`, name);
    }
  });

  for (const seed of SEEDS) {
    it(`bookkeeping and every cast design hold at every moment (seed ${seed})`, () => {
      const w = createPerpsWorld(seed);
      for (const at of MOMENTS) {
        const a = w.poolPositions('A', at);
        const b = w.poolPositions('B', at);
        const marketsA = w.poolMarkets('A', at);
        const marketsB = w.poolMarkets('B', at);
        for (const [list, markets] of [[a, marketsA], [b, marketsB]] as const) {
          assert.equal(new Set(list.map((p) => p.address)).size, list.length, 'addresses unique');
          for (const p of list) {
            const m = market(markets, p.asset);
            const hours = (Date.parse(p.updatedAt) === Date.parse(p.openedAt) ? hoursBetween(p.openedAt, at) : hoursBetween(p.updatedAt, at));
            assert.ok(Math.abs(p.borrowFeesUsd! - (p.sizeUsd * m[p.side].borrowAprPct) / 100 * hours / 8760) <= 0.006, `borrow ${p.owner}`);
            assert.ok(Date.parse(p.openedAt) <= at.getTime() && Date.parse(p.updatedAt) <= at.getTime() && p.updatedAt >= p.openedAt);
            assert.ok(leverageOf(p) >= 1.99 && leverageOf(p) <= m.maxLeverage, `leverage ${leverageOf(p)}`);
            assert.equal(p.collateralSymbol, p.side === 'short' ? 'USDC' : m.collateralSymbol);
            assert.ok(p.realisedPnlUsd <= 0);
          }
        }
        // Scalper: 1–2 open on A, under 4 h (by design under 110 min), 15–30x, SOL or ETH.
        const scalps = ofOwner(a, P.PERP_SCALPER);
        assert.ok(scalps.length >= 1 && scalps.length <= 2, `${scalps.length} scalps at ${at.toISOString()}`);
        for (const p of scalps) {
          assert.ok(hoursBetween(p.openedAt, at) < 110 / 60, `scalp age ${hoursBetween(p.openedAt, at)}`);
          assert.ok(['SOL', 'ETH'].includes(p.asset) && leverageOf(p) >= 14.99 && leverageOf(p) <= 30.01);
        }
        assert.equal(ofOwner(b, P.PERP_SCALPER).length, 0);
        // Swing.
        const swing = ofOwner(a, P.PERP_SWING).sort((x, y) => x.asset.localeCompare(y.asset));
        assert.deepEqual(swing.map((p) => [p.asset, p.side, p.sizeUsd, p.collateralUsd]), [['BTC', 'long', 200_000, 40_000], ['SOL', 'short', 80_000, 20_000]]);
        const [btcAge, solAge] = swing.map((p) => hoursBetween(p.openedAt, at) / 24);
        assert.ok(btcAge! >= 1 && btcAge! < 5 && solAge! >= 2 && solAge! < 4, `swing ages ${btcAge} ${solAge}`);
        // Position trader.
        const held = ofOwner(a, P.PERP_POSITION).sort((x, y) => x.asset.localeCompare(y.asset));
        assert.deepEqual(held.map((p) => [p.asset, p.side, p.sizeUsd, p.collateralUsd]), [['BTC', 'long', 500_000, 250_000], ['ETH', 'long', 150_000, 50_000]]);
        assert.ok(hoursBetween(held[0]!.openedAt, at) >= 20 * 24 && hoursBetween(held[1]!.openedAt, at) >= 10 * 24);
        for (const p of held) assert.ok(hoursBetween(p.updatedAt, at) < 7 * 24 && p.realisedPnlUsd < 0, 'borrow settled weekly');
        // Near liquidation: SOL long 40–60x, entry above the mark, buffer under 15 % (and not yet liquidated).
        const [near, ...more] = ofOwner(a, P.PERP_NEAR_LIQ);
        assert.equal(more.length, 0);
        const sol = market(marketsA, 'SOL');
        assert.deepEqual([near!.asset, near!.side], ['SOL', 'long']);
        assert.ok(leverageOf(near!) >= 39.99 && leverageOf(near!) <= 60.01, `near-liq leverage ${leverageOf(near!)}`);
        assert.ok(near!.entryPriceUsd > sol.oraclePriceUsd! && near!.entryPriceUsd < sol.oraclePriceUsd! * 1.015, 'entry slightly above the mark');
        const buffer = bufferPct(near!, sol);
        assert.ok(buffer > 3.9 && buffer < 9.1, `buffer ${buffer}`);
        // Multi-venue: both venues at every moment.
        const multiA = ofOwner(a, P.PERP_MULTI_VENUE).map((p) => [p.asset, p.side, p.sizeUsd, p.collateralUsd, p.collateralSymbol]);
        const multiB = ofOwner(b, P.PERP_MULTI_VENUE).map((p) => [p.asset, p.side, p.sizeUsd, p.collateralUsd, p.collateralSymbol]).sort();
        assert.deepEqual(multiA, [['SOL', 'long', 100_000, 20_000, 'SOL']]);
        assert.deepEqual(multiB, [['BTC', 'short', 60_000, 20_000, 'USDC'], ['SOL', 'long', 40_000, 10_000, 'jitoSOL']]);
        // B-only trader.
        assert.equal(ofOwner(a, P.PERP_B_TRADER).length, 0);
        const bt = ofOwner(b, P.PERP_B_TRADER).map((p) => [p.asset, p.side, p.sizeUsd, p.collateralUsd, p.collateralSymbol]).sort();
        assert.deepEqual(bt, [['BONK', 'long', 20_000, 2_000, 'BONK'], ['SOL', 'short', 30_000, 10_000, 'USDC']]);
        // A wallet with no perps positions (a spot cast member).
        assert.equal([...a, ...b].filter((p) => p.owner === A.WALLET_DEFI).length, 0);
      }
    });
  }

  it('background traders: ~20 per venue, positions come and go; an address is stable for a position\'s life', () => {
    const owners = new Set(Array.from({ length: BACKGROUND_TRADERS_PER_VENUE }, (_, i) => backgroundTrader(SEEDS[0]!, 'A', i)));
    const counts = MOMENTS.map((at) => world.poolPositions('A', at).filter((p) => owners.has(p.owner)).length);
    assert.ok(Math.min(...counts) >= 8 && Math.max(...counts) <= 40, `background counts ${Math.min(...counts)}–${Math.max(...counts)}`);
    const seen = new Set(MOMENTS.flatMap((at) => world.poolPositions('A', at).filter((p) => owners.has(p.owner)).map((p) => p.address)));
    assert.ok(seen.size > counts[0]! * 2, 'positions open and close over 60 days');
    // The swing BTC long keeps its address within a life and gets a new one when it re-opens.
    const btc = (at: Date) => ofOwner(world.poolPositions('A', at), P.PERP_SWING).find((p) => p.asset === 'BTC')!;
    const first = btc(MOMENTS[0]!);
    assert.equal(btc(new Date(MOMENTS[0]!.getTime() + HOUR)).address, first.address);
    assert.equal(btc(new Date(Date.parse(first.openedAt) + 4 * DAY + 2 * DAY)).openedAt, new Date(Date.parse(first.openedAt) + 4 * DAY).toISOString());
    assert.notEqual(btc(new Date(Date.parse(first.openedAt) + 6 * DAY)).address, first.address);
    // Entry = the oracle at the open ± 2 bps against the trader.
    const openPrice = market(world.poolMarkets('A', new Date(first.openedAt)), 'BTC').oraclePriceUsd!;
    assert.ok(Math.abs(first.entryPriceUsd / (openPrice * 1.0002) - 1) < 1e-9);
  });
});

// -------------------------------------------------------------------------------------------------
// Reference venue C

type Reason = 'market_maker_or_hft' | 'dust_account' | 'mega_account' | 'inconsistent';
/** The smart-money filter as the spec states it (bounds inclusive-kept, first failing reason in this order). */
function filterReason(r: { accountValueUsd: number; week: { pnlUsd: number }; month: { pnlUsd: number; volumeUsd: number } }): Reason | null {
  if (r.month.volumeUsd / r.accountValueUsd > 50) return 'market_maker_or_hft';
  if (r.accountValueUsd < 25_000) return 'dust_account';
  if (r.accountValueUsd > 50_000_000) return 'mega_account';
  if (r.week.pnlUsd <= 0 || r.month.pnlUsd <= 0) return 'inconsistent';
  return null;
}

describe('perps world: reference venue C accounts', () => {
  const at = MOMENTS[17]!;
  const account = (a: string, when = at) => world.refAccount(a, when);
  const markOf = (acc: RefAccount, coin: string) => acc.positions.find((p) => p.coin === coin)!;

  it('addresses are 0x + 40 lowercase hex; an unknown address is an empty account with an empty portfolio', () => {
    for (const a of Object.values(C)) assert.match(a, /^0x[0-9a-f]{40}$/);
    const unknown = '0x' + 'ab'.repeat(20);
    assert.deepEqual(world.refAccount(unknown, at), { address: unknown, accountValueUsd: 0, totalNotionalUsd: 0, withdrawableUsd: 0, positions: [] });
    assert.deepEqual(world.refPortfolio(unknown, at), { day: { pnlUsd: 0, volumeUsd: 0 }, week: { pnlUsd: 0, volumeUsd: 0 }, month: { pnlUsd: 0, volumeUsd: 0 }, allTime: { pnlUsd: 0, volumeUsd: 0 } });
    assert.deepEqual(world.refAccount(C.DIRECTIONAL.toUpperCase().replace('0X', '0x'), at), account(C.DIRECTIONAL), 'addresses are case-insensitive');
  });

  it('the cast: DIRECTIONAL all long 5–12x, MARKET_NEUTRAL BTC long ≈ ETH short within 5 %, DIVERSIFIED four coins, NEAR_LIQUIDATION ETH 25x (the venue maximum) within 3 % of liquidation', () => {
    for (const when of MOMENTS.filter((_, i) => i % 5 === 0)) {
      const dir = account(C.DIRECTIONAL, when);
      assert.deepEqual(dir.positions.map((p) => [p.coin, p.side]), [['BTC', 'long'], ['ETH', 'long'], ['SOL', 'long']]);
      assert.ok(dir.positions.every((p) => p.leverage >= 5 && p.leverage <= 12) && dir.positions.some((p) => p.leverage === 12));

      const mn = account(C.MARKET_NEUTRAL, when);
      const [btc, eth] = [markOf(mn, 'BTC'), markOf(mn, 'ETH')];
      assert.deepEqual([btc.side, eth.side, mn.positions.length], ['long', 'short', 2]);
      assert.ok(Math.abs(btc.notionalUsd - 500_000) < 500_000 * 0.01 && Math.abs(eth.notionalUsd - 482_000) < 482_000 * 0.01);
      assert.ok(Math.abs(btc.notionalUsd - eth.notionalUsd) / Math.max(btc.notionalUsd, eth.notionalUsd) <= 0.05);

      const div = account(C.DIVERSIFIED, when);
      assert.deepEqual(div.positions.map((p) => [p.coin, p.asset, p.side]), [['BTC', 'BTC', 'short'], ['ETH', 'ETH', 'long'], ['SOL', 'SOL', 'long'], ['kBONK', 'BONK', 'short']]);
      assert.equal(new Set(div.positions.map((p) => Math.round(p.notionalUsd / 1000))).size, 4, 'different sizes');
      const longs = div.positions.filter((p) => p.side === 'long').reduce((s, p) => s + p.notionalUsd, 0);
      const gross = div.positions.reduce((s, p) => s + p.notionalUsd, 0);
      assert.ok(longs / gross < 0.8 && Math.abs(2 * longs - gross) / gross > 0.2, 'neither one-sided nor neutral');

      const near = account(C.NEAR_LIQUIDATION, when);
      const [pos, ...rest] = near.positions;
      assert.deepEqual([pos!.coin, pos!.side, pos!.leverage, rest.length], ['ETH', 'long', 25, 0]);
      const mark = pos!.notionalUsd / pos!.size;
      assert.ok(pos!.unrealizedPnlUsd < 0, 'losing');
      assert.ok(pos!.liquidationPriceUsd! < mark && (mark - pos!.liquidationPriceUsd!) / mark < 0.03, `liq ${pos!.liquidationPriceUsd} mark ${mark}`);
    }
  });

  it('positions are consistent: notional = size × mark, PnL = size × (mark − entry), margin = notional ÷ leverage ≤ account value; kBONK sizes in whole kBONK', () => {
    for (const d of refTraderDesigns()) {
      const acc = account(d.address);
      assert.equal(acc.totalNotionalUsd, Math.round(acc.positions.reduce((s, p) => s + p.notionalUsd, 0) * 100) / 100);
      assert.ok(acc.positions.reduce((s, p) => s + p.marginUsedUsd, 0) <= acc.accountValueUsd, d.name);
      for (const p of acc.positions) {
        const mark = p.notionalUsd / p.size;
        const sign = p.side === 'long' ? 1 : -1;
        assert.ok(Math.abs(p.unrealizedPnlUsd - sign * p.size * (mark - p.entryPriceUsd)) < 0.02 + p.notionalUsd * 1e-9, `${d.name} ${p.coin}`);
        assert.ok(Math.abs(p.marginUsedUsd - p.notionalUsd / p.leverage) < 0.011);
        if (p.coin === 'kBONK') assert.equal(p.size % 1000, 0);
        if (p.liquidationPriceUsd !== null) assert.ok(p.side === 'long' ? p.liquidationPriceUsd < mark : p.liquidationPriceUsd > mark, 'not already past liquidation');
      }
    }
  });

  it('liquidation prices follow the venue formula: cross margin on the account, isolated for NEAR_LIQUIDATION; only it is near', () => {
    // price − side × margin_available ÷ size ÷ (1 − l × side), l = 1 ÷ (2 × max leverage).
    // Isolated long at 25x on ETH (its maximum, l = 0.02), entry 3000: 3000 × (1 − 1/25) ÷ 0.98 = 2938.7755.
    const isolatedLong = (entry: number, lev: number, l: number) => (entry * (1 - 1 / lev)) / (1 - l);
    assert.ok(Math.abs(isolatedLong(3000, 25, 0.02) - 2938.7755) < 1e-4);
    const maxLev = Object.fromEntries(world.refMarkets('C', at).map((m) => [m.venueSymbol, m.maxLeverage]));
    maxLev.HYPE = 5;
    for (const d of refTraderDesigns()) {
      const acc = account(d.address);
      const crossAvailable = acc.accountValueUsd - acc.positions.reduce((s, p) => s + p.notionalUsd / (2 * maxLev[p.coin]!), 0);
      for (const p of acc.positions) {
        const l = 1 / (2 * maxLev[p.coin]!);
        const mark = p.notionalUsd / p.size;
        const side = p.side === 'long' ? 1 : -1;
        const expected = d.name === 'NEAR_LIQUIDATION' ? isolatedLong(p.entryPriceUsd, p.leverage, l) : mark - (side * crossAvailable) / p.size / (1 - l * side);
        if (expected <= 0) assert.equal(p.liquidationPriceUsd, null, `${d.name} ${p.coin}`);
        else assert.ok(Math.abs(p.liquidationPriceUsd! / expected - 1) < 1e-4, `${d.name} ${p.coin} ${p.liquidationPriceUsd} vs ${expected}`);
        const distance = p.liquidationPriceUsd === null ? Infinity : Math.abs(mark - p.liquidationPriceUsd) / mark;
        if (d.group === 'cast' || d.group === 'smart') assert.equal(distance < 0.1, d.name === 'NEAR_LIQUIDATION', `${d.name} ${p.coin} distance ${distance}`);
      }
    }
  });

  it('portfolio windows equal the leaderboard row (pnl and volume); ROI = pnl ÷ starting equity (floored at ¼ of the account)', () => {
    for (const row of world.leaderboard(at)) {
      const pf = world.refPortfolio(row.address, at);
      for (const w of ['day', 'week', 'month', 'allTime'] as const) {
        assert.deepEqual({ pnlUsd: row[w].pnlUsd, volumeUsd: row[w].volumeUsd }, pf[w]);
      }
      assert.equal(row.accountValueUsd, world.refAccount(row.address, at).accountValueUsd);
      const start = Math.max(row.accountValueUsd - row.week.pnlUsd, row.accountValueUsd / 4);
      assert.ok(Math.abs(row.week.roi - row.week.pnlUsd / start) < 1e-6);
    }
  });
});

describe('perps world: leaderboard (the smart-money filter\'s every edge)', () => {
  it('~60 rows: ≥ 20 kept, 3 market makers (turnover 200–2000), 3 dust, 2 mega, 4 inconsistent (one week PnL exactly 0), at every moment', () => {
    for (const at of MOMENTS.filter((_, i) => i % 3 === 0)) {
      const rows = world.leaderboard(at);
      assert.equal(rows.length, 60);
      const byReason = new Map<Reason | null, typeof rows>();
      for (const r of rows) byReason.set(filterReason(r), [...(byReason.get(filterReason(r)) ?? []), r]);
      assert.ok(byReason.get(null)!.length >= 20);
      assert.equal(byReason.get('market_maker_or_hft')!.length, 3);
      for (const r of byReason.get('market_maker_or_hft')!) {
        const turnover = r.month.volumeUsd / r.accountValueUsd;
        assert.ok(turnover >= 200 && turnover <= 2000 && r.accountValueUsd >= 25_000 && r.accountValueUsd <= 50_000_000, 'market makers fail only the turnover rule');
      }
      assert.equal(byReason.get('dust_account')!.length, 3);
      assert.equal(byReason.get('mega_account')!.length, 2);
      assert.equal(byReason.get('inconsistent')!.length, 4);
      assert.ok(byReason.get('inconsistent')!.some((r) => r.week.pnlUsd === 0 && Object.is(r.week.pnlUsd, 0)));
      // Each row's designed reason is the one the filter finds.
      for (const d of refTraderDesigns()) assert.equal(filterReason(rows.find((r) => r.address === d.address)!), d.excludedAs, d.name);
      // The exact boundaries are present and kept.
      const row = (a: string) => rows.find((r) => r.address === a)!;
      assert.equal(row(C.EDGE_TURNOVER_50).month.volumeUsd / row(C.EDGE_TURNOVER_50).accountValueUsd, 50);
      assert.equal(row(C.EDGE_ACCOUNT_25K).accountValueUsd, 25_000);
      assert.equal(row(C.EDGE_ACCOUNT_50M).accountValueUsd, 50_000_000);
      assert.equal(row(C.DUST_EDGE).accountValueUsd, 24_999.99);
      for (const a of [C.EDGE_TURNOVER_50, C.EDGE_ACCOUNT_25K, C.EDGE_ACCOUNT_50M]) assert.equal(filterReason(row(a)), null);
      // Month PnL distinct: ranking is unambiguous.
      assert.equal(new Set(rows.map((r) => r.month.pnlUsd)).size, rows.length);
    }
  });

  it('the ranking by month PnL never changes, and the cast sits at ranks 3, 6 and 9', () => {
    const rank = (at: Date) => world.leaderboard(at).filter((r) => filterReason(r) === null).sort((x, y) => y.month.pnlUsd - x.month.pnlUsd).map((r) => r.address);
    const first = rank(MOMENTS[0]!);
    for (const at of MOMENTS.filter((_, i) => i % 9 === 0)) assert.deepEqual(rank(at), first);
    assert.deepEqual([first.indexOf(C.DIRECTIONAL), first.indexOf(C.MARKET_NEUTRAL), first.indexOf(C.DIVERSIFIED)], [2, 5, 8]);
    assert.equal(first[0], C.SMART_01);
  });

  it('consensus among the top 10, the top 25 and all kept traders: SOL mostly long, BTC mostly short, ETH mixed, BONK few', () => {
    for (const at of MOMENTS.filter((_, i) => i % 12 === 0)) {
      const kept = world.leaderboard(at).filter((r) => filterReason(r) === null).sort((x, y) => y.month.pnlUsd - x.month.pnlUsd);
      for (const n of [10, 25, kept.length]) {
        const tally = new Map<string, { long: number; short: number; longUsd: number; shortUsd: number }>();
        for (const r of kept.slice(0, n)) {
          for (const p of world.refAccount(r.address, at).positions) {
            const t = tally.get(p.coin) ?? { long: 0, short: 0, longUsd: 0, shortUsd: 0 };
            if (p.side === 'long') (t.long++, (t.longUsd += p.notionalUsd));
            else (t.short++, (t.shortUsd += p.notionalUsd));
            tally.set(p.coin, t);
          }
        }
        const sol = tally.get('SOL')!;
        const btc = tally.get('BTC')!;
        const eth = tally.get('ETH')!;
        const bonk = tally.get('kBONK') ?? { long: 0, short: 0, longUsd: 0, shortUsd: 0 };
        assert.ok(sol.long / (sol.long + sol.short) >= 0.7 && sol.longUsd / (sol.longUsd + sol.shortUsd) >= 0.6, `top ${n} SOL ${JSON.stringify(sol)}`);
        assert.ok(btc.short / (btc.long + btc.short) >= 0.7 && btc.shortUsd / (btc.longUsd + btc.shortUsd) >= 0.6, `top ${n} BTC ${JSON.stringify(btc)}`);
        assert.ok(Math.abs(eth.long - eth.short) <= 1 && eth.longUsd / (eth.longUsd + eth.shortUsd) > 0.4 && eth.longUsd / (eth.longUsd + eth.shortUsd) < 0.6, `top ${n} ETH ${JSON.stringify(eth)}`);
        assert.ok(bonk.long + bonk.short >= 1 && bonk.long + bonk.short <= Math.ceil(n / 8), `top ${n} BONK ${JSON.stringify(bonk)}`);
      }
      assert.ok(kept.some((r) => world.refAccount(r.address, at).positions.some((p) => p.asset === null && p.coin === 'HYPE')), 'a coin outside the four assets');
    }
  });
});
