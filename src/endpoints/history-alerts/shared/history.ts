/**
 * Reading a subject's daily series for token-trend, wallet-history and portfolio-history (docs/history.md).
 *
 * Window: a lookback of N days covers the UTC days from today − N to today inclusive, so the first point
 * is "the start of the lookback" and a change is over exactly N days (up to N + 1 points).
 * Points: the stored daily snapshots of the window (one indexed range read), and today's LIVE point —
 * the subject's enrichment answered now through `ctx.call` (the same, cached answer enrich-token-full /
 * enrich-wallet-light give), replacing today's stored point. Nothing is interpolated: a day without a
 * snapshot is simply absent, and the answer says how much of the window the series covers.
 *
 * The live point is the call's one upstream dependency: if it fails, the call fails like that
 * enrichment would (404 for an address of the wrong kind, 502/504 for a provider failure), uncharged.
 */
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import type { SnapshotSubjectType } from '../../../store/types.js';
import { tokenSnapshotData, walletSnapshotData, type TokenSnapshotData, type WalletSnapshotData } from '../../shared/snapshots.js';
import { asNumber as num } from '../../../lib/read.js';
import { addDays, utcDay } from '../../../lib/days.js';

export interface SeriesPoint<D> {
  day: string;
  taken_at: string;
  /** True for today's point, answered live now. */
  live: boolean;
  data: D;
}

export interface Series<D> {
  fromDay: string;
  toDay: string;
  points: SeriesPoint<D>[];
  /** From the live enrichment only; each endpoint adds its own coverage caveats. */
  caveats: Caveat[];
}

/** Caveats of the live enrichment worth keeping (a degraded leg there makes today's point partial). */
function liveCaveats(caveats: Caveat[] | undefined, endpoint: string): Caveat[] {
  return (caveats ?? [])
    .filter((c) => c.code !== 'sandbox_data')
    .map((c) => ({ ...c, message: `Today's live point (${endpoint}): ${c.message}` }));
}

async function readSeries<D>(
  ctx: HandlerContext,
  subjectType: SnapshotSubjectType,
  subject: string,
  days: number,
  live: () => Promise<{ data: Record<string, unknown>; caveats: Caveat[] }>,
  parse: (snapshot: Record<string, unknown>) => D,
): Promise<Series<D>> {
  const now = ctx.now();
  const toDay = utcDay(now);
  const fromDay = addDays(toDay, -days);
  const [stored, today] = await Promise.all([ctx.store.getSnapshots(subjectType, subject, fromDay, addDays(toDay, -1)), live()]);
  const points: SeriesPoint<D>[] = [
    ...stored.map((s) => ({ day: s.day, taken_at: s.takenAt.toISOString(), live: false, data: parse(s.data) })),
    { day: toDay, taken_at: now.toISOString(), live: true, data: parse(today.data) },
  ];
  return { fromDay, toDay, points, caveats: today.caveats };
}

// Stored and live points both pass through the snapshot shape of snapshots.ts; fields are re-read
// defensively so a row written by an older shape still parses, a missing field becoming null (unknown).

function tokenPoint(d: Record<string, unknown>): TokenSnapshotData {
  return {
    price_usd: num(d.price_usd),
    liquidity_usd: num(d.liquidity_usd),
    market_cap_usd: num(d.market_cap_usd),
    volume_24h_usd: num(d.volume_24h_usd),
    holder_count: num(d.holder_count),
    hhi: num(d.hhi),
    top1_pct: num(d.top1_pct),
    top5_pct: num(d.top5_pct),
    risk_score: num(d.risk_score),
    risk_score_lower_bound: d.risk_score_lower_bound === true,
  };
}

function walletPoint(d: Record<string, unknown>): WalletSnapshotData {
  const positions = Array.isArray(d.positions) ? d.positions : [];
  return {
    portfolio_value_usd: num(d.portfolio_value_usd),
    native_sol: num(d.native_sol),
    token_count: num(d.token_count),
    risk_score: num(d.risk_score),
    positions: positions.flatMap((p: unknown) => {
      const o = p && typeof p === 'object' ? (p as Record<string, unknown>) : null;
      return o && typeof o.mint === 'string' ? [{ mint: o.mint, value_usd: num(o.value_usd) }] : [];
    }),
  };
}

/** A token's series: snapshots plus today's live full analysis (enrich-token-full, holders included). */
export function tokenSeries(ctx: HandlerContext, mint: string, days: number): Promise<Series<TokenSnapshotData>> {
  return readSeries(ctx, 'token', mint, days, async () => {
    const live = await ctx.call('enrich-token-full', { mint, include_holders: true });
    return { data: { ...tokenSnapshotData(live.data) }, caveats: liveCaveats(live.caveats, 'enrich-token-full') };
  }, tokenPoint);
}

/** A wallet's series: snapshots plus today's live light profile (enrich-wallet-light). */
export function walletSeries(ctx: HandlerContext, address: string, days: number): Promise<Series<WalletSnapshotData>> {
  return readSeries(ctx, 'wallet', address, days, async () => {
    const live = await ctx.call('enrich-wallet-light', { address });
    return { data: { ...walletSnapshotData(live.data) }, caveats: liveCaveats(live.caveats, 'enrich-wallet-light') };
  }, walletPoint);
}
