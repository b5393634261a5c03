/**
 * The prices `query` compares its legs against (src/analytics/query/preview.ts), read from the endpoint
 * definitions themselves so a price change there moves the rule with it. The list query is registered in
 * includes query itself, so it is handed over at build time (src/endpoints/index.ts binds it) rather than
 * imported.
 */
import { usdcToAtomic } from '../../../registry/index.js';
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

/** The endpoint list query's price book is read from, bound once when the list is built. */
export interface PriceBookBinding {
  bind(definitions: readonly EndpointDefinition[]): void;
  /** The book, built on first use; a query run outside a bound list is a wiring mistake and throws. */
  read(): PriceBook;
}

export function priceBookBinding(): PriceBookBinding {
  let definitions: readonly EndpointDefinition[] | undefined;
  let book: PriceBook | undefined;
  return {
    bind(list) {
      definitions = list;
      book = undefined;
    },
    read() {
      if (!definitions) throw new Error('query\'s price book is not bound to an endpoint list (src/endpoints/index.ts binds it)');
      return (book ??= priceBookOf(definitions, usdcToAtomic));
    },
  };
}
