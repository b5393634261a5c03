/**
 * History reads are O(points): reading a subject's 30-day series must cost at most 2 × its 7-day series
 * (docs/history.md). A SQLite store (file in a temporary directory, WAL, as in production) is seeded with 35
 * days of token snapshots (the retention period) for many subjects, with the snapshot shape the service
 * writes; then random subjects' 7-day and 30-day series are read many times, two ways:
 *  - `store`: `store.getSnapshots` alone (one range seek on the clustered primary key; the points come
 *    back as one JSON text). Its cost is mostly per point (≈ 1 µs: SQLite composing the text, V8 parsing
 *    it), so its ratio approaches the point ratio (30 / 7 ≈ 4.3): linear in the points, independent of
 *    how many subjects the table holds — which `store_small_table_30d_us` (same reads, a table of
 *    SUBJECTS_SMALL subjects) shows.
 *  - `endpoint`: a token-trend call as the service executes it (app/execute.ts: input already validated,
 *    the answer deadline, the series read, today's live point through `ctx.call` — validated, looked up
 *    in the result cache where a repeat call finds it, briefed — the four directions, the answer's
 *    points), with the trend's own answer never cached, so every call reads its series. This is what a
 *    caller's read of a series costs the service, short of HTTP and payment (which only add fixed cost),
 *    and what the ≤ 2 target is checked on.
 */
import { systemTimers } from '../src/lib/timers.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEntityDirectory } from '../src/analytics/entities.js';
import { execute } from '../src/app/execute.js';
import { createMemoryCache } from '../src/cache/memory.js';
import type { Cache } from '../src/cache/types.js';
import { buildServiceRegistry } from '../src/endpoints/index.js';
import type { HandlerContext, HandlerResult } from '../src/registry/types.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import type { Store } from '../src/store/types.js';
import type { RunningService } from '../src/service.js';
import { CAST } from '../src/sandbox/world/index.js';
import { benchContext } from './context.js';

export interface ReadTimes {
  /** Mean time of one series read (µs), best of 3 rounds. */
  read_7d_us: number;
  read_30d_us: number;
  ratio: number;
}

export interface HistoryBenchResult {
  subjects: number;
  days_stored: number;
  rows: number;
  iterations: number;
  points_7d: number;
  points_30d: number;
  store: ReadTimes;
  /** The same 30-day store reads on a table of SUBJECTS_SMALL subjects: no slower on the big table. */
  store_small_table_30d_us: number;
  endpoint: ReadTimes;
  target_ratio: number;
  /** endpoint.ratio within the target. */
  met: boolean;
}

const SUBJECTS = 2_000;
const SUBJECTS_SMALL = 20;
const DAYS = 35;
const ITERATIONS = 20_000;
const TARGET_RATIO = 2;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A deterministic 0..1 sequence (no Math.random: the same reads every run). */
function sequence(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

function snapshotData(i: number, d: number): Record<string, unknown> {
  return {
    price_usd: 1 + ((i * 31 + d) % 97) / 100, liquidity_usd: 500_000 + i * 10 + d, market_cap_usd: 90_000_000 + i, volume_24h_usd: 600_000 + d,
    holder_count: 15_000 + i, hhi: 82.3 + d / 10, top1_pct: 3.9, top5_pct: 16.3, risk_score: 0.35, risk_score_lower_bound: false,
  };
}

/** Writes DAYS days for `count` subjects, day by day (as the service does: a subject's rows are not adjacent). */
async function seed(store: Store, today: number, count: number): Promise<string[]> {
  const subjects = Array.from({ length: count }, (_, i) => `BenchMint${String(i).padStart(6, '0').replaceAll('0', 'z')}1111111111111111111111`);
  for (let d = DAYS; d >= 1; d--) {
    const day = dayOf(today - d * 86_400_000);
    const takenAt = new Date(`${day}T12:00:00Z`);
    for (const [i, subject] of subjects.entries()) await store.putSnapshot({ subjectType: 'token', subject, day, takenAt, data: snapshotData(i, d) });
  }
  return subjects;
}

/** Mean µs of `read` over ITERATIONS random subjects (the same subjects for every call). */
async function timeReads(subjects: string[], read: (subject: string) => Promise<unknown>): Promise<number> {
  const next = sequence(7);
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) await read(subjects[Math.floor(next() * subjects.length)]!);
  return ((performance.now() - started) * 1000) / ITERATIONS;
}

/** 7-day and 30-day reads alternated over 3 rounds (drift touches both alike), best round of each. */
async function compare(subjects: string[], read: (subject: string, days: 7 | 30) => Promise<unknown>): Promise<ReadTimes> {
  await timeReads(subjects, (s) => read(s, 30)); // warm-up: statement cache, page cache, JIT
  const t7: number[] = [];
  const t30: number[] = [];
  for (let round = 0; round < 3; round++) {
    t7.push(await timeReads(subjects, (s) => read(s, 7)));
    t30.push(await timeReads(subjects, (s) => read(s, 30)));
  }
  const a = Math.min(...t7);
  const b = Math.min(...t30);
  return { read_7d_us: Math.round(a * 10) / 10, read_30d_us: Math.round(b * 10) / 10, ratio: Math.round((b / a) * 100) / 100 };
}

/** A real enrich-token-full answer (the cast's safe token, from the running sandbox service): the live point. */
export async function liveTokenAnswer(service: RunningService): Promise<HandlerResult> {
  const handler = buildServiceRegistry().get('enrich-token-full')!.def.handler!;
  return handler({ mint: CAST.TOKEN_SAFE.address, include_holders: true }, benchContext(service, 'bench-history-live'));
}

function executionContext(store: Store, now: Date): Omit<HandlerContext, 'signal' | 'call'> {
  return {
    requestId: 'bench-history', now: () => now, timers: systemTimers, dataMode: 'sandbox',
    sources: undefined as never, // the measured path reads only the store and the (cached) live answer
    entities: createEntityDirectory(), riskyPrograms: new Set(), store,
  };
}

/**
 * The service's memory cache for every answer but token-trend's own, which is recomputed on each call;
 * a live enrich-token-full answer, computed on its first lookup, is `liveToken` for every subject (no
 * source is read: the bench is about the series).
 */
function trendUncachedCache(liveToken: HandlerResult): Cache {
  const cache = createMemoryCache();
  return {
    ...cache,
    getOrCompute: (key, ttl, compute) => {
      if (key.startsWith('endpoint:token-trend:')) return compute().then((value) => ({ value, hit: false, ageS: 0, ttlS: 0 }));
      if (!key.startsWith('endpoint:enrich-token-full:')) throw new Error(`bench: unexpected call ${key}`);
      return cache.getOrCompute(key, ttl, async () => liveToken as never);
    },
  };
}

async function withStore<T>(run: (store: Store) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'oea-bench-history-'));
  const store = openSqliteStore(join(dir, 'enrichment.db'));
  try {
    return await run(store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureHistoryReads(liveToken: HandlerResult): Promise<HistoryBenchResult> {
  const today = Date.now();
  const yesterday = dayOf(today - 86_400_000);
  const storeRead = (store: Store) => (subject: string, days: 7 | 30) => store.getSnapshots('token', subject, dayOf(today - days * 86_400_000), yesterday);

  const smallTable30 = await withStore(async (store) => (await compare(await seed(store, today, SUBJECTS_SMALL), storeRead(store))).read_30d_us);
  return withStore(async (store) => {
    const subjects = await seed(store, today, SUBJECTS);
    const points = async (days: 7 | 30) => (await storeRead(store)(subjects[0]!, days)).length;
    const storeTimes = await compare(subjects, storeRead(store));
    const registry = buildServiceRegistry();
    const endpoint = registry.get('token-trend')!;
    const cache = trendUncachedCache(liveToken);
    const context = executionContext(store, new Date(today));
    const endpointTimes = await compare(subjects, (mint, days) =>
      execute({ endpoint, input: { mint, lookback: `${days}d` }, cache, context, deadlineMs: 15_000, registry }));
    return {
      subjects: SUBJECTS, days_stored: DAYS, rows: SUBJECTS * DAYS, iterations: ITERATIONS,
      points_7d: await points(7), points_30d: await points(30),
      store: storeTimes, store_small_table_30d_us: smallTable30, endpoint: endpointTimes,
      target_ratio: TARGET_RATIO, met: endpointTimes.ratio <= TARGET_RATIO,
    };
  });
}
