/**
 * The sandbox Jupiter renders world facts in Jupiter's wire formats (Tokens V2, Price V3, Swap v1
 * quote): the production client reads a stub world back through the sandbox provider server and must
 * see the world's verification, tags, aggregator price and quotes — and Jupiter's own answers for
 * unknown mints and missing routes. The stub world stands in for the generator.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { createJupiterHandler, organicScore, slotAt } from '../../src/sandbox/providers/jupiter.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import { TOKEN_2022_PROGRAM } from '../../src/sandbox/solana/constants.js';
import type { QuoteState, SandboxWorld, TokenState } from '../../src/sandbox/world/types.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { JupiterClient } from '../../src/sources/jupiter.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SAFE = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const RISKY = '9kp6CtEkkPJKwcMMNygyimSLiRgx8dpj31E9kDs7q2BK';
const WALLET = '7eR7J3x2EPA71E1cjJiaXd69w9Haz5c8CbAedQWKJ7za';
const POOL = '625fXhiP66R3BEWVxVHE1Ht1Un4CEmYsRsnFiyWkjCf1';
const AT = new Date(Date.UTC(2025, 2, 1, 12));

function token(mint: string, over: Partial<TokenState>): TokenState {
  return {
    mint, name: 'Token', symbol: 'TKN', decimals: 6, supplyRaw: '1000000000000', program: 'spl-token',
    mintAuthority: null, freezeAuthority: null, extensions: {}, verified: false, tags: [],
    prices: { walletProvider: null, marketData: null, priceAggregator: null }, priceChange: { h1: null, h6: null, h24: null },
    marketCapUsd: null, fdvUsd: null, pools: [], topHolders: [], holderCount: 0, createdAt: 1_700_000_000, uri: '', image: '',
    ...over,
  };
}

const holder = (amountRaw: string) => ({ owner: WALLET, tokenAccount: WALLET, amountRaw, kind: 'wallet' as const });

const SAFE_TOKEN = token(SAFE, {
  name: 'Bonk', symbol: 'Bonk', verified: true, tags: ['verified', 'strict', 'community'], holderCount: 912_004,
  prices: { walletProvider: 0.0000231, marketData: 0.0000232, priceAggregator: 0.0000233 },
  priceChange: { h1: 0.5, h6: -1.5, h24: 4.25 }, marketCapUsd: 1_750_000_000, fdvUsd: 2_010_000_000,
  // 12 holders of 2 % each: the top 10 hold 20 % of the 1 000 000 supply.
  topHolders: Array.from({ length: 12 }, () => holder('20000000000')),
  pools: [{ address: POOL, dex: 'raydium', quoteMint: USDC, quoteSymbol: 'USDC', liquidityUsd: 2_400_000, volume24hUsd: 900_000, txns24h: { buys: 6000, sells: 4000 }, createdAt: 1_695_000_000 }],
});

const RISKY_TOKEN = token(RISKY, {
  name: 'Rug', symbol: 'RUG', program: 'token-2022', mintAuthority: WALLET, freezeAuthority: WALLET, holderCount: 31,
  // Not priced by the aggregator.
  topHolders: [holder('700000000000')],
});

/** Routes only SAFE → USDC, and only up to 1e12 raw (beyond that the pools cannot fill it). */
function worldQuote(inputMint: string, outputMint: string, inAmountRaw: string): QuoteState | null {
  if (inputMint !== SAFE || outputMint !== USDC || BigInt(inAmountRaw) > 1_000_000_000_000n) return null;
  return { inputMint, outputMint, inAmountRaw, outAmountRaw: (BigInt(inAmountRaw) / 43n).toString(), priceImpactPct: 0.0123, routeLabels: ['Raydium CLMM', 'Whirlpool', 'Meteora DLMM'] };
}

const world: SandboxWorld = {
  seed: 'stub',
  token: (mint) => (mint === SAFE ? SAFE_TOKEN : mint === RISKY ? RISKY_TOKEN : null),
  wallet: (address) => (address === WALLET ? { address, lamports: '0', tokens: [], nfts: [], transactions: [], defiPositions: [] } : null),
  transaction: () => null,
  quote: worldQuote,
  protocol: () => null,
  protocols: () => [],
};

let server: ProviderServer;
let jupiter: JupiterClient;
const faults = new FaultController();

before(async () => {
  server = await startProviderServer('price_aggregator', createJupiterHandler(world, () => AT), faults);
  jupiter = new JupiterClient({ http: new HttpSource({ leg: 'price_aggregator', baseUrl: server.url, backoffMs: 1, retries: 0, timers: sourceTimers }) });
});
after(() => server.close());
beforeEach(() => faults.clear());

describe('sandbox Jupiter tokens', () => {
  test('a verified token: isVerified, tags, aggregator price, audit and holders come from the world', async () => {
    const t = await jupiter.token(SAFE);
    assert.ok(t);
    assert.equal(t.isVerified, true);
    assert.deepEqual(t.tags, ['verified', 'strict', 'community']);
    assert.equal(t.usdPrice, 0.0000233);
    assert.equal(t.priceBlockId, slotAt(AT));
    assert.deepEqual(t.audit, { mintAuthorityDisabled: true, freezeAuthorityDisabled: true, topHoldersPercentage: 20 });
    assert.equal(t.holderCount, 912_004);
    assert.equal(t.liquidity, 2_400_000);
    assert.equal(t.mcap, 1_750_000_000);
    assert.deepEqual(t.firstPool, { id: POOL, createdAt: '2023-09-18T01:20:00.000Z' });
    assert.equal(t.stats24h?.priceChange, 4.25);
    assert.equal(t.stats24h?.numBuys, 6000);
    assert.equal(t.stats24h?.buyVolume, 540_000);
    assert.equal(t.updatedAt, AT.toISOString());
  });

  test('a risky token: active authorities, Token-2022, unverified, no price', async () => {
    const t = await jupiter.token(RISKY);
    assert.ok(t);
    assert.equal(t.isVerified, false);
    assert.equal(t.tokenProgram, TOKEN_2022_PROGRAM);
    assert.equal(t.audit?.mintAuthorityDisabled, false);
    assert.equal(t.audit?.freezeAuthorityDisabled, false);
    assert.equal(t.audit?.topHoldersPercentage, 70);
    assert.equal(t.usdPrice, undefined);
    assert.equal(t.organicScoreLabel, 'low');
  });

  test('unknown mints, wallets and name searches find nothing, as the real search answers []', async () => {
    assert.equal(await jupiter.token(WALLET), null);
    assert.equal(await jupiter.token('So11111111111111111111111111111111111111113'), null);
    assert.deepEqual(await (await fetch(`${server.url}/tokens/v2/search?query=Bonk`)).json(), []);
    const both = await jupiter.tokens([RISKY, WALLET, SAFE]);
    assert.deepEqual(both.map((t) => t.id), [RISKY, SAFE]);
  });

  test('organic score follows trade count and verification', () => {
    // 10 000 trades: 20 × log10(10 001) ≈ 80, +10 verified.
    assert.deepEqual(organicScore(SAFE_TOKEN), { score: 90, label: 'high' });
    assert.deepEqual(organicScore(RISKY_TOKEN), { score: 0, label: 'low' });
  });
});

describe('sandbox Jupiter prices', () => {
  test('priced mints carry the aggregator price; unpriced and unknown ones are omitted', async () => {
    const prices = await jupiter.prices([SAFE, RISKY, WALLET]);
    assert.deepEqual(Object.keys(prices), [SAFE]);
    assert.deepEqual(prices[SAFE], {
      createdAt: '2023-11-14T22:13:20.000Z', liquidity: 2_400_000, usdPrice: 0.0000233, blockId: slotAt(AT), decimals: 6, priceChange24h: 4.25,
    });
  });

  test('same clock, byte-identical answer', async () => {
    const url = `${server.url}/price/v3?ids=${SAFE},${RISKY}`;
    assert.equal(await (await fetch(url)).text(), await (await fetch(url)).text());
  });
});

describe('sandbox Jupiter quotes', () => {
  test("renders world.quote(): amounts, slippage threshold, impact and a route plan that adds up", async () => {
    const q = await jupiter.quote({ inputMint: SAFE, outputMint: USDC, amount: '1000000000', slippageBps: 100 });
    assert.ok(q);
    assert.equal(q.inAmount, '1000000000');
    assert.equal(q.outAmount, (1_000_000_000n / 43n).toString());
    assert.equal(q.otherAmountThreshold, ((1_000_000_000n / 43n) * 9_900n / 10_000n).toString());
    assert.equal(q.slippageBps, 100);
    assert.equal(q.priceImpactPct, '0.0123');
    assert.deepEqual(q.routePlan.map((r) => [r.swapInfo.label, r.percent]), [['Raydium CLMM', 34], ['Whirlpool', 33], ['Meteora DLMM', 33]]);
    const plan = q.routePlan;
    const sum = (pick: (r: (typeof plan)[0]) => string) => plan.reduce((s, r) => s + BigInt(pick(r)), 0n);
    assert.equal(sum((r) => r.swapInfo.inAmount), 1_000_000_000n);
    assert.equal(sum((r) => r.swapInfo.outAmount), BigInt(q.outAmount));
    // The Raydium leg is keyed by the world's Raydium pool.
    assert.equal(q.routePlan[0]!.swapInfo.ammKey, POOL);
  });

  test('no route is the real 400 COULD_NOT_FIND_ANY_ROUTE, which the client reads as null', async () => {
    assert.equal(await jupiter.quote({ inputMint: SAFE, outputMint: USDC, amount: '2000000000000' }), null);
    assert.equal(await jupiter.quote({ inputMint: RISKY, outputMint: USDC, amount: '1000' }), null);
    const res = await fetch(`${server.url}/swap/v1/quote?inputMint=${RISKY}&outputMint=${USDC}&amount=1000&slippageBps=50`);
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'Could not find any route', errorCode: 'COULD_NOT_FIND_ANY_ROUTE' });
  });

  test('bad requests are 400s with Jupiter-style errors', async () => {
    const status = async (query: string) => {
      const res = await fetch(`${server.url}/swap/v1/quote?${query}`);
      return [res.status, ((await res.json()) as { errorCode?: string }).errorCode];
    };
    assert.deepEqual(await status(`inputMint=${SAFE}&outputMint=${SAFE}&amount=1`), [400, 'CIRCULAR_ARBITRAGE_IS_DISABLED']);
    assert.deepEqual(await status(`inputMint=${SAFE}&outputMint=${USDC}&amount=abc`), [400, undefined]);
    assert.deepEqual(await status(`outputMint=${USDC}&amount=1`), [400, undefined]);
    assert.equal((await fetch(`${server.url}/swap/v1/swap`)).status, 404);
  });
});
