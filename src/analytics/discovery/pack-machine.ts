/**
 * A card-pack machine as the expected-value analytics read it: the fields of Collector Crypt's catalog
 * entry that the EV depends on, under the catalog's own names (the wire format and its checks are in
 * src/sources/wire/card-packs.ts, whose parsed machine fits this shape). Declared here so the pure
 * analytics depend on no data source (docs/architecture.md, 'Layout').
 */
export interface PackMachine {
  code: string;
  name: string;
  shortName?: string;
  /** USD(C) per pull. */
  price: number;
  /** Cards per pull. */
  contains: number;
  /** Instant buyback as a percent of a card's insured value. */
  instantBuyback: number;
  /** false for hidden machines; absent is public. */
  public?: boolean;
  targetEv?: number | null;
  /** The platform's own EV per pull, reported beside ours. */
  ev?: number | null;
  /** Tier → probability 0–1. */
  odds: Record<string, number>;
  /** Tier → USD insured-value range of its cards. */
  tierRanges: Record<string, { start: number; end: number }>;
  /** Tier → cards left. */
  stock: Record<string, number>;
}

/** The tiers real machines list, rarest last: the order tiers are reported in (others follow, as listed). */
export const KNOWN_TIERS = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
