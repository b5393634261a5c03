/**
 * Liquidity and holder deltas against the service's prior reading of a token ("repeat spacing", spec
 * Limits): they unlock only when that reading is at least REPEAT_SPACING_MINUTES old. A reading taken
 * seconds ago says nothing about a pull, and a very recent one would let two quick calls mask a slow
 * drain; a reading from the future (clock skew) is ignored like a too-recent one.
 *
 *   change_pct = (now − prior) ÷ prior × 100, 2 decimals; null when either side is unknown or prior ≤ 0.
 */
import { round2 } from '../round.js';
import { REPEAT_SPACING_MINUTES } from './thresholds.js';
import type { PriorReading } from './types.js';

const MINUTE_MS = 60_000;

export interface CurrentReading {
  liquidityUsd: number | null;
  holderCount: number | null;
}

export interface ReadingDeltas {
  prior_at: string;
  minutes_since_prior: number;
  liquidity_change_pct: number | null;
  holder_change_pct: number | null;
}

export type DeltasUnavailableCode = 'no_prior_reading' | 'prior_too_recent';

export interface DeltaReading {
  deltas: ReadingDeltas | null;
  /** Why `deltas` is null. */
  unavailable: { code: DeltasUnavailableCode; message: string } | null;
}

export function changePct(now: number | null, prior: number | null): number | null {
  if (now === null || prior === null || !Number.isFinite(now) || !Number.isFinite(prior) || prior <= 0) return null;
  return round2(((now - prior) / prior) * 100);
}

/** True when `prior` exists and is old enough to compare against (≥ 5 minutes before `nowMs`). */
export function priorIsSpaced(prior: PriorReading | null | undefined, nowMs: number): prior is PriorReading {
  return prior !== null && prior !== undefined && nowMs - prior.at >= REPEAT_SPACING_MINUTES * MINUTE_MS;
}

export function readingDeltas(current: CurrentReading, prior: PriorReading | null | undefined, nowMs: number): DeltaReading {
  if (prior === null || prior === undefined) {
    return {
      deltas: null,
      unavailable: {
        code: 'no_prior_reading',
        message: `no earlier reading of this token: liquidity and holder deltas unlock on a repeat call at least ${REPEAT_SPACING_MINUTES} minutes later`,
      },
    };
  }
  const minutes = round2((nowMs - prior.at) / MINUTE_MS);
  if (!priorIsSpaced(prior, nowMs)) {
    return {
      deltas: null,
      unavailable: {
        code: 'prior_too_recent',
        message: `the last reading is ${minutes} minutes old: deltas unlock when it is at least ${REPEAT_SPACING_MINUTES} minutes old`,
      },
    };
  }
  return {
    deltas: {
      prior_at: new Date(prior.at).toISOString(),
      minutes_since_prior: minutes,
      liquidity_change_pct: changePct(current.liquidityUsd, prior.liquidityUsd),
      holder_change_pct: changePct(current.holderCount, prior.holderCount),
    },
    unavailable: null,
  };
}
