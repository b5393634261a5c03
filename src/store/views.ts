/**
 * The parts of the store each kind of caller gets, so at compile time none can reach more than it uses: a handler cannot
 * claim a payment or delete history, a job touches only its own tables. Callers whose part is one whole
 * repository take its interface (payments `ClaimRepository`, the jobs runner `JobLeases`, the launchpad-index
 * job `LaunchpadIndexStore`). The composed `Store` (src/store/types.ts) satisfies every view.
 */
import type { LaunchpadIndexReader } from './launchpad-index/types.js';
import type { StoreHealth } from './health/types.js';
import type { ObservationLog, ObservationReader, ObservationWriter } from './observations/types.js';
import type { QueryCountReader, QueryStream } from './query-stream/types.js';
import type { SnapshotReader, SnapshotRepository } from './snapshots/types.js';
import type { SubscriptionRepository } from './subscriptions/types.js';

/**
 * What endpoint handlers get (`HandlerContext.store`, src/registry/types.ts): the history, the query counts,
 * the launchpad index and the observation log; the one write is an observation (check-alerts and the
 * discovery endpoints' prior readings append theirs). docs/consensus-and-feed.md, 'How a handler reaches
 * the store'.
 */
export type HandlerStore = SnapshotReader & QueryCountReader & ObservationReader & ObservationWriter & LaunchpadIndexReader;

/** The retention job: deletes what is past its keep. */
export type RetentionStore = Pick<SnapshotRepository, 'deleteSnapshotsBefore'> & Pick<ObservationLog, 'deleteObservationsBefore'> & Pick<QueryStream, 'deleteQueriesBefore'>;

/** The snapshot sweep: which subjects are watched, whether today's snapshot is there, and today's snapshot and observation. */
export type SnapshotSweepStore = Pick<SnapshotRepository, 'getSnapshots' | 'snapshotSubjects' | 'putSnapshot'> & ObservationWriter;

/** The recorder (src/app/recorder.ts): after a delivered paid answer, its snapshot, its observation and the query stream count. */
export type RecorderStore = Pick<SnapshotRepository, 'putSnapshot'> & ObservationWriter & Pick<QueryStream, 'recordQuery'>;

/** /status/live and /status/ready: the backend's name and whether it answers. */
export type StoreStatus = Pick<StoreHealth, 'kind' | 'ping'>;

/** Stream detection (the jobs runner's tick): which groups to detect for, their state, and storing what was found. */
export type StreamDetectionStore = Pick<SubscriptionRepository, 'listDetectionGroups' | 'saveDetectionState' | 'appendGroupEvents'>;

/** The subscription endpoints and delivery: the whole subscriptions repository (events, funds, webhook state). */
export type SubscriptionStore = SubscriptionRepository;
