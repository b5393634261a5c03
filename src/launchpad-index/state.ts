/**
 * The launch platform's coin index as its readers see it: a stored coin read back, the index's freshness
 * (for /status and the `launchpad-*` endpoints' stale caveat) and how long daily points are kept. The
 * index is written by the launchpad-index job (docs/jobs.md, "Launchpad index").
 */
import type { LaunchpadIndexReader, LaunchpadIndexRow } from '../store/types.js';
import type { IndexedCoin } from './coins.js';

/** The index is stale once its last complete refresh is this old (three missed refreshes). */
export const LAUNCHPAD_INDEX_STALE_MS = 30 * 60_000;
/** Daily points of days before today − this many days are deleted. */
export const LAUNCHPAD_DAILY_RETENTION_DAYS = 35;

/** Reads back a stored coin; the job wrote it from an assembled coin, so the shape is trusted. */
export function indexedCoin(row: LaunchpadIndexRow): IndexedCoin {
  return row.data as unknown as IndexedCoin;
}

export interface LaunchpadIndexState {
  /** When the serving index was completed; null before the first complete refresh. */
  refreshed_at: string | null;
  age_s: number | null;
  /** No complete index yet, or its age is at least LAUNCHPAD_INDEX_STALE_MS (lower-inclusive). */
  stale: boolean;
  coins: number;
}

/** The index's freshness, for /status (`components.launchpad_index`) and the endpoints' stale caveat. */
export async function launchpadIndexState(store: LaunchpadIndexReader, now: Date): Promise<LaunchpadIndexState> {
  const s = await store.launchpadRefreshState();
  if (!s.refreshedAt) return { refreshed_at: null, age_s: null, stale: true, coins: s.coins };
  const ageMs = Math.max(0, now.getTime() - s.refreshedAt.getTime());
  return { refreshed_at: s.refreshedAt.toISOString(), age_s: Math.floor(ageMs / 1000), stale: ageMs >= LAUNCHPAD_INDEX_STALE_MS, coins: s.coins };
}
