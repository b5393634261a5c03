/**
 * Token price = median of up to 3 sources (spec "Scoring definitions": wallet-asset provider,
 * market-data aggregator, price aggregator).
 *
 * Rule: readings that are null, non-finite or ≤ 0 are ignored (a zero price is "no price", not a
 * price). Of the usable readings: 1 → that price; 2 → their mean (the median of two); 3 → the middle
 * one; 0 → null (unknown — never 0). The median resists one bad source, which a mean would not.
 * `spread_pct` = (max − min) / median × 100, so a client can see when sources disagree.
 */
import { isFiniteNumber, round2 } from './round.js';
import type { PriceReading } from './types.js';

export interface TokenPriceResult {
  price_usd: number | null;
  sources_used: { source: string; price: number }[];
  sources_rejected: { source: string; reason: 'missing' | 'not_finite' | 'not_positive' }[];
  spread_pct: number | null;
}

/** Median of a non-empty list of numbers (mean of the middle two for even counts). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function medianPrice(readings: readonly PriceReading[]): TokenPriceResult {
  const used: TokenPriceResult['sources_used'] = [];
  const rejected: TokenPriceResult['sources_rejected'] = [];
  for (const r of readings) {
    const price: unknown = r.price;
    if (price === null || price === undefined) rejected.push({ source: r.source, reason: 'missing' });
    else if (!isFiniteNumber(price)) rejected.push({ source: r.source, reason: 'not_finite' });
    else if (price <= 0) rejected.push({ source: r.source, reason: 'not_positive' });
    else used.push({ source: r.source, price });
  }
  if (used.length === 0) return { price_usd: null, sources_used: [], sources_rejected: rejected, spread_pct: null };
  const prices = used.map((u) => u.price);
  const price_usd = median(prices);
  const spread_pct = round2(((Math.max(...prices) - Math.min(...prices)) / price_usd) * 100);
  return { price_usd, sources_used: used, sources_rejected: rejected, spread_pct };
}
