/**
 * Gem score 0–100 (spec "Gem score"): payout 25 + holders 12 + size 15 + turnover 15 + age 10 +
 * momentum 10 (negative once already run) + quote strength 10 + flywheel 3. Each component follows a
 * curve capped to its weight (docs/launchpad.md); the total is clamped to 0–100. A coin without 24 h
 * volume is DEAD whatever it scores: nothing trades, so nothing is taxed and nothing will be paid.
 */
import { clamp, round2 } from '../round.js';
import { ramp } from './health.js';
import { DAY_MS } from '../../lib/days.js';
import { payoutStatus, type PayoutStatus } from './payout.js';
import {
  GEM_AGE_FULL_MAX_DAYS,
  GEM_AGE_FULL_MIN_DAYS,
  GEM_AGE_HALF_MAX_DAYS,
  GEM_AGE_HALF_MIN_DAYS,
  GEM_ALREADY_RAN_PCT,
  GEM_FULL_HOLDERS,
  GEM_FULL_MOMENTUM_PCT,
  GEM_FULL_TURNOVER,
  GEM_PAYOUT_ZERO_HOURS,
  GEM_SIZE_CEILING_USD,
  GEM_SIZE_FLOOR_USD,
  GEM_SIZE_FULL_MAX_USD,
  GEM_SIZE_FULL_MIN_USD,
  GEM_STAGE_GEM_MIN,
  GEM_STAGE_WATCH_MIN,
  GEM_WARN_TOP10_PCT,
  GEM_WEIGHTS,
  QUOTE_STRENGTH,
  STALE_AFTER_HOURS_DEFAULT,
} from './thresholds.js';
import type { Factor, RewardCoin } from './types.js';

export type GemStage = 'GEM' | 'WATCH' | 'NOISE' | 'DEAD';

export interface GemResult {
  gem_score: number;
  stage: GemStage;
  payout_status: PayoutStatus;
  factors: Factor[];
  reasons: string[];
  warnings: string[];
}

/** Payout share: 1 while PAYING-fresh (< 24 h), linear to 0 at 72 h; 0 without a payout or for NOT_REWARD. */
export function gemPayoutShare(hoursSince: number | null): number {
  if (hoursSince === null) return 0;
  if (hoursSince < STALE_AFTER_HOURS_DEFAULT) return 1;
  return ramp(hoursSince, GEM_PAYOUT_ZERO_HOURS, STALE_AFTER_HOURS_DEFAULT);
}

/** Size share on market cap: the small-but-real band is full; dust and already-big caps score less. */
export function gemSizeShare(capUsd: number | null): number {
  if (capUsd === null) return 0;
  if (capUsd < GEM_SIZE_FULL_MIN_USD) return ramp(capUsd, GEM_SIZE_FLOOR_USD, GEM_SIZE_FULL_MIN_USD);
  if (capUsd <= GEM_SIZE_FULL_MAX_USD) return 1;
  return ramp(capUsd, GEM_SIZE_CEILING_USD, GEM_SIZE_FULL_MAX_USD);
}

/** Age share: young enough to be early, old enough to have survived the first days. */
export function gemAgeShare(ageDays: number): number {
  if (ageDays >= GEM_AGE_FULL_MIN_DAYS && ageDays < GEM_AGE_FULL_MAX_DAYS) return 1;
  if ((ageDays >= GEM_AGE_HALF_MIN_DAYS && ageDays < GEM_AGE_FULL_MIN_DAYS) || (ageDays >= GEM_AGE_FULL_MAX_DAYS && ageDays < GEM_AGE_HALF_MAX_DAYS)) return 0.5;
  return 0;
}

/** Momentum share −1…1: rising to +30 % is good; +100 % or more means it already ran (chasing it is late). */
export function gemMomentumShare(changePct: number | null): number {
  if (changePct === null || changePct <= 0) return 0;
  if (changePct >= GEM_ALREADY_RAN_PCT) return -1;
  return ramp(changePct, 0, GEM_FULL_MOMENTUM_PCT);
}

export function gemStage(score: number, volume24hUsd: number | null): GemStage {
  if (volume24hUsd === null || volume24hUsd <= 0) return 'DEAD';
  if (score >= GEM_STAGE_GEM_MIN) return 'GEM';
  if (score >= GEM_STAGE_WATCH_MIN) return 'WATCH';
  return 'NOISE';
}

export function gemScore(coin: RewardCoin, nowMs: number): GemResult {
  const W = GEM_WEIGHTS;
  const payout = payoutStatus(coin, nowMs);
  const factors: Factor[] = [];
  const add = (name: keyof typeof GEM_WEIGHTS, share: number, detail: string) => factors.push({ name, value: round2(W[name] * share), max: W[name], detail });

  const hours = payout.status === 'NOT_REWARD' ? null : payout.hours_since_last_payout;
  add('payout', gemPayoutShare(hours), hours === null ? `no payout to holders (${payout.status})` : `last payout ${hours} h ago`);
  add('holders', coin.holders === null ? 0 : ramp(coin.holders, 0, GEM_FULL_HOLDERS), `${coin.holders ?? 'unknown'} holders (full at ${GEM_FULL_HOLDERS})`);
  add('size', gemSizeShare(coin.market_cap_usd), `market cap ${coin.market_cap_usd ?? 'unknown'} USD`);
  const turnover = coin.market_cap_usd !== null && coin.market_cap_usd > 0 && coin.volume_24h_usd !== null ? coin.volume_24h_usd / coin.market_cap_usd : null;
  add('turnover', turnover === null ? 0 : ramp(turnover, 0, GEM_FULL_TURNOVER), `24 h volume ÷ market cap ${turnover === null ? 'unknown' : round2(turnover)} (full at ${GEM_FULL_TURNOVER})`);
  const ageDays = round2((nowMs - coin.created_at) / DAY_MS);
  add('age', gemAgeShare(ageDays), `${ageDays} days old`);
  const momentum = gemMomentumShare(coin.price_change_24h_pct);
  add('momentum', momentum, `24 h price change ${coin.price_change_24h_pct ?? 'unknown'} %`);
  add('quote_strength', QUOTE_STRENGTH[coin.quote_category], `${coin.quote_symbol} (${coin.quote_category})`);
  add('flywheel', coin.flywheel ? 1 : 0, coin.flywheel ? 'flywheel on' : 'no flywheel');

  const score = round2(clamp(factors.reduce((s, f) => s + f.value, 0), 0, 100));
  const stage = gemStage(score, coin.volume_24h_usd);
  const reasons = factors
    .filter((f) => f.value > 0)
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((f) => `${f.name} +${f.value}/${f.max}: ${f.detail}`);
  if (stage === 'DEAD') reasons.unshift('no 24 h volume: DEAD');
  const warnings: string[] = [];
  if (momentum < 0) warnings.push(`already ran: +${coin.price_change_24h_pct} % in 24 h (≥ ${GEM_ALREADY_RAN_PCT} %)`);
  if (coin.top10_pct !== null && coin.top10_pct >= GEM_WARN_TOP10_PCT) warnings.push(`top 10 hold ${coin.top10_pct} % (≥ ${GEM_WARN_TOP10_PCT} %)`);
  if (coin.fee_mutable) warnings.push('the transfer fee can be changed after launch');
  if (coin.reward_mechanism === 'transfer_fee' && coin.withdraw_authority !== coin.platform_distributor) warnings.push('withdraw authority is not the platform distributor');
  if (payout.status === 'NOT_REWARD') warnings.push(`not a reward coin: ${payout.reason}`);
  return { gem_score: score, stage, payout_status: payout.status, factors, reasons, warnings };
}
