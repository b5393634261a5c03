/**
 * HyperliquidClient (reference venue C) against hand-written bodies in Hyperliquid's documented formats
 * (numbers hand-computed: kBONK prices ÷ 1000 and sizes × 1000, open interest in coins × mark = USD,
 * funding kept hourly), then the round trip: a tiny hand-written PerpsWorld → the sandbox Hyperliquid
 * server → the client must read the world's own values back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createHyperliquidHandler } from '../../src/sandbox/providers/perps/hyperliquid.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import { collectSkipped } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { assetOfCoin, HyperliquidClient, tokensPerCoin } from '../../src/sources/perps/hyperliquid.js';
import type { LeaderboardRow, PerpsWorld, RefAccount, RefMarket, RefPortfolio } from '../../src/analytics/perps/venue-data.js';
import { assertApproxEqual } from '../helpers/approx-equal.js';
import { recordingProvider } from '../helpers/recording-provider.js';
import { failure } from '../helpers/source-failure.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const TRADER = '0x8a3f5e2b1c4d6e7f8091a2b3c4d5e6f708192a3b';
const T0 = Date.UTC(2025, 5, 2, 14, 30);

function clientFor(url: string): HyperliquidClient {
  const source = () => new HttpSource({ leg: 'perps_venue_c', baseUrl: url, backoffMs: 1, retries: 1, timers: sourceTimers });
  return new HyperliquidClient({ info: source(), stats: source() });
}

// ---------- hand-written bodies, in the documented formats ----------

const ctx = (over: Record<string, unknown>) => ({
  funding: '0.0000125', openInterest: '0.0', prevDayPx: '1.0', dayNtlVlm: '0.0', premium: '0.0', oraclePx: '1.0', markPx: '1.0',
  midPx: '1.0', impactPxs: ['1.0', '1.0'], dayBaseVlm: '0.0', ...over,
});

function metaAndCtxs() {
  return [
    {
      universe: [
        { name: 'BTC', szDecimals: 5, maxLeverage: 40, marginTableId: 56 },
        { name: 'ETH', szDecimals: 4, maxLeverage: 25, marginTableId: 55 },
        { name: 'MATIC', szDecimals: 1, maxLeverage: 20, marginTableId: 20, isDelisted: true },
        { name: 'SOL', szDecimals: 2, maxLeverage: 20, marginTableId: 54 },
        { name: 'kPEPE', szDecimals: 0, maxLeverage: 10, marginTableId: 10 },
        { name: 'kBONK', szDecimals: 0, maxLeverage: 10, marginTableId: 52 },
      ],
      marginTables: [[10, { description: '', marginTiers: [{ lowerBound: '0.0', maxLeverage: 10 }] }]],
      collateralToken: 0,
    },
    [
      ctx({ funding: '0.0000125', openInterest: '12000.5', markPx: '97250.5', oraclePx: '97300.0', dayNtlVlm: '2500000000.75' }),
      ctx({ funding: '0.00001', openInterest: '85000.0', markPx: '3120.4', oraclePx: '3119.9', dayNtlVlm: '900000000.0' }),
      ctx({ funding: '0.0', openInterest: '0.0', markPx: '0.37', oraclePx: '0.37', midPx: null, premium: null, impactPxs: null }),
      ctx({ funding: '-0.00000625', openInterest: '2000000.0', markPx: '150.25', oraclePx: '150.3', dayNtlVlm: '812345678.9' }),
      ctx({ funding: '0.0000125', openInterest: '5000000000.0', markPx: '0.0105', oraclePx: '0.0105', dayNtlVlm: '61000000.0' }),
      ctx({ funding: '0.00005', openInterest: '1500000000.0', markPx: '0.02345', oraclePx: '0.0235', dayNtlVlm: '45000000.0' }),
    ],
  ];
}

/** SOL, BTC, ETH, BONK in the client's order; numbers from the body above, worked by hand. */
const EXPECTED_MARKETS: RefMarket[] = [
  { venue: 'C', asset: 'SOL', venueSymbol: 'SOL', markPriceUsd: 150.25, oraclePriceUsd: 150.3, fundingRateHourly: -0.00000625, openInterestUsd: 300_500_000, volume24hUsd: 812_345_678.9, maxLeverage: 20 },
  { venue: 'C', asset: 'BTC', venueSymbol: 'BTC', markPriceUsd: 97_250.5, oraclePriceUsd: 97_300, fundingRateHourly: 0.0000125, openInterestUsd: 1_167_054_625.25, volume24hUsd: 2_500_000_000.75, maxLeverage: 40 },
  { venue: 'C', asset: 'ETH', venueSymbol: 'ETH', markPriceUsd: 3120.4, oraclePriceUsd: 3119.9, fundingRateHourly: 0.00001, openInterestUsd: 265_234_000, volume24hUsd: 900_000_000, maxLeverage: 25 },
  // kBONK: 0.02345 per 1000 BONK = 0.00002345 per BONK; 1.5e9 kBONK × 0.02345 = 35,175,000 USD.
  { venue: 'C', asset: 'BONK', venueSymbol: 'kBONK', markPriceUsd: 0.00002345, oraclePriceUsd: 0.0000235, fundingRateHourly: 0.00005, openInterestUsd: 35_175_000, volume24hUsd: 45_000_000, maxLeverage: 10 },
];

const summary = (accountValue: string, totalNtlPos: string) => ({ accountValue, totalNtlPos, totalRawUsd: '100000.0', totalMarginUsed: '23162.695' });

function clearinghouseState() {
  return {
    marginSummary: summary('125000.5', '77340.125'),
    crossMarginSummary: summary('125000.5', '77340.125'),
    crossMaintenanceMarginUsed: '4100.0',
    withdrawable: '80000.25',
    assetPositions: [
      {
        type: 'oneWay',
        position: {
          coin: 'SOL', szi: '120.5', leverage: { type: 'cross', value: 5 }, entryPx: '148.2', positionValue: '18105.125',
          unrealizedPnl: '247.025', returnOnEquity: '0.0682', liquidationPx: '122.7', marginUsed: '3621.025', maxLeverage: 20,
          cumFunding: { allTime: '-12.5', sinceOpen: '-3.1', sinceChange: '-1.0' },
        },
      },
      {
        type: 'oneWay',
        position: {
          coin: 'kBONK', szi: '-2500000.0', leverage: { type: 'isolated', value: 3, rawUsd: '78166.67' }, entryPx: '0.0241', positionValue: '58625.0',
          unrealizedPnl: '1625.0', returnOnEquity: '0.0831', liquidationPx: null, marginUsed: '19541.67', maxLeverage: 10,
          cumFunding: { allTime: '4.0', sinceOpen: '4.0', sinceChange: '4.0' },
        },
      },
      {
        type: 'oneWay',
        position: {
          coin: 'HYPE', szi: '15.0', leverage: { type: 'cross', value: 10 }, entryPx: '40.0', positionValue: '610.0',
          unrealizedPnl: '10.0', returnOnEquity: '0.16', liquidationPx: '1.5', marginUsed: '61.0', maxLeverage: 10,
          cumFunding: { allTime: '0.0', sinceOpen: '0.0', sinceChange: '0.0' },
        },
      },
    ],
    time: T0,
  };
}

const EXPECTED_ACCOUNT: RefAccount = {
  address: TRADER,
  accountValueUsd: 125_000.5,
  totalNotionalUsd: 77_340.125,
  withdrawableUsd: 80_000.25,
  positions: [
    { coin: 'SOL', asset: 'SOL', side: 'long', size: 120.5, notionalUsd: 18_105.125, entryPriceUsd: 148.2, unrealizedPnlUsd: 247.025, leverage: 5, liquidationPriceUsd: 122.7, marginUsedUsd: 3621.025 },
    // −2,500,000 kBONK = a 2.5e9 BONK short; 0.0241 per 1000 BONK = 0.0000241 per BONK.
    { coin: 'kBONK', asset: 'BONK', side: 'short', size: 2_500_000_000, notionalUsd: 58_625, entryPriceUsd: 0.0000241, unrealizedPnlUsd: 1625, leverage: 3, liquidationPriceUsd: null, marginUsedUsd: 19_541.67 },
    { coin: 'HYPE', asset: null, side: 'long', size: 15, notionalUsd: 610, entryPriceUsd: 40, unrealizedPnlUsd: 10, leverage: 10, liquidationPriceUsd: 1.5, marginUsedUsd: 61 },
  ],
};

const history = (points: [number, string][]) => points;
const window = (pnl: [number, string][], vlm: string) => ({ accountValueHistory: history(pnl.map(([t]) => [t, '125000.5'])), pnlHistory: history(pnl), vlm });

function portfolioBody(): unknown[] {
  const day = window([[T0 - 86_400_000, '0.0'], [T0 - 43_200_000, '-120.5'], [T0, '310.75']], '150000.0');
  return [
    ['day', day],
    ['week', window([[T0 - 7 * 86_400_000, '0.0'], [T0, '-2200.25']], '1200000.5')],
    ['month', window([[T0 - 30 * 86_400_000, '0.0'], [T0, '15400.0']], '5400000.0')],
    ['allTime', window([[T0 - 400 * 86_400_000, '0.0'], [T0, '88000.125']], '31000000.0')],
    ['perpDay', day],
    ['perpWeek', window([[T0, '1.0']], '1.0')],
    ['perpMonth', window([[T0, '1.0']], '1.0')],
    ['perpAllTime', window([[T0, '1.0']], '1.0')],
  ];
}

const perf = (pnl: string, roi: string, vlm: string) => ({ pnl, roi, vlm });

function leaderboardBody() {
  return {
    leaderboardRows: [
      {
        ethAddress: '0x162cc7c861ebd0c06b3d72319201150482518185', accountValue: '48857952.3308470026',
        windowPerformances: [
          ['day', perf('644054.375913', '0.0133582723', '3250555746.66')],
          ['week', perf('3528804.427511', '0.0729632296', '22918292160.97')],
          ['month', perf('876456.769935', '0.0158501266', '48037528566.37')],
          ['allTime', perf('30223465.310847', '0.4895956489', '608739069893.13')],
        ],
        prize: 0, displayName: 'ABC',
      },
      {
        ethAddress: '0xAB00000000000000000000000000000000000CDE', accountValue: '1200.5',
        windowPerformances: [
          ['day', perf('-10.0', '-0.0083', '5000.0')], ['week', perf('0.0', '0.0', '0.0')],
          ['month', perf('25.5', '0.0214', '80000.0')], ['allTime', perf('-400.0', '-0.25', '1000000.0')],
        ],
        prize: 0, displayName: null,
      },
    ],
  };
}

// ---------- the client against a recording server ----------

describe('HyperliquidClient on hand-written bodies', () => {
  const server = recordingProvider('perps_venue_c', () => ({ status: 404, body: 'Not Found' }));

  test('markets: one POST /info {type: metaAndAssetCtxs}; SOL, BTC, ETH and kBONK read, others and delisted coins skipped', async () => {
    server.reply = () => ({ body: metaAndCtxs() });
    const markets = await clientFor(server.url).markets();
    assert.equal(server.seen.length, 1);
    assert.equal(server.seen[0]!.method, 'POST');
    assert.equal(server.seen[0]!.path, '/info');
    assert.deepEqual(server.seen[0]!.body, { type: 'metaAndAssetCtxs' });
    assertApproxEqual(markets, EXPECTED_MARKETS, 1e-12);
    // Funding is the venue's hourly rate, unchanged (no × 8, no annualizing).
    assert.equal(markets.find((m) => m.asset === 'BONK')!.fundingRateHourly, 0.00005);
  });

  test('markets: a coin the universe lacks, or lists as delisted, is left out', async () => {
    const body = metaAndCtxs();
    const universe = (body[0] as { universe: Record<string, unknown>[] }).universe;
    universe[5] = { ...universe[5], isDelisted: true };
    universe[1] = { ...universe[1], name: 'ETHFI' };
    server.reply = () => ({ body });
    const markets = await clientFor(server.url).markets();
    assert.deepEqual(markets.map((m) => m.asset), ['SOL', 'BTC']);
  });

  test('markets: an odd context of a coin the client does not read does not fail the answer', async () => {
    const body = metaAndCtxs();
    (body[1] as unknown[])[4] = { unexpected: true };
    server.reply = () => ({ body });
    assert.equal((await clientFor(server.url).markets()).length, 4);
  });

  test('markets: a covered coin whose context has a number that is not a decimal string is skipped and reported; the others answer', async () => {
    const numeric = metaAndCtxs();
    (numeric[1] as Record<string, unknown>[])[3]!.markPx = 150.25;
    const nan = metaAndCtxs();
    (nan[1] as Record<string, unknown>[])[0]!.funding = 'NaN';
    const cases: [unknown, string, string][] = [[numeric, 'SOL', '/SOL/markPx must be string'], [nan, 'BTC', '/BTC/funding must match pattern']];
    for (const [body, lost, firstError] of cases) {
      server.reply = () => ({ body });
      const { value, skipped } = await collectSkipped(() => clientFor(server.url).markets());
      assertApproxEqual(value, EXPECTED_MARKETS.filter((m) => m.asset !== lost), 1e-12);
      assert.deepEqual(skipped.map((n) => [n.leg, n.provider, n.what, n.count]), [['perps_venue_c', 'reference venue C', 'market', 1]]);
      assert.ok(skipped[0]!.firstError?.startsWith(firstError), skipped[0]!.firstError ?? '');
    }
  });

  test('markets: a malformed universe entry is skipped in place (the contexts stay aligned) and reported', async () => {
    const body = metaAndCtxs();
    delete (body[0] as { universe: Record<string, unknown>[] }).universe[1]!.maxLeverage;
    server.reply = () => ({ body });
    const { value, skipped } = await collectSkipped(() => clientFor(server.url).markets());
    assertApproxEqual(value, EXPECTED_MARKETS.filter((m) => m.asset !== 'ETH'), 1e-12);
    assert.deepEqual(skipped.map((n) => [n.count, n.firstError]), [[1, "/1 must have required property 'maxLeverage'"]]);
  });

  test('markets: missing contexts, a universe of malformed entries only, or the wrong envelope are malformed', async () => {
    const short = metaAndCtxs();
    (short[1] as unknown[]).length = 4;
    const allBad = metaAndCtxs();
    for (const entry of (allBad[0] as { universe: Record<string, unknown>[] }).universe) entry.maxLeverage = '40';
    for (const body of [short, allBad, { universe: [] }, [metaAndCtxs()[0]]]) {
      server.reply = () => ({ body });
      const err = await failure(clientFor(server.url).markets());
      assert.equal(err.kind, 'malformed');
      assert.equal(err.leg, 'perps_venue_c');
    }
  });

  test('account: clearinghouseState for the lower-cased user; szi sign → side, kBONK × 1000 / ÷ 1000, null liquidation kept', async () => {
    server.reply = () => ({ body: clearinghouseState() });
    const account = await clientFor(server.url).account(TRADER.toUpperCase().replace('0X', '0x'));
    assert.deepEqual(server.seen[0]!.body, { type: 'clearinghouseState', user: TRADER });
    assertApproxEqual(account, EXPECTED_ACCOUNT, 1e-12);
  });

  test('account: an unknown address is the empty account Hyperliquid answers; zero-size entries are no position', async () => {
    const empty = { ...clearinghouseState(), marginSummary: summary('0.0', '0.0'), withdrawable: '0.0', assetPositions: [] as unknown[] };
    server.reply = () => ({ body: empty });
    assert.deepEqual((await clientFor(server.url).account(TRADER)).positions, []);
    const flat = clearinghouseState();
    flat.assetPositions[0]!.position.szi = '0.0';
    server.reply = () => ({ body: flat });
    assert.deepEqual((await clientFor(server.url).account(TRADER)).positions.map((p) => p.coin), ['kBONK', 'HYPE']);
  });

  test('account and portfolio: a string that is not a 0x address is refused before any request', async () => {
    await assert.rejects(clientFor(server.url).account('FLJ2HsJUYjxRsKWVcwLbatomDTRAEsQKR9vSRQbLu5eU'), RangeError);
    await assert.rejects(clientFor(server.url).portfolio('0x1234'), RangeError);
    assert.equal(server.seen.length, 0);
  });

  test('account: a position without entryPx, or with a numeric size, is skipped and reported; the account and its other positions answer', async () => {
    const whole = await (async () => {
      server.reply = () => ({ body: clearinghouseState() });
      return clientFor(server.url).account(TRADER);
    })();
    const broken = clearinghouseState() as { assetPositions: { position: Record<string, unknown> }[] };
    const lost = broken.assetPositions[1]!.position.coin;
    delete broken.assetPositions[1]!.position.entryPx;
    server.reply = () => ({ body: broken });
    const { value, skipped } = await collectSkipped(() => clientFor(server.url).account(TRADER));
    assertApproxEqual(value, { ...whole, positions: whole.positions.filter((p) => p.coin !== lost) }, 1e-12);
    assert.deepEqual(skipped.map((n) => [n.leg, n.what, n.count, n.firstError]), [['perps_venue_c', 'position', 1, "/1/position must have required property 'entryPx'"]]);
    const numeric = clearinghouseState() as { assetPositions: { position: Record<string, unknown> }[] };
    numeric.assetPositions[0]!.position.szi = 120.5;
    server.reply = () => ({ body: numeric });
    assert.equal((await collectSkipped(() => clientFor(server.url).account(TRADER))).skipped[0]?.count, 1);
  });

  test('account: positions all malformed, or no margin summary, is malformed', async () => {
    const allBad = clearinghouseState() as { assetPositions: { position: Record<string, unknown> }[] };
    for (const entry of allBad.assetPositions) delete entry.position.entryPx;
    const noSummary = clearinghouseState() as Record<string, unknown>;
    delete noSummary.marginSummary;
    for (const body of [allBad, noSummary]) {
      server.reply = () => ({ body });
      assert.equal((await failure(clientFor(server.url).account(TRADER))).kind, 'malformed');
    }
  });

  test('portfolio: each window is its latest cumulative pnl and its volume; the perp* windows are not used', async () => {
    server.reply = () => ({ body: portfolioBody() });
    const portfolio = await clientFor(server.url).portfolio(TRADER);
    assert.deepEqual(server.seen[0]!.body, { type: 'portfolio', user: TRADER });
    assert.deepEqual(portfolio, {
      day: { pnlUsd: 310.75, volumeUsd: 150_000 },
      week: { pnlUsd: -2200.25, volumeUsd: 1_200_000.5 },
      month: { pnlUsd: 15_400, volumeUsd: 5_400_000 },
      allTime: { pnlUsd: 88_000.125, volumeUsd: 31_000_000 },
    });
  });

  test('portfolio: an empty history is 0 PnL; a missing window is malformed', async () => {
    const body = portfolioBody() as [string, { pnlHistory: unknown[] }][];
    body[0]![1] = { ...body[0]![1], pnlHistory: [] };
    server.reply = () => ({ body });
    assert.equal((await clientFor(server.url).portfolio(TRADER)).day.pnlUsd, 0);
    server.reply = () => ({ body: portfolioBody().filter((entry) => (entry as [string])[0] !== 'month') });
    assert.equal((await failure(clientFor(server.url).portfolio(TRADER))).kind, 'malformed');
  });

  test('leaderboard: GET /Mainnet/leaderboard; rows in order, addresses lower-cased, roi a fraction, null display names kept', async () => {
    server.reply = () => ({ body: leaderboardBody() });
    const rows = await clientFor(server.url).leaderboard();
    assert.equal(server.seen[0]!.method, 'GET');
    assert.equal(server.seen[0]!.path, '/Mainnet/leaderboard');
    const expected: LeaderboardRow[] = [
      {
        address: '0x162cc7c861ebd0c06b3d72319201150482518185', displayName: 'ABC', accountValueUsd: 48_857_952.330847,
        day: { pnlUsd: 644_054.375913, roi: 0.0133582723, volumeUsd: 3_250_555_746.66 },
        week: { pnlUsd: 3_528_804.427511, roi: 0.0729632296, volumeUsd: 22_918_292_160.97 },
        month: { pnlUsd: 876_456.769935, roi: 0.0158501266, volumeUsd: 48_037_528_566.37 },
        allTime: { pnlUsd: 30_223_465.310847, roi: 0.4895956489, volumeUsd: 608_739_069_893.13 },
      },
      {
        address: '0xab00000000000000000000000000000000000cde', displayName: null, accountValueUsd: 1200.5,
        day: { pnlUsd: -10, roi: -0.0083, volumeUsd: 5000 },
        week: { pnlUsd: 0, roi: 0, volumeUsd: 0 },
        month: { pnlUsd: 25.5, roi: 0.0214, volumeUsd: 80_000 },
        allTime: { pnlUsd: -400, roi: -0.25, volumeUsd: 1_000_000 },
      },
    ];
    assertApproxEqual(rows, expected, 1e-15);
  });

  test('leaderboard: a row without its month window, or without its address, is skipped and reported; the other rows answer', async () => {
    const whole = await (async () => {
      server.reply = () => ({ body: leaderboardBody() });
      return clientFor(server.url).leaderboard();
    })();
    assert.equal(whole.length, 2);
    const noMonth = leaderboardBody();
    noMonth.leaderboardRows[1]!.windowPerformances.splice(2, 1);
    const noAddress = leaderboardBody();
    delete (noAddress.leaderboardRows[0] as Partial<(typeof noAddress.leaderboardRows)[0]>).ethAddress;
    const cases: [unknown, LeaderboardRow[], string][] = [
      [noMonth, [whole[0]!], 'a leaderboard row has no "month" window'],
      [noAddress, [whole[1]!], "/0 must have required property 'ethAddress'"],
    ];
    for (const [body, kept, firstError] of cases) {
      server.reply = () => ({ body });
      const { value, skipped } = await collectSkipped(() => clientFor(server.url).leaderboard());
      assert.deepEqual(value, kept);
      assert.deepEqual(skipped.map((n) => [n.leg, n.provider, n.what, n.count, n.firstError]), [['perps_venue_c', 'reference venue C', 'leaderboard row', 1, firstError]]);
    }
  });

  test('leaderboard: a bare array, or rows that all lack a window, is malformed', async () => {
    const allBad = leaderboardBody();
    for (const row of allBad.leaderboardRows) row.windowPerformances.splice(2, 1);
    for (const body of [leaderboardBody().leaderboardRows, allBad]) {
      server.reply = () => ({ body });
      assert.equal((await failure(clientFor(server.url).leaderboard())).kind, 'malformed');
    }
  });

  test('a 422 (what Hyperliquid answers a body it cannot read) is unavailable and not retried', async () => {
    server.reply = () => ({ status: 422, body: 'Failed to deserialize the JSON body into the target type' });
    const err = await failure(clientFor(server.url).markets());
    assert.equal(err.kind, 'unavailable');
    assert.equal(err.status, 422);
    assert.equal(server.seen.length, 1);
  });
});

describe('coin units', () => {
  test('k coins are thousand-token lots; the covered assets map back from their coins', () => {
    assert.equal(tokensPerCoin('kBONK'), 1000);
    assert.equal(tokensPerCoin('kPEPE'), 1000);
    assert.equal(tokensPerCoin('SOL'), 1);
    assert.equal(tokensPerCoin('HYPE'), 1);
    assert.equal(assetOfCoin('kBONK'), 'BONK');
    assert.equal(assetOfCoin('BONK'), null);
    assert.equal(assetOfCoin('HYPE'), null);
  });
});

// ---------- round trip through the sandbox server ----------

const WORLD_MARKETS: RefMarket[] = [
  { venue: 'C', asset: 'SOL', venueSymbol: 'SOL', markPriceUsd: 151.37, oraclePriceUsd: 151.42, fundingRateHourly: 0.0000125, openInterestUsd: 412_500_000, volume24hUsd: 1_020_304_050.5, maxLeverage: 20 },
  { venue: 'C', asset: 'BTC', venueSymbol: 'BTC', markPriceUsd: 98_012.5, oraclePriceUsd: 98_001, fundingRateHourly: -0.0000042, openInterestUsd: 2_804_000_000, volume24hUsd: 3_100_000_000, maxLeverage: 40 },
  { venue: 'C', asset: 'ETH', venueSymbol: 'ETH', markPriceUsd: 3125.75, oraclePriceUsd: 3126.1, fundingRateHourly: 0.0000201, openInterestUsd: 1_250_000_000, volume24hUsd: 1_400_000_000, maxLeverage: 25 },
  { venue: 'C', asset: 'BONK', venueSymbol: 'kBONK', markPriceUsd: 0.00002345, oraclePriceUsd: 0.00002351, fundingRateHourly: 0.000061, openInterestUsd: 35_175_000, volume24hUsd: 48_000_000, maxLeverage: 10 },
];

const WORLD_ACCOUNT: RefAccount = {
  address: TRADER,
  accountValueUsd: 60_250.5,
  totalNotionalUsd: 147_750.375,
  withdrawableUsd: 21_000.25,
  positions: [
    { coin: 'SOL', asset: 'SOL', side: 'long', size: 600.5, notionalUsd: 90_897.685, entryPriceUsd: 145.1, unrealizedPnlUsd: 3765.135, leverage: 5, liquidationPriceUsd: 98.4, marginUsedUsd: 18_179.537 },
    { coin: 'kBONK', asset: 'BONK', side: 'short', size: 2_424_500_000, notionalUsd: 56_854.525, entryPriceUsd: 0.0000241, unrealizedPnlUsd: 1575.925, leverage: 3, liquidationPriceUsd: null, marginUsedUsd: 18_951.51 },
    { coin: 'HYPE', asset: null, side: 'short', size: 0.5, notionalUsd: 19.21, entryPriceUsd: 39.2, unrealizedPnlUsd: 0.39, leverage: 10, liquidationPriceUsd: 61.5, marginUsedUsd: 1.92 },
  ],
};

const WORLD_PORTFOLIO: RefPortfolio = {
  day: { pnlUsd: 410.5, volumeUsd: 250_000 },
  week: { pnlUsd: -1250.75, volumeUsd: 1_500_000 },
  month: { pnlUsd: 9800.125, volumeUsd: 6_000_000.5 },
  allTime: { pnlUsd: 42_000, volumeUsd: 90_000_000 },
};

const WORLD_LEADERBOARD: LeaderboardRow[] = [
  {
    address: TRADER, displayName: 'steady', accountValueUsd: 60_250.5,
    day: { pnlUsd: 410.5, roi: 0.0068, volumeUsd: 250_000 }, week: { pnlUsd: -1250.75, roi: -0.0203, volumeUsd: 1_500_000 },
    month: { pnlUsd: 9800.125, roi: 0.1943, volumeUsd: 6_000_000.5 }, allTime: { pnlUsd: 42_000, roi: 2.31, volumeUsd: 90_000_000 },
  },
  {
    address: '0x00000000000000000000000000000000000000aa', displayName: null, accountValueUsd: 1_000_000,
    day: { pnlUsd: 0, roi: 0, volumeUsd: 0 }, week: { pnlUsd: 12, roi: 0.000012, volumeUsd: 1000 },
    month: { pnlUsd: -50_000, roi: -0.05, volumeUsd: 2_000_000 }, allTime: { pnlUsd: 1, roi: 0.000001, volumeUsd: 3 },
  },
];

const EMPTY_PORTFOLIO: RefPortfolio = { day: { pnlUsd: 0, volumeUsd: 0 }, week: { pnlUsd: 0, volumeUsd: 0 }, month: { pnlUsd: 0, volumeUsd: 0 }, allTime: { pnlUsd: 0, volumeUsd: 0 } };

/** The world is asked at the sandbox clock: `asked` records each moment. */
function tinyWorld(asked: number[]): PerpsWorld {
  const at = (d: Date) => asked.push(d.getTime());
  return {
    poolMarkets: () => [],
    poolPositions: () => [],
    refMarkets: (venue, when) => (at(when), venue === 'C' ? WORLD_MARKETS : []),
    refAccount: (address, when) => (at(when), address === TRADER ? WORLD_ACCOUNT : { address, accountValueUsd: 0, totalNotionalUsd: 0, withdrawableUsd: 0, positions: [] }),
    refPortfolio: (address, when) => (at(when), address === TRADER ? WORLD_PORTFOLIO : EMPTY_PORTFOLIO),
    leaderboard: (when) => (at(when), WORLD_LEADERBOARD),
  };
}

describe('round trip: PerpsWorld → sandbox Hyperliquid → HyperliquidClient', () => {
  let server: ProviderServer;
  const asked: number[] = [];
  let clock = T0;

  before(async () => {
    server = await startProviderServer('perps_venue_c', createHyperliquidHandler(tinyWorld(asked), () => new Date(clock)), new FaultController());
  });
  after(() => server.close());

  const post = (body: string) => fetch(`${server.url}/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  test('markets come back as the world holds them, at the sandbox clock', async () => {
    clock = T0 + 60_000;
    assertApproxEqual(await clientFor(server.url).markets(), WORLD_MARKETS, 1e-12);
    assert.equal(asked.at(-1), T0 + 60_000);
  });

  test('the wire is Hyperliquid\'s: kBONK quoted per 1000 BONK, OI in coins, decimal strings, extra coins listed', async () => {
    const [meta, ctxs] = (await (await post('{"type":"metaAndAssetCtxs"}')).json()) as [{ universe: { name: string; isDelisted?: boolean }[] }, Record<string, string>[]];
    const names = meta.universe.map((u) => u.name);
    assert.ok(names.includes('HYPE') && names.includes('kPEPE') && names.includes('MATIC'));
    assert.equal(meta.universe.find((u) => u.name === 'MATIC')!.isDelisted, true);
    assert.equal(ctxs.length, meta.universe.length);
    const bonk = ctxs[names.indexOf('kBONK')]!;
    assert.equal(bonk.markPx, '0.02345');
    assert.equal(bonk.oraclePx, '0.02351');
    assert.equal(bonk.openInterest, '1500000000'); // 35,175,000 USD ÷ 0.02345 per kBONK
    assert.equal(bonk.funding, '0.000061');
    assert.equal(ctxs[names.indexOf('SOL')]!.funding, '0.0000125');
  });

  test('an account comes back as the world holds it (any case of the address), positions in order', async () => {
    assertApproxEqual(await clientFor(server.url).account(TRADER.replace('8a3f', '8A3F')), WORLD_ACCOUNT, 1e-12);
    const state = (await (await post(JSON.stringify({ type: 'clearinghouseState', user: TRADER }))).json()) as { assetPositions: { position: { coin: string; szi: string; entryPx: string } }[] };
    assert.deepEqual(state.assetPositions.map((p) => [p.position.coin, p.position.szi, p.position.entryPx]), [
      ['SOL', '600.5', '145.1'], ['kBONK', '-2424500', '0.0241'], ['HYPE', '-0.5', '39.2'],
    ]);
  });

  test('an unknown address is an empty account and a zero portfolio', async () => {
    const other = '0x1111111111111111111111111111111111111111';
    assert.deepEqual(await clientFor(server.url).account(other), { address: other, accountValueUsd: 0, totalNotionalUsd: 0, withdrawableUsd: 0, positions: [] });
    assert.deepEqual(await clientFor(server.url).portfolio(other), EMPTY_PORTFOLIO);
  });

  test('the portfolio and the leaderboard come back as the world holds them', async () => {
    assertApproxEqual(await clientFor(server.url).portfolio(TRADER), WORLD_PORTFOLIO, 1e-12);
    assertApproxEqual(await clientFor(server.url).leaderboard(), WORLD_LEADERBOARD, 1e-12);
  });

  test('like the real API: unknown type or a bad user → 422, a body that is not JSON → 400, GET /info → 405', async () => {
    for (const body of ['{"type":"allPerpMetas2"}', '{}', '{"type":"clearinghouseState","user":"0x12"}', '{"type":"portfolio"}', '[1,2]']) {
      const res = await post(body);
      assert.equal(res.status, 422, body);
      assert.equal(await res.json(), 'Failed to deserialize the JSON body into the target type');
    }
    assert.equal((await post('not json')).status, 400);
    assert.equal((await fetch(`${server.url}/info`)).status, 405);
    assert.equal((await fetch(`${server.url}/Testnet/leaderboard`)).status, 404);
  });
});
