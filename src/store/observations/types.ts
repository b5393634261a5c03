/**
 * The observation log: every enrichment answer and every check-alerts poll appends one observation of its
 * subject; alerts compare against the latest one before a cutoff (docs/alerts.md, 'Observations').
 */
import type { SnapshotSubjectType } from '../snapshots/types.js';

/**
 * One observation of a subject at a moment. Same data shape as the subject's snapshot; written once,
 * never changed.
 */
export interface ObservationRecord {
  subjectType: SnapshotSubjectType;
  subject: string;
  observedAt: Date;
  data: Record<string, unknown>;
}

export interface ObservationWriter {
  /** Appends an observation; a second one of the same subject at the same millisecond is ignored (the first stays). */
  putObservation(observation: ObservationRecord): Promise<void>;
}

export interface ObservationReader {
  /** The subject's latest observation at or before `at`, if any. */
  observationAtOrBefore(subjectType: SnapshotSubjectType, subject: string, at: Date): Promise<ObservationRecord | undefined>;
  /** The subject's observations with `after < observedAt <= to`, oldest first, at most `limit`. */
  observationsBetween(subjectType: SnapshotSubjectType, subject: string, after: Date, to: Date, limit: number): Promise<ObservationRecord[]>;
}

export interface ObservationLog extends ObservationWriter, ObservationReader {
  /** Retention of the observation log: deletes observations before `before`; returns how many. */
  deleteObservationsBefore(before: Date): Promise<number>;
}
