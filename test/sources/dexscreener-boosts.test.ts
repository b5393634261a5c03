/**
 * Contract test of DexScreenerClient.topBoostedTokens (the feed's candidate list) against a fixture
 * hand-written to the documented `/token-boosts/top/v1` format, served by a loopback server.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { listFeedContract, scriptedDexScreener } from '../helpers/list-feed-contract.js';

const BOOSTS = readFileSync(new URL('../fixtures/dexscreener/top-boosts.json', import.meta.url), 'utf8');

const { server, client, served } = scriptedDexScreener();

describe('DexScreenerClient.topBoostedTokens', () => {
  test('asks the documented path and keeps Solana entries in order, each token once', async () => {
    const boosts = await served(BOOSTS, (c) => c.topBoostedTokens(), '/token-boosts/top/v1');
    assert.deepEqual(boosts.map((b) => [b.tokenAddress, b.totalAmount]), [
      ['9kp6CtEkkPJKwcMMNygyimSLiRgx8dpj31E9kDs7q2BK', 1000],
      ['JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 130],
    ]);
    assert.equal(boosts[0]!.links?.[1]?.type, 'twitter');
    assert.equal(boosts[1]!.links, null, 'profile fields may be null');
  });

  listFeedContract({ server, fixture: BOOSTS, read: () => client().topBoostedTokens(), required: { entry: 2, field: 'totalAmount' } });
});
