/**
 * The sandbox DEX Screener renders world facts in DEX Screener's wire format: the production client
 * (through HttpSource) reads a stub world back through the sandbox provider server and must see the
 * world's own numbers. The stub world stands in for the generator, so these tests pin the rendering only.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createDexScreenerHandler, decimalString } from '../../src/sandbox/providers/dexscreener.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import type { PoolState, SandboxWorld, TokenState } from '../../src/sandbox/world/types.js';
import { bestPair, DexScreenerClient } from '../../src/sources/dexscreener.js';
import { SourceError } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MAIN = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const YOUNG = '9kp6CtEkkPJKwcMMNygyimSLiRgx8dpj31E9kDs7q2BK';
const WALLET = '7eR7J3x2EPA71E1cjJiaXd69w9Haz5c8CbAedQWKJ7za';
const T0 = Date.UTC(2025, 2, 1, 12);

function pool(address: string, quoteMint: string, quoteSymbol: string, liquidityUsd: number, createdAt: number): PoolState {
  return { address, dex: 'raydium', quoteMint, quoteSymbol, liquidityUsd, volume24hUsd: 288_000, txns24h: { buys: 2880, sells: 1440 }, createdAt };
}

function token(mint: string, over: Partial<TokenState>): TokenState {
  return {
    mint, name: `Token ${mint.slice(0, 4)}`, symbol: mint.slice(0, 4).toUpperCase(), decimals: 6, supplyRaw: '1000000000000000',
    program: 'spl-token', mintAuthority: null, freezeAuthority: null, extensions: {}, verified: true, tags: ['verified'],
    prices: { walletProvider: null, marketData: null, priceAggregator: null }, priceChange: { h1: null, h6: null, h24: null },
    marketCapUsd: null, fdvUsd: null, pools: [], topHolders: [], holderCount: 0, createdAt: 1_700_000_000, uri: '', image: '',
    ...over,
  };
}

/** The main token's price moves with the clock, so a later clock must show a later price. */
function stubWorld(): SandboxWorld {
  return {
    seed: 'stub',
    token(mint, at) {
      const hours = (at.getTime() - T0) / 3_600_000;
      if (mint === SOL) return token(SOL, { name: 'Wrapped SOL', symbol: 'SOL', decimals: 9, prices: { walletProvider: 150, marketData: 150, priceAggregator: 150 } });
      if (mint === MAIN) {
        return token(MAIN, {
          name: 'Bonk', symbol: 'Bonk', decimals: 5,
          prices: { walletProvider: 0.0000231, marketData: 0.00002345678 * (1 + hours / 100), priceAggregator: 0.0000233 },
          priceChange: { h1: -1.2, h6: 3.4, h24: 12.5 },
          marketCapUsd: 1_750_000_123.4, fdvUsd: 2_010_000_456.7,
          pools: [
            pool('BH77uETAj4CTQ5vpuNpK4k6HkNknwwis6ZASG8S5Xhhc', SOL, 'SOL', 800_000, 1_690_000_000),
            pool('625fXhiP66R3BEWVxVHE1Ht1Un4CEmYsRsnFiyWkjCf1', USDC, 'USDC', 2_400_000, 1_695_000_000),
          ],
        });
      }
      if (mint === YOUNG) {
        // Minutes old: no changes yet, no market-data price, an empty pool.
        return token(YOUNG, { verified: false, tags: [], pools: [pool('5H8eoyZzQmjTNQqhAPUtBM8L8vMWKUNU3uq5Gsx5HPXd', SOL, 'SOL', 0, 1_740_830_000)] });
      }
      return null;
    },
    wallet: (address) => (address === WALLET ? { address, lamports: '0', tokens: [], nfts: [], transactions: [], defiPositions: [] } : null),
    transaction: () => null,
    quote: () => null,
    protocol: () => null,
    protocols: () => [],
  };
}

let nowMs = T0;
const faults = new FaultController();
let server: ProviderServer;
let client: DexScreenerClient;

before(async () => {
  server = await startProviderServer('market_data', createDexScreenerHandler(stubWorld(), () => new Date(nowMs)), faults);
  client = new DexScreenerClient({ http: new HttpSource({ leg: 'market_data', baseUrl: server.url, backoffMs: 1, retries: 0, timers: sourceTimers }) });
});
after(() => server.close());
beforeEach(() => {
  nowMs = T0;
  faults.clear();
});

describe('sandbox DEX Screener', () => {
  test("renders each of the token's pools as a pair carrying the world's figures", async () => {
    const pairs = await client.tokenPairs([MAIN]);
    assert.equal(pairs.length, 2);
    const [usdc, sol] = pairs as [NonNullable<(typeof pairs)[0]>, NonNullable<(typeof pairs)[0]>];
    // Deepest first, as DEX Screener lists them.
    assert.equal(usdc.pairAddress, '625fXhiP66R3BEWVxVHE1Ht1Un4CEmYsRsnFiyWkjCf1');
    assert.equal(usdc.chainId, 'solana');
    assert.deepEqual(usdc.baseToken, { address: MAIN, name: 'Bonk', symbol: 'Bonk' });
    assert.equal(usdc.quoteToken.symbol, 'USDC');
    assert.equal(usdc.priceUsd, '0.0000234568');
    assert.deepEqual(usdc.priceChange, { m5: -0.1, h1: -1.2, h6: 3.4, h24: 12.5 });
    assert.equal(usdc.liquidity?.usd, 2_400_000);
    assert.equal(usdc.volume.h24, 288_000);
    assert.equal(usdc.volume.h1, 12_000);
    assert.deepEqual(usdc.txns.h24, { buys: 2880, sells: 1440 });
    assert.deepEqual(usdc.txns.h1, { buys: 120, sells: 60 });
    assert.equal(usdc.fdv, 2_010_000_457);
    assert.equal(usdc.marketCap, 1_750_000_123);
    assert.equal(usdc.pairCreatedAt, 1_695_000_000_000);
    // Price in SOL = USD price / SOL's USD price; liquidity split half and half at current prices.
    assert.equal(sol.priceNative, decimalString(0.00002345678 / 150));
    assert.deepEqual(sol.liquidity, { usd: 800_000, base: Number((400_000 / 0.00002345678).toFixed(4)), quote: 2666.6667 });
    assert.equal(bestPair(pairs, MAIN)?.pairAddress, usdc.pairAddress);
  });

  test('a young token: no USD price, no price change, no liquidity — left out, and still valid wire', async () => {
    const [pair] = await client.tokenPairs([YOUNG]);
    assert.ok(pair);
    assert.equal(pair.priceUsd, undefined);
    assert.equal(pair.priceChange, undefined);
    assert.equal(pair.liquidity, undefined);
    assert.equal(pair.priceNative, '0');
  });

  test('unknown mints, wallet addresses and garbage contribute nothing (the real API answers [])', async () => {
    assert.deepEqual(await client.tokenPairs([WALLET, 'So11111111111111111111111111111111111111113', 'not-an-address']), []);
    const pairs = await client.tokenPairs([WALLET, MAIN]);
    assert.equal(pairs.length, 2);
  });

  test('another chain answers [], an unknown route 404s', async () => {
    const other = await fetch(`${server.url}/tokens/v1/ethereum/${MAIN}`);
    assert.deepEqual(await other.json(), []);
    assert.equal((await fetch(`${server.url}/latest/dex/search?q=bonk`)).status, 404);
  });

  test('same clock, byte-identical answer; a later clock shows the later world', async () => {
    const url = `${server.url}/tokens/v1/solana/${MAIN},${YOUNG}`;
    const first = await (await fetch(url)).text();
    assert.equal(await (await fetch(url)).text(), first);
    nowMs = T0 + 10 * 3_600_000;
    const later = (await client.tokenPairs([MAIN]))[0]!;
    assert.equal(later.priceUsd, decimalString(0.00002345678 * 1.1));
  });

  test('fault injection reaches the client as the documented failure kinds', async () => {
    faults.set('market_data', { malformed: true });
    await assert.rejects(client.tokenPairs([MAIN]), (err: unknown) => err instanceof SourceError && err.kind === 'malformed');
    faults.set('market_data', { wrongShape: true });
    await assert.rejects(client.tokenPairs([MAIN]), (err: unknown) => err instanceof SourceError && err.kind === 'malformed');
  });
});

describe('decimalString', () => {
  test('prints prices as plain decimals with 6 significant digits, never in exponent notation', () => {
    assert.equal(decimalString(0.00000001234), '0.00000001234');
    assert.equal(decimalString(147.48), '147.48');
    assert.equal(decimalString(0.40560185), '0.405602');
    assert.equal(decimalString(1234567.891), '1234568');
    assert.equal(decimalString(0), '0');
  });
});
