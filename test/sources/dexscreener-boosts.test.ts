/**
 * Contract test of DexScreenerClient.topBoostedTokens (the feed's candidate list) against a fixture
 * hand-written to the documented `/token-boosts/top/v1` format, served by a loopback server.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, beforeEach, describe, test } from 'node:test';
import { DexScreenerClient } from '../../src/sources/dexscreener.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { failure } from '../helpers/source-failure.js';
import { startScriptedServer, type ScriptedServer } from '../helpers/scripted-server.js';

const BOOSTS = readFileSync(new URL('../fixtures/dexscreener/top-boosts.json', import.meta.url), 'utf8');

let fake: ScriptedServer;
before(async () => {
  fake = await startScriptedServer();
});
after(() => fake.close());
beforeEach(() => fake.reset());

const client = () => new DexScreenerClient({ http: new HttpSource({ leg: 'market_data', baseUrl: fake.baseUrl, backoffMs: 1, retries: 2 }) });

describe('DexScreenerClient.topBoostedTokens', () => {
  test('asks the documented path and keeps Solana entries in order, each token once', async () => {
    fake.script = [{ body: BOOSTS }];
    const boosts = await client().topBoostedTokens();
    assert.deepEqual(fake.requests.map((r) => r.url), ['/token-boosts/top/v1']);
    assert.deepEqual(boosts.map((b) => [b.tokenAddress, b.totalAmount]), [
      ['9kp6CtEkkPJKwcMMNygyimSLiRgx8dpj31E9kDs7q2BK', 1000],
      ['JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 130],
    ]);
    assert.equal(boosts[0]!.links?.[1]?.type, 'twitter');
    assert.equal(boosts[1]!.links, null, 'profile fields may be null');
  });

  test('an empty list is an answer', async () => {
    fake.script = [{ body: '[]' }];
    assert.deepEqual(await client().topBoostedTokens(), []);
  });

  test('a single object where the array is served is malformed', async () => {
    const [first] = JSON.parse(BOOSTS) as unknown[];
    fake.script = [{ body: JSON.stringify(first) }];
    assert.equal((await failure(client().topBoostedTokens())).kind, 'malformed');
  });

  test('an entry without totalAmount is malformed', async () => {
    const entries = JSON.parse(BOOSTS) as Record<string, unknown>[];
    delete entries[2]!.totalAmount;
    fake.script = [{ body: JSON.stringify(entries) }];
    const err = await failure(client().topBoostedTokens());
    assert.equal(err.kind, 'malformed');
    assert.equal(err.leg, 'market_data');
  });

  test('a 503 three times is unavailable', async () => {
    fake.script = [{ status: 503, body: '{}' }];
    assert.equal((await failure(client().topBoostedTokens())).kind, 'unavailable');
    assert.equal(fake.requests.length, 3);
  });
});
