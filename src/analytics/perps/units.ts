/**
 * How every perps figure is rounded (docs/perps.md, "Units and rounding"). One helper per kind of
 * number, so the same kind is never rounded two ways and classifications read the value a caller sees:
 *  - money `*_usd`: cents;
 *  - shares, utilization, distances, buffers, PnL percent (`*_pct`): 2 decimals;
 *  - APRs and cost percentages (`*_apr_pct`, `*_apr_pts`, entry cost pct): 4 decimals — funding rates
 *    and fees are small, 2 decimals would flatten them; hourly rates (`*_hourly_pct`): 8 decimals;
 *  - prices `*_price_usd`: 10 significant digits (BONK trades near 0.00002 USD);
 *  - leverage and hours: 2 decimals; scores (0–1): 4 decimals.
 */
import { round2, round4, roundSig, roundTo } from '../round.js';

export const usd = round2;
export const pct = round2;
export const aprPct = round4;
/** Rates per hour (`*_hourly_pct`): 8 decimals — an APR of 0.01 % is 0.00000114 % an hour. */
export const hourlyPct = (x: number) => roundTo(x, 8);
export const price = (x: number) => roundSig(x, 10);
export const lev = round2;
export const hours = round2;
export const score = round4;

/** `part` as a percent of `whole` (2 decimals); null when the whole is not positive. */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? pct((part / whole) * 100) : null;
}

/** Sums money and rounds once, so a total is never off by a cent from rounding each term first. */
export function sumUsd(values: readonly number[]): number {
  return usd(values.reduce((s, v) => s + v, 0));
}

/** Code-point order (locale-independent, so orderings are the same on every machine). */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
