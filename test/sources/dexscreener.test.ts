/**
 * Contract tests of the DEX Screener client: the real client (and HttpSource underneath) runs against a
 * tiny loopback server that serves fixtures hand-written to the documented `/tokens/v1` format, so
 * parsing, URL building, retries and error mapping are exercised exactly as in production.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, beforeEach, describe, test } from 'node:test';
import { bestPair, DexScreenerClient, type DexPair } from '../../src/sources/dexscreener.js';
import { collectSkipped, skippedCaveats } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { failure } from '../helpers/source-failure.js';
import { startScriptedServer, type ScriptedServer } from '../helpers/scripted-server.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const FRESH = '9kp6CtEkkPJKwcMMNygyimSLiRgx8dpj31E9kDs7q2BK';
const MCAT = 'HZyrSEpEgXXh22Uotq9VxhZeh2Xe54E2RNZJ2ie8mX3u';
const fixture = (name: string) => readFileSync(new URL(`../fixtures/dexscreener/${name}`, import.meta.url), 'utf8');
const PAIRS = fixture('token-pairs.json');

let fake: ScriptedServer;
let baseUrl: string;

before(async () => {
  fake = await startScriptedServer();
  baseUrl = fake.baseUrl;
});
after(() => fake.close());
beforeEach(() => fake.reset());

function client(): DexScreenerClient {
  // Short backoff keeps the retry tests fast; 2 retries = 3 attempts, HttpSource's default.
  return new DexScreenerClient({ http: new HttpSource({ leg: 'market_data', baseUrl, backoffMs: 1, retries: 2, timers: sourceTimers }) });
}

describe('DexScreenerClient.tokenPairs', () => {
  test('asks the documented endpoint with comma-separated mints and parses every pair', async () => {
    fake.script = [{ body: PAIRS }];
    const pairs = await client().tokenPairs([JUP, FRESH]);
    assert.deepEqual(fake.requests.map((r) => r.url), [`/tokens/v1/solana/${JUP},${FRESH}`]);
    assert.equal(pairs.length, 4);
    const orca = pairs[0]!;
    assert.equal(orca.dexId, 'orca');
    assert.equal(orca.priceUsd, '0.4057');
    assert.equal(orca.liquidity?.usd, 3104877.62);
    assert.deepEqual(orca.txns.h24, { buys: 5012, sells: 4803 });
    assert.equal(orca.volume.h24, 3812044.18);
    assert.equal(orca.priceChange?.h6, -2.31);
    assert.equal(orca.pairCreatedAt, 1706549609000);
  });

  test('a young pair without liquidity or price changes still parses (those fields are optional)', async () => {
    fake.script = [{ body: PAIRS }];
    const young = (await client().tokenPairs([FRESH])).find((p) => p.baseToken.address === FRESH)!;
    assert.equal(young.liquidity, undefined);
    assert.equal(young.priceChange, undefined);
    assert.equal(young.marketCap, 28490);
  });

  test('an unknown token is the documented empty array, not an error', async () => {
    fake.script = [{ body: fixture('empty.json') }];
    assert.deepEqual(await client().tokenPairs(['So11111111111111111111111111111111111111113']), []);
  });

  test('no mints, no request', async () => {
    assert.deepEqual(await client().tokenPairs([]), []);
    assert.equal(fake.requests.length, 0);
  });

  test('more than 30 mints are split into requests of at most 30, and repeated pairs are returned once', async () => {
    fake.script = [{ body: PAIRS }];
    const mints = Array.from({ length: 45 }, (_, i) => `Mint${String(i).padStart(40, 'x')}`);
    const pairs = await client().tokenPairs([...mints, mints[0]!]);
    assert.equal(fake.requests.length, 2);
    const sizes = fake.requests.map((r) => r.url.replace('/tokens/v1/solana/', '').split(',').length).sort((a, b) => a - b);
    assert.deepEqual(sizes, [15, 30]);
    // Both batches answered the same four pairs: deduplicated by pair address.
    assert.equal(pairs.length, 4);
  });

  test('caller strings are encoded: a hostile "mint" cannot change the path or add a query', async () => {
    fake.script = [{ body: '[]' }];
    await client().tokenPairs(['../../latest/dex/search?q=x']);
    assert.equal(fake.requests[0]!.url, '/tokens/v1/solana/..%2F..%2Flatest%2Fdex%2Fsearch%3Fq%3Dx');
  });
});

describe('DexScreenerClient failures', () => {
  test('a truncated body is malformed', async () => {
    fake.script = [{ body: PAIRS.slice(0, 200) }];
    assert.equal((await failure(client().tokenPairs([JUP]))).kind, 'malformed');
  });

  test('the legacy `{ pairs }` envelope where an array is documented is malformed, not silently empty', async () => {
    fake.script = [{ body: '{"schemaVersion":"1.0.0","pairs":[]}' }];
    assert.equal((await failure(client().tokenPairs([JUP]))).kind, 'malformed');
  });

  test('an old pair without quoteToken.address is skipped and reported; the other pairs answer', async () => {
    const pairs = JSON.parse(PAIRS) as { pairAddress: string; quoteToken: Record<string, unknown> }[];
    delete pairs[1]!.quoteToken.address;
    fake.script = [{ body: JSON.stringify(pairs) }];
    const { value, skipped } = await collectSkipped(() => client().tokenPairs([JUP]));
    assert.deepEqual(value.map((p) => p.pairAddress), [pairs[0]!, pairs[2]!, pairs[3]!].map((p) => p.pairAddress));
    assert.deepEqual(skippedCaveats(skipped), [{
      code: 'items_skipped',
      leg: 'market_data',
      message: "1 malformed pair entry from DEX Screener was skipped (first: /1/quoteToken must have required property 'address'); the rest of the list was used.",
    }]);
  });

  test('skips of every batch are summed into one caveat', async () => {
    const pairs = JSON.parse(PAIRS) as { quoteToken: Record<string, unknown> }[];
    delete pairs[2]!.quoteToken.address;
    fake.script = [{ body: JSON.stringify(pairs) }];
    const mints = Array.from({ length: 45 }, (_, i) => `Mint${String(i).padStart(40, 'x')}`);
    const { value, skipped } = await collectSkipped(() => client().tokenPairs(mints));
    assert.equal(fake.requests.length, 2);
    assert.equal(value.length, 3, 'both batches answered the same three good pairs: kept once');
    assert.deepEqual(skippedCaveats(skipped).map((c) => c.message.slice(0, 56)), ['2 malformed pair entries from DEX Screener were skipped ']);
  });

  test('a list in which no pair is valid is malformed, not an empty market', async () => {
    const broken = (JSON.parse(PAIRS) as Record<string, unknown>[]).map((p) => ({ ...p, pairAddress: undefined }));
    fake.script = [{ body: JSON.stringify(broken) }];
    const err = await failure(client().tokenPairs([JUP]));
    assert.equal(err.kind, 'malformed');
    assert.equal(err.leg, 'market_data');
    assert.match(err.message, /all 4 pair entries are malformed/);
  });

  test('a wrapped body (the older `{ schemaVersion, pairs }`) is malformed: the envelope stays strict', async () => {
    fake.script = [{ body: JSON.stringify({ schemaVersion: '1.0.0', pairs: JSON.parse(PAIRS) }) }];
    assert.equal((await failure(client().tokenPairs([JUP]))).kind, 'malformed');
  });

  test('a 429 then a 200 is retried to success', async () => {
    fake.script = [{ status: 429, body: '{"error":"rate limited"}' }, { body: PAIRS }];
    const pairs = await client().tokenPairs([JUP]);
    assert.equal(pairs.length, 4);
    assert.equal(fake.requests.length, 2);
  });

  test('three 500s are `unavailable` after exactly three attempts', async () => {
    fake.script = [{ status: 500, body: '{"error":"internal"}' }];
    const err = await failure(client().tokenPairs([JUP]));
    assert.equal(err.kind, 'unavailable');
    assert.equal(fake.requests.length, 3);
  });
});

describe('bestPair', () => {
  const pairs = JSON.parse(PAIRS) as DexPair[];

  test('picks the deepest pool where the mint is the base token', () => {
    // The MCAT/JUP pool is deeper (5.0 M) but prices MCAT, not JUP; orca's 3.1 M beats raydium's 1.9 M.
    assert.equal(bestPair(pairs, JUP)?.pairAddress, 'DF12VQF4YPDHhL43eo8uSdcHzzZWPhSxDuTsbCzCQhhc');
    assert.equal(bestPair(pairs, MCAT)?.dexId, 'meteora');
  });

  test('a pair without a liquidity figure is still chosen when it is the only one', () => {
    assert.equal(bestPair(pairs, FRESH)?.dexId, 'pumpswap');
  });

  test('null when no pair has the mint as base, or on another chain', () => {
    assert.equal(bestPair(pairs, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'), null);
    const elsewhere = pairs.map((p) => ({ ...p, chainId: 'ethereum' }));
    assert.equal(bestPair(elsewhere, JUP), null);
  });

  test('equal liquidity is broken by 24 h volume, then by pair address (deterministic)', () => {
    const [a, b] = pairs as [DexPair, DexPair];
    const same = { usd: 1000, base: 1, quote: 1 };
    const x = { ...a, pairAddress: 'A1', liquidity: same, volume: { h24: 10 } };
    const y = { ...b, baseToken: a.baseToken, pairAddress: 'B1', liquidity: same, volume: { h24: 20 } };
    assert.equal(bestPair([x, y], JUP)?.pairAddress, 'B1');
    const z = { ...y, volume: { h24: 10 } };
    assert.equal(bestPair([x, z], JUP)?.pairAddress, 'A1');
    assert.equal(bestPair([z, x], JUP)?.pairAddress, 'A1');
  });
});
