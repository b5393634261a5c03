/**
 * Exact-in swap quotes over the world's pools. Each token trades against its quote asset through its
 * deepest pool; a route is the shortest path (≤ 3 legs) between the two mints over those pools (SOL,
 * USDC and USDT are the hubs). Each leg is constant-product on the pool's reserves — half its USD
 * liquidity on each side at the market-data prices — after the DEX's fee, so output values agree
 * with the world's prices and price impact grows with size. No route: either mint is unknown or has
 * no pool, or a leg's input exceeds 90 % of that pool's input reserve.
 *
 * `priceImpactPct` is a FRACTION (0.0123 = 1.23 %), as the aggregator states it.
 */
import type { PoolState, QuoteState, TokenState } from './types.js';
import { USDC_MINT, USDT_MINT, WSOL_MINT } from './entities.js';
import { rawToUi, sig } from './tokens.js';

const DEX_ROUTE_LABEL: Record<PoolState['dex'], string> = {
  raydium: 'Raydium',
  orca: 'Whirlpool',
  meteora: 'Meteora DLMM',
  pumpswap: 'Pump.fun Amm',
};
const DEX_FEE: Record<PoolState['dex'], number> = { raydium: 0.0025, orca: 0.003, meteora: 0.002, pumpswap: 0.0025 };
const MAX_RESERVE_SHARE = 0.9;

interface Edge {
  base: TokenState;
  quote: TokenState;
  pool: PoolState;
}

function priceOf(t: TokenState): number | null {
  return t.prices.marketData ?? t.prices.priceAggregator ?? t.prices.walletProvider;
}

function deepest(t: TokenState): PoolState | null {
  let best: PoolState | null = null;
  for (const p of t.pools) if (!best || p.liquidityUsd > best.liquidityUsd) best = p;
  return best;
}

export function quoteExactIn(token: (mint: string) => TokenState | null, inputMint: string, outputMint: string, inAmountRaw: string, ): QuoteState | null {
  if (inputMint === outputMint || !/^\d+$/.test(inAmountRaw)) return null;
  const inRaw = BigInt(inAmountRaw);
  if (inRaw <= 0n) return null;
  const tin = token(inputMint);
  const tout = token(outputMint);
  if (!tin || !tout) return null;

  // Edges: each involved token's deepest pool (hubs included so any two tokens can meet).
  const tokens = new Map<string, TokenState>();
  for (const t of [tin, tout]) tokens.set(t.mint, t);
  for (const hub of [WSOL_MINT, USDC_MINT, USDT_MINT]) {
    const t = tokens.get(hub) ?? token(hub);
    if (t) tokens.set(hub, t);
  }
  const edges: Edge[] = [];
  for (const t of tokens.values()) {
    const pool = deepest(t);
    if (!pool) continue;
    const quote = tokens.get(pool.quoteMint) ?? token(pool.quoteMint);
    if (!quote) continue;
    tokens.set(quote.mint, quote);
    edges.push({ base: t, quote, pool });
  }

  // Shortest path by BFS over mints.
  const prev = new Map<string, { from: string; edge: Edge }>();
  const queue = [inputMint];
  const seen = new Set(queue);
  while (queue.length > 0 && !seen.has(outputMint)) {
    const m = queue.shift()!;
    for (const e of edges) {
      const next = e.base.mint === m ? e.quote.mint : e.quote.mint === m ? e.base.mint : null;
      if (!next || seen.has(next)) continue;
      seen.add(next);
      prev.set(next, { from: m, edge: e });
      queue.push(next);
    }
  }
  if (!seen.has(outputMint)) return null;
  const path: { from: string; edge: Edge }[] = [];
  for (let m = outputMint; m !== inputMint; ) {
    const step = prev.get(m)!;
    path.unshift(step);
    m = step.from;
  }
  if (path.length > 3) return null;

  let amountUi = rawToUi(inRaw, tin.decimals);
  let keep = 1;
  const labels: string[] = [];
  for (const { from, edge } of path) {
    const pb = priceOf(edge.base);
    const pq = priceOf(edge.quote);
    if (!pb || !pq) return null;
    const baseReserve = edge.pool.liquidityUsd / 2 / pb;
    const quoteReserve = edge.pool.liquidityUsd / 2 / pq;
    const [rin, rout] = from === edge.base.mint ? [baseReserve, quoteReserve] : [quoteReserve, baseReserve];
    if (!(rin > 0) || amountUi > MAX_RESERVE_SHARE * rin) return null;
    const effective = amountUi * (1 - DEX_FEE[edge.pool.dex]);
    keep *= rin / (rin + effective);
    amountUi = (rout * effective) / (rin + effective);
    labels.push(DEX_ROUTE_LABEL[edge.pool.dex]);
  }
  const scale = 10 ** tout.decimals;
  const outRaw = BigInt(Math.floor(amountUi * scale));
  if (outRaw <= 0n) return null;
  return {
    inputMint,
    outputMint,
    inAmountRaw: inRaw.toString(),
    outAmountRaw: outRaw.toString(),
    priceImpactPct: sig(1 - keep, 8),
    routeLabels: labels,
  };
}
