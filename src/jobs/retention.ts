/**
 * Retention (daily): snapshots of days before today − SNAPSHOT_RETENTION_DAYS, observations before the
 * same day (they are the intraday form of snapshots, read by check-alerts), and query-stream hours older
 * than QUERY_RETENTION_DAYS.
 *
 * Why 8 days of query stream: consensus-signal's longest window is 24 h and its trend compares with the
 * window before; a week plus a day keeps room for week-over-week comparisons without letting the table
 * (one row per entity, endpoint and hour) grow with traffic forever.
 */
import type { RetentionStore } from '../store/views.js';
import { addDays, DAY_MS, utcDay } from '../lib/days.js';
import type { Job } from './runner.js';

export const QUERY_RETENTION_DAYS = 8;

export interface RetentionOptions {
  store: RetentionStore;
  snapshotRetentionDays: number;
  queryRetentionDays?: number;
}

export function retentionJob(options: RetentionOptions): Job {
  const queryDays = options.queryRetentionDays ?? QUERY_RETENTION_DAYS;
  return {
    name: 'retention',
    intervalMs: DAY_MS,
    leaseMs: 10 * 60_000,
    async run({ now }) {
      const snapshotCutoff = addDays(utcDay(now), -options.snapshotRetentionDays);
      const queryCutoff = new Date(now.getTime() - queryDays * DAY_MS);
      const snapshots = await options.store.deleteSnapshotsBefore(snapshotCutoff);
      const observations = await options.store.deleteObservationsBefore(new Date(`${snapshotCutoff}T00:00:00.000Z`));
      const queries = await options.store.deleteQueriesBefore(queryCutoff);
      return `deleted ${snapshots} snapshots and ${observations} observations before ${snapshotCutoff}, ` +
        `${queries} query-stream hours before ${queryCutoff.toISOString()}`;
    },
  };
}
