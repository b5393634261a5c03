/**
 * The prices `query` compares its legs against (src/analytics/query/preview.ts), read from the endpoint
 * definitions themselves so a price change there moves the rule with it. Loaded on first use, not imported
 * at the top: the endpoint list includes query's own definition, and a static import from query's code
 * would be an import cycle.
 */
import type { EndpointDefinition } from '../../../registry/types.js';
import type { Price } from '../../../analytics/query/preview.js';

export interface PriceBook {
  /** query's own price. */
  query: NonNullable<Price>;
  /** An endpoint's price (null = free); undefined for a key that is no endpoint. */
  of(key: string): Price | undefined;
}

export function priceBookOf(definitions: readonly EndpointDefinition[], toAtomic: (price: string) => bigint): PriceBook {
  const prices = new Map<string, Price>();
  for (const d of definitions) prices.set(d.key, d.price === null ? null : { atomic: toAtomic(d.price), usdc: d.price });
  const query = prices.get('query');
  if (!query) throw new Error('query has no price: the rule "headlines above query\'s price" needs one');
  return { query, of: (key) => prices.get(key) };
}

let loaded: Promise<PriceBook> | undefined;

export function priceBook(): Promise<PriceBook> {
  loaded ??= Promise.all([import('../../index.js'), import('../../../registry/index.js')]).then(([{ ENDPOINTS }, { usdcToAtomic }]) => priceBookOf(ENDPOINTS, usdcToAtomic));
  return loaded;
}
