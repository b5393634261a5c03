/**
 * Payout status of a reward coin (spec "Reward coin payout status"): PAYING (payout in the last
 * stale-after window, default 24 h), STALE (has paid, not lately), NEVER (a live reward coin that has not
 * paid yet), NOT_REWARD (no tax that could ever be paid out). The NOT_REWARD checks come first: a coin
 * whose tax goes nowhere is not a reward coin, whatever it paid in the past.
 */
import { round2 } from '../round.js';
import { STALE_AFTER_HOURS_DEFAULT } from './thresholds.js';
import { HOUR_MS } from '../../lib/days.js';
import type { Payout, RewardCoin } from './types.js';

export type PayoutStatus = 'PAYING' | 'STALE' | 'NEVER' | 'NOT_REWARD';

export interface PayoutStatusResult {
  status: PayoutStatus;
  reason: string;
  last_payout_at: number | null;
  /** Hours since the last payout, 2 decimals; null without a payout. */
  hours_since_last_payout: number | null;
}


/**
 * Why a coin cannot pay rewards at all; null when it can. A standard launch pays nothing; a transfer-fee
 * coin whose rate or cap is zero collects nothing; a pool the platform never adopted pays nobody. A
 * fee-share coin (no transfer fee: the first reward coins) is a reward coin as long as it is adopted.
 */
export function notRewardReason(coin: Pick<RewardCoin, 'reward_mechanism' | 'transfer_fee_bps' | 'transfer_fee_max' | 'adopted'>): string | null {
  if (coin.reward_mechanism === null) {
    return coin.transfer_fee_bps === null
      ? 'no transfer fee: a standard launch (no transfer-fee extension, no fee share), so there is nothing to distribute'
      : 'a standard launch: the platform distributes nothing to its holders';
  }
  if (coin.reward_mechanism === 'transfer_fee') {
    if (coin.transfer_fee_bps === null || coin.transfer_fee_bps <= 0) return 'zero-rate: the transfer fee is 0 bps, so no tax is collected';
    if (coin.transfer_fee_max !== null && coin.transfer_fee_max <= 0) return 'zero-rate: the transfer-fee cap is 0, so no tax is collected';
  }
  if (!coin.adopted) return 'unadopted: the pool was not created under the platform\'s config, so its fees go to nobody';
  return null;
}

/** The latest observed payout at or before `nowMs` (later-dated entries are ignored: the clock decides). */
export function lastObservedPayout(payouts: readonly Payout[], nowMs: number): Payout | null {
  let last: Payout | null = null;
  for (const p of payouts) if (p.at <= nowMs && (last === null || p.at > last.at)) last = p;
  return last;
}

export function payoutStatus(coin: Pick<RewardCoin, 'reward_mechanism' | 'transfer_fee_bps' | 'transfer_fee_max' | 'adopted' | 'last_payout_at'>, nowMs: number, staleAfterHours: number = STALE_AFTER_HOURS_DEFAULT): PayoutStatusResult {
  // The platform's own last-payout time (later-dated values are ignored: the clock decides).
  const lastAt = coin.last_payout_at !== null && coin.last_payout_at <= nowMs ? coin.last_payout_at : null;
  const hours = lastAt === null ? null : round2((nowMs - lastAt) / HOUR_MS);
  const notReward = notRewardReason(coin);
  if (notReward !== null) return { status: 'NOT_REWARD', reason: notReward, last_payout_at: lastAt, hours_since_last_payout: hours };
  if (lastAt === null) return { status: 'NEVER', reason: 'a reward coin that has not paid its holders yet', last_payout_at: null, hours_since_last_payout: null };
  // Compare exact milliseconds, not the rounded hours: PAYING→STALE must happen exactly at the crossing.
  if (nowMs - lastAt < staleAfterHours * HOUR_MS) {
    return { status: 'PAYING', reason: `last payout ${hours} h ago (< ${staleAfterHours} h)`, last_payout_at: lastAt, hours_since_last_payout: hours };
  }
  return { status: 'STALE', reason: `last payout ${hours} h ago (≥ ${staleAfterHours} h)`, last_payout_at: lastAt, hours_since_last_payout: hours };
}
