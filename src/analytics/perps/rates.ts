/**
 * Rate primitives: borrow APR from a pool venue's utilization curve, funding APR from an hourly rate,
 * and the hourly cost of holding a size at an APR. Exact (unrounded): callers round what they show.
 */
import type { BorrowCurve } from './venue-data.js';
import { clamp } from '../round.js';
import { HOURS_PER_YEAR } from './thresholds.js';

/**
 * The borrow APR (percent) at `utilizationPct` (clamped to 0–100) by linear interpolation between the
 * curve's points (sorted by utilization). Outside the curve's first/last point the end value holds.
 * At a vertical step (two points at the same utilization) the lower segment's end value is used.
 */
export function borrowAprAt(curve: BorrowCurve, utilizationPct: number): number {
  const points = [...curve.points].sort((a, b) => a.utilizationPct - b.utilizationPct);
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined) throw new RangeError('borrow curve has no points');
  const u = clamp(utilizationPct, 0, 100);
  if (u <= first.utilizationPct) return first.aprPct;
  if (u >= last.utilizationPct) return last.aprPct;
  for (let i = 1; i < points.length; i++) {
    const hi = points[i]!;
    if (u > hi.utilizationPct) continue;
    const lo = points[i - 1]!;
    const span = hi.utilizationPct - lo.utilizationPct;
    if (span === 0) return lo.aprPct;
    return lo.aprPct + ((u - lo.utilizationPct) / span) * (hi.aprPct - lo.aprPct);
  }
  return last.aprPct;
}

/** Funding APR in percent from an hourly fraction: hourly × 8760 × 100 (simple, not compounded). */
export function fundingAprPct(hourly: number): number {
  return hourly * HOURS_PER_YEAR * 100;
}

/** USD cost of holding `sizeUsd` for one hour at `aprPct`: size × apr / 100 / 8760. */
export function hourlyCostUsd(sizeUsd: number, aprPct: number): number {
  return (sizeUsd * aprPct) / 100 / HOURS_PER_YEAR;
}
