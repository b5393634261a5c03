/**
 * Runner stage of a token (runner-scan, exit-signal, trenches): the SHARED STAGE RULES, exactly, first
 * that holds (docs/discovery.md "Runner stage"):
 *
 *  1. FADING — liquidity pulled (a rug: liquidity < $1,000 while h1 price change ≤ −50 %, or, against a
 *     prior reading ≥ 5 min old, liquidity down ≥ 25 %) OR sellers in control (buy share m5 < 0.45 AND
 *     buy share h1 < 0.5).
 *  2. PARABOLIC_LATE — already ran (h6 change ≥ +100 %, or h1 change ≥ +100 % when the pool is younger
 *     than 6 h) AND buying decelerating (a1 < 1).
 *  3. RUNNING — a1 ≥ 1.5 AND a2 ≥ 1.5 AND buy share m5 ≥ 0.55.
 *  4. IGNITING — exactly one of a1, a2 ≥ 1.5 AND buy share m5 ≥ 0.55.
 *  5. QUIET — otherwise.
 *
 * An unknown reading never satisfies a condition (a null ratio is not "≥ 1.5", a null share is not
 * "< 0.45"): without data a token is QUIET, never FADING or RUNNING by accident.
 * Wash-trade flag (independent of the stage): see `washTrade`.
 */
import { changePct, priorIsSpaced } from './deltas.js';
import {
  ACCELERATION_RATIO,
  BOT_SPAM_MAX_AVG_TRADE_USD,
  BOT_SPAM_MIN_H1_TRADES,
  DECELERATION_RATIO,
  LIQUIDITY_PULL_PCT,
  PARABOLIC_H1_CHANGE_PCT,
  PARABOLIC_H6_CHANGE_PCT,
  PARABOLIC_YOUNG_POOL_HOURS,
  RUG_MAX_H1_PRICE_CHANGE_PCT,
  RUG_MAX_LIQUIDITY_USD,
  RUNNER_MIN_BUY_SHARE_M5,
  SELLERS_MAX_BUY_SHARE_H1,
  SELLERS_MAX_BUY_SHARE_M5,
  WASH_MAX_LIQUIDITY_USD,
  WASH_MIN_AVG_TRADE_USD,
  WASH_MIN_H1_TRADES,
} from './thresholds.js';
import type { LaunchMarket, PriorReading } from './types.js';
import { windowMetrics, type Accelerations, type WindowMetric, type WindowMetrics } from './windows.js';

export type RunnerStage = 'RUNNING' | 'IGNITING' | 'PARABOLIC_LATE' | 'QUIET' | 'FADING';

export interface WashTradeReading {
  suspected: boolean;
  kind: 'round_trips' | 'bot_spam' | null;
  reason: string | null;
}

export interface RunnerStageResult {
  stage: RunnerStage;
  /** Why, in words with the numbers. */
  reasons: string[];
  /** Liquidity pulled (drained pool, or down ≥ 25 % vs a spaced prior reading). */
  rug: boolean;
  /** Liquidity change vs the prior reading when it is ≥ 5 min old; null otherwise. */
  liquidity_change_pct: number | null;
  wash_trade_suspected: boolean;
  wash_trade_reason: string | null;
  buy_pressure: { m5: number | null; h1: number | null };
  accelerations: Accelerations;
}

const HOUR_MS = 3_600_000;
export const usd = (x: number) => `$${x.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
const pct = (x: number) => `${x > 0 ? '+' : ''}${x} %`;
const num = (x: number | null) => (x === null ? 'unknown' : String(x));
const atLeast = (x: number | null, t: number): x is number => x !== null && x >= t;
const below = (x: number | null, t: number): x is number => x !== null && x < t;

/**
 * Round trips: h1 trades ≥ 20 with an average trade ≥ $2,000 on liquidity < $100,000 (a few huge trades
 * churning a thin pool); or bot spam: h1 trades ≥ 2,000 averaging < $15. Unknown liquidity cannot make
 * the first case; unknown h1 trades or volume make neither.
 */
export function washTrade(h1: WindowMetric, liquidityUsd: number | null): WashTradeReading {
  const trades = h1.trades;
  const avg = h1.avg_trade_usd;
  if (trades === null || avg === null) return { suspected: false, kind: null, reason: null };
  if (trades >= WASH_MIN_H1_TRADES && avg >= WASH_MIN_AVG_TRADE_USD && below(liquidityUsd, WASH_MAX_LIQUIDITY_USD)) {
    return {
      suspected: true,
      kind: 'round_trips',
      reason: `${trades} trades in the last hour averaging ${usd(avg)} (≥ ${usd(WASH_MIN_AVG_TRADE_USD)}) on only ${usd(liquidityUsd)} of liquidity (< ${usd(WASH_MAX_LIQUIDITY_USD)}): few large round trips churning a thin pool`,
    };
  }
  if (trades >= BOT_SPAM_MIN_H1_TRADES && avg < BOT_SPAM_MAX_AVG_TRADE_USD) {
    return {
      suspected: true,
      kind: 'bot_spam',
      reason: `${trades} trades in the last hour (≥ ${BOT_SPAM_MIN_H1_TRADES.toLocaleString('en-US')}) averaging ${usd(avg)} (< ${usd(BOT_SPAM_MAX_AVG_TRADE_USD)}): bot spam inflating the trade count`,
    };
  }
  return { suspected: false, kind: null, reason: null };
}

/** The wash-trade flag of a market as `runnerStage` reads it (its h1 window and liquidity), for a caller that needs only the flag. */
export function marketWashTrade(m: LaunchMarket, metrics: WindowMetrics = windowMetrics(m)): WashTradeReading {
  return washTrade(metrics.windows.h1, m.liquidityUsd);
}

export function runnerStage(m: LaunchMarket, prior: PriorReading | null | undefined, nowMs: number, metrics: WindowMetrics = windowMetrics(m)): RunnerStageResult {
  const { windows: w, accelerations } = metrics;
  const { a1, a2 } = accelerations;
  const bsM5 = w.m5.buy_share;
  const bsH1 = w.h1.buy_share;
  const h1Change = w.h1.price_change_pct;
  const h6Change = w.h6.price_change_pct;

  // 1. FADING: liquidity pulled, or sellers in control.
  const pullReasons: string[] = [];
  if (below(m.liquidityUsd, RUG_MAX_LIQUIDITY_USD) && h1Change !== null && h1Change <= RUG_MAX_H1_PRICE_CHANGE_PCT) {
    pullReasons.push(`liquidity pulled (rug): pool liquidity ${usd(m.liquidityUsd)} (< ${usd(RUG_MAX_LIQUIDITY_USD)}) with the price ${pct(h1Change)} over 1 h (≤ ${RUG_MAX_H1_PRICE_CHANGE_PCT} %)`);
  }
  const liquidityChange = priorIsSpaced(prior, nowMs) ? changePct(m.liquidityUsd, prior.liquidityUsd) : null;
  if (liquidityChange !== null && liquidityChange <= -LIQUIDITY_PULL_PCT) {
    const minutes = Math.round((nowMs - prior!.at) / 60_000);
    pullReasons.push(`liquidity pulled (rug): pool liquidity ${pct(liquidityChange)} since the reading ${minutes} min ago (a fall of ${LIQUIDITY_PULL_PCT} % or more)`);
  }
  const sellersInControl = below(bsM5, SELLERS_MAX_BUY_SHARE_M5) && below(bsH1, SELLERS_MAX_BUY_SHARE_H1);
  const fadingReasons = [...pullReasons];
  if (sellersInControl) {
    fadingReasons.push(`sellers in control: buy share ${bsM5} over 5 min (< ${SELLERS_MAX_BUY_SHARE_M5}) and ${bsH1} over 1 h (< ${SELLERS_MAX_BUY_SHARE_H1})`);
  }

  // 2. PARABOLIC_LATE: already ran and buying decelerating.
  const young = m.pairCreatedAtMs !== null && nowMs - m.pairCreatedAtMs < PARABOLIC_YOUNG_POOL_HOURS * HOUR_MS;
  let ran: string | null = null;
  if (atLeast(h6Change, PARABOLIC_H6_CHANGE_PCT)) ran = `already ran: price ${pct(h6Change)} over 6 h (≥ +${PARABOLIC_H6_CHANGE_PCT} %)`;
  else if (young && atLeast(h1Change, PARABOLIC_H1_CHANGE_PCT)) {
    ran = `already ran: price ${pct(h1Change)} over 1 h (≥ +${PARABOLIC_H1_CHANGE_PCT} %) on a pool younger than ${PARABOLIC_YOUNG_POOL_HOURS} h`;
  }
  const decelerating = below(a1, DECELERATION_RATIO);

  // 3–4. Acceleration with buyers in control.
  const acc1 = atLeast(a1, ACCELERATION_RATIO);
  const acc2 = atLeast(a2, ACCELERATION_RATIO);
  const buyers = atLeast(bsM5, RUNNER_MIN_BUY_SHARE_M5);
  const accText = `a1 (rate 5 min ÷ 1 h) ${num(a1)}, a2 (rate 1 h ÷ 6 h) ${num(a2)}`;
  const buyText = `buy share ${num(bsM5)} over 5 min`;

  let stage: RunnerStage;
  let reasons: string[];
  if (fadingReasons.length > 0) {
    stage = 'FADING';
    reasons = fadingReasons;
  } else if (ran !== null && decelerating) {
    stage = 'PARABOLIC_LATE';
    reasons = [ran, `buying decelerating: a1 (rate 5 min ÷ 1 h) ${a1} (< ${DECELERATION_RATIO})`];
  } else if (acc1 && acc2 && buyers) {
    stage = 'RUNNING';
    reasons = [`accelerating across 2 windows: ${accText} (both ≥ ${ACCELERATION_RATIO})`, `buyers in control: ${buyText} (≥ ${RUNNER_MIN_BUY_SHARE_M5})`];
  } else if (acc1 !== acc2 && buyers) {
    stage = 'IGNITING';
    reasons = [`accelerating in one window only (unconfirmed): ${accText} (one ≥ ${ACCELERATION_RATIO})`, `buyers in control: ${buyText} (≥ ${RUNNER_MIN_BUY_SHARE_M5})`];
  } else {
    stage = 'QUIET';
    reasons = [
      !acc1 && !acc2
        ? `no window accelerating: ${accText} (neither ≥ ${ACCELERATION_RATIO})`
        : `accelerating (${accText}) but buyers not in control: ${buyText} (< ${RUNNER_MIN_BUY_SHARE_M5} or unknown)`,
    ];
    if (ran !== null) reasons.push(`${ran}, but buying not decelerating: a1 ${num(a1)} (not < ${DECELERATION_RATIO})`);
  }

  const wash = marketWashTrade(m, metrics);
  return {
    stage,
    reasons,
    rug: pullReasons.length > 0,
    liquidity_change_pct: liquidityChange,
    wash_trade_suspected: wash.suspected,
    wash_trade_reason: wash.reason,
    buy_pressure: { m5: bsM5, h1: bsH1 },
    accelerations,
  };
}
