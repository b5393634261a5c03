/**
 * The sandbox's DEX Screener (leg `market_data`): renders the world's pools in DEX Screener's
 * `GET /tokens/v1/{chainId}/{tokenAddresses}` format (see `src/sources/wire/dexscreener.ts`).
 * It also serves `GET /token-boosts/top/v1` (the cast tokens with a market; see ./dexscreener-boosts.ts).
 *
 * Each requested mint that the world knows contributes one pair per pool, with the world's
 * market-data price, price changes, liquidity, 24 h volume and trade counts, FDV and market cap.
 * Like the real API, an unknown address or a non-mint (a wallet) contributes nothing, another chain
 * answers `[]`, and more than 30 addresses are cut to the first 30. Unlike the real API, pools in which
 * the mint is only the QUOTE token are not listed (the world indexes pools by base token).
 *
 * Windows: a pool with a designed activity profile (the fresh launches, world/activity.ts) carries its own
 * trailing m5 / h1 / h6 / h24 volume, trade counts and price changes, rendered as they are. For every
 * other pool the figures the world does not hold are derived deterministically from the ones it does:
 * the 5 m / 1 h / 6 h windows of volume and trade counts are the 24 h figures spread evenly (÷288, ÷24,
 * ÷4); the 5 m price change is the 1 h change ÷12. Liquidity is split half base, half quote at current
 * prices.
 *
 * It also serves `GET /token-profiles/latest/v1` (the launches of the last 24 h; see ./dexscreener-profiles.ts).
 */
import type { DexPair } from '../../sources/wire/dexscreener.js';
import type { PoolState, SandboxWorld, TokenState } from '../world/types.js';
import type { ProviderHandler, ProviderResponse } from './server.js';
import { topBoosts } from './dexscreener-boosts.js';
import { latestProfiles } from './dexscreener-profiles.js';

const MAX_ADDRESSES = 30;
/** Base58, 32–44 characters: anything else cannot be a Solana address and matches nothing. */
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** Quote tokens whose USD value is 1 when the world does not price them itself. */
const USD_STABLES = new Set(['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB']);

/** A plain decimal string with `significant` significant digits, never exponent notation (as DEX Screener prints prices). */
export function decimalString(value: number, significant = 6): string {
  if (!Number.isFinite(value) || value === 0) return '0';
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const digits = Math.min(20, Math.max(0, significant - 1 - magnitude));
  const text = value.toFixed(digits);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

const round = (value: number, places: number) => Number(value.toFixed(places));

/** World times may be unix seconds or milliseconds; DEX Screener reports milliseconds. */
function toMs(time: number): number {
  return time < 1e12 ? time * 1000 : time;
}

function quoteUsd(world: SandboxWorld, mint: string, at: Date): number | null {
  const price = world.token(mint, at)?.prices.marketData ?? null;
  if (price !== null) return price;
  return USD_STABLES.has(mint) ? 1 : null;
}

type Windows = Pick<DexPair, 'txns' | 'volume'> & { priceChange: Record<string, number> };

/** The pool's own trailing windows (designed activity), as they are. */
function designedWindows(w: NonNullable<PoolState['windows']>, priced: boolean): Windows {
  const counts = (k: keyof typeof w) => ({ buys: w[k].buys, sells: w[k].sells });
  const priceChange: Record<string, number> = {};
  if (priced) {
    for (const k of ['m5', 'h1', 'h6', 'h24'] as const) {
      const change = w[k].priceChangePct;
      if (change !== null) priceChange[k] = change;
    }
  }
  return {
    txns: { m5: counts('m5'), h1: counts('h1'), h6: counts('h6'), h24: counts('h24') },
    volume: { h24: round(w.h24.volumeUsd, 2), h6: round(w.h6.volumeUsd, 2), h1: round(w.h1.volumeUsd, 2), m5: round(w.m5.volumeUsd, 2) },
    priceChange,
  };
}

/** The 24 h figures spread evenly over the shorter windows (pools without designed activity). */
function evenWindows(token: TokenState, pool: PoolState): Windows {
  const { buys, sells } = pool.txns24h;
  const counts = (divisor: number) => ({ buys: Math.floor(buys / divisor), sells: Math.floor(sells / divisor) });
  const change = token.priceChange;
  const priceChange: Record<string, number> = {};
  if (change.h1 !== null) {
    priceChange.m5 = round(change.h1 / 12, 2);
    priceChange.h1 = change.h1;
  }
  if (change.h6 !== null) priceChange.h6 = change.h6;
  if (change.h24 !== null) priceChange.h24 = change.h24;
  return {
    txns: { m5: counts(288), h1: counts(24), h6: counts(4), h24: { buys, sells } },
    volume: {
      h24: round(pool.volume24hUsd, 2),
      h6: round(pool.volume24hUsd / 4, 2),
      h1: round(pool.volume24hUsd / 24, 2),
      m5: round(pool.volume24hUsd / 288, 2),
    },
    priceChange,
  };
}

function renderPair(world: SandboxWorld, token: TokenState, pool: PoolState, at: Date): DexPair {
  const price = token.prices.marketData;
  const quotePrice = quoteUsd(world, pool.quoteMint, at);
  const quoteToken = world.token(pool.quoteMint, at);
  const { txns, volume, priceChange } = pool.windows ? designedWindows(pool.windows, price !== null) : evenWindows(token, pool);
  const half = pool.liquidityUsd / 2;
  const pair: DexPair = {
    chainId: 'solana',
    dexId: pool.dex,
    url: `https://dexscreener.com/solana/${pool.address.toLowerCase()}`,
    pairAddress: pool.address,
    baseToken: { address: token.mint, name: token.name, symbol: token.symbol },
    quoteToken: { address: pool.quoteMint, name: quoteToken?.name ?? pool.quoteSymbol, symbol: pool.quoteSymbol },
    priceNative: price !== null && quotePrice ? decimalString(price / quotePrice) : '0',
    txns,
    volume,
  };
  // Optional fields are left out (not null) when the world has no value, as the real API does for young pairs.
  if (price !== null) pair.priceUsd = decimalString(price);
  if (Object.keys(priceChange).length > 0) pair.priceChange = priceChange;
  if (pool.liquidityUsd > 0) {
    pair.liquidity = {
      usd: round(pool.liquidityUsd, 2),
      base: price ? round(half / price, 4) : 0,
      quote: quotePrice ? round(half / quotePrice, 4) : 0,
    };
  }
  if (token.fdvUsd !== null) pair.fdv = Math.round(token.fdvUsd);
  if (token.marketCapUsd !== null) pair.marketCap = Math.round(token.marketCapUsd);
  pair.pairCreatedAt = toMs(pool.createdAt);
  return pair;
}

function tokenPairs(world: SandboxWorld, addresses: string[], at: Date): DexPair[] {
  const pairs: DexPair[] = [];
  const seen = new Set<string>();
  for (const mint of addresses) {
    const token = ADDRESS.test(mint) ? world.token(mint, at) : null;
    if (!token) continue;
    const pools = [...token.pools].sort((a, b) => b.liquidityUsd - a.liquidityUsd || (a.address < b.address ? -1 : 1));
    for (const pool of pools) {
      if (seen.has(pool.address)) continue;
      seen.add(pool.address);
      pairs.push(renderPair(world, token, pool, at));
    }
  }
  return pairs;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** `now` is the sandbox clock: every answer is a pure function of (world seed, now, request). */
export function createDexScreenerHandler(world: SandboxWorld, now: () => Date): ProviderHandler {
  return (req): ProviderResponse => {
    if (req.method === 'GET' && /^\/token-boosts\/top\/v1\/?$/.test(req.path)) return { body: topBoosts(world, now()) };
    if (req.method === 'GET' && /^\/token-profiles\/latest\/v1\/?$/.test(req.path)) return { body: latestProfiles(world, now()) };
    const match = /^\/tokens\/v1\/([^/]+)\/([^/]+)\/?$/.exec(req.path);
    if (req.method !== 'GET' || !match) return { status: 404, body: { error: 'Not found' } };
    const chainId = decode(match[1]!);
    const list = decode(match[2]!);
    if (chainId !== 'solana' || list === null) return { body: [] };
    const addresses = list.split(',').map((a) => a.trim()).filter((a) => a !== '').slice(0, MAX_ADDRESSES);
    return { body: tokenPairs(world, addresses, now()) };
  };
}
