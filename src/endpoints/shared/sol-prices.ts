/**
 * SOL's USD price at past trade times, from DefiLlama's coins API (`/batchHistorical`).
 *
 * Bounded requests: trade times are floored to 5-minute buckets (a trade is priced at most 5 minutes
 * before it happened; SOL rarely moves more than a fraction of a percent in that time), duplicates are
 * merged, and the buckets go out in requests of at most 100 timestamps (the query travels in the URL),
 * in parallel. A returned point counts only within SEARCH_WIDTH of its bucket; a bucket without one is
 * unpriced (its trades are left out and counted), never filled with another moment's price.
 */
import type { DefiLlamaClient } from '../../sources/defillama.js';
import { solanaCoinId } from '../../sources/defillama.js';
import { WSOL_MINT } from '../../analytics/copy-trade-valuation.js';

export const PRICE_BUCKET_S = 300;
const PRICE_SEARCH_WIDTH_S = 600;
export const TIMESTAMPS_PER_REQUEST = 100;

export const bucketOf = (timestamp: number): number => Math.floor(timestamp / PRICE_BUCKET_S) * PRICE_BUCKET_S;

export interface SolPrices {
  /** SOL's USD price for a trade at `timestamp` (its bucket's), or null when DefiLlama had none. */
  at(timestamp: number): number | null;
  requests: number;
  buckets: number;
}

export async function solPricesAt(defillama: DefiLlamaClient, timestamps: readonly number[], signal: AbortSignal): Promise<SolPrices> {
  const buckets = [...new Set(timestamps.map(bucketOf))].sort((a, b) => a - b);
  const coin = solanaCoinId(WSOL_MINT);
  const chunks: number[][] = [];
  for (let i = 0; i < buckets.length; i += TIMESTAMPS_PER_REQUEST) chunks.push(buckets.slice(i, i + TIMESTAMPS_PER_REQUEST));
  const answers = await Promise.all(chunks.map((chunk) => defillama.batchHistoricalPrices({ [coin]: chunk }, { searchWidthSeconds: PRICE_SEARCH_WIDTH_S, signal })));
  const points = answers.flatMap((a) => a.coins[coin]?.prices ?? []).filter((p) => p.price > 0);
  const byBucket = new Map<number, number>();
  for (const bucket of buckets) {
    let best: { distance: number; price: number } | null = null;
    for (const p of points) {
      const distance = Math.abs(p.timestamp - bucket);
      if (distance <= PRICE_SEARCH_WIDTH_S && (best === null || distance < best.distance)) best = { distance, price: p.price };
    }
    if (best) byBucket.set(bucket, best.price);
  }
  return { at: (t) => byBucket.get(bucketOf(t)) ?? null, requests: chunks.length, buckets: buckets.length };
}
