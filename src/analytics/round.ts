/**
 * Shared rounding helpers. Every analytics output goes through these so that the same value is
 * never rounded two different ways, and so that classification happens on the value a client sees.
 *
 * Rule: round half away from zero at the given decimal place, after first trimming binary
 * floating-point noise to 15 significant digits (e.g. 0.15 + 0.1 = 0.25000000000000006 becomes
 * 0.25, and 1.005 rounds to 1.01 as a human would expect, not 1.00).
 */

/** Rounds `x` to `decimals` places (half away from zero). Non-finite input is returned unchanged. */
export function roundTo(x: number, decimals: number): number {
  if (!Number.isFinite(x)) return x;
  const factor = 10 ** decimals;
  // toPrecision(15) strips representation noise before the decimal shift is rounded.
  const shifted = Number((Math.abs(x) * factor).toPrecision(15));
  const rounded = (Math.sign(x) * Math.round(shifted)) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Scores (risk scores and other 0–1 scores) carry 4 decimals. */
export function round4(x: number): number {
  return roundTo(x, 4);
}

/** Percentages, USD figures and index values are shown with 2 decimals. */
export function round2(x: number): number {
  return roundTo(x, 2);
}

/**
 * `part` as a percentage (0–100 scale, like every `*_pct` field) of `whole`, 2 decimals.
 * Returns null when the ratio is undefined (whole ≤ 0 or either side not finite): an unknown share
 * must not be reported as 0 %.
 */
export function pct2(part: number, whole: number): number | null {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0) return null;
  return round2((part / whole) * 100);
}

/** Clamps `x` into [lo, hi]; scores are capped to their range. */
export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** True for a finite number (rejects null, undefined, NaN and ±Infinity). */
export function isFiniteNumber(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

/** Rounds to `digits` significant digits: prices of micro-cap tokens keep their precision, float noise goes. */
export function roundSig(x: number, digits = 10): number {
  if (!Number.isFinite(x) || x === 0) return x;
  return Number(x.toPrecision(digits));
}
