/**
 * Daily snapshots: one row per subject and UTC day, the latest observation of the day wins. History
 * endpoints read them (docs/history.md), the recorder and the snapshot sweep write them (docs/jobs.md,
 * 'Snapshot sweep').
 */

/**
 * What a snapshot (or an observation) is of. `token_market`: the discovery endpoints' readings of a
 * token's market (liquidity, holders, price), kept apart from `token` enrichment observations so neither
 * family's baselines lack the other's fields.
 */
export type SnapshotSubjectType = 'token' | 'wallet' | 'perps_wallet' | 'perps_market' | 'token_market';

/** One subject's state on one UTC day (the latest observation of that day wins). */
export interface SnapshotRecord {
  subjectType: SnapshotSubjectType;
  subject: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  takenAt: Date;
  data: Record<string, unknown>;
}

/** What the history endpoints read. */
export interface SnapshotReader {
  /** A subject's snapshots with `fromDay <= day <= toDay`, oldest first (one indexed range read). */
  getSnapshots(subjectType: SnapshotSubjectType, subject: string, fromDay: string, toDay: string): Promise<SnapshotRecord[]>;
}

export interface SnapshotRepository extends SnapshotReader {
  /** Upserts a subject's snapshot of a day: a later `takenAt` replaces an earlier one; an older one is ignored. */
  putSnapshot(snapshot: SnapshotRecord): Promise<void>;
  /** Subjects with a snapshot on or after `sinceDay` (the daily sweep's watch list). */
  snapshotSubjects(subjectType: SnapshotSubjectType, sinceDay: string): Promise<string[]>;
  /** Retention: deletes snapshots of days before `day`; returns how many. */
  deleteSnapshotsBefore(day: string): Promise<number>;
}
