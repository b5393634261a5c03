/**
 * All data sources of the service, built once at start-up from their base URLs and keys. The same
 * clients run in sandbox mode (URLs of the loopback providers) and live mode (the providers' URLs):
 * what differs is configuration only. Health of every source's circuit breaker feeds `/status`.
 */
import { CircuitBreaker } from './breaker.js';
import { systemTimers, type Timers } from '../lib/timers.js';
import { CARD_PACKS_LIVE_URL, CardPackClient } from './card-packs.js';
import { DefiLlamaClient } from './defillama.js';
import { DexScreenerClient } from './dexscreener.js';
import type { LegName } from './errors.js';
import { HeliusClient } from './helius.js';
import { HttpSource } from './http-source.js';
import { JupiterClient } from './jupiter.js';
import { LAUNCHPAD_LIVE_URL, LaunchpadClient } from './launchpad.js';
import { SolanaRpcClient } from './solana-rpc.js';
import { AdrenaClient } from './perps/adrena.js';
import { ADRENA_MAIN_POOL } from './perps/adrena-layout.js';
import { DydxIndexerClient, DYDX_INDEXER_URL } from './perps/dydx.js';
import { HyperliquidClient, HYPERLIQUID_API_URL, HYPERLIQUID_STATS_URL } from './perps/hyperliquid.js';
import { JupiterPerpsClient, JUPITER_PERPS_MAINNET_POOL } from './perps/jupiter-perps.js';
import type { PoolVenueSource, RefVenueCSource, RefVenueDSource } from '../analytics/perps/venue-data.js';

export interface SourceUrls {
  heliusRpc: string;
  heliusApi: string;
  dexscreener: string;
  jupiter: string;
  defillamaApi: string;
  defillamaYields: string;
  defillamaCoins: string;
  solanaRpc: string;
  /** Solana RPC nodes the pool venues' program accounts are read from (A: Jupiter Perps, B: Adrena). */
  perpsVenueARpc: string;
  perpsVenueBRpc: string;
  /** Reference venue C (Hyperliquid): the info API and the leaderboard host. */
  hyperliquidApi: string;
  hyperliquidStats: string;
  /** Reference venue D (dYdX v4 indexer). */
  dydxIndexer: string;
  /** Card-pack machines (`GET /api/machines`, the service's assumed format: docs/gacha.md). */
  cardPacks: string;
  /** The launch platform's API (the service's assumed format: docs/launchpad.md "Platform API"). */
  launchpad: string;
}

export interface SourceKeys {
  helius?: string;
  jupiter?: string;
}

export interface SourceTuning {
  /** Budget of one logical call to a source, retries included. */
  timeoutMs: number;
  retries: number;
}

export interface Sources {
  helius: HeliusClient;
  dexscreener: DexScreenerClient;
  jupiter: JupiterClient;
  defillama: DefiLlamaClient;
  rpc: SolanaRpcClient;
  /** The four perps venues (analytics/perps/venue-data.ts), each on its own leg. */
  perps: { A: PoolVenueSource; B: PoolVenueSource; C: RefVenueCSource; D: RefVenueDSource };
  cardPacks: CardPackClient;
  launchpad: LaunchpadClient;
  /** Every HttpSource, for health and request counting. */
  http: HttpSource[];
}

export const LIVE_SOURCE_URLS: SourceUrls = {
  heliusRpc: 'https://mainnet.helius-rpc.com',
  heliusApi: 'https://api.helius.xyz',
  dexscreener: 'https://api.dexscreener.com',
  jupiter: 'https://lite-api.jup.ag',
  defillamaApi: 'https://api.llama.fi',
  defillamaYields: 'https://yields.llama.fi',
  defillamaCoins: 'https://coins.llama.fi',
  solanaRpc: 'https://api.mainnet-beta.solana.com',
  perpsVenueARpc: 'https://api.mainnet-beta.solana.com',
  perpsVenueBRpc: 'https://api.mainnet-beta.solana.com',
  hyperliquidApi: HYPERLIQUID_API_URL,
  hyperliquidStats: HYPERLIQUID_STATS_URL,
  dydxIndexer: DYDX_INDEXER_URL,
  cardPacks: CARD_PACKS_LIVE_URL,
  launchpad: LAUNCHPAD_LIVE_URL,
};

/** The least budget of a source whose live body is several MB (DefiLlama's yields, Hyperliquid's stats). */
export const LARGE_BODY_BUDGET_MS = 10_000;

/**
 * `now` is the clock of the venue B client (oracle staleness, interest accrued since a custody's last
 * update): the service's clock, so a sandbox run on an injected clock agrees with its sandbox chain.
 * `timers` decide when a source call gives up and when a breaker lets a trial call through (src/lib/timers.ts).
 */
export function createSources(
  urls: SourceUrls, keys: SourceKeys, tuning: SourceTuning, now: () => Date = () => new Date(), timers: Timers = systemTimers,
): Sources {
  // One breaker per leg: two hosts of one provider trip together.
  const breakers = new Map<LegName, CircuitBreaker>();
  const breaker = (leg: LegName) => {
    let b = breakers.get(leg);
    if (!b) breakers.set(leg, (b = new CircuitBreaker(undefined, undefined, () => timers.now())));
    return b;
  };
  const http: HttpSource[] = [];
  const source = (leg: LegName, baseUrl: string, extra: { query?: Record<string, string>; headers?: Record<string, string>; timeoutMs?: number } = {}) => {
    const s = new HttpSource({ leg, baseUrl, timeoutMs: extra.timeoutMs ?? tuning.timeoutMs, retries: tuning.retries, breaker: breaker(leg), query: extra.query, headers: extra.headers, timers });
    http.push(s);
    return s;
  };
  const heliusKey = keys.helius ? { query: { 'api-key': keys.helius } } : {};
  return {
    helius: new HeliusClient({ rpc: source('wallet_assets', urls.heliusRpc, heliusKey), api: source('wallet_assets', urls.heliusApi, heliusKey) }),
    dexscreener: new DexScreenerClient({ http: source('market_data', urls.dexscreener) }),
    jupiter: new JupiterClient({ http: source('price_aggregator', urls.jupiter, keys.jupiter ? { headers: { 'x-api-key': keys.jupiter } } : {}) }),
    // The yields list is several MB in live mode: it gets a longer budget (and is cached by its callers).
    defillama: new DefiLlamaClient({
      api: source('defi_data', urls.defillamaApi),
      yields: source('defi_data', urls.defillamaYields, { timeoutMs: Math.max(tuning.timeoutMs, LARGE_BODY_BUDGET_MS) }),
      coins: source('defi_data', urls.defillamaCoins),
    }),
    rpc: new SolanaRpcClient({ http: source('chain_rpc', urls.solanaRpc) }),
    perps: {
      A: new JupiterPerpsClient({ rpc: source('perps_venue_a', urls.perpsVenueARpc), poolAddress: JUPITER_PERPS_MAINNET_POOL }),
      B: new AdrenaClient({ rpc: source('perps_venue_b', urls.perpsVenueBRpc), poolAddress: ADRENA_MAIN_POOL, now }),
      // The live leaderboard is tens of MB: a longer budget (its callers cache the answer).
      C: new HyperliquidClient({
        info: source('perps_venue_c', urls.hyperliquidApi),
        stats: source('perps_venue_c', urls.hyperliquidStats, { timeoutMs: Math.max(tuning.timeoutMs, LARGE_BODY_BUDGET_MS) }),
      }),
      D: new DydxIndexerClient({ http: source('perps_venue_d', urls.dydxIndexer) }),
    },
    cardPacks: new CardPackClient({ http: source('card_packs', urls.cardPacks) }),
    launchpad: new LaunchpadClient({ http: source('launchpad', urls.launchpad) }),
    http,
  };
}

/** Per-leg breaker state for `/status`. */
export function sourceHealth(sources: Sources): { leg: LegName; state: string; consecutive_failures: number; requests: number }[] {
  const byLeg = new Map<LegName, { leg: LegName; state: string; consecutive_failures: number; requests: number }>();
  for (const s of sources.http) {
    const entry = byLeg.get(s.leg) ?? { leg: s.leg, ...s.breaker.snapshot(), requests: 0 };
    entry.requests += s.requestCount;
    byLeg.set(s.leg, entry);
  }
  return [...byLeg.values()];
}

/** Total upstream requests sent so far (the bench reports upstream calls per endpoint call). */
export function upstreamRequestCount(sources: Sources): number {
  return sources.http.reduce((sum, s) => sum + s.requestCount, 0);
}
