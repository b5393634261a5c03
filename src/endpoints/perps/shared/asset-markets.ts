/**
 * One asset's market on each of a list of venues, for the endpoints that compare venues
 * (perps-cross-venue-funding, perps-venue-comparison, perps-basis-signal).
 *
 * Only venues that list the asset are read (VENUE_ASSETS); each is its own leg, read in parallel.
 * A venue that does not list the asset, or whose answer lacks it, is an explained absence
 * (`not_listed` + a caveat); a venue whose read failed is `leg_failed` + a `leg_degraded` caveat and the
 * answer goes on. Only when every venue read failed does the call fail (502, or 504 when all timed out),
 * uncharged. A venue added to VENUE_ASSETS and the clients is one more entry here; nothing else changes.
 */
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import type { VenueUnavailableReason } from '../../../analytics/perps/index.js';
import type { PerpsAsset, PerpsVenue, PoolMarket, RefMarket } from '../../../analytics/perps/venue-data.js';
import { toApiError, type SourceError } from '../../../sources/errors.js';
import type { LegResult } from '../../shared/legs.js';
import { coverageCaveat, coverageGap, legOf, readAllVenueMarkets, VENUE_LABEL, venueDownCaveat } from '../../shared/perps-venues.js';

export type VenueMarket = { kind: 'pool'; market: PoolMarket } | { kind: 'funding'; market: RefMarket };

export interface UnavailableVenue {
  venue: PerpsVenue;
  reason: VenueUnavailableReason;
  message: string;
}

export interface AssetMarkets {
  asset: PerpsAsset;
  /** The venues asked about, in the order given. */
  venues: PerpsVenue[];
  /** Venues that answered with a market for the asset, in the order given. */
  available: VenueMarket[];
  unavailable: UnavailableVenue[];
  caveats: Caveat[];
  /** Read duration per venue leg (ms), for `Server-Timing`. */
  timings: Record<string, number>;
}

const POOL: ReadonlySet<PerpsVenue> = new Set(['A', 'B']);

/** `x` with its venue's neutral name beside the tag (venue and venue_name first). */
export function named<T extends { venue: PerpsVenue }>(x: T): { venue: PerpsVenue; venue_name: string } & T {
  const { venue, ...rest } = x;
  return { venue, venue_name: VENUE_LABEL[venue], ...rest } as { venue: PerpsVenue; venue_name: string } & T;
}

export async function readAssetMarkets(ctx: HandlerContext, asset: PerpsAsset, venues: readonly PerpsVenue[]): Promise<AssetMarkets> {
  const listing = venues.filter((v) => coverageGap(v, asset) === null);
  const results = await readAllVenueMarkets(ctx, listing);

  const available: VenueMarket[] = [];
  const unavailable: UnavailableVenue[] = [];
  const caveats: Caveat[] = [];
  const timings: Record<string, number> = {};
  const failures: SourceError[] = [];

  for (const venue of venues) {
    const gap = coverageGap(venue, asset);
    if (gap !== null) {
      unavailable.push({ venue, reason: 'not_listed', message: gap });
      caveats.push(coverageCaveat(venue, asset));
      continue;
    }
    const result = results[venue] as LegResult<(PoolMarket | RefMarket)[]> | undefined;
    if (result === undefined) continue;
    timings[legOf(venue)] = Math.round(result.durationMs * 10) / 10;
    if (!result.ok) {
      failures.push(result.error);
      const caveat = venueDownCaveat(venue, result)!;
      unavailable.push({ venue, reason: 'leg_failed', message: caveat.message });
      caveats.push(caveat);
      continue;
    }
    const market = result.value.find((m) => m.asset === asset);
    if (market === undefined) {
      // Listed by the coverage rules but absent from the venue's answer (delisted or paused): say so, never zeros.
      const message = `${VENUE_LABEL[venue]} returned no ${asset} market.`;
      unavailable.push({ venue, reason: 'not_listed', message });
      caveats.push({ code: 'not_listed', leg: legOf(venue), message });
      continue;
    }
    available.push(POOL.has(venue) ? { kind: 'pool', market: market as PoolMarket } : { kind: 'funding', market: market as RefMarket });
  }

  if (listing.length > 0 && failures.length === listing.length) {
    // Nothing the answer needs could be read: fail uncharged — 504 only when every venue timed out.
    throw toApiError(failures.find((f) => f.kind !== 'timeout') ?? failures[0]!);
  }
  return { asset, venues: [...venues], available, unavailable, caveats, timings };
}
