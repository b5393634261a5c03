/**
 * The query stream: paid calls about an entity, counted per endpoint and UTC hour (never a row per call).
 * The recorder writes it; consensus and the feeds read it (docs/consensus-and-feed.md, 'consensus-signal').
 */
import type { EntityCount } from '../../analytics/consensus.js';

/** The counts are the consensus analytics' input, so their shape is defined there. */
export type { EntityCount };

/** What the query stream counts: paid calls about an entity. */
export type QueryEntityType = 'token' | 'wallet';

export interface QueryEvent {
  entityType: QueryEntityType;
  entity: string;
  endpoint: string;
  /** Any moment inside the hour; stored as the hour's start. */
  at: Date;
}

export interface QueryCountReader {
  /** Calls per entity with `from <= hour < to`, most asked first (ties by entity). */
  queryCounts(entityType: QueryEntityType, from: Date, to: Date): Promise<EntityCount[]>;
}

export interface QueryStream extends QueryCountReader {
  /** Counts one paid call about an entity (hour bucket incremented, never a row per call). */
  recordQuery(event: QueryEvent): Promise<void>;
  /** Retention of the query stream: deletes hours before `before`; returns how many rows. */
  deleteQueriesBefore(before: Date): Promise<number>;
}
