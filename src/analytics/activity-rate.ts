/**
 * Transaction activity over the history that was read (compare-wallets): how many transactions, over
 * what span, and how many per day. Pure.
 *
 * Rate = (n − 1) / span_days, the number of intervals per day between the oldest and newest transaction
 * read: for evenly spaced activity (one every 4 h) it is exactly the rate (6/day), where n / span would
 * overstate short samples. With one transaction, or all at the same second, there is no interval and
 * the rate is unknown (null); with none read it is 0 (known: no activity in the history). The history is
 * the most recent transactions (capped by the reader), so the rate describes recent activity.
 */
import { round2 } from './round.js';

const DAY_S = 86_400;

export interface ActivityRate {
  transactions_seen: number;
  /** Days between the oldest and newest transaction read; null with fewer than 2. */
  span_days: number | null;
  tx_per_day: number | null;
}

export function activityRate(timestamps: readonly number[]): ActivityRate {
  const n = timestamps.length;
  if (n === 0) return { transactions_seen: 0, span_days: null, tx_per_day: 0 };
  if (n === 1) return { transactions_seen: 1, span_days: null, tx_per_day: null };
  const spanS = Math.max(...timestamps) - Math.min(...timestamps);
  if (spanS <= 0) return { transactions_seen: n, span_days: 0, tx_per_day: null };
  const spanDays = spanS / DAY_S;
  return { transactions_seen: n, span_days: round2(spanDays), tx_per_day: round2((n - 1) / spanDays) };
}
