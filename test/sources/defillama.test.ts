/**
 * Contract tests of the DefiLlama client against documented-format fixtures served on loopback (the
 * real client path: HttpSource retries/breaker, typed parse), for both hosts (api and yields).
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DefiLlamaClient, isValidSlug, solanaPoolsOf } from '../../src/sources/defillama.js';
import { collectSkipped, replaySkipped, skippedCaveats, SourceError } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/defillama/${name}.json`, import.meta.url), 'utf8');

type Answer = { status: number; body: string; type?: string };
let queue: Answer[] = [];
let paths: string[] = [];
let server: Server;
let client: DefiLlamaClient;

/** What the server answers next; the last entry repeats. */
const answer = (...answers: Answer[]) => {
  queue = answers;
};
const ok = (name: string): Answer => ({ status: 200, body: fixture(name) });

describe('DefiLlamaClient (fixtures)', () => {
  before(async () => {
    server = createServer((req, res) => {
      paths.push(req.url ?? '');
      const next = queue.length > 1 ? queue.shift()! : queue[0]!;
      res.writeHead(next.status, { 'content-type': next.type ?? 'application/json' }).end(next.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  after(() => new Promise((r) => { server.closeAllConnections(); server.close(r); }));
  beforeEach(() => {
    paths = [];
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const source = () => new HttpSource({ leg: 'defi_data', baseUrl: url, backoffMs: 1, retries: 2, timers: sourceTimers });
    client = new DefiLlamaClient({ api: source(), yields: source() });
  });

  it('protocol(slug) GETs /protocol/{slug} and returns name, category, chains, TVL history and current chain TVLs', async () => {
    answer(ok('protocol-kamino-lend'));
    const p = await client.protocol('kamino-lend');
    assert.deepEqual(paths, ['/protocol/kamino-lend']);
    assert.equal(p?.name, 'Kamino Lend');
    assert.equal(p?.category, 'Lending');
    assert.deepEqual(p?.chains, ['Solana']);
    assert.equal(p?.tvl.length, 4);
    assert.deepEqual(p?.tvl.at(-1), { date: 1733841873, totalLiquidityUSD: 2003119845.27 });
    assert.equal(p?.currentChainTvls.Solana, 2003119845.27);
  });

  it('an unknown slug is null: the current API answers 404 "Not found", older deployments 400 with a message', async () => {
    answer({ status: 404, body: 'Not found', type: 'text/plain' });
    assert.equal(await client.protocol('no-such-protocol'), null);
    answer({ status: 400, body: '{"message":"Protocol is not in our database"}' });
    assert.equal(await client.protocol('no-such-protocol'), null);
    // Answers, not failures: one request each, no retries.
    assert.equal(paths.length, 2);
  });

  it('slugs outside ^[a-z0-9-.]{1,64}$ are refused before any request', async () => {
    for (const bad of ['Kamino', 'a/b', '../protocols', '', 'x'.repeat(65), 'kamino lend', 'a%2fb', '..']) {
      assert.equal(isValidSlug(bad), false, bad);
      await assert.rejects(client.protocol(bad), RangeError);
    }
    assert.equal(isValidSlug('jito-liquid-staking'), true);
    assert.equal(isValidSlug('pump.fun'), true);
    assert.equal(paths.length, 0);
  });

  it('protocols() returns the list with slugs; a null TVL (untracked listing) is accepted', async () => {
    answer(ok('protocols'));
    const list = await client.protocols();
    assert.deepEqual(paths, ['/protocols']);
    assert.deepEqual(list.map((p) => p.slug), ['aave-v3', 'kamino-lend', 'jito-liquid-staking', 'binance-cex']);
    assert.equal(list[3]!.tvl, null);
  });

  it('pools() returns all chains; solanaPoolsOf keeps one project on Solana, null APYs intact', async () => {
    answer(ok('pools'));
    const pools = await client.pools();
    assert.deepEqual(paths, ['/pools']);
    assert.equal(pools.data.length, 6);
    const kamino = solanaPoolsOf(pools.data, 'kamino-lend');
    assert.deepEqual(kamino.map((p) => p.symbol), ['USDC', 'SOL', 'PYUSD']);
    assert.equal(kamino[2]!.apy, null);
    assert.deepEqual(solanaPoolsOf(pools.data, 'aave-v3'), []);
  });

  it('malformed bodies are `malformed`: not JSON, and a TVL point of the wrong type', async () => {
    const isMalformed = (e: unknown) => e instanceof SourceError && e.kind === 'malformed' && e.leg === 'defi_data';
    answer({ status: 200, body: '[{"id":"1599","name":' });
    await assert.rejects(client.protocols(), isMalformed);
    answer({ status: 200, body: fixture('protocol-kamino-lend').replace('"totalLiquidityUSD": 2003119845.27 }\n  ]', '"totalLiquidityUSD": "2003119845.27" }\n  ]') });
    await assert.rejects(client.protocol('kamino-lend'), isMalformed);
    answer({ status: 200, body: '{"status":"success","data":{}}' });
    await assert.rejects(client.pools(), isMalformed);
  });

  it('one protocol without a slug is skipped and reported; the other protocols answer', async () => {
    const list = JSON.parse(fixture('protocols')) as Record<string, unknown>[];
    delete list[1]!.slug;
    answer({ status: 200, body: JSON.stringify(list) });
    const { value, skipped } = await collectSkipped(() => client.protocols());
    assert.deepEqual(value.map((p) => p.slug), ['aave-v3', 'jito-liquid-staking', 'binance-cex']);
    assert.deepEqual(skippedCaveats(skipped), [{
      code: 'items_skipped', leg: 'defi_data',
      message: "1 malformed protocol entry from DefiLlama was skipped (first: /1 must have required property 'slug'); the rest of the list was used.",
    }]);
  });

  it('one pool with a string tvlUsd is skipped and reported; the envelope and the other pools are kept, and a replay counts it once per call', async () => {
    const body = JSON.parse(fixture('pools')) as { status: string; data: Record<string, unknown>[] };
    const lost = body.data[2]!.pool;
    body.data[2]!.tvlUsd = String(body.data[2]!.tvlUsd);
    answer({ status: 200, body: JSON.stringify(body) });
    const { value: pools, skipped } = await collectSkipped(() => client.pools());
    assert.equal(pools.status, 'success');
    assert.equal(pools.data.length, 5);
    assert.ok(!pools.data.some((p) => p.pool === lost));
    assert.deepEqual(skipped.map((n) => [n.leg, n.provider, n.what, n.count, n.firstError]), [['defi_data', 'DefiLlama', 'yield pool', 1, '/2/tvlUsd must be number']]);
    // A caller that shares the list (yield-pools-cache.ts) replays its skips into each later call, once per call.
    const later = await collectSkipped(async () => replaySkipped(replaySkipped(pools)));
    assert.deepEqual(later.skipped, skipped);
  });

  it('pools: data that is not an array, or pools that are all malformed, are malformed', async () => {
    const allBad = JSON.parse(fixture('pools')) as { data: Record<string, unknown>[] };
    for (const pool of allBad.data) delete pool.pool;
    for (const body of ['{"status":"success","data":{}}', JSON.stringify(allBad)]) {
      answer({ status: 200, body });
      await assert.rejects(client.pools(), (e: unknown) => e instanceof SourceError && e.kind === 'malformed' && e.leg === 'defi_data');
    }
  });

  it('a 429 then a 200 is retried and succeeds', async () => {
    answer({ status: 429, body: '' }, ok('pools'));
    assert.equal((await client.pools()).status, 'success');
    assert.equal(paths.length, 2);
  });

  it('three 500s end in `unavailable` after the bounded retries', async () => {
    answer({ status: 500, body: 'Internal Error' });
    await assert.rejects(client.protocol('kamino-lend'), (e: unknown) => e instanceof SourceError && e.kind === 'unavailable');
    assert.equal(paths.length, 3);
  });
});
