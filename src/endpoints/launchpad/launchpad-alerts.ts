import { Type } from '@sinclair/typebox';
import { defineEndpoint, type Caveat, type HandlerContext, type HandlerResult } from '../../registry/types.js';
import { Address, Timestamp, withDefault } from '../../registry/fields.js';
import { ApiError } from '../../errors/api-error.js';
import type { DailyPoint } from '../../analytics/launchpad/types.js';
import { clampSince, coinSummary, launchpadAlerts, type LaunchpadEvent } from '../../analytics/launchpad/alerts.js';
import { ALERT_MIN_HOLDERS_CHANGE_PCT_DEFAULT, ALERT_SINCE_MAX_DAYS, STALE_AFTER_HOURS_DEFAULT } from '../../analytics/launchpad/thresholds.js';
import { addDays, utcDay } from '../../lib/days.js';
import type { IndexedCoin } from '../../launchpad-index/coins.js';
import { indexStaleCaveat, launchpadCoin, withDaily } from './shared/coins.js';
import { AlertsSchema } from './launchpad-alerts/schema.js';

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

async function alertsAnswer(input: AlertsInput, ctx: HandlerContext): Promise<HandlerResult> {
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

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function alertsBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Launchpad alerts since ${d.since}: ${d.events.length} event(s) for ${d.coins.length} coin(s), checked ${d.checked_at}`];
  for (const e of d.events as Data[]) lines.push(`- [${e.severity}] ${e.kind} ${e.at}: ${e.message}`);
  for (const c of d.coins as Data[]) lines.push(`- ${c.symbol}: ${c.payout_status}, last payout ${c.hours_since_last_payout ?? 'n/a'} h ago, holders ${c.holders ?? 'n/a'}`);
  if ((d.not_found as string[]).length > 0) lines.push(`- Not found: ${(d.not_found as string[]).join(', ')}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}

export default defineEndpoint({
  key: 'launchpad-alerts',
  family: 'launchpad',
  price: '0.02',
  summary: 'Poll up to 25 reward coins for payout, trading and holder events since a timestamp',
  description:
    'Events since `since` (older than 31 days is clamped) for 1 to 25 reward coins: payout_landed, payout_stale ' +
    '(PAYING to STALE after stale_after_hours without a payout), stopped_trading, holders_change (at least ' +
    'min_holders_change_pct since the daily snapshot nearest `since`) and rewards_since; plus coins[] (payout ' +
    'status, hours since last payout, 24h volume, holders, market cap), not_found[] and checked_at, which the ' +
    'caller passes back as `since` on the next poll.',
  input: Type.Object(
    {
      mints: Type.Array(Address(), { minItems: 1, maxItems: 25, description: 'Reward coin mints (1 to 25)' }),
      since: Timestamp('Return events after this moment (ISO 8601 UTC ending in Z; older than 31 days is clamped)'),
      min_holders_change_pct: withDefault(Type.Number({ description: 'Holder change in percent that fires holders_change' }), 10),
      stale_after_hours: withDefault(
        Type.Number({ minimum: 1, maximum: 168, description: 'Hours without a payout before a coin is STALE' }),
        24,
      ),
    },
    { additionalProperties: false },
  ),
  output: AlertsSchema,
  cacheTtlSeconds: 60,
  example: {
    mints: ['J4RvXMpAsnHvvf4br4g8WBWNwYFCipK28pCXhTAkyyqc', '5m7kYvWNu6jsjzCMQ2N9Wqc8oJjFMhuQCWjku7VUrp1j'],
    since: '2026-11-01T00:00Z',
    min_holders_change_pct: 10,
    stale_after_hours: 24,
  },
  handler: (input, ctx) => alertsAnswer(input, ctx),
  briefing: alertsBriefing,
});
