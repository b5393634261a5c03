/**
 * DEX Screener (leg `market_data`): the DEX pairs of Solana tokens, with price, liquidity, volume,
 * transaction counts and price changes. Thin typed client over `HttpSource`; no key (the public API
 * takes none). Wire format and its documentation: `./wire/dexscreener.ts`.
 */
import { reportSkipped } from './errors.js';
import type { HttpSource } from './http-source.js';
import { mergeParsedLists, usableListParser, type ParsedList } from './wire.js';
import { DexPairSchema, type DexPair } from './wire/dexscreener.js';
import { DexTokenBoostSchema, type DexTokenBoost } from './wire/dexscreener-boosts.js';
import { DexTokenProfileSchema, type DexTokenProfile } from './wire/dexscreener-profiles.js';

export type { DexPair } from './wire/dexscreener.js';
export type { DexTokenBoost } from './wire/dexscreener-boosts.js';
export type { DexTokenProfile } from './wire/dexscreener-profiles.js';

export interface DexScreenerClientOptions {
  /** Base URL `https://api.dexscreener.com` (or the sandbox's), leg `market_data`. */
  http: HttpSource;
}

/** The documented limit of addresses per `/tokens/v1` request. */
const DEXSCREENER_MAX_ADDRESSES = 30;

// Per entry (src/sources/wire.ts): one malformed pair or feed entry (an old pair without
// `quoteToken.address`) is skipped and reported, never the whole answer; a list with no valid entry is malformed.
const parseTokenPairs = usableListParser(DexPairSchema, 'pair');
const parseTopBoosts = usableListParser(DexTokenBoostSchema, 'boost');
const parseLatestProfiles = usableListParser(DexTokenProfileSchema, 'token profile');

const PROVIDER = 'DEX Screener';

export class DexScreenerClient {
  private readonly http: HttpSource;

  constructor(options: DexScreenerClientOptions) {
    this.http = options.http;
  }

  /**
   * Every Solana pair listing any of `mints` (as base or quote), as DEX Screener reports it.
   * More than 30 distinct mints are split into requests of 30 (run in parallel); a pair listed by
   * two requested mints is returned once. Unknown mints simply contribute no pairs.
   */
  async tokenPairs(mints: string[], signal?: AbortSignal): Promise<DexPair[]> {
    const unique = [...new Set(mints)];
    if (unique.length === 0) return [];
    const batches: string[][] = [];
    for (let i = 0; i < unique.length; i += DEXSCREENER_MAX_ADDRESSES) batches.push(unique.slice(i, i + DEXSCREENER_MAX_ADDRESSES));
    const answers = await Promise.all(
      batches.map((batch) =>
        this.http.request(`/tokens/v1/solana/${batch.map(encodeURIComponent).join(',')}`, { parse: parseTokenPairs, signal }),
      ),
    );
    const all = mergeParsedLists(answers);
    const seen = new Set<string>();
    const pairs: DexPair[] = [];
    for (const pair of all.items) {
      const key = `${pair.chainId}:${pair.pairAddress}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push(pair);
    }
    return this.reported(pairs, all, 'pair');
  }

  /**
   * The Solana tokens with the most active boosts (`/token-boosts/top/v1`), most boosted first; the
   * feed's candidate list. Other chains' entries are dropped, and a token listed twice is kept once.
   */
  async topBoostedTokens(signal?: AbortSignal): Promise<DexTokenBoost[]> {
    const entries = await this.http.request('/token-boosts/top/v1', { parse: parseTopBoosts, signal });
    const seen = new Set<string>();
    return this.reported(entries.items.filter((e) => e.chainId === 'solana' && !seen.has(e.tokenAddress) && seen.add(e.tokenAddress)), entries, 'boost');
  }

  /**
   * The latest Solana token profiles (`/token-profiles/latest/v1`), newest first as served: the feed of
   * fresh tokens. Other chains' entries are dropped, and a token listed twice is kept once (its first,
   * newest entry).
   */
  async latestTokenProfiles(signal?: AbortSignal): Promise<DexTokenProfile[]> {
    const entries = await this.http.request('/token-profiles/latest/v1', { parse: parseLatestProfiles, signal });
    const seen = new Set<string>();
    return this.reported(entries.items.filter((e) => e.chainId === 'solana' && !seen.has(e.tokenAddress) && seen.add(e.tokenAddress)), entries, 'token profile');
  }

  /** `kept`, with the entries its list skipped reported for the call in progress (an `items_skipped` caveat). */
  private reported<T extends object>(kept: T, list: ParsedList<unknown>, what: string): T {
    return reportSkipped(kept, { leg: this.http.leg, provider: PROVIDER, what, count: list.skipped, firstError: list.firstError });
  }
}

/**
 * The pair that best represents `mint`'s market: among Solana pairs where `mint` is the BASE token
 * (a pair quoting the mint prices the other token), the one with the deepest USD liquidity. Pairs
 * without a liquidity figure rank below any pair that has one; ties go to the higher 24 h volume,
 * then to the lower pair address, so the choice is deterministic. Null when no pair has `mint` as base.
 */
export function bestPair(pairs: readonly DexPair[], mint: string): DexPair | null {
  let best: DexPair | null = null;
  for (const pair of pairs) {
    if (pair.chainId !== 'solana' || pair.baseToken.address !== mint) continue;
    if (best === null || compareDepth(pair, best) > 0) best = pair;
  }
  return best;
}

/** > 0 when `a` is the better representative pair than `b`. */
function compareDepth(a: DexPair, b: DexPair): number {
  const liquidity = (p: DexPair) => p.liquidity?.usd ?? -1;
  const volume = (p: DexPair) => p.volume.h24 ?? -1;
  return (
    liquidity(a) - liquidity(b) ||
    volume(a) - volume(b) ||
    (a.pairAddress < b.pairAddress ? 1 : a.pairAddress > b.pairAddress ? -1 : 0)
  );
}
