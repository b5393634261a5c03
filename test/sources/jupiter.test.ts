/**
 * Contract tests of the Jupiter client (Tokens V2, Price V3, Swap v1 quote): the real client and
 * HttpSource run against a loopback server serving fixtures hand-written to Jupiter's documented
 * formats, so URL building, parsing, the "no route" answer, retries and error mapping are all real.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, beforeEach, describe, test } from 'node:test';
import { collectSkipped } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { JupiterClient } from '../../src/sources/jupiter.js';
import { failure } from '../helpers/source-failure.js';
import { startScriptedServer, type ScriptedServer } from '../helpers/scripted-server.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const FRESH = '9kp6CtEkkPJKwcMMNygyimSLiRgx8dpj31E9kDs7q2BK';
const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const KEY = 'test-key-never-in-errors';
const fixture = (name: string) => readFileSync(new URL(`../fixtures/jupiter/${name}`, import.meta.url), 'utf8');

let fake: ScriptedServer;
let baseUrl: string;

before(async () => {
  fake = await startScriptedServer();
  baseUrl = fake.baseUrl;
});
after(() => fake.close());
beforeEach(() => fake.reset());

function client(): { jupiter: JupiterClient; http: HttpSource } {
  // As the lead wires it when a key is configured: the key travels as a header set on the HttpSource.
  const http = new HttpSource({ leg: 'price_aggregator', baseUrl, backoffMs: 1, retries: 2, headers: { 'x-api-key': KEY }, timers: sourceTimers });
  return { jupiter: new JupiterClient({ http }), http };
}

describe('JupiterClient tokens (Tokens API V2 search)', () => {
  test('searches by mint and returns the typed entry with verification and audit', async () => {
    fake.script = [{ body: fixture('tokens-search.json') }];
    const token = await client().jupiter.token(JUP);
    assert.equal(fake.requests[0]!.path, '/tokens/v2/search');
    assert.equal(fake.requests[0]!.query.get('query'), JUP);
    assert.equal(fake.requests[0]!.headers['x-api-key'], KEY);
    assert.ok(token);
    assert.equal(token.isVerified, true);
    assert.deepEqual(token.tags, ['community', 'strict', 'verified']);
    assert.equal(token.audit?.mintAuthorityDisabled, true);
    assert.equal(token.audit?.topHoldersPercentage, 15.45);
    assert.equal(token.organicScore, 97.98);
    assert.equal(token.usdPrice, 0.1415);
    assert.equal(token.holderCount, 857254);
    assert.equal(token.stats24h?.priceChange, -8.27);
  });

  test('an unverified young token with nulls (tags, stats) parses, and only exact mint matches are kept', async () => {
    fake.script = [{ body: fixture('tokens-search.json') }];
    const tokens = await client().jupiter.tokens([FRESH]);
    // The answer also carried JUP, which was not asked for.
    assert.deepEqual(tokens.map((t) => t.id), [FRESH]);
    assert.equal(tokens[0]!.isVerified, false);
    assert.equal(tokens[0]!.tags, null);
    assert.equal(tokens[0]!.audit?.freezeAuthorityDisabled, false);
    assert.equal(tokens[0]!.stats24h, null);
  });

  test('one entry without decimals is skipped and reported; the other tokens answer', async () => {
    const entries = JSON.parse(fixture('tokens-search.json')) as { id: string; decimals?: number }[];
    const broken = entries.findIndex((t) => t.id === FRESH);
    delete entries[broken]!.decimals;
    fake.script = [{ body: JSON.stringify(entries) }];
    const { value, skipped } = await collectSkipped(() => client().jupiter.tokens([JUP, FRESH]));
    assert.deepEqual(value.map((t) => t.id), [JUP]);
    assert.deepEqual(skipped.map((n) => [n.leg, n.provider, n.what, n.count, n.firstError]), [
      ['price_aggregator', 'Jupiter', 'token', 1, `/${broken} must have required property 'decimals'`],
    ]);
  });

  test('several mints go in one comma-separated query; an unknown mint is null, not an error', async () => {
    fake.script = [{ body: fixture('tokens-search-empty.json') }];
    assert.deepEqual(await client().jupiter.tokens([JUP, FRESH]), []);
    assert.equal(fake.requests[0]!.query.get('query'), `${JUP},${FRESH}`);
    assert.equal(await client().jupiter.token(SOL), null);
  });
});

describe('JupiterClient prices (Price API V3)', () => {
  test('asks /price/v3 with comma-separated ids and returns entries by mint', async () => {
    fake.script = [{ body: fixture('price.json') }];
    const prices = await client().jupiter.prices([SOL, JUP, FRESH]);
    assert.equal(fake.requests[0]!.path, '/price/v3');
    assert.equal(fake.requests[0]!.query.get('ids'), `${SOL},${JUP},${FRESH}`);
    assert.equal(prices[SOL]?.usdPrice, 147.48);
    assert.equal(prices[JUP]?.decimals, 6);
    assert.equal(prices[SOL]?.priceChange24h, 1.29);
    // FRESH was omitted by Jupiter (no reliable price): absent means unknown.
    assert.equal(FRESH in prices, false);
  });

  test('a null value for a mint is treated as "no price", and unrequested keys are ignored', async () => {
    fake.script = [{ body: JSON.stringify({ [JUP]: null, [SOL]: JSON.parse(fixture('price.json'))[SOL] }) }];
    const prices = await client().jupiter.prices([JUP]);
    assert.deepEqual(Object.keys(prices), []);
  });

  test('more than 50 ids are split into requests of at most 50', async () => {
    fake.script = [{ body: '{}' }];
    const mints = Array.from({ length: 60 }, (_, i) => `Mint${String(i).padStart(40, 'x')}`);
    await client().jupiter.prices(mints);
    assert.deepEqual(fake.requests.map((r) => r.query.get('ids')!.split(',').length).sort((a, b) => a - b), [10, 50]);
  });

  test('one price given as a string is left out (unknown, never zero) and reported; the other prices answer', async () => {
    const body = JSON.parse(fixture('price.json')) as Record<string, Record<string, unknown>>;
    body[JUP]!.usdPrice = String(body[JUP]!.usdPrice);
    fake.script = [{ body: JSON.stringify(body) }];
    const { value, skipped } = await collectSkipped(() => client().jupiter.prices([SOL, JUP]));
    assert.deepEqual(Object.keys(value), [SOL]);
    assert.deepEqual(skipped.map((n) => [n.leg, n.provider, n.what, n.count, n.firstError]), [['price_aggregator', 'Jupiter', 'price', 1, `/${JUP}/usdPrice must be number`]]);
  });

  test('prices that are all malformed, or a body that is not a map, are malformed', async () => {
    for (const body of [{ [SOL]: { usdPrice: '147.48', blockId: 1, decimals: 9 } }, [{ usdPrice: 147.48, decimals: 9 }]]) {
      fake.script = [{ body: JSON.stringify(body) }];
      assert.equal((await failure(client().jupiter.prices([SOL]))).kind, 'malformed');
    }
  });
});

describe('JupiterClient quote (Swap API v1)', () => {
  test('sends the documented query and parses the route plan', async () => {
    fake.script = [{ body: fixture('quote.json') }];
    const quote = await client().jupiter.quote({ inputMint: SOL, outputMint: USDC, amount: 100_000_000n });
    const q = fake.requests[0]!.query;
    assert.equal(fake.requests[0]!.path, '/swap/v1/quote');
    assert.deepEqual([q.get('inputMint'), q.get('outputMint'), q.get('amount'), q.get('slippageBps')], [SOL, USDC, '100000000', '50']);
    assert.ok(quote);
    assert.equal(quote.outAmount, '14741823');
    assert.equal(quote.priceImpactPct, '0.0001243');
    assert.deepEqual(quote.routePlan.map((r) => [r.swapInfo.label, r.percent]), [['Meteora DLMM', 70], ['Whirlpool', 30]]);
  });

  test('"no route" (HTTP 400 COULD_NOT_FIND_ANY_ROUTE) is null and does not count against the breaker', async () => {
    fake.script = [{ status: 400, body: fixture('quote-no-route.json') }];
    const { jupiter, http } = client();
    for (let i = 0; i < 6; i++) assert.equal(await jupiter.quote({ inputMint: FRESH, outputMint: USDC, amount: '1000000' }), null);
    // One request each: a no-route answer is not retried.
    assert.equal(fake.requests.length, 6);
    assert.equal(http.breaker.state, 'closed');
  });

  test('inputs a quote cannot have are refused before any request', async () => {
    const { jupiter } = client();
    await assert.rejects(jupiter.quote({ inputMint: SOL, outputMint: USDC, amount: '0' }), RangeError);
    await assert.rejects(jupiter.quote({ inputMint: SOL, outputMint: USDC, amount: '1.5' }), RangeError);
    await assert.rejects(jupiter.quote({ inputMint: SOL, outputMint: SOL, amount: '1' }), RangeError);
    await assert.rejects(jupiter.quote({ inputMint: SOL, outputMint: USDC, amount: '1', slippageBps: -1 }), RangeError);
    assert.equal(fake.requests.length, 0);
  });

  test('priceImpactPct as a number (not the documented string) is malformed', async () => {
    const body = { ...JSON.parse(fixture('quote.json')), priceImpactPct: 0.0001243 };
    fake.script = [{ body: JSON.stringify(body) }];
    assert.equal((await failure(client().jupiter.quote({ inputMint: SOL, outputMint: USDC, amount: '100000000' }))).kind, 'malformed');
  });
});

describe('JupiterClient failures', () => {
  test('a truncated body is malformed', async () => {
    fake.script = [{ body: fixture('tokens-search.json').slice(0, 300) }];
    const err = await failure(client().jupiter.token(JUP));
    assert.equal(err.kind, 'malformed');
    assert.equal(err.leg, 'price_aggregator');
  });

  test('an object where the search documents an array is malformed', async () => {
    fake.script = [{ body: '{"tokens":[]}' }];
    assert.equal((await failure(client().jupiter.token(JUP))).kind, 'malformed');
  });

  test('a 429 then a 200 is retried to success', async () => {
    fake.script = [{ status: 429, body: '{"message":"Too many requests"}' }, { body: fixture('price.json') }];
    const prices = await client().jupiter.prices([SOL]);
    assert.equal(prices[SOL]?.usdPrice, 147.48);
    assert.equal(fake.requests.length, 2);
  });

  test('three 500s are `unavailable` after three attempts, and the error never carries the key', async () => {
    fake.script = [{ status: 500, body: '{"error":"internal"}' }];
    const err = await failure(client().jupiter.quote({ inputMint: SOL, outputMint: USDC, amount: '1000' }));
    assert.equal(err.kind, 'unavailable');
    assert.equal(fake.requests.length, 3);
    assert.equal(`${err.message} ${err.stack}`.includes(KEY), false);
  });
});
