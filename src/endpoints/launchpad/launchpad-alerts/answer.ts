/** launchpad-alerts's answer (docs/launchpad.md, "Endpoint: launchpad-alerts"). */
import type { Caveat, HandlerContext, HandlerResult } from '../../../registry/types.js';
import { ApiError } from '../../../errors/api-error.js';
import type { DailyPoint } from '../../../analytics/launchpad/types.js';
import { clampSince, coinSummary, launchpadAlerts, type LaunchpadEvent } from '../../../analytics/launchpad/alerts.js';
import { ALERT_MIN_HOLDERS_CHANGE_PCT_DEFAULT, ALERT_SINCE_MAX_DAYS, STALE_AFTER_HOURS_DEFAULT } from '../../../analytics/launchpad/thresholds.js';
import { addDays, utcDay } from '../../../lib/days.js';
import type { IndexedCoin } from '../../../launchpad-index/coins.js';
import { indexStaleCaveat, launchpadCoin, withDaily } from '../shared/coins.js';

interface AlertsInput {
  mints: string[];
  since: string;
  min_holders_change_pct?: number;
  stale_after_hours?: number;
}

/** The coin, or null when the platform does not know it (spec: unknown coins go to not_found, not an error). */
async function coinOrNull(mint: string, ctx: HandlerContext): Promise<{ coin: IndexedCoin; source: 'index' | 'live' } | null> {
  try {
    return await launchpadCoin(mint, ctx);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found') return null;
    throw err;
  }
}

export async function alertsAnswer(input: AlertsInput, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const nowMs = now.getTime();
  // The validator fills the defaults; the fallbacks only keep a direct call well-defined.
  const staleAfterHours = input.stale_after_hours ?? STALE_AFTER_HOURS_DEFAULT;
  const minHoldersChangePct = input.min_holders_change_pct ?? ALERT_MIN_HOLDERS_CHANGE_PCT_DEFAULT;
  const { since, clamped } = clampSince(Date.parse(input.since), nowMs);
  // Daily points from the clamped since's day on: the snapshot nearest since is among them.
  const fromDay = addDays(utcDay(new Date(since)), -1);
  const today = utcDay(now);
  const mints = [...new Set(input.mints)];
  const [caveats, found] = await Promise.all([
    indexStaleCaveat(ctx),
    Promise.all(mints.map(async (mint) => {
      const c = await coinOrNull(mint, ctx);
      if (c === null) return { mint, coin: null };
      const rows = await ctx.store.launchpadDailyPoints(mint, fromDay, today);
      // The index job wrote these from validated DailyPoints (dailyPointOf), so the shape is trusted.
      return { mint, coin: c, points: rows.map((r) => r.data as unknown as DailyPoint) };
    })),
  ]);
  const events: Array<LaunchpadEvent & { symbol: string }> = [];
  const coins: Record<string, unknown>[] = [];
  const notFound: string[] = [];
  for (const f of found) {
    if (f.coin === null) { notFound.push(f.mint); continue; }
    const coin = withDaily(f.coin.coin, f.points ?? []);
    for (const e of launchpadAlerts(coin, { sinceMs: since, nowMs, staleAfterHours, minHoldersChangePct })) {
      events.push({ ...e, symbol: coin.symbol });
    }
    coins.push({ ...coinSummary(coin, nowMs, staleAfterHours), symbol: coin.symbol, source: f.coin.source });
  }
  events.sort((a, b) => a.at - b.at || a.kind.localeCompare(b.kind) || a.mint.localeCompare(b.mint));
  const out: Caveat[] = [...caveats];
  if (clamped) out.push({ code: 'since_clamped', message: `since is older than ${ALERT_SINCE_MAX_DAYS} days: clamped to ${new Date(since).toISOString()}.` });
  if (found.some((f) => f.coin?.source === 'live')) {
    out.push({ code: 'not_indexed', leg: 'launchpad', message: 'Some coins are not in the index yet: they have no daily snapshots, so no holders_change or rewards_since.' });
  }
  return {
    data: {
      events: events.map((e) => ({ kind: e.kind, severity: e.severity, mint: e.mint, symbol: e.symbol, at: new Date(e.at).toISOString(), message: e.message, data: { ...e.data } })),
      coins,
      not_found: notFound,
      since: new Date(since).toISOString(),
      since_clamped: clamped,
      checked_at: now.toISOString(),
    },
    caveats: out,
  };
}
