/**
 * The launch platform's coin index and its daily points: the launchpad-index job refreshes it page by page
 * into staging and publishes it whole (docs/jobs.md, 'Launchpad index'); the launchpad endpoints read it
 * (docs/launchpad.md, 'The index').
 */

/** One coin of the index: its JSON (the job's coin record) and when it was fetched. */
export interface LaunchpadIndexRow {
  mint: string;
  data: Record<string, unknown>;
  /** When the refresh that published it (index) or fetched it (staging) did so. */
  at: Date;
}

/** The index's refresh bookkeeping (one row). */
export interface LaunchpadRefreshState {
  /** Cursor of the next page of the refresh in progress; null: from the first page. */
  cursor: string | null;
  /** Start of the refresh in progress; null when none is (the next run starts one). */
  refreshStartedAt: Date | null;
  /** Pages staged so far by the refresh in progress. */
  pages: number;
  /** When the published index was completed; null before the first complete refresh. */
  refreshedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** Coins in the published index. */
  coins: number;
}

/** One daily point of a coin; `data` is the analytics' DailyPoint minus nothing (day repeated). */
export interface LaunchpadDailyRow {
  mint: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  data: Record<string, unknown>;
}

/** What the launchpad endpoints and /status read. */
export interface LaunchpadIndexReader {
  /** The index's refresh state (defaults when never refreshed). */
  launchpadRefreshState(): Promise<LaunchpadRefreshState>;
  /** The published index, by mint. */
  launchpadCoins(): Promise<LaunchpadIndexRow[]>;
  launchpadCoin(mint: string): Promise<LaunchpadIndexRow | undefined>;
  /** A coin's points with `fromDay <= day <= toDay`, oldest first. */
  launchpadDailyPoints(mint: string, fromDay: string, toDay: string): Promise<LaunchpadDailyRow[]>;
}

/** The launchpad-index job's view: the reads plus the refresh and the daily points. */
export interface LaunchpadIndexStore extends LaunchpadIndexReader {
  /** Starts a refresh: empties staging, cursor from the first page, `refreshStartedAt = startedAt`. */
  beginLaunchpadRefresh(startedAt: Date): Promise<void>;
  /** Stages one complete page's coins and the cursor after it, in one transaction (a resumed run continues there). */
  stageLaunchpadPage(rows: readonly LaunchpadIndexRow[], nextCursor: string | null): Promise<void>;
  /** Records a failed or unfinished run's reason; staging and cursor stay for the next run. */
  recordLaunchpadRefreshError(error: string, at: Date): Promise<void>;
  /**
   * Ends a complete refresh: the index becomes exactly the staged coins (one transaction, so readers see
   * the old index or the new one, never a mix), staging is emptied, no refresh is in progress.
   */
  publishLaunchpadIndex(refreshedAt: Date): Promise<number>;
  /** Upserts a coin's point of a day (the latest write of the day wins). */
  putLaunchpadDailyPoint(row: LaunchpadDailyRow): Promise<void>;
  /** Retention: deletes points of days before `day`; returns how many. */
  deleteLaunchpadDailyPointsBefore(day: string): Promise<number>;
}
