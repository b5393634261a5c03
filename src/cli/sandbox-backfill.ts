/**
 * Sandbox backfill: daily snapshots of the documented cast (every cast token and wallet, and the perps
 * positions of its perps traders) and of pool venue A's perps markets (perps_market/A) for the N days
 * before today, so token-trend, wallet-history, portfolio-history and perps-market-trend show real series
 * on a fresh install. Each snapshot is also appended to the observation log at its moment (as the recorder
 * does after a paid call), so check-alerts has a baseline for every backfilled subject.
 *
 * How a past day's snapshot is made: the REAL enrichment handlers (enrich-token-full for tokens,
 * enrich-wallet-light for wallets, perps-trader-profile for perps wallets, perps-market-structure for the
 * perps markets — the same endpoints that
 * give today's live point) run against the sandbox providers with the clock set to that day's 12:00 UTC,
 * and the endpoint's own snapshot capture turns the answer into the stored data, exactly as the recorder
 * does after a paid call. So a backfilled point is what a caller would have been told at noon that day;
 * nothing is approximated except the moment of day (one observation per day, at noon).
 *
 * A day that already has a snapshot of a subject is left alone (an observed answer is never replaced);
 * a subject that did not exist yet on a day (not_found) gets no point that day.
 *
 * Imports the sandbox: like src/service.ts, this is start-up wiring, never reached by endpoint code.
 */
import { createEntityDirectory } from '../analytics/entities.js';
import { ApiError } from '../errors/api-error.js';
import { addDays, utcDay } from '../lib/days.js';
import { buildServiceRegistry } from '../endpoints/index.js';
import type { HandlerContext } from '../registry/types.js';
import { FaultController } from '../sandbox/providers/faults.js';
import { startSandboxProviders } from '../sandbox/providers/index.js';
import { CAST, createSandboxWorld, RISKY_PROGRAMS, SANDBOX_ENTITIES } from '../sandbox/world/index.js';
import { BONK_MINT, JUP_MINT } from '../sandbox/world/entities.js';
import { createSources } from '../sources/index.js';
import type { SnapshotRecord, SnapshotSubjectType, Store } from '../store/types.js';
import { systemTimers, type Timers } from '../lib/timers.js';

export interface BackfillOptions {
  store: Store;
  seed: string;
  /** Days before today to fill (today itself is left to live calls). */
  days: number;
  /** "Today": the moment the backfill counts back from. */
  now: Date;
  /** What each subject-day's 15 s deadline and the source budgets are timed by; default real time. */
  timers?: Timers;
}

/**
 * Subject-days enriched at once. Bounded so that each call's time is its own work, not the whole day's:
 * with all 68 subjects at once, every source request queued behind the others and a busy machine ran into
 * the source budgets.
 */
const BACKFILL_CONCURRENCY = 8;

export interface BackfillReport {
  days: number;
  from_day: string;
  to_day: string;
  subjects: { tokens: number; wallets: number; perps_wallets: number; perps_markets: number };
  written: number;
  /** Days that already had an observed snapshot. */
  kept: number;
  /** Subject-days before the subject existed. */
  not_existing: number;
  /** Subject-days whose enrichment failed otherwise (each listed once by message). */
  failed: number;
  errors: string[];
}

interface Subject {
  type: Extract<SnapshotSubjectType, 'token' | 'wallet' | 'perps_wallet' | 'perps_market'>;
  /** The address, or for perps_market the venue tag. */
  address: string;
}

const ENDPOINT = {
  token: 'enrich-token-full', wallet: 'enrich-wallet-light', perps_wallet: 'perps-trader-profile', perps_market: 'perps-market-structure',
} as const;
const input = (s: Subject): Record<string, unknown> =>
  s.type === 'token' ? { mint: s.address, include_holders: true }
    : s.type === 'wallet' ? { address: s.address, depth: 'light' }
      : s.type === 'perps_wallet' ? { address: s.address } : {};
const subjectKey = (s: Subject) => `${s.type}:${s.address}`;

/** Runs `work` over `items`, `lanes` at a time. */
async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

function castSubjects(): Subject[] {
  return Object.values(CAST).flatMap((e) => (e.kind === 'token' || e.kind === 'wallet' ? [{ type: e.kind, address: e.address }] : []));
}

/**
 * The cast's perps traders (the wallets whose class is `perps: …`, docs/sandbox-cast.md) as perps wallets
 * (perps-trader-profile, subject `perps_wallet`): check-alerts watches a wallet's perps positions too, and
 * its perps kinds need a baseline like its spot kinds. No other cast wallet ever holds a perps position, so
 * they are left to their first poll: a perps read costs about as much as the rest of a subject-day, and 38
 * wallets of "no positions" a day would double the backfill's time to seed nothing that moves.
 */
export function perpsWalletSubjects(): Subject[] {
  return Object.values(CAST).flatMap((e) => (e.kind === 'wallet' && e.class.startsWith('perps:') ? [{ type: 'perps_wallet' as const, address: e.address }] : []));
}

/**
 * The sandbox twins of mainnet tokens the documented examples name (JUP in token-trend, due-diligence and
 * compare-tokens; BONK in compare-tokens and check-alerts): not cast members, but an example run after a
 * backfill should show the series it promises, not one daily point.
 */
function twinTokenSubjects(): Subject[] {
  return [JUP_MINT, BONK_MINT].map((address) => ({ type: 'token' as const, address }));
}

/** The perps markets snapshotted daily: pool venue A's (perps-market-structure, subject 'A'). */
function perpsMarketSubjects(): Subject[] {
  return [{ type: 'perps_market', address: 'A' }];
}

/** Everything the backfill writes a daily point for. */
export function backfillSubjects(): Subject[] {
  return [...castSubjects(), ...twinTokenSubjects(), ...perpsWalletSubjects(), ...perpsMarketSubjects()];
}

export async function backfillSandbox(options: BackfillOptions): Promise<BackfillReport> {
  const { store, seed, days } = options;
  const timers = options.timers ?? systemTimers;
  if (!Number.isInteger(days) || days < 1 || days > 365) throw new RangeError('days must be an integer from 1 to 365');
  const today = utcDay(options.now);
  const fromDay = addDays(today, -days);
  const toDay = addDays(today, -1);
  const subjects = backfillSubjects();
  const report: BackfillReport = {
    days, from_day: fromDay, to_day: toDay,
    subjects: {
      tokens: subjects.filter((s) => s.type === 'token').length,
      wallets: subjects.filter((s) => s.type === 'wallet').length,
      perps_wallets: subjects.filter((s) => s.type === 'perps_wallet').length,
      perps_markets: subjects.filter((s) => s.type === 'perps_market').length,
    },
    written: 0, kept: 0, not_existing: 0, failed: 0, errors: [],
  };

  let clock = new Date(`${fromDay}T12:00:00Z`);
  const providers = await startSandboxProviders(createSandboxWorld(seed), () => clock, new FaultController({}, timers));
  try {
    const sources = createSources(providers.urls, {}, { timeoutMs: 10_000, retries: 2 }, () => clock, timers);
    const registry = buildServiceRegistry();
    const entities = createEntityDirectory(SANDBOX_ENTITIES.map((e) => ({ ...e, tags: ['sandbox', e.kind], confidence: 'high' as const })));
    const riskyPrograms = new Set(RISKY_PROGRAMS.map((p) => p.address));
    const observed = new Map<string, Map<string, SnapshotRecord>>();
    for (const s of subjects) {
      observed.set(subjectKey(s), new Map((await store.getSnapshots(s.type, s.address, fromDay, toDay)).map((r) => [r.day, r])));
    }

    for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
      // One moment per day; every subject of the day runs at it (the providers read this clock).
      clock = new Date(`${day}T12:00:00Z`);
      const at = clock;
      const context = (requestId: string): HandlerContext => ({
        requestId, now: () => at, signal: timers.timeout(15_000), timers, dataMode: 'sandbox', sources, entities, riskyPrograms, store,
        call: (key) => Promise.reject(new Error(`backfill: unexpected composite call to ${key}`)),
      });
      const kept = subjects.flatMap((s) => observed.get(subjectKey(s))!.get(day) ?? []);
      report.kept += kept.length;
      // A kept snapshot is in the observation log too (the recorder and the sweep write both at the same
      // moment, so this finds the row there and leaves it): a store backfilled before the backfill logged
      // observations gets them now, and check-alerts finds its baselines.
      for (const row of kept) await store.putObservation({ subjectType: row.subjectType, subject: row.subject, observedAt: row.takenAt, data: row.data });
      const pending = subjects.filter((s) => !observed.get(subjectKey(s))!.has(day));
      await inLanes(pending, BACKFILL_CONCURRENCY, async (s) => {
        const def = registry.get(ENDPOINT[s.type])!.def;
        try {
          const result = await def.handler!(input(s), context(`backfill-${day}-${s.address}`));
          for (const snap of def.snapshot?.(input(s), result) ?? []) {
            await store.putSnapshot({ subjectType: snap.subjectType, subject: snap.subject, day, takenAt: at, data: snap.data });
            // Also an observation at that moment, as the recorder logs every capture: check-alerts' baselines
            // are read from the observation log, so without it a backfilled subject had no baseline at all.
            await store.putObservation({ subjectType: snap.subjectType, subject: snap.subject, observedAt: at, data: snap.data });
            report.written++;
          }
        } catch (err) {
          if (err instanceof ApiError && err.code === 'not_found') {
            report.not_existing++;
            return;
          }
          report.failed++;
          const message = `${ENDPOINT[s.type]} ${s.address}: ${err instanceof Error ? err.message : String(err)}`;
          if (!report.errors.includes(message)) report.errors.push(message);
        }
      });
    }
    return report;
  } finally {
    await providers.close();
  }
}
