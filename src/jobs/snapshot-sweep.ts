/**
 * The daily snapshot sweep: a watched subject (one with a snapshot in the last `watchDays` days) that
 * has none today gets today's snapshot, so its history has no holes on days nobody paid to ask. Pool
 * venue A's perps markets (perps_market/A) are swept every day whether watched or not: one subject,
 * one venue read a day, and perps-market-trend needs a point per day from a fresh install on.
 *
 * A snapshot is taken exactly as a paid call's would be: the endpoint's own handler (enrich-token-full
 * for tokens, enrich-wallet-light for wallets, perps-market-structure for perps markets) with a proper
 * HandlerContext, then that endpoint's `snapshot` capture, written as today's snapshot and as an observation (like src/app/recorder.ts). The result cache is bypassed (a cached answer could be from yesterday). An answer
 * with a degraded leg is NOT recorded: the subject stays due and a later run (or a paid call) fills the
 * day with a complete observation instead of nulls.
 *
 * Upstream cost: one enrichment per due subject per day — enrich-token-full reads the chain RPC (mint,
 * top holders), the market-data aggregator and the price aggregator; enrich-wallet-light reads the
 * wallet-asset provider and the chain RPC; perps-market-structure reads pool venue A's program accounts
 * (3 RPC requests: pool, custodies, oracle feeds) once a day. The job runs hourly with at most
 * `maxPerRun` enrichments and `concurrency` at a time, so the daily load is spread over the day and
 * bounded by 24 × maxPerRun.
 */
import type { Timers } from '../lib/timers.js';
import { runBounded } from '../lib/bounded-run.js';
import type { Registry } from '../registry/index.js';
import type { HandlerContext } from '../registry/types.js';
import type { SnapshotSubjectType } from '../store/types.js';
import type { SnapshotSweepStore } from '../store/views.js';
import { addDays, HOUR_MS, utcDay } from '../lib/days.js';
import type { Job } from './runner.js';

/** Which endpoint snapshots each swept subject type, and its input for a subject. */
export const SWEEP_ENDPOINTS = {
  token: { key: 'enrich-token-full', input: (subject: string) => ({ mint: subject }) },
  wallet: { key: 'enrich-wallet-light', input: (subject: string) => ({ address: subject }) },
  perps_market: { key: 'perps-market-structure', input: (_subject: string) => ({}) },
} as const satisfies Partial<Record<SnapshotSubjectType, { key: string; input: (subject: string) => Record<string, unknown> }>>;

type SweptType = keyof typeof SWEEP_ENDPOINTS;
/** Types swept while watched (someone asked about the subject in the last `watchDays` days). */
const WATCHED_TYPES: readonly SweptType[] = ['token', 'wallet'];
/** Subjects swept every day, watched or not (they come first in a run, so a long watch list never defers them). */
export const DAILY_SUBJECTS: readonly { type: SweptType; subject: string }[] = [{ type: 'perps_market', subject: 'A' }];

/** Caveats saying a data leg failed (the same ones that shorten a cached answer's TTL). */
const DEGRADED = new Set(['leg_degraded', 'leg_failed']);

export interface SnapshotSweepOptions {
  store: SnapshotSweepStore;
  registry: Registry;
  /** A handler context for one enrichment (sources, entities, clock… as for a paid call). */
  context: (requestId: string, signal: AbortSignal) => HandlerContext;
  /** A subject is watched when it has a snapshot on one of the `watchDays` days before today (or today). */
  watchDays?: number;
  maxPerRun?: number;
  concurrency?: number;
  intervalMs?: number;
  /** Deadline of one enrichment (as a paid call's answer deadline). */
  callTimeoutMs?: number;
}

export const SWEEP_DEFAULTS = { watchDays: 7, maxPerRun: 50, concurrency: 4, intervalMs: HOUR_MS, callTimeoutMs: 15_000 } as const;

type Outcome = 'recorded' | 'degraded' | 'no_snapshot';

/** Alternates the types so one type's long watch list cannot starve the other under the per-run bound. */
function interleave<T>(lists: readonly T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

export function snapshotSweepJob(options: SnapshotSweepOptions): Job {
  const { store, registry } = options;
  const o = {
    watchDays: options.watchDays ?? SWEEP_DEFAULTS.watchDays,
    maxPerRun: options.maxPerRun ?? SWEEP_DEFAULTS.maxPerRun,
    concurrency: options.concurrency ?? SWEEP_DEFAULTS.concurrency,
    intervalMs: options.intervalMs ?? SWEEP_DEFAULTS.intervalMs,
    callTimeoutMs: options.callTimeoutMs ?? SWEEP_DEFAULTS.callTimeoutMs,
  };

  const hasToday = async (type: SweptType, subject: string, today: string) => (await store.getSnapshots(type, subject, today, today)).length > 0;

  async function due(type: SweptType, today: string): Promise<{ type: SweptType; subject: string }[]> {
    const watched = await store.snapshotSubjects(type, addDays(today, -o.watchDays));
    const out: { type: SweptType; subject: string }[] = [];
    for (const subject of watched) {
      if (!(await hasToday(type, subject, today))) out.push({ type, subject });
    }
    return out;
  }

  async function dueDaily(today: string): Promise<{ type: SweptType; subject: string }[]> {
    const out: { type: SweptType; subject: string }[] = [];
    for (const s of DAILY_SUBJECTS) if (!(await hasToday(s.type, s.subject, today))) out.push(s);
    return out;
  }

  async function snapshotOne(type: SweptType, subject: string, now: Date, signal: AbortSignal, timers: Timers): Promise<Outcome> {
    const { key, input } = SWEEP_ENDPOINTS[type];
    const endpoint = registry.get(key);
    const handler = endpoint?.def.handler;
    const capture = endpoint?.def.snapshot;
    if (!endpoint || !handler || !capture) throw new Error(`${key} has no handler or snapshot capture`);
    const valid = endpoint.validate(input(subject));
    if (!valid.ok) throw new Error(`${key}: stored subject ${subject} is not a valid input`);
    const callSignal = AbortSignal.any([signal, timers.timeout(o.callTimeoutMs)]);
    const result = await handler(valid.value, options.context(`job:snapshot-sweep:${type}:${subject}`, callSignal));
    if ((result.caveats ?? []).some((c) => DEGRADED.has(c.code))) return 'degraded';
    const snapshots = capture(valid.value, result);
    for (const s of snapshots) {
      await store.putSnapshot({ subjectType: s.subjectType, subject: s.subject, day: utcDay(now), takenAt: now, data: s.data });
      // As for a paid call's capture (src/app/recorder.ts): the snapshot is also an observation at its moment.
      await store.putObservation({ subjectType: s.subjectType, subject: s.subject, observedAt: now, data: s.data });
    }
    return snapshots.length > 0 ? 'recorded' : 'no_snapshot';
  }

  return {
    name: 'snapshot-sweep',
    intervalMs: o.intervalMs,
    // The run's budget is one interval; the lease outlives it by a margin.
    leaseMs: o.intervalMs + 10 * 60_000,
    async run({ now, signal, timers }) {
      const today = utcDay(now);
      const all = [...(await dueDaily(today)), ...interleave(await Promise.all(WATCHED_TYPES.map((t) => due(t, today))))];
      const batch = all.slice(0, o.maxPerRun);
      const outcomes = await runBounded(batch, (s) => snapshotOne(s.type, s.subject, now, signal, timers), {
        concurrency: o.concurrency,
        // Ends by the next interval; subjects not reached stay due for the next run.
        budgetMs: o.intervalMs,
        signal,
        timers,
      });
      const count = (pred: (x: (typeof outcomes)[number]) => boolean) => outcomes.filter(pred).length;
      const failures = outcomes.flatMap((x, i) => (x.status === 'failed' ? [`${batch[i]!.subject}: ${x.error instanceof Error ? x.error.message : String(x.error)}`] : []));
      return [
        `${all.length} due`,
        `${count((x) => x.status === 'done' && x.value === 'recorded')} recorded`,
        `${count((x) => x.status === 'done' && x.value === 'degraded')} degraded (retried next run)`,
        `${count((x) => x.status === 'failed')} failed`,
        `${count((x) => x.status === 'timed_out')} timed out`,
        `${all.length - batch.length} deferred`,
        ...(failures.length > 0 ? [`first failure ${failures[0]}`] : []),
      ].join(', ');
    },
  };
}
