/**
 * Asset prices of the perps world, read from the spot world's designed token paths (cast-tokens.ts:
 * wrapped SOL, WBTC, WETH, BONK, jitoSOL) with the spot world's own formula (tokens.ts priceAt) and
 * rounding (10 significant digits, like the market-data price), so a perp oracle and a spot quote of
 * the same asset at the same moment agree exactly.
 */
import type { PerpsAsset } from '../../../analytics/perps/venue-data.js';
import { designedTokens } from '../cast-tokens.js';
import { BONK_MINT, JITOSOL_MINT, WBTC_MINT, WETH_MINT, WSOL_MINT } from '../entities.js';
import { DAY, HOUR } from '../time.js';
import { priceAt, sig, waveSum, type TokenSpec } from '../tokens.js';

/** The spot token each perps asset is priced from. */
export const ASSET_SPOT_MINT: Readonly<Record<PerpsAsset, string>> = { SOL: WSOL_MINT, BTC: WBTC_MINT, ETH: WETH_MINT, BONK: BONK_MINT };

let specs: Map<string, TokenSpec> | null = null;
function spec(mint: string): TokenSpec | null {
  specs ??= designedTokens();
  return specs.get(mint) ?? null;
}

/** The spot world's market-data price of a designed mint at unix time `t` (USD per whole token). */
function spotPriceUsd(mint: string, t: number): number {
  const s = spec(mint);
  const p = s ? priceAt(s, t, spec) : null;
  if (p === null) throw new Error(`perps world: no designed price for ${mint}`);
  return sig(p);
}

/** USD per one unit of the asset (per SOL, per BTC, per BONK). */
export function assetPriceUsd(asset: PerpsAsset, t: number): number {
  return spotPriceUsd(ASSET_SPOT_MINT[asset], t);
}

export function jitoSolPriceUsd(t: number): number {
  return spotPriceUsd(JITOSOL_MINT, t);
}

/**
 * A coin venue C lists that is none of the four assets (some smart traders hold it: the analytics must
 * carry it as an unknown coin). Its own path around $24, not a spot token.
 */
export const OTHER_COIN = 'HYPE';
const OTHER_COIN_WAVES = [
  { amp: 0.01, period: 7 * HOUR, phase: 0.9 },
  { amp: 0.04, period: 3.7 * DAY, phase: 2.3 },
  { amp: 0.12, period: 41 * DAY, phase: 5.1 },
];
export function otherCoinPriceUsd(t: number): number {
  return sig(24 * Math.exp(waveSum(OTHER_COIN_WAVES, t)));
}
