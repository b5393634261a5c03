/**
 * DydxIndexerClient (reference venue D) against a hand-written `GET /v4/perpetualMarkets` body in the
 * indexer's documented format (numbers hand-computed: open interest in base units × oracle price = USD,
 * max leverage = 1 / initial margin fraction, funding kept hourly, mark = oracle), then the round trip: a
 * tiny hand-written PerpsWorld → the sandbox indexer → the client must read the world's values back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createDydxHandler } from '../../src/sandbox/providers/perps/dydx.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import { collectSkipped } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { DydxIndexerClient } from '../../src/sources/perps/dydx.js';
import type { PerpsWorld, RefMarket } from '../../src/analytics/perps/venue-data.js';
import { assertApproxEqual } from '../helpers/approx-equal.js';
import { recordingProvider } from '../helpers/recording-provider.js';
import { failure } from '../helpers/source-failure.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const T0 = Date.UTC(2025, 5, 2, 14, 30);

const clientFor = (url: string) => new DydxIndexerClient({ http: new HttpSource({ leg: 'perps_venue_d', baseUrl: url, backoffMs: 1, retries: 1, timers: sourceTimers }) });

function market(ticker: string, over: Record<string, unknown>): Record<string, unknown> {
  return {
    clobPairId: '0', ticker, status: 'ACTIVE', oraclePrice: '1', priceChange24H: '0', volume24H: '0', trades24H: 0, nextFundingRate: '0',
    initialMarginFraction: '0.05', maintenanceMarginFraction: '0.03', openInterest: '0', atomicResolution: -10, quantumConversionExponent: -9,
    tickSize: '1', stepSize: '0.0001', stepBaseQuantums: 1_000_000, subticksPerTick: 100_000, marketType: 'CROSS',
    openInterestLowerCap: '0', openInterestUpperCap: '0', baseOpenInterest: '0', defaultFundingRate1H: '0', ...over,
  };
}

function marketsBody(): { markets: Record<string, Record<string, unknown>> } {
  return {
    markets: {
      'BTC-USD': market('BTC-USD', { oraclePrice: '97210.25', volume24H: '1203456789.5', trades24H: 98_123, nextFundingRate: '0.0000081', initialMarginFraction: '0.02', openInterest: '512.3456' }),
      'ETH-USD': market('ETH-USD', { status: 'PAUSED', oraclePrice: '3120.5', openInterest: '10000' }),
      'LINK-USD': market('LINK-USD', { oraclePrice: 14.2, nextFundingRate: null }),
      'SOL-USD': market('SOL-USD', { oraclePrice: '150.125', volume24H: '402113004.25', nextFundingRate: '-0.0000035', initialMarginFraction: '0.05', openInterest: '250000' }),
      'BONK-USD': market('BONK-USD', { oraclePrice: '0.00002351', volume24H: '12500000', nextFundingRate: '0.000012', initialMarginFraction: '0.1', openInterest: '1200000000000' }),
    },
  };
}

/** SOL, BTC, BONK in the client's order (ETH-USD is paused); numbers from the body above, worked by hand. */
const EXPECTED: RefMarket[] = [
  // 250,000 SOL × 150.125 = 37,531,250 USD; 1 / 0.05 = 20×.
  { venue: 'D', asset: 'SOL', venueSymbol: 'SOL-USD', markPriceUsd: 150.125, oraclePriceUsd: 150.125, fundingRateHourly: -0.0000035, openInterestUsd: 37_531_250, volume24hUsd: 402_113_004.25, maxLeverage: 20 },
  // 512.3456 BTC × 97,210.25 = 49,805,243.8624 USD; 1 / 0.02 = 50×.
  { venue: 'D', asset: 'BTC', venueSymbol: 'BTC-USD', markPriceUsd: 97_210.25, oraclePriceUsd: 97_210.25, fundingRateHourly: 0.0000081, openInterestUsd: 49_805_243.8624, volume24hUsd: 1_203_456_789.5, maxLeverage: 50 },
  // 1.2e12 BONK × 0.00002351 = 28,212,000 USD; 1 / 0.1 = 10×.
  { venue: 'D', asset: 'BONK', venueSymbol: 'BONK-USD', markPriceUsd: 0.00002351, oraclePriceUsd: 0.00002351, fundingRateHourly: 0.000012, openInterestUsd: 28_212_000, volume24hUsd: 12_500_000, maxLeverage: 10 },
];

describe('DydxIndexerClient on a hand-written body', () => {
  const server = recordingProvider('perps_venue_d', () => ({ body: marketsBody() }));

  test('one GET /v4/perpetualMarkets; the covered ACTIVE markets read, others (even odd ones) skipped', async () => {
    const markets = await clientFor(server.url).markets();
    assert.equal(server.seen.length, 1);
    assert.equal(server.seen[0]!.method, 'GET');
    assert.equal(server.seen[0]!.path, '/v4/perpetualMarkets');
    assertApproxEqual(markets, EXPECTED, 1e-12);
  });

  test('nextFundingRate is already hourly: kept as is, not divided by 8 nor annualized', async () => {
    const btc = (await clientFor(server.url).markets()).find((m) => m.asset === 'BTC')!;
    assert.equal(btc.fundingRateHourly, 0.0000081);
  });

  test('markets missing from the answer are simply absent', async () => {
    server.reply = () => ({ body: { markets: { 'ETH-USD': market('ETH-USD', { oraclePrice: '3120.5', openInterest: '2', initialMarginFraction: '0.04' }) } } });
    const markets = await clientFor(server.url).markets();
    assertApproxEqual(markets, [
      { venue: 'D', asset: 'ETH', venueSymbol: 'ETH-USD', markPriceUsd: 3120.5, oraclePriceUsd: 3120.5, fundingRateHourly: 0, openInterestUsd: 6241, volume24hUsd: 0, maxLeverage: 25 },
    ], 1e-12);
  });

  test('a covered market with a numeric price, an empty rate, no margin fraction or a NaN size is skipped and reported; the others answer', async () => {
    const whole = await (async () => {
      server.reply = () => ({ body: marketsBody() });
      return clientFor(server.url).markets();
    })();
    assert.ok(whole.some((m) => m.asset === 'BTC'));
    const errors: string[] = [];
    for (const over of [{ oraclePrice: 97210.25 }, { nextFundingRate: '' }, { initialMarginFraction: '0' }, { openInterest: 'NaN' }]) {
      const body = marketsBody();
      body.markets['BTC-USD'] = { ...body.markets['BTC-USD'], ...over };
      server.reply = () => ({ body });
      const { value, skipped } = await collectSkipped(() => clientFor(server.url).markets());
      assert.deepEqual(value, whole.filter((m) => m.asset !== 'BTC'), JSON.stringify(over));
      assert.deepEqual(skipped.map((n) => [n.leg, n.provider, n.what, n.count]), [['perps_venue_d', 'reference venue D', 'market', 1]]);
      errors.push(skipped[0]!.firstError ?? '');
    }
    assert.deepEqual(errors, [
      '/BTC-USD/oraclePrice must be string',
      '/BTC-USD/nextFundingRate must match pattern "^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$"',
      '/BTC-USD has a value that is not a finite decimal, or a margin fraction that is not positive',
      '/BTC-USD/openInterest must match pattern "^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$"',
    ]);
  });

  test('every covered market malformed, or a body without `markets`, is malformed', async () => {
    const allBad = marketsBody();
    for (const ticker of Object.keys(allBad.markets)) allBad.markets[ticker] = { ...allBad.markets[ticker]!, oraclePrice: 1 };
    for (const body of [allBad, { perpetualMarkets: {} }, [marketsBody().markets['BTC-USD']]]) {
      server.reply = () => ({ body });
      const err = await failure(clientFor(server.url).markets());
      assert.equal(err.kind, 'malformed', JSON.stringify(body).slice(0, 80));
      assert.equal(err.leg, 'perps_venue_d');
    }
  });

  test('a 503 is retried, then succeeds', async () => {
    let calls = 0;
    server.reply = () => (++calls === 1 ? { status: 503, body: { errors: [{ msg: 'unavailable' }] } } : { body: marketsBody() });
    assert.equal((await clientFor(server.url).markets()).length, 3);
    assert.equal(server.seen.length, 2);
  });
});

// ---------- round trip through the sandbox server ----------

/** The indexer has no mark price: the world's D markets carry mark = oracle. */
const WORLD_MARKETS: RefMarket[] = [
  { venue: 'D', asset: 'SOL', venueSymbol: 'SOL-USD', markPriceUsd: 151.4, oraclePriceUsd: 151.4, fundingRateHourly: 0.0000093, openInterestUsd: 60_560_000, volume24hUsd: 310_000_000.5, maxLeverage: 20 },
  { venue: 'D', asset: 'BTC', venueSymbol: 'BTC-USD', markPriceUsd: 98_003.5, oraclePriceUsd: 98_003.5, fundingRateHourly: -0.0000021, openInterestUsd: 520_000_000, volume24hUsd: 1_100_000_000, maxLeverage: 50 },
  { venue: 'D', asset: 'ETH', venueSymbol: 'ETH-USD', markPriceUsd: 3126.05, oraclePriceUsd: 3126.05, fundingRateHourly: 0.0000125, openInterestUsd: 210_000_000, volume24hUsd: 640_000_000, maxLeverage: 20 },
  { venue: 'D', asset: 'BONK', venueSymbol: 'BONK-USD', markPriceUsd: 0.00002349, oraclePriceUsd: 0.00002349, fundingRateHourly: 0.0000402, openInterestUsd: 9_396_000, volume24hUsd: 14_000_000, maxLeverage: 10 },
];

function tinyWorld(asked: number[]): PerpsWorld {
  return {
    poolMarkets: () => [],
    poolPositions: () => [],
    refMarkets: (venue, at) => (asked.push(at.getTime()), venue === 'D' ? WORLD_MARKETS : []),
    refAccount: (address) => ({ address, accountValueUsd: 0, totalNotionalUsd: 0, withdrawableUsd: 0, positions: [] }),
    refPortfolio: () => ({ day: { pnlUsd: 0, volumeUsd: 0 }, week: { pnlUsd: 0, volumeUsd: 0 }, month: { pnlUsd: 0, volumeUsd: 0 }, allTime: { pnlUsd: 0, volumeUsd: 0 } }),
    leaderboard: () => [],
  };
}

describe('round trip: PerpsWorld → sandbox dYdX indexer → DydxIndexerClient', () => {
  let server: ProviderServer;
  const asked: number[] = [];
  const clock = T0 + 5 * 60_000;

  before(async () => {
    server = await startProviderServer('perps_venue_d', createDydxHandler(tinyWorld(asked), () => new Date(clock)), new FaultController());
  });
  after(() => server.close());

  test('the markets come back as the world holds them, at the sandbox clock', async () => {
    assertApproxEqual(await clientFor(server.url).markets(), WORLD_MARKETS, 1e-12);
    assert.equal(asked.at(-1), clock);
  });

  test('the wire is the indexer\'s: OI in base units, margin fraction 1/leverage, the hourly rate as is, other tickers listed', async () => {
    const body = (await (await fetch(`${server.url}/v4/perpetualMarkets`)).json()) as { markets: Record<string, Record<string, unknown>> };
    assert.deepEqual(Object.keys(body.markets).sort(), ['BONK-USD', 'BTC-USD', 'DOGE-USD', 'ETH-USD', 'LINK-USD', 'NEWCOIN-USD', 'SOL-USD']);
    const sol = body.markets['SOL-USD']!;
    assert.equal(sol.openInterest, '400000'); // 60,560,000 USD ÷ 151.4
    assert.equal(sol.initialMarginFraction, '0.05');
    assert.equal(sol.nextFundingRate, '0.0000093');
    assert.equal(sol.oraclePrice, '151.4');
    assert.equal(typeof sol.trades24H, 'number');
    assert.equal(body.markets['BONK-USD']!.openInterest, '400000000000'); // 9,396,000 USD ÷ 0.00002349
    assert.equal(body.markets['NEWCOIN-USD']!.status, 'INITIALIZING');
  });

  test('?ticker= narrows to one market; an unknown ticker or path is a 404', async () => {
    const one = (await (await fetch(`${server.url}/v4/perpetualMarkets?ticker=BTC-USD`)).json()) as { markets: Record<string, unknown> };
    assert.deepEqual(Object.keys(one.markets), ['BTC-USD']);
    assert.equal((await fetch(`${server.url}/v4/perpetualMarkets?ticker=FOO-USD`)).status, 404);
    assert.equal((await fetch(`${server.url}/v4/perpetualMarket`)).status, 404);
  });
});
