/**
 * Program activity in the sandbox world (src/sandbox/world/program-activity.ts) and through the data
 * RPC's getSignaturesForAddress: deterministic, newest first, every listed transaction invokes the
 * program and is its maker's, and `limit` / `before` page like the real method.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ACTIVE_PROGRAMS, CAST_ADDRESS as A, createSandboxWorld, programTransactions, programUsers } from '../../src/sandbox/world/index.js';
import { createSolanaDataRpcHandler } from '../../src/sandbox/providers/solana-data-rpc/index.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { SolanaRpcClient } from '../../src/sources/solana-rpc.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const NOW = new Date('2025-06-15T12:00:00Z');
const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const KAMINO = 'KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD';
const SOLEND = 'So1endDq2YkqhipRh3WViPa8hdiSpxWy6z3Z6tMCpAo';
const RAYDIUM_CLMM = 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK';

describe('sandbox program activity (world)', () => {
  const world = createSandboxWorld('sandbox');

  it('is deterministic across worlds and newest first; every transaction invokes the program and is in its maker\'s history', () => {
    const list = programTransactions(world, JUPITER, NOW)!;
    assert.deepEqual(programTransactions(createSandboxWorld('sandbox'), JUPITER, NOW)!.map((t) => t.signature), list.map((t) => t.signature));
    assert.ok(list.length > 500);
    assert.equal(new Set(list.map((t) => t.signature)).size, list.length, 'each signature once');
    for (let i = 1; i < list.length; i++) assert.ok(list[i - 1]!.timestamp >= list[i]!.timestamp);
    for (const tx of list.slice(0, 50)) {
      assert.ok(tx.programIds.includes(JUPITER));
      assert.ok(world.wallet(tx.feePayer, NOW)!.transactions.some((t) => t.signature === tx.signature));
      assert.deepEqual(world.transaction(tx.signature, NOW), tx);
    }
  });

  it('the DEX programs are dominated by the high-frequency bot; the lending programs by human-paced users', () => {
    const payers = (program: string) => programTransactions(world, program, NOW)!.slice(0, 100).map((t) => t.feePayer);
    assert.ok(payers(JUPITER).filter((p) => p === A.WALLET_HIGH_FREQUENCY).length >= 50);
    const kamino = payers(KAMINO);
    assert.ok(new Set(kamino).size >= 8, 'many signers');
    assert.ok(kamino.every((p) => programUsers(KAMINO)!.includes(p)));
  });

  it('solend\'s users fail about 30 % of their calls; idle and unknown programs list nothing / null', () => {
    const solend = programTransactions(world, SOLEND, NOW)!.slice(0, 200);
    const failed = solend.filter((t) => t.error !== null).length / solend.length;
    assert.ok(failed > 0.2 && failed < 0.4, String(failed));
    assert.deepEqual(programTransactions(world, RAYDIUM_CLMM, NOW), null);
    assert.deepEqual(world.wallet(RAYDIUM_CLMM, NOW)!.transactions, [], 'an idle program is not a wallet');
    assert.equal(programTransactions(world, A.WALLET_DEFI, NOW), null);
    assert.ok(ACTIVE_PROGRAMS.includes(SOLEND));
  });

  it('solend\'s TVL bleeds through its season: a 7-day drawdown of about −16 % outside the first 8 days', () => {
    const change7 = (at: Date) => {
      const p = world.protocol('solend', at)!;
      const past = p.tvlHistory.filter((x) => x.date <= at.getTime() / 1000 - 7 * 86_400).at(-1)!;
      return (p.tvlUsd / past.totalLiquidityUSD - 1) * 100;
    };
    assert.ok(change7(NOW) < -15, String(change7(NOW)));
    // 2024-01-01 + 90 days: a new season started, the refill is inside the week.
    assert.ok(change7(new Date('2024-04-03T12:00:00Z')) > 0);
  });
});

describe('sandbox program activity (getSignaturesForAddress)', () => {
  let server: ProviderServer;
  let rpc: SolanaRpcClient;
  const world = createSandboxWorld('sandbox');
  before(async () => {
    server = await startProviderServer('chain_rpc', createSolanaDataRpcHandler(world, () => NOW), new FaultController());
    rpc = new SolanaRpcClient({ http: new HttpSource({ leg: 'chain_rpc', baseUrl: server.url, retries: 0, timers: sourceTimers }) });
  });
  after(() => server.close());

  it('lists the program\'s transactions with limit and before semantics', async () => {
    const expected = programTransactions(world, KAMINO, NOW)!;
    const first = await rpc.getSignaturesForAddress(KAMINO, { limit: 50 });
    assert.deepEqual(first.map((s) => s.signature), expected.slice(0, 50).map((t) => t.signature));
    assert.equal(first[0]!.blockTime, expected[0]!.timestamp);
    const next = await rpc.getSignaturesForAddress(KAMINO, { limit: 50, before: first.at(-1)!.signature });
    assert.deepEqual(next.map((s) => s.signature), expected.slice(50, 100).map((t) => t.signature));
    const solend = await rpc.getSignaturesForAddress(SOLEND, { limit: 200 });
    assert.ok(solend.some((s) => s.err !== null), 'failed transactions carry err');
    assert.deepEqual(await rpc.getSignaturesForAddress(RAYDIUM_CLMM), []);
  });
});
