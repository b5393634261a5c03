/**
 * Contract test of DexScreenerClient.latestTokenProfiles (the fresh-token feed) against a fixture
 * hand-written to the documented `/token-profiles/latest/v1` format (an array of TokenProfile across
 * chains), served by a loopback server.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { listFeedContract, scriptedDexScreener } from '../helpers/list-feed-contract.js';

const PROFILES = readFileSync(new URL('../fixtures/dexscreener/latest-profiles.json', import.meta.url), 'utf8');
const FROG = '7GCwGdpV1tz6G3bbQjfD5qWWqvMpN4x6H4n3nq8C6pump';
const OTHER = '9kp6CtEkkPJKwcMMNygyimSLiRgx8dpj31E9kDs7q2BK';

const { server, client, served } = scriptedDexScreener();

describe('DexScreenerClient.latestTokenProfiles', () => {
  test('asks the documented path and keeps Solana profiles in served order, each token once (its first entry)', async () => {
    const profiles = await served(PROFILES, (c) => c.latestTokenProfiles(), '/token-profiles/latest/v1');
    assert.deepEqual(profiles.map((p) => p.tokenAddress), [FROG, OTHER]);
    const [frog, other] = profiles as [NonNullable<(typeof profiles)[0]>, NonNullable<(typeof profiles)[0]>];
    assert.equal(frog.description, 'A frog that only goes up.');
    assert.equal(frog.url, 'https://dexscreener.com/solana/7gcwgdpv1tz6g3bbqjfd5qwwqvmpn4x6h4n3nq8c6pump');
    assert.deepEqual(frog.links?.map((l) => l.type ?? l.label), ['Website', 'twitter', 'telegram']);
    assert.equal(other.header, null, 'presentation fields may be null');
    assert.equal(other.links, null);
  });

  listFeedContract({ server, fixture: PROFILES, read: () => client().latestTokenProfiles(), required: { entry: 1, field: 'tokenAddress' } });
});
