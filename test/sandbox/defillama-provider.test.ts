/**
 * The sandbox DefiLlama renders the world's protocols in DefiLlama's format: checked through the real
 * DefiLlamaClient (its typed parse is the judge), with both hosts pointed at the one sandbox server.
 * The world is a small stub, not the generator.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createDefiLlamaHandler } from '../../src/sandbox/providers/defillama.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import type { DefiProtocolState, SandboxWorld } from '../../src/sandbox/world/types.js';
import { DefiLlamaClient, solanaPoolsOf } from '../../src/sources/defillama.js';
import { SourceError } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const NOW = new Date('2025-03-01T12:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);
const DAY = 86_400;
const DAY0 = T - (T % DAY);

const KAMINO: DefiProtocolState = {
  // A lower-case program id, so that it survives DefiLlama's lower-casing and only the slug check can refuse it.
  slug: 'kamino-lend', name: 'Kamino Lend', category: 'Lending', programIds: ['kamino1program'], tvlUsd: 2_100_000_000,
  // 8 daily points; the last is today's and already equals the current TVL; one point is in the future.
  tvlHistory: [
    ...Array.from({ length: 8 }, (_, i) => ({ date: DAY0 - (7 - i) * DAY, totalLiquidityUSD: i === 7 ? 2_100_000_000 : 2_000_000_000 })),
    { date: DAY0 + DAY, totalLiquidityUSD: 9e9 },
  ],
  pools: [
    { pool: 'pool-kamino-usdc', symbol: 'USDC', project: 'kamino-lend', chain: 'Solana', tvlUsd: 500_000_000, apy: 11.2, apyBase: 9.9, apyReward: 1.3 },
    { pool: 'pool-kamino-sol', symbol: 'SOL', project: 'kamino-lend', chain: 'Solana', tvlUsd: 480_000_000, apy: 6, apyBase: 6, apyReward: null },
  ],
};
const RAYDIUM: DefiProtocolState = {
  slug: 'raydium-amm', name: 'Raydium AMM', category: 'Dexs', programIds: ['675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8'], tvlUsd: 1_500_000_000,
  tvlHistory: [{ date: DAY0 - DAY, totalLiquidityUSD: 1_400_000_000 }],
  pools: [{ pool: 'pool-ray-sol-usdc', symbol: 'SOL-USDC', project: 'raydium-amm', chain: 'Solana', tvlUsd: 21_000_000, apy: 48, apyBase: 48, apyReward: null }],
};
const PROTOCOLS = [KAMINO, RAYDIUM];

const world: SandboxWorld = {
  seed: 'test',
  token: () => null,
  wallet: () => null,
  transaction: () => null,
  quote: () => null,
  // Like the generator, resolves a slug or a program id.
  protocol: (key) => PROTOCOLS.find((p) => p.slug === key || p.programIds.includes(key)) ?? null,
  protocols: () => PROTOCOLS,
};

let server: ProviderServer;
let client: DefiLlamaClient;
const faults = new FaultController();

describe('sandbox DefiLlama', () => {
  before(async () => {
    server = await startProviderServer('defi_data', createDefiLlamaHandler(world, () => NOW), faults);
    const source = () => new HttpSource({ leg: 'defi_data', baseUrl: server.url, backoffMs: 1, retries: 1, timers: sourceTimers });
    client = new DefiLlamaClient({ api: source(), yields: source() });
  });
  after(() => server.close());

  it('protocol(slug): name, category, history up to now ending at the current TVL, current chain TVL', async () => {
    const p = await client.protocol('kamino-lend');
    assert.equal(p?.name, 'Kamino Lend');
    assert.equal(p?.category, 'Lending');
    assert.deepEqual(p?.chains, ['Solana']);
    assert.equal(p?.tvl.length, 8, 'the future point is not served');
    assert.equal(p?.tvl.at(-1)?.totalLiquidityUSD, KAMINO.tvlUsd);
    assert.equal(p?.currentChainTvls.Solana, KAMINO.tvlUsd);
  });

  it('when the history ends below the current TVL, the current value is the last point (as DefiLlama appends the hourly record)', async () => {
    const p = await client.protocol('raydium-amm');
    assert.deepEqual(p?.tvl, [
      { date: DAY0 - DAY, totalLiquidityUSD: 1_400_000_000 },
      { date: T, totalLiquidityUSD: 1_500_000_000 },
    ]);
  });

  it('unknown slugs and program ids are 404 → null (DefiLlama looks up slugs only)', async () => {
    assert.equal(await client.protocol('no-such-protocol'), null);
    assert.equal(await client.protocol(KAMINO.programIds[0]!), null);
    // The real API sluggifies the name: case and spaces do not matter.
    const byName = await fetch(`${server.url}/protocol/Kamino%20Lend`);
    assert.equal(byName.status, 200);
    assert.equal(((await byName.json()) as { name: string }).name, 'Kamino Lend');
  });

  it('protocols(): slugs, TVL, Solana chain TVL and 1d/7d changes from the history', async () => {
    const list = await client.protocols();
    assert.deepEqual(list.map((p) => p.slug), ['kamino-lend', 'raydium-amm']);
    assert.equal(list[0]!.tvl, KAMINO.tvlUsd);
    assert.equal(list[0]!.chainTvls.Solana, KAMINO.tvlUsd);
    assert.equal(list[0]!.change_1d, 5);
    assert.equal(list[0]!.change_7d, 5);
    assert.equal(list[1]!.change_7d, null, 'no point a week old');
  });

  it('pools(): every pool in the yields format; solanaPoolsOf picks a project', async () => {
    const pools = await client.pools();
    assert.equal(pools.status, 'success');
    assert.deepEqual(solanaPoolsOf(pools.data, 'kamino-lend').map((p) => [p.pool, p.apy, p.apyReward]), [
      ['pool-kamino-usdc', 11.2, 1.3],
      ['pool-kamino-sol', 6, null],
    ]);
    assert.equal(solanaPoolsOf(pools.data, 'raydium-amm')[0]!.symbol, 'SOL-USDC');
  });

  it('the same clock gives byte-identical bodies', async () => {
    const read = async () => (await fetch(`${server.url}/protocols`)).text();
    assert.equal(await read(), await read());
  });

  it('injected 503s reach the client as `unavailable` after its retries', async () => {
    faults.set('defi_data', { errorRate: 1, errorStatus: 503 });
    try {
      await assert.rejects(client.pools(), (e: unknown) => e instanceof SourceError && e.kind === 'unavailable');
    } finally {
      faults.set('defi_data', undefined);
    }
  });
});
