/**
 * Contract tests for the Helius client: the real client (through HttpSource, retries and breaker
 * included) against a loopback server that answers with hand-written fixtures of Helius' documented
 * wire formats. They pin what we send (method, path, params, api-key placement) and what we accept.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { HttpSource } from '../../src/sources/http-source.js';
import { HeliusClient, servedCount } from '../../src/sources/helius.js';
import { collectSkipped, skippedCaveats, SourceError } from '../../src/sources/errors.js';
import { ManualTimers } from '../../src/lib/timers.js';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/helius/${name}`, import.meta.url), 'utf8');
const WALLET = '86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY';
const KEY = 'test-key-0f3a9c';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: any;
}
type Reply = { status?: number; body: string };

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
/** Set per test: how the fake Helius answers the n-th request (0-based). */
let reply: (req: Seen, n: number) => Reply = () => ({ status: 500, body: '{}' });

before(async () => {
  server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const url = new URL(req.url ?? '/', 'http://x');
    const rec: Seen = { method: req.method ?? '', path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined };
    seen.push(rec);
    const answer = reply(rec, seen.length - 1);
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
});

/**
 * A fresh client per test (fresh breaker), fast backoff. Both hosts point at the one fake server. The 2 s
 * budget runs on manual time that no test moves: no call here is meant to time out, however slow the machine.
 */
function client(): HeliusClient {
  const timers = new ManualTimers();
  const source = () => new HttpSource({ leg: 'wallet_assets', baseUrl, query: { 'api-key': KEY }, retries: 2, backoffMs: 5, timeoutMs: 2000, timers });
  return new HeliusClient({ rpc: source(), api: source() });
}

async function rejectsWith(p: Promise<unknown>, kind: string): Promise<SourceError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof SourceError, `expected SourceError, got ${String(err)}`);
    assert.equal(err.kind, kind);
    assert.equal(err.leg, 'wallet_assets');
    // The key travels in the query string; it must never leak into an error.
    assert.ok(!err.message.includes(KEY));
    return err;
  }
  assert.fail(`expected a ${kind} SourceError`);
}

describe('DAS getAssetsByOwner', () => {
  test('sends the documented JSON-RPC request and parses fungibles, NFTs and the native balance', async () => {
    reply = () => ({ body: fixture('getAssetsByOwner.page1.json') });
    const out = await client().getAssetsByOwner(WALLET);

    assert.equal(seen.length, 1);
    const req = seen[0]!;
    assert.equal(req.method, 'POST');
    assert.equal(req.path, '/');
    assert.equal(req.query.get('api-key'), KEY);
    assert.equal(req.body.jsonrpc, '2.0');
    assert.equal(req.body.method, 'getAssetsByOwner');
    assert.equal(req.body.params.ownerAddress, WALLET);
    assert.equal(req.body.params.page, 1);
    assert.equal(req.body.params.limit, 1000);
    assert.equal(req.body.params.displayOptions.showFungible, true);
    assert.equal(req.body.params.displayOptions.showNativeBalance, true);
    assert.equal(req.body.params.displayOptions.showZeroBalance, false);

    // A 6-item page under the limit is the last page.
    assert.equal(out.truncated, false);
    assert.equal(out.pagesFetched, 1);
    assert.equal(out.items.length, 6);
    assert.deepEqual(out.nativeBalance, { lamports: 2847193560, price_per_sol: 142.37, total_price: 405.35494714 });

    const usdc = out.items.find((a) => a.id === 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')!;
    assert.equal(usdc.interface, 'FungibleToken');
    assert.equal(usdc.token_info?.balance, 1523450000);
    assert.equal(usdc.token_info?.decimals, 6);
    assert.equal(usdc.token_info?.price_info?.price_per_token, 0.999913);
    // An unpriced token simply has no price_info (unknown, not zero).
    const wifcat = out.items.find((a) => a.token_info?.symbol === 'WIFCAT')!;
    assert.equal(wifcat.token_info?.price_info, undefined);

    const compressed = out.items.filter((a) => a.compression?.compressed);
    assert.deepEqual(compressed.map((a) => a.content?.metadata.name), ['Moonrise #212', '5000 JUP Airdrop Voucher']);
    const madLad = out.items.find((a) => a.interface === 'ProgrammableNFT')!;
    assert.equal(madLad.compression?.compressed, false);
    assert.deepEqual(madLad.grouping?.map((g) => [g.group_key, g.group_value, g.collection_metadata?.name]), [
      ['collection', 'J1S9H3QjnRtBbbuD4HjPV6RpRhwuk4zKbxsnCHuTgh9w', 'Mad Lads'],
    ]);
  });

  test('pages until a short page, and stops at the page cap reporting truncation', async () => {
    const page = JSON.parse(fixture('getAssetsByOwner.page1.json'));
    const items = page.result.items as unknown[];
    // `total` is the count of this page in DAS; a full page (== limit) means "maybe more".
    const pageOf = (n: number) => JSON.stringify({ ...page, result: { ...page.result, page: n, limit: 2, total: n < 3 ? 2 : 1, items: n < 3 ? items.slice(0, 2) : items.slice(0, 1) } });
    reply = (req) => ({ body: pageOf(req.body.params.page) });

    const all = await client().getAssetsByOwner(WALLET, { limit: 2, maxPages: 5 });
    assert.deepEqual(seen.map((s) => s.body.params.page), [1, 2, 3]);
    assert.equal(all.items.length, 5);
    assert.equal(all.truncated, false);

    seen = [];
    const capped = await client().getAssetsByOwner(WALLET, { limit: 2, maxPages: 2 });
    assert.deepEqual(seen.map((s) => s.body.params.page), [1, 2], 'must not fetch beyond the cap');
    assert.equal(capped.items.length, 4);
    assert.equal(capped.truncated, true);
    assert.equal(capped.pagesFetched, 2);
  });

  test('one asset without `ownership` is skipped and reported; the page and the other assets answer', async () => {
    const page = JSON.parse(fixture('getAssetsByOwner.page1.json'));
    const lost = page.result.items[2].id;
    delete page.result.items[2].ownership;
    reply = () => ({ body: JSON.stringify(page) });
    const { value, skipped } = await collectSkipped(() => client().getAssetsByOwner(WALLET));
    assert.equal(value.items.length, 5);
    assert.ok(!value.items.some((a) => a.id === lost));
    assert.deepEqual(value.nativeBalance, { lamports: 2847193560, price_per_sol: 142.37, total_price: 405.35494714 });
    assert.deepEqual(skippedCaveats(skipped), [{
      code: 'items_skipped', leg: 'wallet_assets',
      message: "1 malformed asset entry from Helius was skipped (first: /2 must have required property 'ownership'); the rest of the list was used.",
    }]);
  });

  test('a full page with one skipped asset is still full: paging goes on (the page as served decides, not the items kept)', async () => {
    const page = JSON.parse(fixture('getAssetsByOwner.page1.json'));
    const items = page.result.items as Record<string, unknown>[];
    const bad = { ...items[1]!, ownership: undefined };
    const pageOf = (n: number) => JSON.stringify({ ...page, result: { ...page.result, page: n, limit: 2, total: n === 1 ? 2 : 1, items: n === 1 ? [items[0], bad] : [items[2]] } });
    reply = (req) => ({ body: pageOf(req.body.params.page) });
    const { value, skipped } = await collectSkipped(() => client().getAssetsByOwner(WALLET, { limit: 2, maxPages: 5 }));
    assert.deepEqual(seen.map((r) => r.body.params.page), [1, 2]);
    assert.deepEqual(value.items.map((a) => a.id), [items[0]!.id, items[2]!.id]);
    assert.equal(value.truncated, false);
    assert.equal(skipped[0]?.count, 1);
  });

  test('a body that is not the documented shape is malformed, not trusted', async () => {
    reply = () => ({ body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { total: 1, limit: 1000, items: [{ id: 'x' }] } }) });
    await rejectsWith(client().getAssetsByOwner(WALLET), 'malformed');
    reply = () => ({ body: fixture('getAssetsByOwner.page1.json').slice(0, 400) });
    await rejectsWith(client().getAssetsByOwner(WALLET), 'malformed');
  });

  test('429 then 200 is retried to success', async () => {
    reply = (_req, n) => (n === 0 ? { status: 429, body: '{"jsonrpc":"2.0","error":{"code":-32429,"message":"rate limited"}}' } : { body: fixture('getAssetsByOwner.page1.json') });
    const out = await client().getAssetsByOwner(WALLET);
    assert.equal(seen.length, 2);
    assert.equal(out.items.length, 6);
  });

  test('500 three times is unavailable after the bounded retries', async () => {
    reply = () => ({ status: 500, body: '{"error":"internal"}' });
    await rejectsWith(client().getAssetsByOwner(WALLET), 'unavailable');
    assert.equal(seen.length, 3);
  });
});

describe('DAS getAsset', () => {
  test('parses a mint with authorities and price', async () => {
    reply = () => ({ body: fixture('getAsset.usdc.json') });
    const asset = await client().getAsset('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    assert.equal(seen[0]!.body.method, 'getAsset');
    assert.equal(seen[0]!.body.params.id, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    assert.equal(asset?.content?.metadata.name, 'USD Coin');
    assert.equal(asset?.token_info?.mint_authority, 'BJE5MMbqXjVwjAF7oxwPYXnTXDyspzZyt4vwenNw5ruG');
    assert.equal(asset?.token_info?.freeze_authority, '7dGbd2QZcCKcTndnHcTL8q7SMVXAkp688NTQYwrRCrar');
    assert.equal(asset?.token_info?.price_info?.price_per_token, 0.999913);
  });

  test('a revoked authority is not set (absent), never an empty string', async () => {
    reply = () => ({ body: fixture('getAsset.bonk.json') });
    const asset = await client().getAsset('DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263');
    assert.equal(asset?.token_info?.mint_authority, undefined);
    assert.equal(asset?.token_info?.decimals, 5);
    // Supplies above 2^53 arrive as rounded JSON numbers (documented precision limit of the format).
    assert.ok(Math.abs((asset?.token_info?.supply ?? 0) - 8.88159497356164e18) < 1e4);
  });

  test('an unknown id is null after one request: an answer, not a failure to retry', async () => {
    reply = () => ({ body: fixture('getAsset.not-found.json') });
    const helius = client();
    assert.equal(await helius.getAsset('So11111111111111111111111111111111111111111'), null);
    assert.equal(seen.length, 1);
  });

  test('other JSON-RPC errors still fail', async () => {
    reply = () => ({ body: '{"jsonrpc":"2.0","id":"getAsset","error":{"code":-32603,"message":"Internal error"}}' });
    await rejectsWith(client().getAsset('DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'), 'unavailable');
  });
});

describe('Enhanced transactions', () => {
  test('history: GET /v0/addresses/{address}/transactions with limit and before-signature', async () => {
    reply = () => ({ body: fixture('transactionsByAddress.json') });
    const txs = await client().getTransactionsByAddress(WALLET, { limit: 3, beforeSignature: 'abc' });
    const req = seen[0]!;
    assert.equal(req.method, 'GET');
    assert.equal(req.path, `/v0/addresses/${WALLET}/transactions`);
    assert.equal(req.query.get('limit'), '3');
    assert.equal(req.query.get('before-signature'), 'abc');
    assert.equal(req.query.get('api-key'), KEY);

    assert.deepEqual(txs.map((t) => [t.type, t.source]), [['SWAP', 'JUPITER'], ['TRANSFER', 'SYSTEM_PROGRAM'], ['UNKNOWN', 'UNKNOWN']]);
    const [swap, transfer, failed] = txs;
    assert.equal(swap!.tokenTransfers?.[1]?.tokenAmount, 284.613452);
    assert.equal(swap!.accountData?.[4]?.tokenBalanceChanges?.[0]?.rawTokenAmount.tokenAmount, '284613452');
    assert.deepEqual(swap!.instructions?.map((i) => i.programId), ['ComputeBudget111111111111111111111111111111', 'ComputeBudget111111111111111111111111111111', 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4']);
    assert.ok(swap!.events?.swap);
    assert.equal(transfer!.nativeTransfers?.[0]?.amount, 500000000);
    assert.equal(transfer!.transactionError, null);
    assert.deepEqual(failed!.transactionError, { error: 'custom program error: 0x1771' });
  });

  test('history limit is clamped to the documented 1..100', async () => {
    reply = () => ({ body: '[]' });
    await client().getTransactionsByAddress(WALLET, { limit: 500 });
    assert.equal(seen[0]!.query.get('limit'), '100');
    assert.equal(seen[0]!.query.get('before-signature'), null);
  });

  test('parse: POST /v0/transactions {transactions:[sig]}', async () => {
    reply = () => ({ body: fixture('parseTransactions.nftSale.json') });
    const sig = '2aozehp17xTaZn9c2MuEoX6mK5e3g22ioSrVGD6u9LXngVVajQSuD1Si7DyvTiPDBrx35ofqVU1KnKGHELzXZ8gQ';
    const tx = await client().parseTransaction(sig);
    assert.equal(seen[0]!.method, 'POST');
    assert.equal(seen[0]!.path, '/v0/transactions');
    assert.deepEqual(seen[0]!.body, { transactions: [sig] });
    assert.equal(tx?.type, 'NFT_SALE');
    assert.equal(tx?.source, 'MAGIC_EDEN');
    assert.equal(tx?.tokenTransfers?.[0]?.tokenStandard, 'ProgrammableNonFungible');
    assert.equal(tx?.nativeTransfers?.reduce((s, t) => s + t.amount, 0), 52_400_000_000);
  });

  test('parse: an unknown signature is absent from the answer → null', async () => {
    reply = () => ({ body: '[]' });
    assert.equal(await client().parseTransaction('3iXNSGj7wFPtGL8NiWHxzVUJDGer9YmEgz4bvgS8rQXczQwpm4yxdmG7dk1GUBMU5DfxsycQDVH8bb5FtT8pamoA'), null);
    assert.equal(seen.length, 1);
  });

  test('parse: more than 100 signatures go in batches of 100', async () => {
    reply = () => ({ body: '[]' });
    await client().parseTransactions(Array.from({ length: 150 }, (_, i) => `sig${i}`));
    assert.deepEqual(seen.map((s) => s.body.transactions.length), [100, 50]);
  });

  test('history: one transaction without a signature is skipped and reported; `servedCount` still sees the page as served', async () => {
    const txs = JSON.parse(fixture('transactionsByAddress.json')) as Record<string, unknown>[];
    delete txs[1]!.signature;
    reply = () => ({ body: JSON.stringify(txs) });
    const { value, skipped } = await collectSkipped(() => client().getTransactionsByAddress(WALLET, { limit: 3 }));
    assert.deepEqual(value.map((t) => t.type), ['SWAP', 'UNKNOWN']);
    assert.equal(servedCount(value), 3, 'a full page of 3: the caller pages on');
    assert.deepEqual(skipped.map((n) => [n.leg, n.provider, n.what, n.count, n.firstError]), [
      ['wallet_assets', 'Helius', 'transaction', 1, "/1 must have required property 'signature'"],
    ]);
  });

  test('parse: a malformed transaction in a batch is skipped and reported; the others answer', async () => {
    const txs = JSON.parse(fixture('transactionsByAddress.json')) as Record<string, unknown>[];
    txs[0]!.timestamp = '1733828400';
    reply = () => ({ body: JSON.stringify(txs) });
    const { value, skipped } = await collectSkipped(() => client().parseTransactions(txs.map((t) => String(t.signature))));
    assert.deepEqual(value.map((t) => t.signature), [txs[1]!.signature, txs[2]!.signature]);
    assert.equal(skipped[0]?.firstError, '/0/timestamp must be integer');
  });

  test('malformed, 429→200, 500×3', async () => {
    reply = () => ({ body: '[{"signature": 42}]' });
    await rejectsWith(client().getTransactionsByAddress(WALLET), 'malformed');

    seen = [];
    reply = (_req, n) => (n === 0 ? { status: 429, body: '{"error":"Too many requests"}' } : { body: fixture('transactionsByAddress.json') });
    assert.equal((await client().getTransactionsByAddress(WALLET)).length, 3);
    assert.equal(seen.length, 2);

    seen = [];
    reply = () => ({ status: 500, body: '{"error":"internal"}' });
    await rejectsWith(client().parseTransaction('x'), 'unavailable');
    assert.equal(seen.length, 3);
  });
});
