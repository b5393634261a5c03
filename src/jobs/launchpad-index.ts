/**
 * The launch platform's coin index: every 10 minutes, walk the platform's coins by 24 h volume
 * (`/tokens?sort=volume`, 100 a page) until the coins stop trading, read each page's chain facts and quote
 * prices, join the lifetime reward totals (`/rewards`, one call per run), publish the lot as the index the
 * `launchpad-*` endpoints read, and record one point per coin per UTC day (lifetime distributed, payout
 * count, quote price, market cap, holders) for 35 days — the history the yields are differences of.
 *
 * Why walk by volume and stop at the first page ending in a coin without volume: the platform lists tens of
 * thousands of coins, most of them dead; a coin with no trade in 24 h collects no tax and is answered live
 * (`readCoinLive`) when asked by mint. The spec's `not_found` for such mints in `launchpad-yield-batch`
 * follows from this.
 *
 * Why staged and resumable: the platform is paged and rate-limited (300 requests a minute), so a refresh
 * may not fit one run. Each complete page is staged with the next page number in one store transaction; a
 * run that fails, runs out of its page bound or time budget, or dies leaves the cursor where the last
 * complete page ended and the next run continues from there. Only the run that stages the last page
 * replaces the published index, atomically — a failed page never publishes a partial index and the
 * previous complete one keeps serving (its age shows in /status and the endpoints add a caveat once stale).
 *
 * Upstream cost per run: 2 platform reads (pairs + pricing) for the distributor, 1 for the totals, 1 per
 * page; per page 2 `getMultipleAccounts` calls, one `getTokenLargestAccounts` per coin, 1 price read.
 */
import type { DailyPoint, Payout } from '../analytics/launchpad/types.js';
import type { LaunchpadIndexStore } from '../store/types.js';
import { addDays, DAY_MS, HOUR_MS, utcDay } from '../lib/days.js';
import { assembleCoins, readPlatformFacts, totalsOf, type IndexedCoin, type LaunchpadSources, type RewardTotals } from '../launchpad-index/coins.js';
import { indexedCoin, LAUNCHPAD_DAILY_RETENTION_DAYS } from '../launchpad-index/state.js';
import type { Job } from './runner.js';

export const LAUNCHPAD_INDEX_JOB = 'launchpad-index';
export const LAUNCHPAD_INDEX_INTERVAL_MS = 10 * 60_000;
/** Observed distributions kept per coin (newest first), and how old they may be. */
export const LAUNCHPAD_RECENT_PAYOUTS_KEPT = 50;

export const LAUNCHPAD_INDEX_DEFAULTS = {
  /** Pages per run: with 100 coins a page, 40 pages is 4,000 traded coins per run before the rest waits. */
  maxPages: 40,
  /** Wall-clock budget of one run: half the interval, so a run never runs into the next one. */
  budgetMs: 5 * 60_000,
  pageSize: 100,
  /**
   * A refresh in progress older than this is started over: its staged coins are too old to publish as
   * one consistent picture (a platform that keeps failing would otherwise splice hours-old pages in).
   */
  abandonAfterMs: 2 * HOUR_MS,
} as const;

export interface LaunchpadIndexOptions {
  store: LaunchpadIndexStore;
  sources: LaunchpadSources;
  maxPages?: number;
  budgetMs?: number;
  pageSize?: number;
  abandonAfterMs?: number;
}

/** A coin's point for a UTC day, as read at `at`: its lifetime totals, quote price, market cap and holders. */
export function dailyPointOf(coin: IndexedCoin, day: string, at: Date): DailyPoint {
  return {
    day,
    at: at.getTime(),
    distributed_quote: coin.distributed_quote,
    payout_count: coin.payout_count,
    quote_price_usd: coin.quote_price_usd,
    market_cap_usd: coin.market_cap_usd,
    holders: coin.holders,
  };
}

/** The observed distributions of a coin: what it had plus what the platform lists now, newest first, deduplicated and bounded. */
export function mergeRecentPayouts(kept: readonly Payout[], seen: readonly Payout[], nowMs: number): Payout[] {
  const bySignature = new Map<string, Payout>();
  for (const p of [...kept, ...seen]) bySignature.set(p.signature, p);
  const floor = nowMs - LAUNCHPAD_DAILY_RETENTION_DAYS * DAY_MS;
  return [...bySignature.values()].filter((p) => p.at >= floor && p.at <= nowMs).sort((a, b) => b.at - a.at).slice(0, LAUNCHPAD_RECENT_PAYOUTS_KEPT);
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The page after `page`, or null when `page` ends the walk: the last page, or a page whose last coin no
 * longer trades. An empty page before the last (coins moving between pages during the walk) does not end it.
 */
export function nextPage(page: { page: number; totalPages: number; tokens: readonly { market: { volume24hUsd: number } }[] }): number | null {
  if (page.page >= page.totalPages) return null;
  const last = page.tokens.at(-1);
  if (last !== undefined && last.market.volume24hUsd <= 0) return null;
  return page.page + 1;
}

export function launchpadIndexJob(options: LaunchpadIndexOptions): Job {
  const { store, sources } = options;
  const o = {
    maxPages: options.maxPages ?? LAUNCHPAD_INDEX_DEFAULTS.maxPages,
    budgetMs: options.budgetMs ?? LAUNCHPAD_INDEX_DEFAULTS.budgetMs,
    pageSize: options.pageSize ?? LAUNCHPAD_INDEX_DEFAULTS.pageSize,
    abandonAfterMs: options.abandonAfterMs ?? LAUNCHPAD_INDEX_DEFAULTS.abandonAfterMs,
  };

  /** Today's point of every published coin, and retention. */
  async function writeDailyPoints(now: Date): Promise<{ points: number; deleted: number }> {
    const today = utcDay(now);
    const coins = (await store.launchpadCoins()).map(indexedCoin);
    for (const coin of coins) await store.putLaunchpadDailyPoint({ mint: coin.mint, day: today, data: { ...dailyPointOf(coin, today, now) } });
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
      let page = state.cursor === null ? 1 : Number(state.cursor);
      let pages = 0;
      let coins = 0;
      let skipped = 0;
      const lead = `${resumed ? `resumed at page ${page}` : 'new refresh'}`;
      // What a failure is recorded against: the run's own reads before any page, then each page.
      let stage = 'platform facts and reward totals';
      try {
        // Once per run: the platform's distributor and configs, every coin's totals, the latest payouts.
        const [platform, ledger, published] = await Promise.all([
          readPlatformFacts(sources.launchpad, budget),
          sources.launchpad.rewards(undefined, budget),
          store.launchpadCoins(),
        ]);
        skipped += ledger.skipped;
        const totals = new Map<string, RewardTotals>(ledger.launches.map((l) => [l.mint, totalsOf(l)]));
        const seen = new Map<string, Payout[]>();
        for (const d of ledger.distributions) {
          const list = seen.get(d.mint) ?? [];
          list.push({ at: Date.parse(d.distributedAt), quote_amount: d.amountTokens, signature: d.signature });
          seen.set(d.mint, list);
        }
        const kept = new Map(published.map((r) => [r.mint, indexedCoin(r).recent_payouts ?? []]));
        const recent = new Map<string, Payout[]>();
        for (const mint of new Set([...seen.keys(), ...kept.keys()])) recent.set(mint, mergeRecentPayouts(kept.get(mint) ?? [], seen.get(mint) ?? [], now.getTime()));

        while (pages < o.maxPages) {
          stage = `page ${page}`;
          const listed = await sources.launchpad.tokens({ page, pageSize: o.pageSize }, budget);
          const assembled = await assembleCoins(sources, listed.tokens, totals, recent, platform, budget);
          const next = nextPage(listed);
          await store.stageLaunchpadPage(assembled.map((c) => ({ mint: c.mint, data: { ...c }, at: now })), next === null ? null : String(next));
          pages++;
          coins += assembled.length;
          skipped += listed.skipped;
          if (next === null) {
            const publishedCount = await store.publishLaunchpadIndex(now);
            const daily = await writeDailyPoints(now);
            return `${lead}, ${pages} pages (${coins} coins) staged, index published with ${publishedCount} coins, ` +
              `${daily.points} daily points written, ${daily.deleted} points deleted${skipped > 0 ? `, ${skipped} malformed entries skipped` : ''}`;
          }
          page = next;
        }
      } catch (err) {
        if (budget.aborted && !signal.aborted) {
          const reason = `out of time budget (${o.budgetMs} ms) after ${pages} pages`;
          await store.recordLaunchpadRefreshError(reason, now);
          return `${lead}, ${pages} pages (${coins} coins) staged, ${reason}; the next run resumes`;
        }
        // The staged pages and cursor stay: the next run retries this page; the published index keeps serving.
        await store.recordLaunchpadRefreshError(`${stage}: ${message(err)}`, now);
        throw err;
      }
      return `${lead}, ${pages} pages (${coins} coins) staged, page bound ${o.maxPages} reached; the next run resumes`;
    },
  };
}
