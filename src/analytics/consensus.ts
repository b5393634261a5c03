/**
 * Agent attention from the service's own query stream (consensus-signal): ranks, percentiles and trends
 * over per-entity call counts. Pure: the caller reads the hour buckets from the store and passes the
 * moment; see docs/consensus-and-feed.md for the definitions and thresholds.
 */

export type AttentionWindow = '1h' | '6h' | '24h';
export type AttentionTrend = 'rising' | 'falling' | 'steady' | 'new' | 'inactive';
export type SampleQuality = 'none' | 'low' | 'adequate';

const HOUR_MS = 3_600_000;
export const WINDOW_HOURS: Record<AttentionWindow, number> = { '1h': 1, '6h': 6, '24h': 24 };

/** Current rate at least 1.5 × the previous one: rising; at most 1 / 1.5 of it: falling. */
export const RISING_RATIO = 1.5;
export const FALLING_RATIO = 1 / RISING_RATIO;
/** The running hour counts as at least this share of an hour, so one early call does not read as a surge. */
export const MIN_PARTIAL_HOUR = 0.25;
/** Fewer calls than this in the window (all entities of the type together): `sample_quality` is `low`. */
export const ADEQUATE_SAMPLE_CALLS = 30;

export interface WindowBounds {
  /** The window: its hour buckets `from <= hour < to` (the last one is the running hour). */
  from: Date;
  to: Date;
  /** The window of the same length just before it. */
  previousFrom: Date;
  /** Hours of the window that have elapsed (W − 1 whole hours plus the running hour's share, floored). */
  coveredHours: number;
}

/**
 * A window of W hours is the running UTC hour and the W − 1 hours before it (buckets are whole hours, so
 * a window cannot roll by the minute); the previous window is the W hours before that.
 */
export function windowBounds(window: AttentionWindow, now: Date): WindowBounds {
  const hours = WINDOW_HOURS[window];
  const hourStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const elapsed = (now.getTime() - hourStart) / HOUR_MS;
  return {
    from: new Date(hourStart - (hours - 1) * HOUR_MS),
    to: new Date(hourStart + HOUR_MS),
    previousFrom: new Date(hourStart - (2 * hours - 1) * HOUR_MS),
    coveredHours: hours - 1 + Math.max(elapsed, MIN_PARTIAL_HOUR),
  };
}

export interface TrendReading {
  trend: AttentionTrend;
  /** Current calls per hour ÷ previous calls per hour, 4 decimals; null when the previous window had none. */
  ratio: number | null;
}

/**
 * This window against the previous one, as calls per hour (the current window is partly elapsed, the
 * previous one is whole): no calls in either → inactive; none before → new; ratio ≥ 1.5 → rising;
 * ≤ 1/1.5 → falling; in between → steady.
 */
export function attentionTrend(current: number, previous: number, coveredHours: number, windowHours: number): TrendReading {
  if (current === 0 && previous === 0) return { trend: 'inactive', ratio: null };
  if (previous === 0) return { trend: 'new', ratio: null };
  const ratio = current / coveredHours / (previous / windowHours);
  const trend = ratio >= RISING_RATIO ? 'rising' : ratio <= FALLING_RATIO ? 'falling' : 'steady';
  return { trend, ratio: Math.round(ratio * 10_000) / 10_000 };
}

export function sampleQuality(totalCalls: number): SampleQuality {
  if (totalCalls === 0) return 'none';
  return totalCalls < ADEQUATE_SAMPLE_CALLS ? 'low' : 'adequate';
}

export interface RankedEntity {
  entity: string;
  count: number;
  /** Competition ranking: 1 + the number of entities with strictly more calls (ties share a rank). */
  rank: number;
  /**
   * 0–100: the share of the OTHER entities in the window with strictly fewer calls (100 = asked more than
   * every other; ties score alike). The only entity in a window is at 100.
   */
  percentile: number;
  /** 0–100: this entity's share of all the window's calls of its type. */
  share_pct: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Paid calls about one entity in a window: what the query stream counts (src/store/query-stream/). */
export interface EntityCount {
  entity: string;
  count: number;
}

/** Ranks every entity with at least one call; ordered by rank, then entity (deterministic). */
export function rankEntities(counts: readonly EntityCount[]): RankedEntity[] {
  const present = counts.filter((c) => c.count > 0);
  const sorted = [...present].sort((a, b) => b.count - a.count || (a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0));
  const total = sorted.reduce((sum, c) => sum + c.count, 0);
  const n = sorted.length;
  // Tie groups in one pass over the sorted list (a store may hold thousands of entities).
  const ranked: RankedEntity[] = [];
  for (let start = 0; start < n; ) {
    let end = start;
    while (end + 1 < n && sorted[end + 1]!.count === sorted[start]!.count) end++;
    const below = n - 1 - end;
    for (let i = start; i <= end; i++) {
      const c = sorted[i]!;
      ranked.push({
        entity: c.entity,
        count: c.count,
        rank: start + 1,
        percentile: n === 1 ? 100 : round2((100 * below) / (n - 1)),
        share_pct: round2((100 * c.count) / total),
      });
    }
    start = end + 1;
  }
  return ranked;
}
