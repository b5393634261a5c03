/**
 * Contract test of DefiLlamaClient.batchHistoricalPrices (coins.llama.fi `/batchHistorical`) against a
 * fixture in the documented format, served on loopback through the real HttpSource path; and of the
 * trade-time SOL price lookup built on it (5-minute buckets, nearest point within the search width,
 * requests of at most 100 timestamps).
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DefiLlamaClient, solanaCoinId } from '../../src/sources/defillama.js';
import { collectSkipped, SourceError } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { PRICE_BUCKET_S, TIMESTAMPS_PER_REQUEST, bucketOf, solPricesAt } from '../../src/endpoints/shared/sol-prices.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const SOL = solanaCoinId('So11111111111111111111111111111111111111112');
const fixture = readFileSync(new URL('../fixtures/defillama/batch-historical-sol.json', import.meta.url), 'utf8');
// 2025-03-14T13:20:00Z, +5 min, and a bucket the fixture has no point near.
const T1 = 1_741_958_400;
const T2 = T1 + 300;
const T3 = T1 + 3_600;

type Answer = { status: number; body: string };
let queue: Answer[] = [];
let urls: URL[] = [];
let server: Server;
let client: DefiLlamaClient;
const answer = (...answers: Answer[]) => {
  queue = answers;
};

describe('DefiLlamaClient.batchHistoricalPrices (fixture)', () => {
  before(async () => {
    server = createServer((req, res) => {
      urls.push(new URL(req.url ?? '/', 'http://x'));
      const next = queue.length > 1 ? queue.shift()! : queue[0]!;
      res.writeHead(next.status, { 'content-type': 'application/json' }).end(next.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  after(() => new Promise((r) => { server.closeAllConnections(); server.close(r); }));
  beforeEach(() => {
    urls = [];
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const source = () => new HttpSource({ leg: 'defi_data', baseUrl: url, backoffMs: 1, retries: 2, timers: sourceTimers });
    client = new DefiLlamaClient({ api: source(), yields: source(), coins: source() });
  });

  it('GETs /batchHistorical with the coins object as JSON and searchWidth in seconds; returns the points', async () => {
    answer({ status: 200, body: fixture });
    const r = await client.batchHistoricalPrices({ [SOL]: [T1, T2, T3] }, { searchWidthSeconds: 600 });
    assert.equal(urls.length, 1);
    assert.equal(urls[0]!.pathname, '/batchHistorical');
    assert.deepEqual(JSON.parse(urls[0]!.searchParams.get('coins')!), { [SOL]: [T1, T2, T3] });
    assert.equal(urls[0]!.searchParams.get('searchWidth'), '600');
    assert.equal(r.coins[SOL]!.symbol, 'SOL');
    assert.deepEqual(r.coins[SOL]!.prices[1], { timestamp: T2 + 3, price: 126.52, confidence: 0.99 });
  });

  it('a body whose only coin is of the wrong shape is `malformed`; 5xx is retried then `unavailable`', async () => {
    answer({ status: 200, body: '{"coins":{"solana:x":{"prices":[{"timestamp":"soon","price":1}]}}}' });
    await assert.rejects(client.batchHistoricalPrices({ [SOL]: [T1] }, { searchWidthSeconds: 600 }), (e: unknown) => e instanceof SourceError && e.kind === 'malformed');
    answer({ status: 502, body: 'Internal error' });
    urls = [];
    await assert.rejects(client.batchHistoricalPrices({ [SOL]: [T1] }, { searchWidthSeconds: 600 }), (e: unknown) => e instanceof SourceError && e.kind === 'unavailable');
    assert.equal(urls.length, 3);
  });

  it('one coin with a malformed point is left out (unpriced) and reported; the other coins answer', async () => {
    const body = JSON.parse(fixture) as { coins: Record<string, { symbol: string; prices: Record<string, unknown>[] }> };
    const USDC = solanaCoinId('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    body.coins[USDC] = { symbol: 'USDC', prices: [{ timestamp: T1 + 1, price: '1.0', confidence: 0.99 }] };
    answer({ status: 200, body: JSON.stringify(body) });
    const { value, skipped } = await collectSkipped(() => client.batchHistoricalPrices({ [SOL]: [T1], [USDC]: [T1] }, { searchWidthSeconds: 600 }));
    assert.deepEqual(Object.keys(value.coins), [SOL]);
    assert.deepEqual(skipped.map((n) => [n.leg, n.provider, n.what, n.count, n.firstError]), [
      ['defi_data', 'DefiLlama', 'coin', 1, `/${USDC}/prices/0/price must be number`],
    ]);
  });

  it('solPricesAt: trades priced by their 5-minute bucket, nearest point within 10 minutes, otherwise unknown', async () => {
    answer({ status: 200, body: fixture });
    const prices = await solPricesAt(client, [T1 + 59, T1 + 299, T2 + 10, T3 + 1], sourceTimers.timeout(5000));
    assert.deepEqual(JSON.parse(urls[0]!.searchParams.get('coins')!), { [SOL]: [T1, T2, T3] }, 'buckets, deduplicated');
    assert.equal(prices.at(T1 + 59), 126.41); // point 2 s before the bucket
    assert.equal(prices.at(T1 + 299), 126.41);
    assert.equal(prices.at(T2 + 10), 126.52);
    // The nearest point to T3 is 10 minutes and 10 s away: outside the search width, so no price.
    assert.equal(prices.at(T3 + 1), null);
    assert.equal(bucketOf(T1 + 299), T1);
    assert.equal(PRICE_BUCKET_S, 300);
  });

  it('solPricesAt: more than 100 buckets go out in several requests', async () => {
    answer({ status: 200, body: '{"coins":{}}' });
    const times = Array.from({ length: TIMESTAMPS_PER_REQUEST + 1 }, (_, i) => T1 + i * PRICE_BUCKET_S);
    const prices = await solPricesAt(client, times, sourceTimers.timeout(5000));
    assert.equal(urls.length, 2);
    assert.equal(prices.requests, 2);
    assert.equal(JSON.parse(urls[0]!.searchParams.get('coins')!)[SOL].length, TIMESTAMPS_PER_REQUEST);
    assert.equal(prices.at(T1), null, 'a coin DefiLlama does not answer is unpriced');
  });
});
