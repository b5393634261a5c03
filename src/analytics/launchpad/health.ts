/**
 * Round-trip tax cost and the 0–100 health score of a reward coin (spec `launchpad-reward-risk`). The
 * health reads are the spec's list: fee bps and cap, withdraw authority (must be the distributor), fee
 * mutability, zero-rate or unadopted, distributions and recency, flywheel, holders and top-10
 * concentration, quote category, age. Two reads are hard failures that make the level BROKEN whatever the
 * score: the tax cannot reach holders (NOT_REWARD) or someone other than the distributor can withdraw it.
 */
import { clamp, round2 } from '../round.js';
import { DAY_MS } from '../../lib/days.js';
import { payoutStatus, type PayoutStatusResult } from './payout.js';
import {
  HEALTH_FULL_AGE_DAYS,
  HEALTH_FULL_FEE_MAX_BPS,
  HEALTH_FULL_HOLDERS,
  HEALTH_FULL_TOP10_PCT,
  HEALTH_HALF_FEE_MAX_BPS,
  HEALTH_HEALTHY_MIN,
  HEALTH_MIXED_MIN,
  HEALTH_STALE_DISTRIBUTIONS_SHARE,
  HEALTH_WEAK_MIN,
  HEALTH_WEIGHTS,
  HEALTH_ZERO_TOP10_PCT,
  QUOTE_STRENGTH,
  STALE_AFTER_HOURS_DEFAULT,
} from './thresholds.js';
import type { Factor, RewardCoin } from './types.js';

export interface RoundTripInput {
  tax_bps: number;
  /** Price impact of the buy and of the sell, percent 0–100. */
  impact_in_pct: number;
  impact_out_pct: number;
}

/**
 * Share of the money lost buying and then selling at an unchanged price, percent (2 decimals). The tax is
 * taken on the transfer in and again on the transfer out, so the legs multiply:
 * 1 − (1 − tax)² × (1 − impact in) × (1 − impact out). The fee cap is ignored: it only lowers the tax on
 * very large transfers, so this is the conservative (upper) cost.
 */
export function roundTripPct(x: RoundTripInput): number {
  const t = x.tax_bps / 10_000;
  const kept = (1 - t) ** 2 * (1 - x.impact_in_pct / 100) * (1 - x.impact_out_pct / 100);
  return round2((1 - kept) * 100);
}

export type HealthLevel = 'HEALTHY' | 'MIXED' | 'WEAK' | 'BROKEN';

export interface HealthResult {
  payout: PayoutStatusResult;
  transfer_tax_bps: number | null;
  /** Lost to tax (and the given price impacts) buying then selling; 0 tax when the coin has no collectable transfer fee. */
  round_trip_pct: number;
  health_score: number;
  level: HealthLevel;
  factors: Factor[];
  /** Hard failures that force BROKEN. */
  hard_failures: string[];
  llm_brief: string;
}

export interface HealthOptions {
  staleAfterHours?: number;
  impact_in_pct?: number;
  impact_out_pct?: number;
}

/** Linear 0→1 between `zeroAt` and `fullAt` (either direction), clamped. */
export function ramp(x: number, zeroAt: number, fullAt: number): number {
  return clamp((x - zeroAt) / (fullAt - zeroAt), 0, 1);
}

export function healthLevel(score: number, hardFailure: boolean): HealthLevel {
  if (hardFailure || score < HEALTH_WEAK_MIN) return 'BROKEN';
  if (score >= HEALTH_HEALTHY_MIN) return 'HEALTHY';
  if (score >= HEALTH_MIXED_MIN) return 'MIXED';
  return 'WEAK';
}

export function healthScore(coin: RewardCoin, nowMs: number, opts: HealthOptions = {}): HealthResult {
  const W = HEALTH_WEIGHTS;
  const payout = payoutStatus(coin, nowMs, opts.staleAfterHours ?? STALE_AFTER_HOURS_DEFAULT);
  const bps = coin.transfer_fee_bps;
  const factors: Factor[] = [];
  const add = (name: keyof typeof HEALTH_WEIGHTS, share: number, detail: string) => factors.push({ name, value: round2(W[name] * share), max: W[name], detail });

  const feeShare = coin.reward_mechanism === 'fee_share';
  const cap = coin.transfer_fee_max === null ? 'no cap' : `cap ${coin.transfer_fee_max}`;
  if (feeShare) add('fee', 1, 'no transfer tax: holders are paid from the pool\'s trading-fee share');
  else if (bps === null || bps <= 0 || coin.transfer_fee_max === 0) add('fee', 0, `no collectable fee (${bps ?? 'none'} bps, ${cap})`);
  else if (bps <= HEALTH_FULL_FEE_MAX_BPS) add('fee', 1, `${bps} bps (≤ ${HEALTH_FULL_FEE_MAX_BPS}), ${cap}`);
  else if (bps <= HEALTH_HALF_FEE_MAX_BPS) add('fee', 0.5, `${bps} bps (> ${HEALTH_FULL_FEE_MAX_BPS}, ≤ ${HEALTH_HALF_FEE_MAX_BPS}): heavy tax`);
  else add('fee', 0, `${bps} bps (> ${HEALTH_HALF_FEE_MAX_BPS}): the tax eats any yield`);

  // A fee-share coin withholds nothing, so there is no withdraw authority to check and no rate to change.
  const authorityOk = feeShare || (coin.withdraw_authority !== null && coin.withdraw_authority === coin.platform_distributor);
  add('withdraw_authority', authorityOk ? 1 : 0, feeShare ? 'no withheld fee to withdraw (fee-share coin)' : authorityOk ? 'the platform distributor withdraws the fees' : `withdraw authority ${coin.withdraw_authority ?? 'none'} is not the platform distributor`);
  add('fee_immutable', feeShare || !coin.fee_mutable ? 1 : 0, feeShare ? 'no transfer fee to change (fee-share coin)' : coin.fee_mutable ? 'the fee can be changed after launch' : 'the fee is fixed');
  const live = payout.status !== 'NOT_REWARD';
  add('reward_live', live ? 1 : 0, live ? 'tax is collected and adopted by the platform' : payout.reason);
  const distShare = payout.status === 'PAYING' ? 1 : payout.status === 'STALE' ? HEALTH_STALE_DISTRIBUTIONS_SHARE : 0;
  add('distributions', distShare, `${payout.status}: ${payout.reason}`);
  add('flywheel', coin.flywheel ? 1 : 0, coin.flywheel ? 'flywheel on' : 'no flywheel');
  add('holders', coin.holders === null ? 0 : ramp(coin.holders, 0, HEALTH_FULL_HOLDERS), `${coin.holders ?? 'unknown'} holders (full at ${HEALTH_FULL_HOLDERS})`);
  add('concentration', coin.top10_pct === null ? 0 : ramp(coin.top10_pct, HEALTH_ZERO_TOP10_PCT, HEALTH_FULL_TOP10_PCT), `top 10 hold ${coin.top10_pct ?? 'unknown'} % (full ≤ ${HEALTH_FULL_TOP10_PCT}, none ≥ ${HEALTH_ZERO_TOP10_PCT})`);
  add('quote_category', QUOTE_STRENGTH[coin.quote_category], `quote ${coin.quote_symbol} (${coin.quote_category})`);
  const ageDays = round2((nowMs - coin.created_at) / DAY_MS);
  add('age', ramp(ageDays, 0, HEALTH_FULL_AGE_DAYS), `${ageDays} days old (full at ${HEALTH_FULL_AGE_DAYS})`);

  const score = round2(clamp(factors.reduce((s, f) => s + f.value, 0), 0, 100));
  const hard: string[] = [];
  if (!live) hard.push(payout.reason);
  // A standard launch has no tax to misdirect: its NOT_REWARD reason already says why it pays nothing.
  if (!authorityOk && coin.reward_mechanism !== null) hard.push(`withdraw authority is not the platform distributor: the tax does not reach holders`);
  const level = healthLevel(score, hard.length > 0);
  const taxBps = feeShare ? 0 : bps;
  // No transfer-fee extension, or a zero cap, takes no tax: the round trip is known to lose 0 % to tax, not unknown.
  const collectedBps = taxBps === null || coin.transfer_fee_max === 0 ? 0 : taxBps;
  const rt = roundTripPct({ tax_bps: collectedBps, impact_in_pct: opts.impact_in_pct ?? 0, impact_out_pct: opts.impact_out_pct ?? 0 });

  // Deterministic: the same inputs always give the same words (weakest factors by lost points, ties by name).
  const weakest = factors
    .filter((f) => f.value < f.max)
    .sort((a, b) => b.max - b.value - (a.max - a.value) || a.name.localeCompare(b.name))
    .slice(0, 2)
    .map((f) => `${f.name} (${f.detail})`);
  const llm_brief = [
    `${coin.symbol} (${coin.mint}) is a ${coin.quote_symbol}-paying coin${feeShare ? ' (fee share, no transfer tax)' : ''}: payout status ${payout.status}, tax ${taxBps ?? 'none'} bps, round trip ${rt} %.`,
    `Health ${score}/100, ${level}.`,
    hard.length > 0 ? `Hard failure: ${hard.join('; ')}.` : '',
    weakest.length > 0 ? `Weakest: ${weakest.join('; ')}.` : 'No weak reads.',
  ].filter((s) => s !== '').join(' ');
  return { payout, transfer_tax_bps: taxBps, round_trip_pct: rt, health_score: score, level, factors, hard_failures: hard, llm_brief };
}
