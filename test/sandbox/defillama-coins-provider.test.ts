/**
 * The sandbox DefiLlama coins route (`/batchHistorical`) answers from the world's price paths, checked
 * through the real DefiLlamaClient: a point per requested past timestamp at the world's price then, no
 * point for the future, unknown coins absent, a bad query refused.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createDefiLlamaHandler } from '../../src/sandbox/providers/defillama.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import { CAST_ADDRESS as A, createSandboxWorld } from '../../src/sandbox/world/index.js';
import { DefiLlamaClient, solanaCoinId } from '../../src/sources/defillama.js';
import { SourceError } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const NOW = new Date('2025-03-01T12:00:00Z');
const T = NOW.getTime() / 1000;
const world = createSandboxWorld('coins-test');
const SOL = solanaCoinId(A.TOKEN_WSOL);
const STORM = solanaCoinId(A.TOKEN_VOL_HIGH);

describe('sandbox DefiLlama /batchHistorical', () => {
  let server: ProviderServer;
  let client: DefiLlamaClient;
  before(async () => {
    server = await startProviderServer('defi_data', createDefiLlamaHandler(world, () => NOW), new FaultController());
    const source = () => new HttpSource({ leg: 'defi_data', baseUrl: server.url, retries: 0, timers: sourceTimers });
    client = new DefiLlamaClient({ api: source(), yields: source(), coins: source() });
  });
  after(() => server.close());

  it('prices each past timestamp at the world price of that moment; the future has no point', async () => {
    const past = [T - 86_400, T - 3_600, T - 300, T];
    const r = await client.batchHistoricalPrices({ [SOL]: [...past, T + 300], [STORM]: [T - 7_200] }, { searchWidthSeconds: 600 });
    assert.equal(r.coins[SOL]!.symbol, 'SOL');
    assert.deepEqual(r.coins[SOL]!.prices.map((p) => p.timestamp), past);
    for (const p of r.coins[SOL]!.prices) assert.equal(p.price, world.token(A.TOKEN_WSOL, new Date(p.timestamp * 1000))!.prices.marketData);
    // The path moves: a day apart, different prices.
    assert.notEqual(r.coins[SOL]!.prices[0]!.price, r.coins[SOL]!.prices[3]!.price);
    assert.equal(r.coins[STORM]!.prices[0]!.price, world.token(A.TOKEN_VOL_HIGH, new Date((T - 7_200) * 1000))!.prices.marketData);
  });

  it('coins it cannot price are absent: a wallet address, another chain, a token without market', async () => {
    const r = await client.batchHistoricalPrices(
      { [solanaCoinId(A.WALLET_TRADER_SKILLED)]: [T], 'coingecko:solana': [T], [solanaCoinId(A.TOKEN_NO_MARKET)]: [T] },
      { searchWidthSeconds: 600 },
    );
    assert.deepEqual(r.coins, {});
  });

  it('a query that is not a coins object is refused (400), without retries', async () => {
    const res = await fetch(`${server.url}/batchHistorical?coins=${encodeURIComponent('[1,2]')}`);
    assert.equal(res.status, 400);
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`solana:${i}`, [T]]));
    await assert.rejects(client.batchHistoricalPrices(tooMany, { searchWidthSeconds: 600 }), (e: unknown) => e instanceof SourceError);
  });
});
