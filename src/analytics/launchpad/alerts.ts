/**
 * Events for `launchpad-alerts` (spec event kinds). Stateless: the caller owns the `since` cursor and
 * passes the previous `checked_at` back, so each crossing is reported once — an event fires only when its
 * moment falls in (since, now]. `since` older than 31 days is clamped (the index keeps 35 days of points).
 */
import { round2, roundTo } from '../round.js';
import { DAY_MS, HOUR_MS } from '../../lib/days.js';
import { lastObservedPayout, payoutStatus, type PayoutStatus } from './payout.js';
import { ALERT_MIN_HOLDERS_CHANGE_PCT_DEFAULT, ALERT_SINCE_MAX_DAYS, ALERT_SNAPSHOT_EXACT_HOURS, STALE_AFTER_HOURS_DEFAULT } from './thresholds.js';
import type { DailyPoint, RewardCoin } from './types.js';

export type LaunchpadEventKind = 'payout_landed' | 'payout_stale' | 'stopped_trading' | 'holders_change' | 'rewards_since';
export type Severity = 'low' | 'medium' | 'high';

export interface LaunchpadEvent {
  kind: LaunchpadEventKind;
  severity: Severity;
  mint: string;
  at: number;
  message: string;
  data: Record<string, number | string | boolean | null>;
}

export interface AlertOptions {
  sinceMs: number;
  nowMs: number;
  staleAfterHours?: number;
  minHoldersChangePct?: number;
}

export interface AlertCoinSummary {
  mint: string;
  payout_status: PayoutStatus;
  hours_since_last_payout: number | null;
  volume_24h_usd: number | null;
  holders: number | null;
  market_cap_usd: number | null;
}

export function clampSince(sinceMs: number, nowMs: number): { since: number; clamped: boolean } {
  const floor = nowMs - ALERT_SINCE_MAX_DAYS * DAY_MS;
  return sinceMs < floor ? { since: floor, clamped: true } : { since: sinceMs, clamped: false };
}

/** The daily point nearest `at` (ties: the earlier point, so the window covers more, not less). */
export function nearestPoint(points: readonly DailyPoint[], at: number): DailyPoint | null {
  let best: DailyPoint | null = null;
  for (const p of points) {
    if (best === null) { best = p; continue; }
    const d = Math.abs(p.at - at);
    const bd = Math.abs(best.at - at);
    if (d < bd || (d === bd && p.at < best.at)) best = p;
  }
  return best;
}

export function coinSummary(coin: RewardCoin, nowMs: number, staleAfterHours = STALE_AFTER_HOURS_DEFAULT): AlertCoinSummary {
  const s = payoutStatus(coin, nowMs, staleAfterHours);
  return { mint: coin.mint, payout_status: s.status, hours_since_last_payout: s.hours_since_last_payout, volume_24h_usd: coin.volume_24h_usd, holders: coin.holders, market_cap_usd: coin.market_cap_usd };
}

export function launchpadAlerts(coin: RewardCoin, opts: AlertOptions): LaunchpadEvent[] {
  const { nowMs } = opts;
  const staleH = opts.staleAfterHours ?? STALE_AFTER_HOURS_DEFAULT;
  const minPct = opts.minHoldersChangePct ?? ALERT_MIN_HOLDERS_CHANGE_PCT_DEFAULT;
  const { since } = clampSince(opts.sinceMs, nowMs);
  const events: LaunchpadEvent[] = [];
  const status = payoutStatus(coin, nowMs, staleH);
  const lastAt = status.last_payout_at;
  // The amount is known when the platform's latest-payouts list carried that payout; else null.
  const observed = lastObservedPayout(coin.recent_payouts, nowMs);
  const lastAmount = observed !== null && observed.at === lastAt ? observed.quote_amount : null;
  const ev = (kind: LaunchpadEventKind, severity: Severity, at: number, message: string, data: LaunchpadEvent['data']) => events.push({ kind, severity, mint: coin.mint, at, message, data });

  if (lastAt !== null && lastAt > since && status.status !== 'NOT_REWARD') {
    const usd = lastAmount === null || coin.quote_price_usd === null ? null : round2(lastAmount * coin.quote_price_usd);
    const amount = lastAmount === null ? '' : ` ${lastAmount} ${coin.quote_symbol}`;
    ev('payout_landed', 'low', lastAt, `${coin.symbol} paid holders${amount}`, { quote_amount: lastAmount, usd });
  }
  // PAYING→STALE: the stale moment (last payout + stale_after_hours) falls in (since, now]; STALE is
  // lower-inclusive, so the poll at exactly that moment reports it and the next poll (since = it) does not.
  if (lastAt !== null && status.status === 'STALE') {
    const staleAt = lastAt + staleH * HOUR_MS;
    if (staleAt > since && staleAt <= nowMs) {
      ev('payout_stale', 'high', staleAt, `${coin.symbol} has not paid for ${staleH} h (PAYING → STALE)`, { last_payout_at: lastAt, stale_after_hours: staleH });
    }
  }
  if (coin.volume_24h_usd === null || coin.volume_24h_usd <= 0) {
    ev('stopped_trading', 'high', nowMs, `${coin.symbol} has no 24 h volume: no tax, no payouts`, { volume_24h_usd: coin.volume_24h_usd });
  }
  const snap = nearestPoint(coin.daily.filter((p) => p.at <= nowMs), since);
  if (snap !== null) {
    if (snap.holders !== null && snap.holders > 0 && coin.holders !== null) {
      const change = round2(((coin.holders - snap.holders) / snap.holders) * 100);
      if (Math.abs(change) >= minPct) {
        ev('holders_change', change < 0 ? 'medium' : 'low', nowMs, `${coin.symbol} holders ${change > 0 ? '+' : ''}${change} % since ${snap.day} (${snap.holders} → ${coin.holders})`, { change_pct: change, from: snap.holders, to: coin.holders, snapshot_day: snap.day });
      }
    }
    // Lifetime totals now and at the snapshot: exactly what was distributed between the two.
    const quote = roundTo(Math.max(0, coin.distributed_quote - snap.distributed_quote), 6);
    const usd = coin.quote_price_usd === null ? null : round2(quote * coin.quote_price_usd);
    const approximate = Math.abs(snap.at - since) > ALERT_SNAPSHOT_EXACT_HOURS * HOUR_MS;
    ev('rewards_since', 'low', nowMs, `${coin.symbol} distributed ${quote} ${coin.quote_symbol} (${usd ?? 'unpriced'} USD) since ${snap.day}`, { quote_amount: quote, usd, snapshot_day: snap.day, snapshot_at: snap.at, approximate });
  }
  return events.sort((a, b) => a.at - b.at || a.kind.localeCompare(b.kind));
}
