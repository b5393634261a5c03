/**
 * The sandbox's Jupiter (leg `price_aggregator`): one server for the three APIs the client uses, in
 * Jupiter's wire formats (see `src/sources/wire/jupiter.ts`):
 *   GET /tokens/v2/search?query=…   the world's token: metadata, `isVerified`/`tags`, audit, holders,
 *                                    `usdPrice` (the aggregator's own price), liquidity, 24 h stats
 *   GET /price/v3?ids=…              `prices.priceAggregator`; unpriced or unknown mints are omitted
 *   GET /swap/v1/quote?…             `world.quote()`; no route → 400 `COULD_NOT_FIND_ANY_ROUTE`
 * answering like the real API for unknown things: an unknown mint or a wallet address searches to `[]`
 * and prices to `{}`; a name/symbol search finds nothing (the world is indexed by mint only).
 *
 * Figures the world does not hold are derived deterministically: `organicScore` from the 24 h trade
 * count and verification (documented below), `topHoldersPercentage` as the top-10 holders' share of
 * supply, block ids / context slots from the clock (400 ms slots), and a split route's legs share the
 * amount evenly, each charging a 0.25 % fee in the input mint.
 */
import { createHash } from 'node:crypto';
import type { JupError, JupPriceEntry, JupQuote, JupToken, JupTokenStats } from '../../sources/wire/jupiter.js';
import { bytesToAddress } from '../solana/accounts.js';
import { FIRST_SLOT, SLOT_MS, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../solana/constants.js';
import type { PoolState, QuoteState, SandboxWorld, TokenState } from '../world/types.js';
import type { ProviderHandler, ProviderResponse } from './server.js';

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const MAX_SEARCH_MINTS = 100;
const MAX_PRICE_IDS = 50;
const SLOT_EPOCH_MS = Date.UTC(2024, 0, 1);

const round = (value: number, places: number) => Number(value.toFixed(places));
const iso = (time: number) => new Date(time < 1e12 ? time * 1000 : time).toISOString();

/** A slot-like block id that only depends on the time (the sandbox has no single global slot clock here). */
export function slotAt(at: Date): number {
  return FIRST_SLOT + Math.max(0, Math.floor((at.getTime() - SLOT_EPOCH_MS) / SLOT_MS));
}

/**
 * Organic score 0..100: 20 × log10(1 + trades in 24 h), plus 10 when verified, capped at 100
 * (10 000 trades/day ≈ 80). Label: ≥ 70 high, ≥ 40 medium, else low.
 */
export function organicScore(token: TokenState): { score: number; label: 'high' | 'medium' | 'low' } {
  const trades = token.pools.reduce((n, p) => n + p.txns24h.buys + p.txns24h.sells, 0);
  const score = round(Math.min(100, 20 * Math.log10(1 + trades) + (token.verified ? 10 : 0)), 2);
  return { score, label: score >= 70 ? 'high' : score >= 40 ? 'medium' : 'low' };
}

function uiAmount(raw: string, decimals: number): number {
  return Number(raw) / 10 ** decimals;
}

function stats(token: TokenState, divisor: number, priceChange: number | null): JupTokenStats {
  let buys = 0;
  let sells = 0;
  let volume = 0;
  for (const pool of token.pools) {
    buys += pool.txns24h.buys;
    sells += pool.txns24h.sells;
    volume += pool.volume24hUsd;
  }
  const buyShare = buys + sells > 0 ? buys / (buys + sells) : 0.5;
  return {
    ...(priceChange !== null ? { priceChange } : {}),
    buyVolume: round((volume * buyShare) / divisor, 2),
    sellVolume: round((volume * (1 - buyShare)) / divisor, 2),
    numBuys: Math.floor(buys / divisor),
    numSells: Math.floor(sells / divisor),
  };
}

function renderToken(token: TokenState, at: Date): JupToken {
  const supply = uiAmount(token.supplyRaw, token.decimals);
  const top10 = token.topHolders.slice(0, 10).reduce((sum, h) => sum + uiAmount(h.amountRaw, token.decimals), 0);
  const firstPool = [...token.pools].sort((a, b) => a.createdAt - b.createdAt || (a.address < b.address ? -1 : 1))[0];
  const organic = organicScore(token);
  const entry: JupToken = {
    id: token.mint,
    name: token.name,
    symbol: token.symbol,
    icon: token.image,
    decimals: token.decimals,
    tokenProgram: token.program === 'token-2022' ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM,
    createdAt: iso(token.createdAt),
    circSupply: round(supply, 2),
    totalSupply: round(supply, 2),
    holderCount: token.holderCount,
    audit: {
      mintAuthorityDisabled: token.mintAuthority === null,
      freezeAuthorityDisabled: token.freezeAuthority === null,
      topHoldersPercentage: supply > 0 ? round((top10 / supply) * 100, 2) : 0,
    },
    organicScore: organic.score,
    organicScoreLabel: organic.label,
    isVerified: token.verified,
    tags: [...token.tags],
    liquidity: round(token.pools.reduce((sum, p) => sum + p.liquidityUsd, 0), 2),
    stats1h: stats(token, 24, token.priceChange.h1),
    stats6h: stats(token, 4, token.priceChange.h6),
    stats24h: stats(token, 1, token.priceChange.h24),
    updatedAt: at.toISOString(),
  };
  if (firstPool) entry.firstPool = { id: firstPool.address, createdAt: iso(firstPool.createdAt) };
  if (token.fdvUsd !== null) entry.fdv = round(token.fdvUsd, 2);
  if (token.marketCapUsd !== null) entry.mcap = round(token.marketCapUsd, 2);
  if (token.prices.priceAggregator !== null) {
    entry.usdPrice = token.prices.priceAggregator;
    entry.priceBlockId = slotAt(at);
  }
  return entry;
}

function renderPrice(token: TokenState, usdPrice: number, at: Date): JupPriceEntry {
  return {
    createdAt: iso(token.createdAt),
    liquidity: round(token.pools.reduce((sum, p) => sum + p.liquidityUsd, 0), 2),
    usdPrice,
    blockId: slotAt(at),
    decimals: token.decimals,
    ...(token.priceChange.h24 !== null ? { priceChange24h: token.priceChange.h24 } : {}),
  };
}

/** How Jupiter's route labels name each DEX the world's pools live on (e.g. "Raydium CLMM", "Whirlpool"). */
const DEX_LABEL: Record<PoolState['dex'], RegExp> = {
  raydium: /raydium/i,
  orca: /orca|whirlpool/i,
  meteora: /meteora/i,
  pumpswap: /pump/i,
};

/** A stable pool-like address for a route leg the world names only by its DEX label. */
function ammKeyFor(world: SandboxWorld, quote: QuoteState, label: string, at: Date): string {
  const pools = [...(world.token(quote.inputMint, at)?.pools ?? []), ...(world.token(quote.outputMint, at)?.pools ?? [])];
  const pool = pools.find((p) => DEX_LABEL[p.dex].test(label));
  if (pool) return pool.address;
  return bytesToAddress(createHash('sha256').update(`sandbox-amm:${quote.inputMint}:${quote.outputMint}:${label}`).digest());
}

function renderQuote(world: SandboxWorld, quote: QuoteState, slippageBps: number, at: Date): JupQuote {
  const inAmount = BigInt(quote.inAmountRaw);
  const outAmount = BigInt(quote.outAmountRaw);
  const labels = quote.routeLabels.length > 0 ? quote.routeLabels : [''];
  const n = labels.length;
  const basePercent = Math.floor(100 / n);
  let inLeft = inAmount;
  let outLeft = outAmount;
  const routePlan = labels.map((label, i) => {
    const percent = basePercent + (i === 0 ? 100 - basePercent * n : 0);
    const last = i === n - 1;
    const legIn = last ? inLeft : (inAmount * BigInt(percent)) / 100n;
    const legOut = last ? outLeft : (outAmount * BigInt(percent)) / 100n;
    inLeft -= legIn;
    outLeft -= legOut;
    return {
      swapInfo: {
        ammKey: ammKeyFor(world, quote, label, at),
        ...(label !== '' ? { label } : {}),
        inputMint: quote.inputMint,
        outputMint: quote.outputMint,
        inAmount: legIn.toString(),
        outAmount: legOut.toString(),
        feeAmount: ((legIn * 25n) / 10_000n).toString(),
        feeMint: quote.inputMint,
      },
      percent,
      bps: percent * 100,
    };
  });
  return {
    inputMint: quote.inputMint,
    inAmount: inAmount.toString(),
    outputMint: quote.outputMint,
    outAmount: outAmount.toString(),
    otherAmountThreshold: ((outAmount * BigInt(10_000 - slippageBps)) / 10_000n).toString(),
    swapMode: 'ExactIn',
    slippageBps,
    // The world's value is passed through as the aggregator states it (a fraction, see the wire file).
    priceImpactPct: String(quote.priceImpactPct),
    routePlan,
    contextSlot: slotAt(at),
    timeTaken: 0.004,
  };
}

const badRequest = (error: string, errorCode?: string): ProviderResponse => {
  const body: JupError = errorCode ? { error, errorCode } : { error };
  return { status: 400, body };
};

function splitList(value: string | null): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
}

function search(world: SandboxWorld, query: string | null, at: Date): ProviderResponse {
  const terms = splitList(query);
  if (terms.length === 0) return badRequest('Query parameter query is required');
  const out: JupToken[] = [];
  const seen = new Set<string>();
  for (const term of terms.slice(0, MAX_SEARCH_MINTS)) {
    if (!ADDRESS.test(term) || seen.has(term)) continue;
    seen.add(term);
    const token = world.token(term, at);
    if (token) out.push(renderToken(token, at));
  }
  return { body: out };
}

function prices(world: SandboxWorld, ids: string | null, at: Date): ProviderResponse {
  const mints = splitList(ids);
  if (mints.length === 0) return badRequest('Query parameter ids is required');
  if (mints.length > MAX_PRICE_IDS) return badRequest(`Query parameter ids accepts at most ${MAX_PRICE_IDS} mints`);
  const out: Record<string, JupPriceEntry> = {};
  for (const mint of mints) {
    const token = ADDRESS.test(mint) ? world.token(mint, at) : null;
    const price = token?.prices.priceAggregator ?? null;
    if (token && price !== null) out[mint] = renderPrice(token, price, at);
  }
  return { body: out };
}

function quote(world: SandboxWorld, query: URLSearchParams, at: Date): ProviderResponse {
  const inputMint = query.get('inputMint');
  const outputMint = query.get('outputMint');
  const amount = query.get('amount');
  const slippage = query.get('slippageBps') ?? '50';
  for (const [name, value] of [['inputMint', inputMint], ['outputMint', outputMint], ['amount', amount]] as const) {
    if (value === null || value === '') return badRequest(`Missing required query parameter ${name}`);
  }
  if (!ADDRESS.test(inputMint!)) return badRequest('Query parameter inputMint cannot be parsed: Invalid');
  if (!ADDRESS.test(outputMint!)) return badRequest('Query parameter outputMint cannot be parsed: Invalid');
  if (!/^\d+$/.test(amount!) || BigInt(amount!) === 0n) return badRequest('Query parameter amount cannot be parsed');
  if (!/^\d+$/.test(slippage) || Number(slippage) > 10_000) return badRequest('Query parameter slippageBps cannot be parsed');
  if ((query.get('swapMode') ?? 'ExactIn') !== 'ExactIn') return badRequest('The sandbox quotes ExactIn only');
  if (inputMint === outputMint) return badRequest('Circular arbitrage is disabled', 'CIRCULAR_ARBITRAGE_IS_DISABLED');
  const found = world.quote(inputMint!, outputMint!, amount!, at);
  if (!found) return badRequest('Could not find any route', 'COULD_NOT_FIND_ANY_ROUTE');
  return { body: renderQuote(world, found, Number(slippage), at) };
}

/** `now` is the sandbox clock: every answer is a pure function of (world seed, now, request). */
export function createJupiterHandler(world: SandboxWorld, now: () => Date): ProviderHandler {
  return (req): ProviderResponse => {
    if (req.method !== 'GET') return { status: 405, body: { error: 'Method not allowed' } };
    const path = req.path.replace(/\/$/, '');
    const at = now();
    if (path === '/tokens/v2/search') return search(world, req.query.get('query'), at);
    if (path === '/price/v3') return prices(world, req.query.get('ids'), at);
    if (path === '/swap/v1/quote') return quote(world, req.query, at);
    return { status: 404, body: { error: 'Not found' } };
  };
}
