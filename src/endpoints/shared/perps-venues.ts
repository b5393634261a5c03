/**
 * What every perps endpoint needs about the four venues: their public names, the coverage rules
 * (an asset a venue does not list is an explained absence, never zeros), and reading each venue as a
 * leg of its own so one venue down degrades to a caveat while the others answer.
 */
import type { Caveat, HandlerContext } from '../../registry/types.js';
import { gatherLegs, degradedCaveat, type LegResult } from './legs.js';
import { VENUE_ASSETS, type PerpsAsset, type PerpsVenue, type PoolMarket, type PoolVenue, type RefMarket, type RefVenue } from '../../analytics/perps/venue-data.js';

/** The spec's neutral names: every public field and message uses these, never a venue's brand. */
export const VENUE_LABEL: Readonly<Record<PerpsVenue, string>> = {
  A: 'pool venue A',
  B: 'pool venue B',
  C: 'reference venue C',
  D: 'reference venue D',
};

export const POOL_VENUES: readonly PoolVenue[] = ['A', 'B'];
export const REF_VENUES: readonly RefVenue[] = ['C', 'D'];

/** Why a venue has no market for an asset (the coverage rules), or null when it lists it. */
export function coverageGap(venue: PerpsVenue, asset: PerpsAsset): string | null {
  if (VENUE_ASSETS[venue].includes(asset)) return null;
  if (venue === 'A' && asset === 'BONK') return 'BONK is not tradable on pool venue A.';
  if (venue === 'B' && asset === 'ETH') return 'ETH is unsupported on pool venue B (it lists SOL via a wrapped staked-SOL token, BTC via wrapped BTC, and BONK).';
  return `${asset} is not listed on ${VENUE_LABEL[venue]}.`;
}

/** The caveat for an asset a venue does not list. */
export function coverageCaveat(venue: PerpsVenue, asset: PerpsAsset): Caveat {
  return { code: 'not_listed', leg: legOf(venue), message: coverageGap(venue, asset) ?? `${asset} is listed on ${VENUE_LABEL[venue]}.` };
}

export function legOf(venue: PerpsVenue): `perps_venue_${Lowercase<PerpsVenue>}` {
  return `perps_venue_${venue.toLowerCase() as Lowercase<PerpsVenue>}`;
}

export interface VenueMarkets {
  pool: Record<PoolVenue, LegResult<PoolMarket[]>>;
  ref: Record<RefVenue, LegResult<RefMarket[]>>;
}

/** Every venue's markets, read in parallel; each venue's failure is kept as a value (see legs.ts). */
export async function readAllVenueMarkets(ctx: HandlerContext, venues: readonly PerpsVenue[] = ['A', 'B', 'C', 'D']): Promise<Partial<VenueMarkets['pool'] & VenueMarkets['ref']>> {
  const p = ctx.sources.perps;
  const legs: Record<string, () => Promise<PoolMarket[] | RefMarket[]>> = {};
  for (const v of venues) legs[v] = () => p[v].markets(ctx.signal);
  return (await gatherLegs(legs)) as Partial<VenueMarkets['pool'] & VenueMarkets['ref']>;
}

/** The caveat of a venue whose read failed: the answer goes on without it. */
export function venueDownCaveat(venue: PerpsVenue, result: LegResult<unknown>): Caveat | null {
  return result.ok ? null : degradedCaveat(result.error, `${VENUE_LABEL[venue]} data`);
}
