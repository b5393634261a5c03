/**
 * Reference venues C (Hyperliquid) and D (dYdX v4): the four assets' perps with hourly funding.
 *
 * Oracle = the spot world's price (prices.ts); C's mark = oracle × (1 + premium), |premium| ≤ 0.06 %;
 * D reports no mark of its own (its indexer gives the oracle price), so mark = oracle.
 * Funding is a fraction per hour, positive = longs pay shorts. Designed APR bands (hourly × 8760 × 100):
 *
 *   |      | C            | D            |
 *   | SOL  | 15 … 22 %    | 14 … 19 %    |  a basis trade (long spot, short perp) yields ≥ 10 % APR after
 *   | BTC  | 13.5 … 18 %  | 13.5 … 17 %  |  round-trip fees (≈ 3.6 % APR over a 30-day hold)
 *   | ETH  | 9 … 13 %     | 2 … 4.5 %    |  D: below the default 5 % minimum yield even before fees
 *   | BONK | −3 … −0.8 %  | 5 … 9 %      |  C: shorts pay, no basis
 *
 * Open interest and 24 h volume are USD; max leverage C: SOL 20, BTC 40, ETH 25, BONK 10 (venue C's
 * own table); D: 1 ÷ initial margin fraction (0.05 → 20; BONK 0.1 → 10).
 */
import type { PerpsAsset, RefMarket, RefVenue } from '../../../analytics/perps/venue-data.js';
import { assetPriceUsd } from './prices.js';
import { band, fixed } from './shape.js';
import { sig } from '../tokens.js';

type Range = readonly [number, number];

interface RefDesign {
  asset: PerpsAsset;
  venueSymbol: string;
  fundingAprPct: Range;
  oiUsd: Range;
  volumeUsd: Range;
  maxLeverage: number;
  phase: number;
}

const DESIGNS: Readonly<Record<RefVenue, readonly RefDesign[]>> = {
  C: [
    { asset: 'SOL', venueSymbol: 'SOL', fundingAprPct: [15, 22], oiUsd: [550e6, 700e6], volumeUsd: [1.1e9, 1.9e9], maxLeverage: 20, phase: 0.4 },
    { asset: 'BTC', venueSymbol: 'BTC', fundingAprPct: [13.5, 18], oiUsd: [3.2e9, 3.9e9], volumeUsd: [3.5e9, 5.5e9], maxLeverage: 40, phase: 1.6 },
    { asset: 'ETH', venueSymbol: 'ETH', fundingAprPct: [9, 13], oiUsd: [1.4e9, 1.8e9], volumeUsd: [1.8e9, 3e9], maxLeverage: 25, phase: 2.9 },
    { asset: 'BONK', venueSymbol: 'kBONK', fundingAprPct: [-3, -0.8], oiUsd: [18e6, 30e6], volumeUsd: [25e6, 60e6], maxLeverage: 10, phase: 4.1 },
  ],
  D: [
    { asset: 'SOL', venueSymbol: 'SOL-USD', fundingAprPct: [14, 19], oiUsd: [35e6, 50e6], volumeUsd: [60e6, 120e6], maxLeverage: 20, phase: 5.3 },
    { asset: 'BTC', venueSymbol: 'BTC-USD', fundingAprPct: [13.5, 17], oiUsd: [180e6, 240e6], volumeUsd: [300e6, 500e6], maxLeverage: 20, phase: 0.9 },
    { asset: 'ETH', venueSymbol: 'ETH-USD', fundingAprPct: [2, 4.5], oiUsd: [110e6, 150e6], volumeUsd: [200e6, 320e6], maxLeverage: 20, phase: 2.2 },
    { asset: 'BONK', venueSymbol: 'BONK-USD', fundingAprPct: [5, 9], oiUsd: [2.5e6, 4e6], volumeUsd: [4e6, 9e6], maxLeverage: 10, phase: 3.7 },
  ],
};

/** Venue C's mark premium over the oracle (a fraction, within ±0.0006). */
function premium(asset: PerpsAsset, t: number): number {
  return band(t, -0.0006, 0.0006, 0.09, asset.length + asset.charCodeAt(0));
}

/** Venue C's mark price of an asset at unix time `t` (what its positions are valued at). */
export function venueCMarkUsd(asset: PerpsAsset, t: number): number {
  return sig(assetPriceUsd(asset, t) * (1 + premium(asset, t)));
}

function market(venue: RefVenue, d: RefDesign, t: number): RefMarket {
  const oracle = assetPriceUsd(d.asset, t);
  const apr = band(t, d.fundingAprPct[0], d.fundingAprPct[1], 1.7, d.phase);
  return {
    venue,
    asset: d.asset,
    venueSymbol: d.venueSymbol,
    markPriceUsd: venue === 'C' ? venueCMarkUsd(d.asset, t) : oracle,
    oraclePriceUsd: oracle,
    // Rounded like the venues print it (HL: up to 10 decimals): the APR stays inside its band.
    fundingRateHourly: fixed(apr / 100 / 8760, 10),
    openInterestUsd: Math.round(band(t, d.oiUsd[0], d.oiUsd[1], 4.7, d.phase + 1)),
    volume24hUsd: Math.round(band(t, d.volumeUsd[0], d.volumeUsd[1], 2.3, d.phase + 2)),
    maxLeverage: d.maxLeverage,
  };
}

/** Every market of a reference venue at unix time `t`, in VENUE_ASSETS order. */
export function refMarketsAt(venue: RefVenue, t: number): RefMarket[] {
  return DESIGNS[venue].map((d) => market(venue, d, t));
}
