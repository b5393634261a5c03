/**
 * Determinism: the sandbox world is a function of (seed, time). Two separate services on the same
 * fixed clock give byte-identical answers (everything but `meta`) to the same paid call on each of the
 * five endpoints — paid on Solana at one and on Base at the other — and moving the clock a day on
 * changes a token's prices (the world evolves).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A, CAST_SIGNATURE as S } from '../../src/sandbox/world/index.js';
import { newPayer, paidInvoke, type PayNetwork } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;

/** A fixed sandbox moment (not "now"), so every run compares the same world. */
const FIXED_NOW = new Date('2026-03-14T15:09:26Z');
const DAY_MS = 86_400_000;

const CALLS: [string, Record<string, unknown>][] = [
  ['enrich-wallet-light', { address: A.WALLET_NFT_COLLECTOR }],
  ['enrich-wallet-full', { address: A.WALLET_DEFI }],
  ['enrich-token-light', { mint: A.TOKEN_SAFE }],
  ['enrich-token-full', { mint: A.TOKEN_RISKY, format: 'both' }],
  ['parse-transaction', { signature: S.TX_SWAP_JUPITER }],
];

/** A paid call; the answer text without `meta`, and the answer. */
async function answer(service: TestService, network: PayNetwork, key: string, body: Record<string, unknown>): Promise<{ data: string; json: Json }> {
  const payer = await newPayer(service, network);
  const res = await paidInvoke(payer, service, key, body);
  const text = await res.text();
  assert.equal(res.status, 200, `${key}: ${text}`);
  const json = JSON.parse(text);
  const { meta: _meta, ...data } = json;
  return { data: JSON.stringify(data), json };
}

describe('determinism', () => {
  let first: TestService;
  let second: TestService;
  before(async () => {
    [first, second] = await Promise.all([startTestService({ fixedNow: FIXED_NOW }), startTestService({ fixedNow: FIXED_NOW })]);
  });
  after(() => Promise.all([first.close(), second.close()]));

  it('two services on the same clock give byte-identical data for each of the five endpoints', async () => {
    const results = await Promise.all([
      Promise.all(CALLS.map(([key, body]) => answer(first, 'solana', key, body))),
      Promise.all(CALLS.map(([key, body]) => answer(second, 'base', key, body))),
    ]);
    CALLS.forEach(([key], i) => {
      const [a, b] = [results[0]![i]!, results[1]![i]!];
      assert.equal(a.json.meta.cache.hit, false, `${key}: computed, not cached`);
      assert.equal(b.json.meta.cache.hit, false, `${key}: computed, not cached`);
      assert.notEqual(a.json.meta.request_id, b.json.meta.request_id);
      assert.deepEqual([a.json.meta.served_at, b.json.meta.served_at], [FIXED_NOW.toISOString(), FIXED_NOW.toISOString()]);
      assert.ok(a.data.length > 500, `${key}: a real answer (${a.data.length} bytes)`);
      assert.equal(a.data, b.data, `${key}: identical data`);
    });
    // The answers really are the cast members' (a sanity check that nothing trivial was compared).
    const [walletLight, walletFull, tokenLight, tokenFull, tx] = results[0]!.map((r) => r.json);
    assert.ok(walletLight.labels.includes('nft_collector'));
    assert.ok(walletFull.defi_positions.length >= 3);
    assert.equal(tokenLight.symbol, 'ROCK');
    assert.match(tokenFull.llm_summary, /RUGR/);
    assert.equal(tx.type, 'SWAP');
  });

  it('a day later the world has moved: the same token is priced differently', async () => {
    const mint = A.TOKEN_VOL_MODERATE;
    const today = (await answer(first, 'solana', 'enrich-token-light', { mint })).json;
    first.advance(DAY_MS);
    try {
      const tomorrow = (await answer(first, 'solana', 'enrich-token-light', { mint })).json;
      assert.equal(tomorrow.meta.served_at, new Date(FIXED_NOW.getTime() + DAY_MS).toISOString());
      assert.equal(tomorrow.meta.cache.hit, false, 'a day is past the cache TTL');
      assert.notEqual(tomorrow.price.price_usd, today.price.price_usd);
      const bySource = (t: Json) => new Map(t.price.sources_used.map((s: Json) => [s.source, s.price]));
      const [p0, p1] = [bySource(today), bySource(tomorrow)];
      assert.equal(p0.size, 3);
      for (const [source, price] of p0) assert.notEqual(p1.get(source), price, `${source} moved`);
      assert.notEqual(tomorrow.liquidity_usd, today.liquidity_usd, 'pool liquidity waves too');
    } finally {
      first.advance(-DAY_MS);
    }
  });
});
