/**
 * The launch platform's coin index (issue 8): every 10 minutes, page through `/api/v1/reward-tokens`
 * and fetch each coin's detail (payouts included), then publish the lot as the index the `launchpad-*`
 * endpoints read, and keep one daily point per coin (distributions, market cap, holders) for 35 days.
 *
 * Why staged and resumable: the platform is paged and rate-limited (5 requests/s), so a refresh of a
 * large platform may not fit one run. Each complete page is staged with the cursor after it in one store
 * transaction; a run that fails, runs out of its page bound or time budget, or dies (restart) leaves the
 * cursor where the last complete page ended and the next run continues from there. Only the run that
 * stages the last page (`next_cursor: null`) replaces the published index, atomically — so a failed page
 * never publishes a partial index and the previous complete one keeps serving (its age shows in /status
 * and the endpoints add a caveat once it is stale).
 *
 * Upstream cost per complete refresh: ceil(coins / pageLimit) page reads + one detail read per coin,
 * all behind the client's token bucket.
 */
import type { DailyPoint } from '../analytics/launchpad/types.js';
import { SourceError } from '../sources/errors.js';
import type { LaunchpadClient, LaunchpadTokenDetail } from '../sources/launchpad.js';
import type { LaunchpadIndexRow, Store } from '../store/types.js';
import { addDays, HOUR_MS, utcDayOf } from './days.js';
import type { Job } from './runner.js';

export const LAUNCHPAD_INDEX_JOB = 'launchpad-index';
export const LAUNCHPAD_INDEX_INTERVAL_MS = 10 * 60_000;
/** The index is stale once its last complete refresh is this old (three missed refreshes). */
export const LAUNCHPAD_INDEX_STALE_MS = 30 * 60_000;
/** Daily points of days before today − this many days are deleted. */
export const LAUNCHPAD_DAILY_RETENTION_DAYS = 35;

export const LAUNCHPAD_INDEX_DEFAULTS = {
  /** Pages per run: with 100 coins a page, 20 pages is 2,000 coins per run before the rest waits. */
  maxPages: 20,
  /** Wall-clock budget of one run: half the interval, so a run never runs into the next one. */
  budgetMs: 5 * 60_000,
  pageLimit: 100,
  /** Detail reads in flight at once; the token bucket spaces them anyway, this bounds sockets. */
  detailConcurrency: 4,
  /**
   * A refresh in progress older than this is started over: its staged coins are too old to publish as
   * one consistent picture (a platform that keeps failing would otherwise splice hours-old pages in).
   */
  abandonAfterMs: 2 * HOUR_MS,
} as const;

export interface LaunchpadIndexOptions {
  store: Store;
  client: LaunchpadClient;
  maxPages?: number;
  budgetMs?: number;
  pageLimit?: number;
  detailConcurrency?: number;
  abandonAfterMs?: number;
}

/** The index's coin record as stored (the platform's token detail, payouts included). */
export type IndexedCoin = LaunchpadTokenDetail;

/** Reads back a stored coin; the job wrote it from a validated detail, so the shape is trusted. */
export function indexedCoin(row: LaunchpadIndexRow): IndexedCoin {
  return row.data as unknown as IndexedCoin;
}

/**
 * A coin's point of a UTC day: the distributions are the sum of its payouts whose time falls in that day
 * (unpriced payouts add nothing to the USD sum: `distributions_usd` counts what could be priced), market
 * cap and holders as read at `at`.
 */
export function dailyPointOf(coin: Pick<IndexedCoin, 'payouts' | 'market_cap_usd' | 'holders'>, day: string, at: Date): DailyPoint {
  let quote = 0;
  let usd = 0;
  for (const p of coin.payouts) {
    if (utcDayOf(new Date(p.at)) !== day) continue;
    quote += p.quote_amount;
    usd += p.usd ?? 0;
  }
  return { day, at: at.getTime(), distributions_quote: quote, distributions_usd: usd, market_cap_usd: coin.market_cap_usd, holders: coin.holders };
}

export interface LaunchpadIndexState {
  /** When the serving index was completed; null before the first complete refresh. */
  refreshed_at: string | null;
  age_s: number | null;
  /** No complete index yet, or its age is at least LAUNCHPAD_INDEX_STALE_MS (lower-inclusive). */
  stale: boolean;
  coins: number;
}

/** The index's freshness, for /status (`components.launchpad_index`) and the endpoints' stale caveat. */
export async function launchpadIndexState(store: Store, now: Date): Promise<LaunchpadIndexState> {
  const s = await store.launchpadRefreshState();
  if (!s.refreshedAt) return { refreshed_at: null, age_s: null, stale: true, coins: s.coins };
  const ageMs = Math.max(0, now.getTime() - s.refreshedAt.getTime());
  return { refreshed_at: s.refreshedAt.toISOString(), age_s: Math.floor(ageMs / 1000), stale: ageMs >= LAUNCHPAD_INDEX_STALE_MS, coins: s.coins };
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function launchpadIndexJob(options: LaunchpadIndexOptions): Job {
  const { store, client } = options;
  const o = {
    maxPages: options.maxPages ?? LAUNCHPAD_INDEX_DEFAULTS.maxPages,
    budgetMs: options.budgetMs ?? LAUNCHPAD_INDEX_DEFAULTS.budgetMs,
    pageLimit: options.pageLimit ?? LAUNCHPAD_INDEX_DEFAULTS.pageLimit,
    detailConcurrency: options.detailConcurrency ?? LAUNCHPAD_INDEX_DEFAULTS.detailConcurrency,
    abandonAfterMs: options.abandonAfterMs ?? LAUNCHPAD_INDEX_DEFAULTS.abandonAfterMs,
  };

  /** Details of one page's mints; a mint gone between the page and its detail (404) is skipped, not a failure. */
  async function details(mints: readonly string[], signal: AbortSignal): Promise<IndexedCoin[]> {
    const out: IndexedCoin[] = [];
    for (let i = 0; i < mints.length; i += o.detailConcurrency) {
      const chunk = await Promise.all(mints.slice(i, i + o.detailConcurrency).map(async (mint) => {
        try {
          return await client.token(mint, signal);
        } catch (err) {
          if (err instanceof SourceError && err.kind === 'not_found') return undefined;
          throw err;
        }
      }));
      for (const d of chunk) if (d) out.push(d);
    }
    return out;
  }

  /** Today's point of every indexed coin, yesterday's distributions completed, and retention. */
  async function writeDailyPoints(now: Date): Promise<{ points: number; deleted: number }> {
    const today = utcDayOf(now);
    const yesterday = addDays(today, -1);
    const coins = (await store.launchpadCoins()).map(indexedCoin);
    for (const coin of coins) {
      await store.putLaunchpadDailyPoint({ mint: coin.mint, day: today, data: { ...dailyPointOf(coin, today, now) } });
      // Yesterday's point was written by its last refresh; payouts after that one landed since. The
      // payout list is complete, so its distributions are recomputed; market cap and holders stay as read then.
      const [prev] = await store.launchpadDailyPoints(coin.mint, yesterday, yesterday);
      if (prev) {
        const kept = prev.data as unknown as DailyPoint;
        const fixed = dailyPointOf({ ...coin, market_cap_usd: kept.market_cap_usd, holders: kept.holders }, yesterday, new Date(kept.at));
        await store.putLaunchpadDailyPoint({ mint: coin.mint, day: yesterday, data: { ...fixed } });
      }
    }
    const deleted = await store.deleteLaunchpadDailyPointsBefore(addDays(today, -LAUNCHPAD_DAILY_RETENTION_DAYS));
    return { points: coins.length, deleted };
  }

  return {
    name: LAUNCHPAD_INDEX_JOB,
    intervalMs: LAUNCHPAD_INDEX_INTERVAL_MS,
    leaseMs: o.budgetMs + 5 * 60_000,
    async run({ now, signal, timers }) {
      let state = await store.launchpadRefreshState();
      const resumed = state.refreshStartedAt !== null && now.getTime() - state.refreshStartedAt.getTime() < o.abandonAfterMs;
      if (!resumed) {
        await store.beginLaunchpadRefresh(now);
        state = await store.launchpadRefreshState();
      }
      // Timers, not `now`: the budget bounds how long this run holds the platform and the lease.
      const budget = AbortSignal.any([signal, timers.timeout(o.budgetMs)]);
      let cursor = state.cursor;
      let pages = 0;
      let coins = 0;
      const lead = `${resumed ? `resumed at page ${state.pages + 1}` : 'new refresh'}`;
      while (pages < o.maxPages) {
        let next: string | null;
        try {
          const page = await client.rewardTokens({ ...(cursor !== null ? { cursor } : {}), limit: o.pageLimit }, AbortSignal.any([budget]));
          const fetched = await details(page.tokens.map((t) => t.mint), budget);
          await store.stageLaunchpadPage(fetched.map((d) => ({ mint: d.mint, data: { ...d }, at: now })), page.next_cursor);
          next = page.next_cursor;
          coins += fetched.length;
        } catch (err) {
          if (budget.aborted && !signal.aborted) {
            const reason = `out of time budget (${o.budgetMs} ms) after ${pages} pages`;
            await store.recordLaunchpadRefreshError(reason, now);
            return `${lead}, ${pages} pages (${coins} coins) staged, ${reason}; the next run resumes`;
          }
          // The staged pages and cursor stay: the next run retries this page; the published index keeps serving.
          await store.recordLaunchpadRefreshError(`page ${state.pages + pages + 1}: ${message(err)}`, now);
          throw err;
        }
        pages++;
        if (next === null) {
          const published = await store.publishLaunchpadIndex(now);
          const daily = await writeDailyPoints(now);
          return `${lead}, ${pages} pages (${coins} coins) staged, index published with ${published} coins, ` +
            `${daily.points} daily points written, ${daily.deleted} points deleted`;
        }
        cursor = next;
      }
      return `${lead}, ${pages} pages (${coins} coins) staged, page bound ${o.maxPages} reached; the next run resumes`;
    },
  };
}
