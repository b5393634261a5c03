/**
 * The whole store: every repository over one connection, as src/store/sqlite.ts and src/store/postgres.ts
 * compose it (docs/deploy.md, 'PostgreSQL store'). Each concern's contract lives in its own folder beside its
 * SQLite and PostgreSQL implementations; code that needs only part of the store takes that part
 * (src/store/views.ts for handlers and jobs, `ClaimRepository` for payments).
 *
 * The record types are re-exported here so importers of the whole store need one import.
 */
import type { ClaimRepository } from './claims/types.js';
import type { StoreHealth } from './health/types.js';
import type { JobLeases } from './job-leases/types.js';
import type { LaunchpadIndexStore } from './launchpad-index/types.js';
import type { ObservationLog } from './observations/types.js';
import type { QueryStream } from './query-stream/types.js';
import type { SnapshotRepository } from './snapshots/types.js';
import type { SubscriptionRepository } from './subscriptions/types.js';

export type { ClaimOutcome, ClaimRepository, ClaimStatus, PaymentClaim, StoredAnswer, StoredClaim } from './claims/types.js';
export type { StoreHealth } from './health/types.js';
export type { JobLease, JobLeases } from './job-leases/types.js';
export type { LaunchpadDailyRow, LaunchpadIndexReader, LaunchpadIndexRow, LaunchpadIndexStore, LaunchpadRefreshState } from './launchpad-index/types.js';
export type { ObservationLog, ObservationReader, ObservationRecord, ObservationWriter } from './observations/types.js';
export type { EntityCount, QueryCountReader, QueryEntityType, QueryEvent, QueryStream } from './query-stream/types.js';
export type { SnapshotReader, SnapshotRecord, SnapshotRepository, SnapshotSubjectType } from './snapshots/types.js';
export type {
  ChargeRow, CreditRecord, DeliveryAttempt, DeliveryMode, DetectionGroup, Funds, FundingSource, GroupEvent, PendingTopUp, ReserveOutcome, StoredEvent,
  SubscriptionRepository, SubscriptionRow, SubscriptionSource, WebhookState,
} from './subscriptions/types.js';

export type Store = StoreHealth & ClaimRepository & SnapshotRepository & ObservationLog & QueryStream & JobLeases & LaunchpadIndexStore & SubscriptionRepository;
