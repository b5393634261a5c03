/**
 * The service's jobs, wired under one runner: retention (daily), the snapshot sweep (hourly,
 * snapshot-sweep.ts), the launch platform's coin index (every 10 minutes, launchpad-index.ts) and
 * batch-settlement claims (every 10 minutes, when offered; batch-settlement-claims.ts), alert-stream detection
 * (every STREAM_DETECTION_INTERVAL_S, stream-detection.ts) and its replay window (hourly). Started by
 * src/service.ts when JOBS_ENABLED (default true); see docs/jobs.md.
 */
import type { Timers } from '../lib/timers.js';
import type { Logger } from 'pino';
import type { EntityDirectory } from '../analytics/entities.js';
import type { Config } from '../config/index.js';
import type { Registry } from '../registry/index.js';
import type { HandlerContext } from '../registry/types.js';
import type { Sources } from '../sources/index.js';
import type { Store } from '../store/types.js';
import { launchpadIndexJob } from './launchpad-index.js';
import { batchSettlementClaimsJob } from './batch-settlement-claims.js';
import type { BatchSettlement } from '../payments/batch-settlement/server.js';
import type { FacilitatorClient } from '@x402/core/server';
import { retentionJob } from './retention.js';
import { createJobRunner, type Job, type JobRunner } from './runner.js';
import { snapshotSweepJob } from './snapshot-sweep.js';
import { streamEventsRetentionJob } from './stream-events-retention.js';
import { streamTopUpCreditsJob } from './stream-top-up-credits.js';
import { undeliveredAllowance } from '../streams/top-up-credit.js';
import type { SubscriptionRepository } from '../store/subscriptions/types.js';

export interface ServiceJobDeps {
  config: Pick<Config, 'dataMode' | 'snapshotRetentionDays' | 'answerDeadlineMs'>;
  store: Store;
  registry: Registry;
  sources: Sources;
  entities: EntityDirectory;
  riskyPrograms: ReadonlySet<string>;
  logger: Logger;
  now: () => Date;
  /** Ticks, run budgets and the handlers' deadlines (src/lib/timers.ts). */
  timers: Timers;
  /** batch-settlement's channels and the facilitator that claims them (absent: not offered). */
  batchSettlement?: { batch: BatchSettlement; facilitator: FacilitatorClient };
  /** Alert subscriptions: their detection job (built by start-up wiring, which tests drive directly) and the replay window's retention. */
  streams?: {
    store: SubscriptionRepository;
    detection: Job;
    replayWindowMs: number;
    /** Wakes this instance's deliveries (a late top-up credit). */
    notify: (subscriptionIds: string[]) => void;
  };
}

export function createServiceJobs(deps: ServiceJobDeps): JobRunner {
  const { config, store, sources, entities, riskyPrograms, now, timers } = deps;
  // What a paid call's handler gets, minus the caller: the swept enrichments make no composite calls. A plain
  // Error, not a coded one: no caller sees it, and the run's result line (docs/jobs.md) should name the endpoint.
  const context = (requestId: string, signal: AbortSignal): HandlerContext => ({
    requestId, now, signal, timers, deadlineMs: config.answerDeadlineMs, dataMode: config.dataMode, sources, entities, riskyPrograms, store,
    call: (key) => Promise.reject(new Error(`job ${requestId}: unexpected composite call to ${key}`)),
  });
  return createJobRunner({
    store,
    logger: deps.logger.child({ component: 'jobs' }),
    now,
    timers,
    // The runner must tick at least as often as its most frequent job runs.
    ...(deps.streams && deps.streams.detection.intervalMs < 60_000 ? { tickMs: deps.streams.detection.intervalMs } : {}),
    jobs: [
      retentionJob({ store, snapshotRetentionDays: config.snapshotRetentionDays }),
      snapshotSweepJob({ store, registry: deps.registry, context, callTimeoutMs: config.answerDeadlineMs }),
      launchpadIndexJob({ store, sources: { launchpad: sources.launchpad, rpc: sources.rpc, jupiter: sources.jupiter } }),
      ...(deps.batchSettlement ? [batchSettlementClaimsJob({ ...deps.batchSettlement, ...(deps.streams ? claimsOfSubscriptions(deps.streams.store) : {}) })] : []),
      ...(deps.streams ? [
        deps.streams.detection,
        streamEventsRetentionJob({ store: deps.streams.store, replayWindowMs: deps.streams.replayWindowMs }),
        streamTopUpCreditsJob({ store: deps.streams.store, onCredited: deps.streams.notify }),
      ] : []),
    ],
  });
}

/** What the batch-settlement claims need from alert subscriptions' voucher allowances (docs/streaming.md). */
function claimsOfSubscriptions(store: SubscriptionRepository) {
  return {
    keepChannels: () => store.channelsWithAllowance(),
    undelivered: () => undeliveredAllowance(store),
    onRefunded: async (channels: string[]) => {
      for (const channel of channels) await store.voidChannelCredits(channel);
    },
  };
}
