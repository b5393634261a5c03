/**
 * Slippage estimates at the four position sizes of the spec (100, 1K, 10K, 100K USD), from
 * aggregator quotes for buying the token with that many USD.
 *
 * Rule per size:
 *  - effective_price_usd = (in_amount × in_price_usd) / out_amount — what one token really costs at
 *    that size, fees and route included (in_price_usd defaults to 1 for a USD stablecoin input).
 *  - price_impact_pct = (effective − spot) / spot × 100 when the spot price is known (so every size
 *    is measured against the same reference); otherwise the quote's own price_impact_pct. Negative
 *    values (a quote better than a stale spot) are reported as 0. `method` says which was used.
 *  - A size with no quote (no route, or a quote with non-positive amounts) is `available: false`
 *    with null figures — never 0 % impact, which would read as "perfectly liquid".
 */
import { isFiniteNumber, round2, roundSig } from './round.js';
import type { SlippageQuote } from './types.js';

export const SLIPPAGE_SIZES_USD = [100, 1_000, 10_000, 100_000] as const;

export interface SlippageRow {
  size_usd: number;
  available: boolean;
  price_impact_pct: number | null;
  effective_price_usd: number | null;
  method: 'vs_spot' | 'quoted' | null;
  reason?: 'no_quote' | 'invalid_quote' | 'no_reference_price';
}

/** One row per standard size; `quotes` may be in any order and may lack sizes. */
export function slippageTable(quotes: readonly (SlippageQuote | null | undefined)[], spotPriceUsd: number | null): SlippageRow[] {
  const spot = isFiniteNumber(spotPriceUsd) && spotPriceUsd > 0 ? spotPriceUsd : null;
  return SLIPPAGE_SIZES_USD.map((size): SlippageRow => {
    const q = quotes.find((x) => x && x.size_usd === size);
    const empty = { size_usd: size, available: false, price_impact_pct: null, effective_price_usd: null, method: null } as const;
    if (!q) return { ...empty, reason: 'no_quote' };
    const inPrice = q.in_price_usd ?? 1;
    if (!isFiniteNumber(q.in_amount) || !isFiniteNumber(q.out_amount) || !isFiniteNumber(inPrice) || q.in_amount <= 0 || q.out_amount <= 0 || inPrice <= 0) {
      return { ...empty, reason: 'invalid_quote' };
    }
    const effective = (q.in_amount * inPrice) / q.out_amount;
    let impact: number | null = null;
    let method: SlippageRow['method'] = null;
    if (spot !== null) {
      impact = ((effective - spot) / spot) * 100;
      method = 'vs_spot';
    } else if (isFiniteNumber(q.price_impact_pct)) {
      impact = q.price_impact_pct;
      method = 'quoted';
    }
    if (impact === null) return { size_usd: size, available: true, price_impact_pct: null, effective_price_usd: roundSig(effective), method: null, reason: 'no_reference_price' };
    return { size_usd: size, available: true, price_impact_pct: round2(Math.max(0, impact)), effective_price_usd: roundSig(effective), method };
  });
}
