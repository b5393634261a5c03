/**
 * Alert-stream detection: every tick, each group of identical subscriptions (same source and input) is
 * detected ONCE — its detector polls the group's endpoint through the shared answer cache — and the new
 * events are stored for every subscriber of the group. Delivery (SSE, webhooks) and charging read the
 * stored events later; this job never delivers.
 *
 * Per group, in this order:
 * 1. detect (the detector reads the group's state: its cursor, the states seen last tick);
 * 2. store the events (`appendGroupEvents`, skipped when there are none);
 * 3. save the detector's new state — only after the events are stored, so a crash or a failed write in
 *    between leaves the state where it was and the next tick covers the same window again (the event ids
 *    are stable, so what was already stored is not stored twice);
 * 4. tell `onAppended` which subscriptions received events (e.g. to wake their open streams).
 * A group whose detection or writes fail (upstream down, a 502/504 from the endpoint) keeps its state and is
 * counted in the summary; the other groups still run.
 *
 * Upstream cost: one endpoint call per group per tick (not per subscriber), at most `concurrency` at once,
 * and repeats inside an endpoint's cache TTL are answered from the cache.
 */
import { runBounded } from '../lib/bounded-run.js';
import type { DetectionGroup, SubscriptionRepository, SubscriptionSource } from '../store/subscriptions/types.js';
import { DETECTORS } from '../streams/detection/index.js';
import type { Detector, EndpointCaller } from '../streams/types.js';
import type { Job, JobRun } from './runner.js';

export interface StreamDetectionOptions {
  store: Pick<SubscriptionRepository, 'listDetectionGroups' | 'saveDetectionState' | 'appendGroupEvents'>;
  call: EndpointCaller;
  detectors?: Record<SubscriptionSource, Detector>;
  /** How often detection runs; default one minute. */
  intervalMs?: number;
  /** Groups detected at once; default 4. */
  concurrency?: number;
  /** The subscriptions that received events in this run, once per group (called after its state is saved). */
  onAppended?: (subscriptionIds: string[]) => void;
  /**
   * The replay window: a group none of whose subscriptions can pay, or was created, topped up or charged within
   * it, is not detected (absent: every group with an active subscription is).
   */
  replayWindowMs?: number;
}

export const STREAM_DETECTION_DEFAULTS = { intervalMs: 60_000, concurrency: 4 } as const;

interface GroupResult {
  events: number;
  subscriptionIds: string[];
  /** `onAppended` threw: the events and state are stored all the same, so the group did not fail. */
  notifyError: string | null;
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function streamDetectionJob(options: StreamDetectionOptions): Job {
  const { store, call } = options;
  const detectors = options.detectors ?? DETECTORS;
  const intervalMs = options.intervalMs ?? STREAM_DETECTION_DEFAULTS.intervalMs;
  const concurrency = options.concurrency ?? STREAM_DETECTION_DEFAULTS.concurrency;

  async function detectGroup(group: DetectionGroup, run: JobRun, budget: AbortSignal): Promise<GroupResult> {
    const detector = detectors[group.source];
    if (!detector) throw new Error(`no detector for source ${group.source}`);
    // The run's signal, not the budget: aborting calls in flight would count against their sources
    // (src/lib/bounded-run.ts). A detection that ends after the budget is simply not stored.
    const outcome = await detector.detect(group, run.now, call, run.signal);
    if (budget.aborted) throw new Error('detected after the run budget ended: not stored, the next tick repeats the window');
    let subscriptionIds: string[] = [];
    if (outcome.events.length > 0) {
      ({ subscriptionIds } = await store.appendGroupEvents(group.groupKey, outcome.events, run.now));
    }
    await store.saveDetectionState(group.groupKey, outcome.state, run.now);
    let notifyError: string | null = null;
    if (subscriptionIds.length > 0) {
      try {
        options.onAppended?.(subscriptionIds);
      } catch (err) {
        notifyError = describe(err);
      }
    }
    return { events: outcome.events.length, subscriptionIds, notifyError };
  }

  return {
    name: 'stream-detection',
    intervalMs,
    // A run ends by its budget (one interval); the lease outlives it by a margin for the last writes.
    leaseMs: 2 * intervalMs + 60_000,
    async run(run) {
      const groups = await store.listDetectionGroups(options.replayWindowMs !== undefined ? new Date(run.now.getTime() - options.replayWindowMs) : undefined);
      // Ends by the next interval: groups not reached keep their state and are detected next tick.
      const budget = AbortSignal.any([run.signal, run.timers.timeout(intervalMs)]);
      const outcomes = await runBounded(groups, (g) => detectGroup(g, run, budget), { concurrency, budgetMs: intervalMs, signal: budget, timers: run.timers });
      let events = 0;
      const subscriptions = new Set<string>();
      const failures: string[] = [];
      const notifyErrors: string[] = [];
      let timedOut = 0;
      outcomes.forEach((o, i) => {
        if (o.status === 'done') {
          events += o.value.events;
          if (o.value.notifyError !== null) notifyErrors.push(o.value.notifyError);
          for (const id of o.value.subscriptionIds) subscriptions.add(id);
        } else if (o.status === 'failed') {
          const g = groups[i]!;
          failures.push(`${g.source} group ${g.groupKey.slice(0, 12)}: ${describe(o.error)}`);
        } else {
          timedOut++;
        }
      });
      return [
        `groups ${groups.length}`,
        `events ${events} appended to ${subscriptions.size} subscriptions`,
        `${plural(failures.length, 'group', 'groups')} failed`,
        ...(timedOut > 0 ? [`${timedOut} not finished (next tick)`] : []),
        ...(failures.length > 0 ? [`first failure ${failures[0]}`] : []),
        ...(notifyErrors.length > 0 ? [`onAppended threw ${notifyErrors.length} time(s): ${notifyErrors[0]}`] : []),
      ].join(', ');
    },
  };
}
