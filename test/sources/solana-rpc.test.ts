/**
 * Contract tests of the Solana RPC client against recorded-format fixtures, served by a loopback
 * JSON-RPC server so the real client path runs (HttpSource retries/breaker, jsonRpc envelope, typed parse).
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectSkipped, servedCount, SourceError } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { SolanaRpcClient, readMint, readTokenAccount } from '../../src/sources/solana-rpc.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/solana-rpc/${name}.json`, import.meta.url), 'utf8');

const WALLET = 'Sj1RuhzRYTiafvVLCQVQPdVW5Q2pTqp8HbrECPwu7mF';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const RISKY = 'DrBbiAejrAHDbFe3LGfw2xLKGP3NBfZ3t7a2nwe9Qes3';
const SWAP_SIG = '5vWMPiXR4N5ZBta2WgtTCi3fyVc1AMo3JN9kQqCrjpVw9znPjBgHTBq9oHg3UxpaDfSBwskqBr33xCjacU5535RS';
const FAILED_SIG = '2zDMz5fZneszVMQ6YcDY1cy4heD3VkDBAfVa8e3NmHikU7C21DDkKjthcDkt5ETK9W4ybEHMG8AsWWkZhUKZUBbc';

type Answer = { status: number; body: string } | ((request: { method: string; params: unknown[] }) => { status: number; body: string });
let queue: Answer[] = [];
let requests: { method: string; params: unknown[] }[] = [];
let server: Server;
let client: SolanaRpcClient;

/** Queue what the node answers next; the last entry repeats. */
const answer = (...answers: Answer[]) => {
  queue = answers;
};
const ok = (name: string): Answer => ({ status: 200, body: fixture(name) });

function newClient(): SolanaRpcClient {
  const { port } = server.address() as AddressInfo;
  return new SolanaRpcClient({ http: new HttpSource({ leg: 'chain_rpc', baseUrl: `http://127.0.0.1:${port}`, backoffMs: 1, retries: 2, timers: sourceTimers }) });
}

describe('SolanaRpcClient (fixtures)', () => {
  before(async () => {
    server = createServer(async (req, res) => {
      let text = '';
      for await (const chunk of req) text += chunk;
      const request = JSON.parse(text) as { method: string; params: unknown[] };
      requests.push(request);
      const next = queue.length > 1 ? queue.shift()! : queue[0]!;
      const { status, body } = typeof next === 'function' ? next(request) : next;
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  after(() => new Promise((r) => { server.closeAllConnections(); server.close(r); }));
  beforeEach(() => {
    requests = [];
    client = newClient();
  });

  it('getBalance sends a JSON-RPC 2.0 request and returns { context, value }', async () => {
    answer(ok('getBalance'));
    const res = await client.getBalance(WALLET);
    assert.equal(res.value, 2834551120);
    assert.equal(res.context.slot, 341255121);
    assert.equal(requests[0]!.method, 'getBalance');
    assert.equal(requests[0]!.params[0], WALLET);
  });

  it('getAccountInfo asks for jsonParsed; readMint reads a classic SPL mint with no extensions', async () => {
    answer(ok('getAccountInfo-mint-spl-token'));
    const res = await client.getAccountInfo(USDC);
    assert.deepEqual(requests[0]!.params[1], { encoding: 'jsonParsed', commitment: 'confirmed' });
    assert.deepEqual(readMint(res.value), {
      program: 'spl-token',
      decimals: 6,
      supplyRaw: '8902187261550123',
      mintAuthority: 'BJE5MMbqXjVwjAF7oxwPYXnTXDyspzZyt4vwenNw5ruG',
      freezeAuthority: '7dGbd2QZcCKcTndnHcTL8q7SMVXAkp688NTQYwrRCrar',
      extensions: {},
    });
  });

  it('readMint reads Token-2022 extensions; a hook with no program and unknown extensions are not flags', async () => {
    answer(ok('getAccountInfo-mint-token-2022'));
    const mint = readMint((await client.getAccountInfo('2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo')).value);
    assert.equal(mint?.program, 'spl-token-2022');
    assert.deepEqual(mint?.extensions, {
      transferFee: { basisPoints: 0, maximumFeeRaw: '0' },
      permanentDelegate: '2Jk5DGZ1PJVAzwhuABXyM83feUS6MT8mKRjvVFJ9VA7M',
      mintCloseAuthority: 'mwxU5fprpgN4vFodDXoZ53ceMLC5yxecWm7KkdDeoaf',
    });
  });

  it('readMint takes the newer transfer fee, keeps a u64::MAX fee cap exact, and reads hook and default-frozen', async () => {
    answer(ok('getAccountInfo-mint-token-2022-risky'));
    const mint = readMint((await client.getAccountInfo(RISKY)).value);
    assert.deepEqual(mint?.extensions, {
      transferFee: { basisPoints: 300, maximumFeeRaw: '18446744073709551615' },
      transferHookProgram: 'DhBk4ULjLZeo48Ciy9BJwzRri5wmChopUJ6gWVSaCDjx',
      defaultAccountStateFrozen: true,
      permanentDelegate: '9apKoygzFWAm87NkunUymBk1YKentAhorpuaSRbgbTM3',
      mintCloseAuthority: '9apKoygzFWAm87NkunUymBk1YKentAhorpuaSRbgbTM3',
    });
    assert.equal(mint?.supplyRaw, '999999731422119044');
  });

  it('readMint reads a unit extension (nonTransferable) and a default state that is not frozen', async () => {
    answer(ok('getAccountInfo-mint-token-2022-soulbound'));
    const mint = readMint((await client.getAccountInfo(RISKY)).value);
    assert.deepEqual(mint?.extensions, { nonTransferable: true, defaultAccountStateFrozen: false });
    assert.equal(mint?.freezeAuthority, null);
  });

  it('readMint is null for a token account, a wallet and a missing account; readTokenAccount reads the owner', async () => {
    answer(ok('getAccountInfo-token-account'));
    const tokenAccount = (await client.getAccountInfo('CanjYVgVcKmM5M246HZBEWD2wc4UxsYBWvYi2eVZ5m2e')).value;
    assert.equal(readMint(tokenAccount), null);
    assert.deepEqual(readTokenAccount(tokenAccount), { program: 'spl-token', mint: USDC, owner: WALLET, amountRaw: '1520000000', decimals: 6, frozen: false });

    answer(ok('getAccountInfo-system-account'));
    const wallet = (await client.getAccountInfo(WALLET)).value;
    assert.equal(readMint(wallet), null);
    assert.equal(readTokenAccount(wallet), null);

    answer(ok('getAccountInfo-not-found'));
    const missing = await client.getAccountInfo(WALLET);
    assert.equal(missing.value, null);
    assert.equal(readMint(missing.value), null);
  });

  it('getTokenLargestAccounts and getTokenSupply return raw amounts as strings', async () => {
    answer(ok('getTokenLargestAccounts'));
    const largest = await client.getTokenLargestAccounts(RISKY);
    assert.equal(largest.value.length, 5);
    assert.equal(largest.value[0]!.amount, '412550118200551302');
    assert.equal(largest.value[0]!.decimals, 9);
    answer(ok('getTokenSupply'));
    const supply = await client.getTokenSupply(RISKY);
    assert.equal(supply.value.amount, '999999731422119044');
    assert.equal(supply.value.uiAmountString, '999999731.422119044');
  });

  it('getMultipleAccounts resolves token-account owners (frozen state included) and keeps nulls in place', async () => {
    answer(ok('getMultipleAccounts'));
    const res = await client.getMultipleAccounts(['E4tWepKDNGgF2EJdLQKo1oTk1rGuDohytWhtWCasD5sj', '6nrweSuXae2uGShu3bPKP3nbQrsNgjZP4w3B9zrcRqAj', WALLET]);
    const facts = res.value.map(readTokenAccount);
    assert.equal(facts[0]?.owner, '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1');
    assert.equal(facts[1]?.frozen, true);
    assert.equal(res.value[2], null);
  });

  it('getMultipleAccounts splits more than 100 addresses into calls of at most 100, in order', async () => {
    const nulls = (request: { params: unknown[] }) => ({
      status: 200,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { context: { slot: 5 }, value: (request.params[0] as unknown[]).map(() => null) } }),
    });
    answer(nulls);
    const addresses = Array.from({ length: 150 }, (_, i) => (i % 2 ? WALLET : USDC));
    const res = await client.getMultipleAccounts(addresses);
    assert.equal(res.value.length, 150);
    assert.deepEqual(requests.map((r) => (r.params[0] as unknown[]).length).sort((a, b) => a - b), [50, 100]);
  });

  it('getSignaturesForAddress passes limit/before and returns failed signatures with their err', async () => {
    answer(ok('getSignaturesForAddress'));
    const sigs = await client.getSignaturesForAddress(WALLET, { limit: 3, before: FAILED_SIG });
    assert.deepEqual(requests[0]!.params[1], { commitment: 'confirmed', limit: 3, before: FAILED_SIG });
    assert.equal(sigs.length, 3);
    assert.equal(sigs[0]!.err, null);
    assert.deepEqual(sigs[1]!.err, { InstructionError: [2, { Custom: 6001 }] });
  });

  it('getSignaturesForAddress: one entry with a truncated signature is skipped and reported; servedCount keeps the page size as served', async () => {
    const body = JSON.parse(fixture('getSignaturesForAddress')) as { result: Record<string, unknown>[] };
    const lost = body.result[1]!.signature as string;
    body.result[1]!.signature = lost.slice(0, 20);
    answer({ status: 200, body: JSON.stringify(body) });
    const { value, skipped } = await collectSkipped(() => client.getSignaturesForAddress(WALLET, { limit: 3 }));
    assert.deepEqual(value.map((s) => s.signature), [body.result[0]!.signature, body.result[2]!.signature]);
    assert.equal(servedCount(value), 3);
    assert.deepEqual(skipped.map((n) => [n.leg, n.provider, n.what, n.count, n.firstError]), [
      ['chain_rpc', 'the Solana RPC node', 'signature', 1, '/1/signature must NOT have fewer than 64 characters'],
    ]);
  });

  it('getTokenLargestAccounts: one holder account with a numeric amount is skipped and reported; the context and the others answer', async () => {
    const body = JSON.parse(fixture('getTokenLargestAccounts')) as { result: { context: { slot: number }; value: Record<string, unknown>[] } };
    body.result.value[0]!.amount = Number(body.result.value[0]!.amount);
    answer({ status: 200, body: JSON.stringify(body) });
    const { value, skipped } = await collectSkipped(() => client.getTokenLargestAccounts(RISKY));
    assert.equal(value.context.slot, body.result.context.slot);
    assert.deepEqual(value.value.map((a) => a.address), body.result.value.slice(1).map((a) => a.address));
    assert.deepEqual(skipped.map((n) => [n.what, n.count, n.firstError]), [['largest token account', 1, '/0/amount must be string']]);
  });

  it('lists whose entries are all malformed, or over the documented caps, are malformed', async () => {
    const isMalformed = (e: unknown) => e instanceof SourceError && e.kind === 'malformed' && e.leg === 'chain_rpc';
    const sigs = JSON.parse(fixture('getSignaturesForAddress')) as { result: Record<string, unknown>[] };
    for (const entry of sigs.result) entry.slot = -1;
    answer({ status: 200, body: JSON.stringify(sigs) });
    await assert.rejects(client.getSignaturesForAddress(WALLET), isMalformed);
    const largest = JSON.parse(fixture('getTokenLargestAccounts')) as { result: { value: unknown[] } };
    largest.result.value = Array.from({ length: 21 }, () => largest.result.value[0]);
    answer({ status: 200, body: JSON.stringify(largest) });
    await assert.rejects(client.getTokenLargestAccounts(RISKY), isMalformed);
  });

  it('getTransaction asks for jsonParsed v0 and returns parsed instructions, token balances and meta.err', async () => {
    answer(ok('getTransaction-swap'));
    const tx = await client.getTransaction(SWAP_SIG);
    assert.deepEqual(requests[0]!.params[1], { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' });
    assert.equal(tx?.version, 0);
    assert.equal(tx?.meta?.err, null);
    assert.equal(tx?.transaction.message.accountKeys[0]!.signer, true);
    assert.equal(tx?.meta?.postTokenBalances?.[1]!.uiTokenAmount.amount, '1608412345');
    const inner = tx?.meta?.innerInstructions?.[0]!.instructions[1];
    assert.ok(inner && 'parsed' in inner);
    assert.equal(inner.program, 'spl-token');

    answer(ok('getTransaction-failed'));
    const failed = await client.getTransaction(FAILED_SIG);
    assert.deepEqual(failed?.meta?.err, { InstructionError: [2, { Custom: 6001 }] });

    answer(ok('getTransaction-not-found'));
    assert.equal(await client.getTransaction(FAILED_SIG), null);
  });

  it('a JSON-RPC error answer is a SourceError and is not retried (a retry cannot change it)', async () => {
    answer(ok('error-invalid-param'));
    await assert.rejects(client.getTokenLargestAccounts(WALLET), (e: unknown) => e instanceof SourceError && e.leg === 'chain_rpc' && !e.retryable);
    assert.equal(requests.length, 1);
  });

  it('malformed bodies are `malformed`: not JSON, a wrong shape, token data of the wrong shape, a bad extension state', async () => {
    const isMalformed = (e: unknown) => e instanceof SourceError && e.kind === 'malformed';
    answer({ status: 200, body: '{"jsonrpc":"2.0","result":{"context":' });
    await assert.rejects(client.getBalance(WALLET), isMalformed);
    answer({ status: 200, body: '{"jsonrpc":"2.0","id":1,"result":{"context":{"slot":1},"value":"lots"}}' });
    await assert.rejects(client.getBalance(WALLET), isMalformed);
    // spl-token data whose supply is a number, not the documented string.
    answer({ status: 200, body: fixture('getAccountInfo-mint-spl-token').replace('"supply": "8902187261550123"', '"supply": 8902187261550123') });
    await assert.rejects(client.getAccountInfo(USDC), isMalformed);
    // A transfer-fee extension without its newer fee cannot be read as a flag: malformed, not "no fee".
    answer({ status: 200, body: fixture('getAccountInfo-mint-token-2022-risky').replace('"newerTransferFee"', '"newestTransferFee"') });
    await assert.rejects(client.getAccountInfo(RISKY), isMalformed);
  });

  it('a 429 then a 200 is retried and succeeds', async () => {
    answer({ status: 429, body: '{"jsonrpc":"2.0","error":{"code":429,"message":"Too many requests"},"id":1}' }, ok('getBalance'));
    assert.equal((await client.getBalance(WALLET)).value, 2834551120);
    assert.equal(requests.length, 2);
  });

  it('three 500s end in `unavailable` after the bounded retries', async () => {
    answer({ status: 500, body: 'Internal Server Error' });
    await assert.rejects(client.getBalance(WALLET), (e: unknown) => e instanceof SourceError && e.kind === 'unavailable');
    assert.equal(requests.length, 3);
  });

  it('invalid addresses, signatures and limits are refused before any request', async () => {
    answer(ok('getBalance'));
    assert.throws(() => client.getBalance('not-an-address'), RangeError);
    assert.throws(() => client.getTransaction('0OIl'), RangeError);
    assert.throws(() => client.getSignaturesForAddress(WALLET, { limit: 1001 }), RangeError);
    assert.equal(requests.length, 0);
  });
});
