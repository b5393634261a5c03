/**
 * A token's DEX market as the discovery analytics read it (src/analytics/discovery/types.ts): the
 * token's representative pair (the deepest base-token pair, `bestPair`) with its four trailing windows.
 * A window or figure the market-data source does not report stays null — never 0 — so a young pool is
 * not mistaken for a dead one.
 */
import type { LaunchMarket, MarketWindow, WindowName } from '../../analytics/discovery/types.js';
import { bestPair } from '../../sources/dexscreener.js';
import type { DexPair } from '../../sources/wire/dexscreener.js';
import { HOUR_MS } from '../../lib/days.js';

const WINDOWS: readonly WindowName[] = ['m5', 'h1', 'h6', 'h24'];

const finite = (text: string | null | undefined): number | null => {
  if (text === null || text === undefined) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

function windowOf(pair: DexPair, w: WindowName): MarketWindow {
  const txns = pair.txns[w];
  return {
    volumeUsd: pair.volume[w] ?? null,
    buys: txns?.buys ?? null,
    sells: txns?.sells ?? null,
    priceChangePct: pair.priceChange?.[w] ?? null,
  };
}

function launchMarketOf(pair: DexPair): LaunchMarket {
  return {
    mint: pair.baseToken.address,
    symbol: pair.baseToken.symbol || null,
    name: pair.baseToken.name || null,
    pairAddress: pair.pairAddress,
    dex: pair.dexId,
    pairCreatedAtMs: pair.pairCreatedAt ?? null,
    priceUsd: finite(pair.priceUsd),
    liquidityUsd: pair.liquidity?.usd ?? null,
    marketCapUsd: pair.marketCap ?? pair.fdv ?? null,
    windows: Object.fromEntries(WINDOWS.map((w) => [w, windowOf(pair, w)])) as Record<WindowName, MarketWindow>,
  };
}

/** Each mint's market from one batch of pairs (null for a mint without a pair as base token). */
export function launchMarkets(pairs: readonly DexPair[], mints: readonly string[]): Map<string, LaunchMarket | null> {
  return new Map(mints.map((mint) => {
    const pair = bestPair(pairs, mint);
    return [mint, pair ? launchMarketOf(pair) : null];
  }));
}

/** Hours since the pair was created, or null when unknown. */
export function pairAgeHours(market: LaunchMarket, nowMs: number): number | null {
  return market.pairCreatedAtMs === null ? null : Math.max(0, (nowMs - market.pairCreatedAtMs) / HOUR_MS);
}
