/**
 * Sandbox DefiLlama coins host (coins.llama.fi, served by the DefiLlama sandbox server):
 * `GET /batchHistorical?coins={json}&searchWidth=…` answered from the world's price paths — the price of
 * `solana:<mint>` at a timestamp is the market-data price of the token at that moment, the same path the
 * world's swaps were sized with. Like the real API (src/sources/wire/defillama-coins.ts): coins it cannot
 * price are absent, and timestamps without data (in the future, before the token existed) have no point.
 * Points are stamped with the requested time (a dense price path has a point at every second).
 */
import type { SandboxWorld } from '../world/types.js';
import type { ProviderResponse } from './server.js';

/** Bounds of one request (the real API has its own; these keep a malicious query cheap). */
const MAX_COINS = 50;
const MAX_TIMESTAMPS = 500;

const bad = (message: string): ProviderResponse => ({ status: 400, body: { message } });

function parseCoins(text: string | null): Record<string, number[]> | string {
  if (!text) return 'coins is required';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'coins must be a JSON object';
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'coins must be a JSON object';
  const entries = Object.entries(json as Record<string, unknown>);
  if (entries.length > MAX_COINS) return `at most ${MAX_COINS} coins`;
  let total = 0;
  for (const [, v] of entries) {
    if (!Array.isArray(v) || v.some((t) => typeof t !== 'number' || !Number.isFinite(t))) return 'timestamps must be arrays of numbers';
    total += v.length;
  }
  if (total > MAX_TIMESTAMPS) return `at most ${MAX_TIMESTAMPS} timestamps`;
  return json as Record<string, number[]>;
}

export function batchHistorical(world: SandboxWorld, now: Date, query: URLSearchParams): ProviderResponse {
  const coins = parseCoins(query.get('coins'));
  if (typeof coins === 'string') return bad(coins);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const out: Record<string, { symbol: string; prices: { timestamp: number; price: number; confidence: number }[] }> = {};
  for (const [coin, timestamps] of Object.entries(coins)) {
    const match = /^solana:([1-9A-HJ-NP-Za-km-z]{32,44})$/.exec(coin);
    if (!match) continue;
    let symbol: string | null = null;
    const prices: { timestamp: number; price: number; confidence: number }[] = [];
    for (const raw of timestamps) {
      const ts = Math.floor(raw);
      if (ts > nowSeconds || ts < 0) continue;
      const token = world.token(match[1]!, new Date(ts * 1000));
      const price = token ? (token.prices.marketData ?? token.prices.priceAggregator ?? token.prices.walletProvider) : null;
      if (!token || price === null) continue;
      symbol = token.symbol;
      prices.push({ timestamp: ts, price, confidence: 0.99 });
    }
    if (symbol !== null) out[coin] = { symbol, prices };
  }
  return { body: { coins: out } };
}
