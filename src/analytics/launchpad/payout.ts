/**
 * Payout status of a reward coin (spec "Reward coin payout status"): PAYING (payout in the last
 * stale-after window, default 24 h), STALE (has paid, not lately), NEVER (a live reward coin that has not
 * paid yet), NOT_REWARD (no tax that could ever be paid out). The NOT_REWARD checks come first: a coin
 * whose tax goes nowhere is not a reward coin, whatever it paid in the past.
 */
import { round2 } from '../round.js';
import { STALE_AFTER_HOURS_DEFAULT } from './thresholds.js';
import type { Payout, RewardCoin } from './types.js';

export type PayoutStatus = 'PAYING' | 'STALE' | 'NEVER' | 'NOT_REWARD';

export interface PayoutStatusResult {
  status: PayoutStatus;
  reason: string;
  last_payout_at: number | null;
  /** Hours since the last payout, 2 decimals; null without a payout. */
  hours_since_last_payout: number | null;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Why a coin cannot pay rewards at all (no transfer fee, zero rate or cap, unadopted pool); null when it can. */
export function notRewardReason(coin: RewardCoin): string | null {
  if (coin.transfer_fee_bps === null) return 'no transfer fee: the mint has no transfer-fee extension, so there is no tax to distribute';
  if (coin.transfer_fee_bps <= 0) return 'zero-rate: the transfer fee is 0 bps, so no tax is collected';
  if (coin.transfer_fee_max !== null && coin.transfer_fee_max <= 0) return 'zero-rate: the transfer-fee cap is 0, so no tax is collected';
  if (!coin.adopted) return 'unadopted: the platform never adopted the pool, so the tax goes to nobody';
  return null;
}

/** The latest payout at or before `nowMs` (later-dated entries are ignored: the clock decides). */
export function lastPayout(payouts: readonly Payout[], nowMs: number): Payout | null {
  let last: Payout | null = null;
  for (const p of payouts) if (p.at <= nowMs && (last === null || p.at > last.at)) last = p;
  return last;
}

export function payoutStatus(coin: RewardCoin, nowMs: number, staleAfterHours: number = STALE_AFTER_HOURS_DEFAULT): PayoutStatusResult {
  const last = lastPayout(coin.payouts, nowMs);
  const lastAt = last?.at ?? null;
  const hours = last === null ? null : round2((nowMs - last.at) / HOUR_MS);
  const notReward = notRewardReason(coin);
  if (notReward !== null) return { status: 'NOT_REWARD', reason: notReward, last_payout_at: lastAt, hours_since_last_payout: hours };
  if (last === null) return { status: 'NEVER', reason: 'a reward coin that has not paid its holders yet', last_payout_at: null, hours_since_last_payout: null };
  // Compare exact milliseconds, not the rounded hours: PAYING→STALE must happen exactly at the crossing.
  if (nowMs - last.at < staleAfterHours * HOUR_MS) {
    return { status: 'PAYING', reason: `last payout ${hours} h ago (< ${staleAfterHours} h)`, last_payout_at: lastAt, hours_since_last_payout: hours };
  }
  return { status: 'STALE', reason: `last payout ${hours} h ago (≥ ${staleAfterHours} h)`, last_payout_at: lastAt, hours_since_last_payout: hours };
}
