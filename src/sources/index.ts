/**
 * All data sources of the service, built once at start-up from their base URLs and keys. The same
 * clients run in sandbox mode (URLs of the loopback providers) and live mode (the providers' URLs):
 * what differs is configuration only. Health of every source's circuit breaker feeds `/status`.
 */
import { CircuitBreaker } from './breaker.js';
import { DefiLlamaClient } from './defillama.js';
import { DexScreenerClient } from './dexscreener.js';
import type { LegName } from './errors.js';
import { HeliusClient } from './helius.js';
import { HttpSource } from './http-source.js';
import { JupiterClient } from './jupiter.js';
import { SolanaRpcClient } from './solana-rpc.js';

export interface SourceUrls {
  heliusRpc: string;
  heliusApi: string;
  dexscreener: string;
  jupiter: string;
  defillamaApi: string;
  defillamaYields: string;
  defillamaCoins: string;
  solanaRpc: string;
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
};

export function createSources(urls: SourceUrls, keys: SourceKeys, tuning: SourceTuning): Sources {
  // One breaker per leg: two hosts of one provider trip together.
  const breakers = new Map<LegName, CircuitBreaker>();
  const breaker = (leg: LegName) => {
    let b = breakers.get(leg);
    if (!b) breakers.set(leg, (b = new CircuitBreaker()));
    return b;
  };
  const http: HttpSource[] = [];
  const source = (leg: LegName, baseUrl: string, extra: { query?: Record<string, string>; headers?: Record<string, string>; timeoutMs?: number } = {}) => {
    const s = new HttpSource({ leg, baseUrl, timeoutMs: extra.timeoutMs ?? tuning.timeoutMs, retries: tuning.retries, breaker: breaker(leg), query: extra.query, headers: extra.headers });
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
      yields: source('defi_data', urls.defillamaYields, { timeoutMs: Math.max(tuning.timeoutMs, 10_000) }),
      coins: source('defi_data', urls.defillamaCoins),
    }),
    rpc: new SolanaRpcClient({ http: source('chain_rpc', urls.solanaRpc) }),
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
