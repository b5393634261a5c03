/**
 * enrich-token-full's 7-day high and low (`price_range_7d`), derived from DefiLlama's hourly historical
 * prices plus the answer's current price:
 * - paid on the sandbox (its DefiLlama coins host prices a mint at any past moment from the world's price
 *   path): the range equals the extremes of the world's own prices at the hours asked, the current price
 *   inside it, the source and span stated;
 * - the live client (the real DefiLlamaClient and HttpSource) against a loopback server answering in
 *   DefiLlama's documented `/batchHistorical` format: the requests (hourly timestamps, at most 100 per
 *   request, searchWidth 1800 s), a token younger than 7 days (partial span, caveat), a coin DefiLlama does
 *   not know (null, caveat) and the source down (null, leg_degraded) — never an error for the whole answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CAST_ADDRESS as A, createSandboxWorld } from '../../src/sandbox/world/index.js';
import { DefiLlamaClient, solanaCoinId } from '../../src/sources/defillama.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { ManualTimers } from '../../src/lib/timers.js';
import type { HandlerContext, HandlerResult } from '../../src/registry/types.js';
import { RANGE_SEARCH_WIDTH_S, priceRangeOf, rangeTimestamps, withPriceRange7d } from '../../src/endpoints/shared/token-price-range.js';
import { startScriptedServer, type ScriptedServer } from '../helpers/scripted-server.js';
import { paidSuite } from '../helpers/paid-answers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const NOW = new Date('2026-11-20T10:17:00Z');
const NOW_S = NOW.getTime() / 1000;
const HOUR = 3_600;

describe('enrich-token-full price_range_7d on the sandbox (paid)', () => {
  const { call } = paidSuite({ fixedNow: NOW });
  const world = createSandboxWorld('onchain-enrichment-sandbox');

  it('TOKEN_SAFE: the high and low of the world\'s prices at every hour of the last 7 days and the current price', async () => {
    const j = await call('enrich-token-full', { mint: A.TOKEN_SAFE, include_holders: false, format: 'both' });
    const r = j.price_range_7d;
    assert.ok(r, JSON.stringify(j.caveats));
    const stamps = rangeTimestamps(NOW_S);
    assert.equal(stamps.length, 169, 'the 168 whole hours inside the window (10:00 back to 167 h earlier), and 10:17 itself');
    const path = stamps.map((t) => {
      const p = world.token(A.TOKEN_SAFE, new Date(t * 1000))!.prices;
      return [t, p.marketData ?? p.priceAggregator ?? p.walletProvider!] as const;
    });
    const all = [...path, [NOW_S, j.price.price_usd] as const];
    const high = all.reduce((a, b) => (b[1] > a[1] ? b : a));
    const low = all.reduce((a, b) => (b[1] < a[1] ? b : a));
    assert.deepEqual([r.high_usd, r.low_usd], [high[1], low[1]]);
    assert.deepEqual([r.high_at, r.low_at], [new Date(high[0] * 1000).toISOString(), new Date(low[0] * 1000).toISOString()]);
    assert.ok(r.low_usd <= j.price.price_usd && j.price.price_usd <= r.high_usd, 'the price shown lies inside its own 7-day range');
    assert.ok(r.low_usd < r.high_usd, 'the sandbox price moves over a week');
    assert.deepEqual([r.samples, r.requested_samples, r.window_hours, r.sampling, r.complete], [169, 169, 168, 'hourly', true]);
    assert.equal(r.span_from_at, new Date(stamps[0]! * 1000).toISOString());
    assert.equal(r.span_to_at, NOW.toISOString());
    assert.equal(r.span_hours, 167.28, 'from 10:00 167 h back (the oldest whole hour inside the window) to 10:17');
    assert.match(r.source, /DefiLlama coins \/batchHistorical/);
    assert.ok(!j.caveats.some((c: Json) => /^price_range/.test(c.code)));
    assert.match(j.llm_summary, /7-day range \(hourly samples over 167\.28 h\): high \$/);
  });
});

describe('price_range_7d with the live DefiLlama client (loopback, documented wire format)', () => {
  let server: ScriptedServer;
  const MINT = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
  const coin = solanaCoinId(MINT);
  before(async () => {
    server = await startScriptedServer();
  });
  after(() => server.close());

  const ctxFor = (): HandlerContext => {
    const source = () => new HttpSource({ leg: 'defi_data', baseUrl: server.baseUrl, retries: 0, timers: new ManualTimers() });
    const defillama = new DefiLlamaClient({ api: source(), yields: source(), coins: source() });
    return { now: () => NOW, signal: new AbortController().signal, sources: { defillama } } as unknown as HandlerContext;
  };
  const analysis = (price: number | null) => async (): Promise<HandlerResult> => ({ data: { mint: MINT, price: { price_usd: price } }, caveats: [], timings: { rpc: 1 } });
  /** DefiLlama's documented body: points stamped at the data point found (near the hour asked, not on it). */
  const body = (points: [number, number][]) => JSON.stringify({ coins: { [coin]: { symbol: 'JUP', prices: points.map(([timestamp, price]) => ({ timestamp, price, confidence: 0.99 })) } } });

  it('a token with 3 days of prices: hourly timestamps in requests of at most 100, searchWidth 1800; the range over the span it has, caveated', async () => {
    server.reset();
    // Points 3 days back to now, 40 s after each hour; a high of 1.25 two days ago, a low of 0.5 an hour ago.
    const points: [number, number][] = [];
    for (let t = Math.floor(NOW_S / HOUR) * HOUR - 72 * HOUR; t <= NOW_S; t += HOUR) points.push([t + 40, 0.8]);
    points[24]![1] = 1.25;
    points[points.length - 2]![1] = 0.5;
    server.script = [{ body: body(points) }];
    const r = await withPriceRange7d(MINT, analysis(0.81), ctxFor());
    assert.equal(server.requests.length, 2);
    const asked = server.requests.flatMap((q) => {
      assert.equal(q.path, '/batchHistorical');
      assert.equal(q.query.get('searchWidth'), String(RANGE_SEARCH_WIDTH_S));
      const coins = JSON.parse(q.query.get('coins')!) as Record<string, number[]>;
      assert.deepEqual(Object.keys(coins), [coin]);
      assert.ok(coins[coin]!.length <= 100);
      return coins[coin]!;
    }).sort((a, b) => a - b);
    assert.deepEqual(asked, rangeTimestamps(NOW_S));
    const range = r.data.price_range_7d as Json;
    assert.deepEqual([range.high_usd, range.low_usd], [1.25, 0.5]);
    assert.equal(range.high_at, new Date(points[24]![0] * 1000).toISOString());
    assert.deepEqual([range.complete, range.samples, range.span_from_at], [false, points.length, new Date(points[0]![0] * 1000).toISOString()]);
    assert.equal(range.span_hours, Math.round(((NOW_S - points[0]![0]) / HOUR) * 100) / 100);
    assert.ok(r.caveats!.some((c) => c.code === 'price_range_partial' && /only the last 72\.27 h \(DefiLlama's prices start 2026-11-17T10:00:40\.000Z\)/.test(c.message)), JSON.stringify(r.caveats));
    assert.ok('price_history' in r.timings! && 'rpc' in r.timings!);
  });

  it('the current price above every sample is the high (the range contains the price shown)', async () => {
    server.reset();
    const points: [number, number][] = rangeTimestamps(NOW_S).slice(0, -1).map((t) => [t, 1]);
    server.script = [{ body: body(points) }];
    const range = (await withPriceRange7d(MINT, analysis(1.1), ctxFor())).data.price_range_7d as Json;
    assert.deepEqual([range.high_usd, range.high_at, range.low_usd, range.complete], [1.1, NOW.toISOString(), 1, true]);
  });

  it('a coin DefiLlama does not know: null with price_range_unavailable; the source down: null with leg_degraded', async () => {
    server.reset();
    server.script = [{ body: JSON.stringify({ coins: {} }) }];
    const unknown = await withPriceRange7d(MINT, analysis(1), ctxFor());
    assert.equal(unknown.data.price_range_7d, null);
    assert.ok(unknown.caveats!.some((c) => c.code === 'price_range_unavailable'));

    server.reset();
    server.script = [{ status: 500, body: '{"message":"internal"}' }];
    const down = await withPriceRange7d(MINT, analysis(1), ctxFor());
    assert.equal(down.data.price_range_7d, null);
    assert.ok(down.caveats!.some((c) => c.code === 'leg_degraded' && c.leg === 'defi_data'), JSON.stringify(down.caveats));
    assert.equal((down.data as Json).mint, MINT, 'the rest of the analysis answers');
  });

  it('priceRangeOf: points outside the window, in the future or not positive are left out; none → null', () => {
    const from = NOW_S - 168 * HOUR;
    assert.equal(priceRangeOf([{ timestamp: from - 1, price: 9 }, { timestamp: NOW_S + 1, price: 9 }, { timestamp: NOW_S - 10, price: 0 }], 1, NOW_S), null);
    const r = priceRangeOf([{ timestamp: from, price: 2 }, { timestamp: from, price: 2 }, { timestamp: NOW_S - HOUR, price: 3 }], null, NOW_S)!;
    assert.deepEqual([r.high_usd, r.low_usd, r.samples, r.complete], [3, 2, 2, true]);
  });
});
