/**
 * Running an endpoint's data legs: all in parallel (the answer takes as long as the slowest leg, not
 * the sum), each failure kept as a value so the endpoint decides per leg whether it degrades to a
 * caveat (composite fields) or fails the call (a required single source → 502/504, never charged).
 */
import { ApiError } from '../../errors/api-error.js';
import type { Caveat } from '../../registry/types.js';
import { SourceError, toApiError } from '../../sources/errors.js';

export type LegResult<V> = ({ ok: true; value: V } | { ok: false; error: SourceError }) & { durationMs: number };

type Legs = Record<string, () => Promise<unknown>>;
export type LegResults<L extends Legs> = { [K in keyof L]: LegResult<Awaited<ReturnType<L[K]>>> };

export async function gatherLegs<L extends Legs>(legs: L): Promise<LegResults<L>> {
  const entries = await Promise.all(
    Object.entries(legs).map(async ([name, run]): Promise<[string, LegResult<unknown>]> => {
      const started = performance.now();
      try {
        const value = await run();
        return [name, { ok: true, value, durationMs: performance.now() - started }];
      } catch (err) {
        if (err instanceof SourceError) return [name, { ok: false, error: err, durationMs: performance.now() - started }];
        throw err;
      }
    }),
  );
  return Object.fromEntries(entries) as LegResults<L>;
}

/** The caveat a degraded leg leaves in the answer. */
export function degradedCaveat(error: SourceError, what: string): Caveat {
  return { code: 'leg_degraded', leg: error.leg, message: `${what} unavailable: the ${error.leg} source failed (${error.kind}).` };
}

/** A required leg: its value, or the call fails with 502/504 (not charged). */
export function required<V>(result: LegResult<V>): V {
  if (result.ok) return result.value;
  if (result.error.kind === 'not_found') throw new ApiError('not_found', 'Not found on chain. You were not charged.');
  throw toApiError(result.error);
}

/** An optional leg: its value, or null with a caveat pushed. `not_found` is an answer (null) without a caveat. */
export function optional<V>(result: LegResult<V>, caveats: Caveat[], what: string): V | null {
  if (result.ok) return result.value;
  if (result.error.kind !== 'not_found') caveats.push(degradedCaveat(result.error, what));
  return null;
}

/** Leg durations for the `Server-Timing` header (how the bench sees that legs ran in parallel). */
export function legTimings(results: Record<string, LegResult<unknown>>): Record<string, number> {
  return Object.fromEntries(Object.entries(results).map(([name, r]) => [name, Math.round(r.durationMs * 10) / 10]));
}
