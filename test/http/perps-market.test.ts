/**
 * perps-market-structure and perps-market-trend through the real stack with paid calls. The structure's
 * numbers are checked against the sandbox world's design (src/sandbox/world/perps/pool-markets.ts:
 * A:ETH long stressed, A:BTC tilted, A:SOL long headroom $2.25–2.75M) and its raw values at the same
 * moment, recomputed here by hand; the trend runs over a series recorded by paid structure calls on
 * successive days (the service clock driven across days) plus a crafted window start, with every
 * direction recomputed from the stored points. Pool venue A down: structure 502, not charged; trend with
 * stored days answers from them with a caveat, without any → 502, not charged.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPerpsWorld } from '../../src/sandbox/world/perps/index.js';
import type { PoolMarket } from '../../src/analytics/perps/venue-data.js';
import type { PayNetwork } from '../helpers/payers.js';
import { paidCall } from '../helpers/paid-answers.js';
import { suiteService, type TestService } from '../helpers/service.js';

type Json = any;
const STRUCTURE_PRICE = 12_000n;
const TREND_PRICE = 8_000n;
const DAY = 86_400_000;
/** A fixed past moment (paid calls may not be in real time's future); three days are added below. */
const T0 = new Date('2026-03-11T14:30:00Z');
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const world = createPerpsWorld('any seed: pool markets are designed, not seeded');

/** A paid call by a fresh payer: status, JSON (a 200 JSON answer checked against the output schema) and the exact charge. */
const paid = (service: TestService, network: PayNetwork, key: string, body: Record<string, unknown>) => paidCall(service, network, key, body, { outputSchema: true });

const close = (actual: number, expected: number, tolerance: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not within ${tolerance} of ${expected}`);
const codes = (json: Json) => (json.caveats as { code: string }[]).map((c) => c.code).filter((c) => c !== 'sandbox_data');

/** Linear interpolation on the curve's points (utilization clamped to 0–100). */
function aprOn(points: { utilization_pct: number; apr_pct: number }[], u: number): number {
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!, points[i]!];
    if (u <= b.utilization_pct) return a.apr_pct + ((b.apr_pct - a.apr_pct) * (u - a.utilization_pct)) / (b.utilization_pct - a.utilization_pct);
  }
  return points[points.length - 1]!.apr_pct;
}

/** The trend rules of docs/perps.md, by hand: relative ≥ 2 %, absolute ≥ 1 point. */
function direction(from: number, to: number, kind: 'relative' | 'absolute'): string {
  const move = kind === 'relative' ? ((to - from) / Math.abs(from)) * 100 : to - from;
  const threshold = kind === 'relative' ? 2 : 1;
  return move >= threshold ? 'rising' : move <= -threshold ? 'falling' : 'stable';
}
function marketDirection(oi: string, util: string): string {
  const votes = [oi, util];
  const up = votes.includes('rising');
  const down = votes.includes('falling');
  return up && down ? 'mixed' : up ? 'heating' : down ? 'cooling' : 'stable';
}
const METRIC_KIND = { mark_price_usd: 'relative', total_oi_usd: 'relative', long_pct: 'absolute', utilization_pct: 'absolute', borrow_apr_pct: 'absolute' } as const;

describe('perps-market-structure and perps-market-trend (pool venue A)', () => {
  const service = suiteService({ fixedNow: T0 });
  let now = T0.getTime();
  const advanceDay = () => {
    service.advance(DAY);
    now += DAY;
  };
  /** What each structure call of the driven days returned (its own paid answer). */
  const recorded: { day: string; answer: Json }[] = [];

  it('structure: SOL, BTC, ETH as the world designs them (ETH stressed, BTC tilted, SOL healthy with $2.25–2.75M long headroom); exactly 0.012', async () => {
    const { status, json, cost } = await paid(service, 'solana', 'perps-market-structure', { format: 'both' });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(cost, STRUCTURE_PRICE);
    recorded.push({ day: dayOf(now), answer: json });
    assert.deepEqual([json.venue, json.venue_name, json.as_of], ['A', 'pool venue A', T0.toISOString()]);
    assert.deepEqual(json.markets.map((m: Json) => m.asset), ['SOL', 'BTC', 'ETH']);
    assert.deepEqual(json.unavailable, [{ asset: 'BONK', reason: 'not_listed', message: 'BONK is not tradable on pool venue A.' }]);
    assert.ok(json.caveats.some((c: Json) => c.code === 'not_listed' && c.leg === 'perps_venue_a'));

    const raw = new Map(world.poolMarkets('A', T0).map((m) => [m.asset, m]));
    for (const m of json.markets) {
      const w: PoolMarket = raw.get(m.asset)!;
      const total = w.long.openInterestUsd + w.short.openInterestUsd;
      close(m.open_interest.long_usd, w.long.openInterestUsd, 0.01, `${m.asset} long OI`);
      close(m.open_interest.short_usd, w.short.openInterestUsd, 0.01, `${m.asset} short OI`);
      close(m.open_interest.total_usd, total, 0.01, `${m.asset} total OI`);
      close(m.skew.long_pct, (w.long.openInterestUsd / total) * 100, 0.01, `${m.asset} long share`);
      assert.equal(Math.round((m.skew.long_pct + m.skew.short_pct) * 100), 10_000);
      close(m.oracle_price_usd, w.oraclePriceUsd!, 1e-6 * w.oraclePriceUsd!, `${m.asset} price`);
      for (const side of ['long', 'short'] as const) {
        close(m.utilization_pct[side], w[side].utilizationPct, 0.01, `${m.asset} ${side} utilization`);
        // The APR is the side's curve at its utilization: the world's exact utilization, and (within the
        // shown utilization's rounding of 0.005 points × the steepest slope, 3 APR points per point) the shown one.
        close(m.borrow_apr_pct[side], aprOn(m.borrow_curve[side], w[side].utilizationPct), 0.0002, `${m.asset} ${side} APR on its curve`);
        close(m.borrow_apr_pct[side], aprOn(m.borrow_curve[side], m.utilization_pct[side]), 0.015, `${m.asset} ${side} APR at the shown utilization`);
        assert.equal(m.oi_caps[`${side}_usd`], w[side].maxOpenInterestUsd);
        close(m.headroom_usd[side], w[side].maxOpenInterestUsd! - w[side].openInterestUsd, 0.01, `${m.asset} ${side} headroom`);
      }
      assert.deepEqual([m.open_fee_bps, m.close_fee_bps, m.max_leverage], [6, 6, 100]);
      // The per-position size limit is the custody's, read from its account; the hourly rate recomputes from the shown APR.
      assert.equal(m.max_position_size_usd, w.maxPositionSizeUsd);
      for (const side of ['long', 'short'] as const) {
        close(m.borrow_rate_hourly_pct[side], m.borrow_apr_pct[side] / 8760, 5e-9, `${m.asset} ${side} hourly borrow`);
        assert.equal(m.max_open_now_usd[side], Math.min(m.max_position_size_usd, m.headroom_usd[side]), `${m.asset} ${side} largest that fits now`);
      }
    }
    // SOL and BTC: $10M per position, ETH $5M (the world's custodies). SOL's long headroom ($2.25–2.75M) is
    // what limits a new long there; ETH's short headroom (over $5.5M) leaves the position limit as the bound.
    assert.deepEqual(json.markets.map((m: Json) => m.max_position_size_usd), [10_000_000, 10_000_000, 5_000_000]);
    assert.equal(json.markets[0].max_open_now_usd.long, json.markets[0].headroom_usd.long);
    assert.equal(json.markets[2].max_open_now_usd.short, 5_000_000);
    // Every short borrows the one USDC custody: one utilization and one APR for the three short sides.
    assert.equal(new Set(json.markets.map((m: Json) => m.utilization_pct.short)).size, 1);
    assert.deepEqual(json.markets[0].borrow_curve.short, [{ utilization_pct: 0, apr_pct: 3 }, { utilization_pct: 80, apr_pct: 20 }, { utilization_pct: 100, apr_pct: 80 }]);

    const [sol, btc, eth] = json.markets;
    // ETH: long custody 91–96 % utilized (≥ 90: stressed; ≥ 80: high utilization), borrow 46–59 % APR (≥ 30: elevated).
    assert.ok(eth.utilization_pct.long >= 91 && eth.utilization_pct.long <= 96, String(eth.utilization_pct.long));
    assert.equal(eth.health, 'stressed');
    assert.deepEqual(eth.health_flags.map((f: Json) => f.flag), ['stressed', 'high_utilization', 'elevated_borrow']);
    assert.equal(eth.health_flags[0].reason, `long utilization ${eth.utilization_pct.long} % ≥ 90 %`);
    // BTC: long OI 13.5–14.5M against 3.0–3.8M short: 78–83 % long (≥ 75: tilted), nothing near a cap or 80 % utilization.
    assert.ok(btc.skew.long_pct >= 78 && btc.skew.long_pct <= 83, String(btc.skew.long_pct));
    assert.equal(btc.health, 'tilted');
    assert.deepEqual(btc.health_flags, [{ flag: 'tilted', reason: `long side holds ${btc.skew.long_pct} % of open interest (≥ 75 %)` }]);
    // SOL: cap $20M, long OI 17.25–17.75M: $2.25–2.75M left, 11–14 % of the cap (not < 10 %): healthy.
    assert.ok(sol.headroom_usd.long >= 2_250_000 && sol.headroom_usd.long <= 2_750_000, String(sol.headroom_usd.long));
    assert.ok(sol.headroom_pct_of_cap.long >= 11 && sol.headroom_pct_of_cap.long <= 14);
    assert.deepEqual([sol.health, sol.health_flags], ['healthy', []]);

    const all = [...raw.values()];
    const longSum = all.reduce((s, m) => s + m.long.openInterestUsd, 0);
    const shortSum = all.reduce((s, m) => s + m.short.openInterestUsd, 0);
    close(json.summary.total_oi_usd, longSum + shortSum, 0.01, 'venue total OI');
    close(json.summary.long_pct, (longSum / (longSum + shortSum)) * 100, 0.01, 'venue long share');
    assert.equal(json.summary.markets, 3);
    assert.deepEqual(json.summary.most_utilized, { asset: 'ETH', side: 'long', utilization_pct: eth.utilization_pct.long, borrow_apr_pct: eth.borrow_apr_pct.long, health: 'stressed' });
    assert.deepEqual(json.summary.markets_by_health, { stressed: ['ETH'], tilted: ['BTC'], healthy: ['SOL'] });
    assert.deepEqual(json.next_steps.map((s: Json) => [s.endpoint, s.input]), [
      ['perps-market-trend', { lookback: '7d' }],
      ['perps-venue-comparison', { market: 'ETH', size_usd: 100_000, side: 'long' }],
      ['perps-cross-venue-funding', { market: 'ETH' }],
    ]);
    assert.match(json.llm_summary, /most utilized side: \*\*ETH long\*\*/);
    assert.match(json.llm_summary, /Health: stressed ETH; tilted BTC; healthy SOL/);
  });

  it('the answer records the day\'s perps_market/A snapshot: per asset mark (oracle) price, total OI, long share, the higher utilization, the long borrow APR', async () => {
    await service.recorder.idle();
    const [snap] = await service.store.getSnapshots('perps_market', 'A', dayOf(now), dayOf(now));
    assert.ok(snap);
    assert.equal(snap.takenAt.toISOString(), T0.toISOString());
    const answer = recorded[0]!.answer;
    assert.deepEqual(snap.data, {
      markets: answer.markets.map((m: Json) => ({
        asset: m.asset,
        mark_price_usd: m.oracle_price_usd,
        total_oi_usd: m.open_interest.total_usd,
        long_pct: m.skew.long_pct,
        utilization_pct: Math.max(m.utilization_pct.long, m.utilization_pct.short),
        borrow_apr_pct: m.borrow_apr_pct.long,
      })),
    });
    // ETH's long side is its most utilized; BTC's and SOL's long custodies (58–74 %) can be below the stable custody's (48–66 %).
    assert.equal((snap.data.markets as Json[])[2].utilization_pct, answer.markets[2].utilization_pct.long);
  });

  it('trend with only today\'s live point: insufficient_history, no direction, nothing invented; exactly 0.008', async () => {
    const { status, json, cost } = await paid(service, 'base', 'perps-market-trend', {});
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(cost, TREND_PRICE);
    assert.equal(json.lookback, '7d', 'the default');
    assert.deepEqual([json.from_day, json.to_day], [dayOf(now - 7 * DAY), dayOf(now)]);
    assert.equal(json.points.length, 1, "today's stored snapshot is replaced by the live point, not counted twice");
    assert.equal(json.points[0].live, true);
    assert.deepEqual(codes(json), ['insufficient_history']);
    for (const m of json.markets) {
      assert.equal(m.points, 1);
      assert.equal(m.direction, null);
      assert.ok(Object.values(m.metrics).every((t: Json) => t.direction === null && t.to === null));
    }
    assert.equal(json.overall_direction, null);
  });

  it('trend over three recorded days plus today\'s live point: every direction follows from the stored points by hand', async () => {
    for (let i = 0; i < 2; i++) {
      advanceDay();
      const { status, json } = await paid(service, i % 2 ? 'solana' : 'base', 'perps-market-structure', {});
      assert.equal(status, 200);
      recorded.push({ day: dayOf(now), answer: json });
    }
    await service.recorder.idle();
    advanceDay();
    const { status, json: trend, cost } = await paid(service, 'solana', 'perps-market-trend', { lookback: '7d' });
    assert.equal(status, 200, JSON.stringify(trend));
    assert.equal(cost, TREND_PRICE);
    const stored = await service.store.getSnapshots('perps_market', 'A', dayOf(now - 7 * DAY), dayOf(now - DAY));
    assert.deepEqual(stored.map((s) => s.day), recorded.map((r) => r.day));
    assert.deepEqual(trend.points.map((p: Json) => [p.day, p.live]), [...recorded.map((r) => [r.day, false]), [dayOf(now), true]]);
    assert.deepEqual(trend.points.slice(0, 3).map((p: Json) => p.markets), stored.map((s) => (s.data as Json).markets));
    assert.deepEqual(codes(trend), ['partial_history']);
    assert.match(trend.caveats.find((c: Json) => c.code === 'partial_history').message, /4 of 8 daily points; it starts on/);

    // Today's live point is what perps-market-structure answers now (same cached answer).
    const live = await paid(service, 'base', 'perps-market-structure', {});
    const eth = live.json.markets[2];
    assert.deepEqual(trend.points[3].markets[2], {
      asset: 'ETH', mark_price_usd: eth.oracle_price_usd, total_oi_usd: eth.open_interest.total_usd, long_pct: eth.skew.long_pct,
      utilization_pct: Math.max(eth.utilization_pct.long, eth.utilization_pct.short), borrow_apr_pct: eth.borrow_apr_pct.long,
    });

    const directions: string[] = [];
    for (const m of trend.markets) {
      const first = (stored[0]!.data as Json).markets.find((x: Json) => x.asset === m.asset);
      const last = trend.points[3].markets.find((x: Json) => x.asset === m.asset);
      assert.equal(m.points, 4);
      for (const [metric, kind] of Object.entries(METRIC_KIND)) {
        const t = m.metrics[metric];
        assert.deepEqual([t.from, t.to, t.from_day, t.to_day], [first[metric], last[metric], recorded[0]!.day, dayOf(now)], `${m.asset} ${metric}`);
        assert.equal(t.direction, direction(first[metric], last[metric], kind), `${m.asset} ${metric}: ${first[metric]} → ${last[metric]}`);
      }
      const expected = marketDirection(m.metrics.total_oi_usd.direction, m.metrics.utilization_pct.direction);
      assert.equal(m.direction, expected, `${m.asset}: ${m.reason}`);
      directions.push(expected);
    }
    const count = (d: string) => directions.filter((x) => x === d).length;
    const overall = count('heating') > count('cooling') ? 'heating' : count('cooling') > count('heating') ? 'cooling'
      : count('heating') > 0 || count('mixed') > 0 ? 'mixed' : 'stable';
    assert.equal(trend.overall_direction, overall, trend.overall_reason);
  });

  it('trend over a crafted window start: SOL heating, BTC cooling, ETH stable although its price doubled → overall mixed (price never counts)', async () => {
    const live = (await paid(service, 'solana', 'perps-market-structure', {})).json;
    const L = Object.fromEntries(live.markets.map((m: Json) => [m.asset, {
      asset: m.asset, mark_price_usd: m.oracle_price_usd, total_oi_usd: m.open_interest.total_usd, long_pct: m.skew.long_pct,
      utilization_pct: Math.max(m.utilization_pct.long, m.utilization_pct.short), borrow_apr_pct: m.borrow_apr_pct.long,
    }]));
    // 14 days ago (the 14d window's first day): SOL OI 10 % lower and utilization 5 points lower (both rise to
    // today: heating); BTC OI 20 % higher and utilization 5 points higher (cooling); ETH the same OI and
    // utilization (stable) at half today's price (+100 %: rising, but the price is not an activity metric).
    const start = now - 14 * DAY;
    await service.store.putSnapshot({
      subjectType: 'perps_market', subject: 'A', day: dayOf(start), takenAt: new Date(start), data: {
        markets: [
          { ...L.SOL, total_oi_usd: L.SOL.total_oi_usd / 1.1, utilization_pct: L.SOL.utilization_pct - 5 },
          { ...L.BTC, total_oi_usd: L.BTC.total_oi_usd * 1.2, utilization_pct: L.BTC.utilization_pct + 5 },
          { ...L.ETH, mark_price_usd: L.ETH.mark_price_usd / 2 },
        ],
      },
    });
    const { status, json } = await paid(service, 'base', 'perps-market-trend', { lookback: '14d', format: 'both' });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(json.points.length, 5);
    assert.equal(json.points[0].day, dayOf(start));
    assert.deepEqual(codes(json), ['partial_history']);
    const [sol, btc, eth] = json.markets;
    assert.deepEqual([sol.metrics.total_oi_usd.direction, sol.metrics.total_oi_usd.change_pct, sol.metrics.utilization_pct.direction], ['rising', 10, 'rising']);
    assert.equal(sol.metrics.utilization_pct.change, 5);
    assert.equal(sol.direction, 'heating');
    assert.deepEqual([btc.metrics.total_oi_usd.direction, btc.metrics.total_oi_usd.change_pct, btc.metrics.utilization_pct.change], ['falling', -16.67, -5]);
    assert.equal(btc.direction, 'cooling');
    assert.deepEqual([eth.metrics.mark_price_usd.direction, eth.metrics.mark_price_usd.change_pct], ['rising', 100]);
    assert.deepEqual([eth.metrics.total_oi_usd.change, eth.metrics.utilization_pct.change, eth.direction], [0, 0, 'stable']);
    assert.equal(json.overall_direction, 'mixed');
    assert.equal(json.overall_reason, '1 heating, 1 cooling, 0 mixed, 1 stable: heating and cooling tie');
    assert.match(json.llm_summary, /\*\*Overall: mixed\*\*/);
    assert.match(json.llm_summary, /\*\*SOL\*\* heating: open interest rising \(\+10 %\); utilization rising \(\+5 pts\)/);
  });

  it('pool venue A down: structure 502 and not charged; the trend answers from the stored days with a leg_degraded caveat (charged)', async () => {
    // Past the structure's 30 s cache, so the live point must be read.
    service.advance(60_000);
    const faults = service.sandbox!.providers!.faults;
    faults.set('perps_venue_a', { errorRate: 1 });
    try {
      const down = await paid(service, 'solana', 'perps-market-structure', {});
      // Retries pause in real time, but budgets and the deadline pass only when the test moves the time: 502, never 504.
      assert.equal(down.status, 502, JSON.stringify(down.json));
      assert.equal(down.json.error.code, 'upstream_unavailable');
      assert.equal(down.cost, 0n);

      const trend = await paid(service, 'base', 'perps-market-trend', { lookback: '30d' });
      assert.equal(trend.status, 200, JSON.stringify(trend.json));
      assert.equal(trend.cost, TREND_PRICE);
      assert.ok(trend.json.points.every((p: Json) => !p.live));
      assert.equal(trend.json.points.at(-1).day, dayOf(now - DAY));
      const degraded = trend.json.caveats.find((c: Json) => c.code === 'leg_degraded');
      assert.equal(degraded.leg, 'perps_venue_a');
      assert.match(degraded.message, new RegExp(`series ends on the last stored day, ${dayOf(now - DAY)}`));
    } finally {
      faults.set('perps_venue_a', undefined);
    }
  });
});

describe('perps-market-trend without stored days and pool venue A down', () => {
  const service = suiteService({ fixedNow: T0 });

  it('502, nothing charged: there is nothing to answer from', async () => {
    service.sandbox!.providers!.faults.set('perps_venue_a', { errorRate: 1 });
    const { status, json, cost } = await paid(service, 'solana', 'perps-market-trend', { lookback: '7d' });
    assert.equal(status, 502, JSON.stringify(json));
    assert.equal(json.error.code, 'upstream_unavailable');
    assert.equal(cost, 0n);
  });
});
