/**
 * Velocity score (runner-scan) and the runner ranking (docs/discovery.md "Velocity score").
 *
 *   velocity = 0.35 acceleration + 0.30 buy_pressure + 0.15 turnover + 0.20 trade_growth   (0–1, 4 decimals)
 *
 *   acceleration  = mean(f(a1), f(a2)), f(r) = clamp((r − 1) ÷ (3 − 1), 0, 1): no growth → 0, 3× → 1
 *   buy_pressure  = mean of the known buy shares m5 and h1 (the share itself, 0–1: strictly increasing,
 *                   so at equal volume a higher buy share always scores higher)
 *   turnover      = clamp(volume_h1 ÷ liquidity ÷ 1, 0, 1): the whole pool traded once an hour → 1
 *   trade_growth  = f(trades per minute over m5 ÷ trades per minute over h1)
 *
 * An unknown input counts as 0 (no evidence of velocity is no velocity) and its factor is listed in
 * `unknown_factors`, so a token with missing windows never outranks one that shows its numbers.
 */
import { clamp, round4 } from '../round.js';
import type { RunnerStage } from './runner-stage.js';
import { RATIO_FULL_SCALE, TURNOVER_FULL_SCALE, VELOCITY_WEIGHTS } from './thresholds.js';
import type { LaunchMarket } from './types.js';
import { windowMetrics, type WindowMetrics } from './windows.js';

export type VelocityFactorName = keyof typeof VELOCITY_WEIGHTS;

export interface ScoreFactor<N extends string = string> {
  name: N;
  /** 0–1, 4 decimals. */
  value: number;
  weight: number;
  detail: string;
}

export interface VelocityScore {
  score: number;
  factors: ScoreFactor<VelocityFactorName>[];
  unknown_factors: VelocityFactorName[];
}

/** A growth ratio onto 0–1: 1 (no growth) or less → 0, RATIO_FULL_SCALE or more → 1, linear between. */
export function ratioScale(r: number): number {
  return clamp((r - 1) / (RATIO_FULL_SCALE - 1), 0, 1);
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

export function velocityScore(m: LaunchMarket, metrics: WindowMetrics = windowMetrics(m)): VelocityScore {
  const { windows: w, accelerations: { a1, a2 } } = metrics;
  const unknown: VelocityFactorName[] = [];
  const values = {} as Record<VelocityFactorName, number>;
  const details = {} as Record<VelocityFactorName, string>;

  values.acceleration = mean([a1 === null ? 0 : ratioScale(a1), a2 === null ? 0 : ratioScale(a2)]);
  details.acceleration = `a1 ${a1 ?? 'unknown'}, a2 ${a2 ?? 'unknown'}`;
  if (a1 === null && a2 === null) unknown.push('acceleration');

  const shares = [w.m5.buy_share, w.h1.buy_share].filter((s): s is number => s !== null);
  values.buy_pressure = shares.length > 0 ? mean(shares) : 0;
  details.buy_pressure = `buy share m5 ${w.m5.buy_share ?? 'unknown'}, h1 ${w.h1.buy_share ?? 'unknown'}`;
  if (shares.length === 0) unknown.push('buy_pressure');

  const vol = w.h1.volume_usd;
  const liq = m.liquidityUsd;
  const turnover = vol !== null && liq !== null && liq > 0 ? vol / liq : null;
  values.turnover = turnover === null ? 0 : clamp(turnover / TURNOVER_FULL_SCALE, 0, 1);
  details.turnover = turnover === null ? 'volume h1 or liquidity unknown' : `volume h1 ÷ liquidity = ${round4(turnover)}`;
  if (turnover === null) unknown.push('turnover');

  const t5 = w.m5.trades;
  const t60 = w.h1.trades;
  const growth = t5 !== null && t60 !== null && t60 > 0 ? t5 / 5 / (t60 / 60) : null;
  values.trade_growth = growth === null ? 0 : ratioScale(growth);
  details.trade_growth = growth === null ? 'trade counts unknown or no h1 trades' : `trades per minute m5 ÷ h1 = ${round4(growth)}`;
  if (growth === null) unknown.push('trade_growth');

  const names = Object.keys(VELOCITY_WEIGHTS) as VelocityFactorName[];
  const factors = names.map((name) => ({ name, value: round4(values[name]), weight: VELOCITY_WEIGHTS[name], detail: details[name] }));
  const score = round4(clamp(names.reduce((s, n) => s + VELOCITY_WEIGHTS[n] * values[n], 0), 0, 1));
  return { score, factors, unknown_factors: unknown };
}

/** Ranking order of the stages: what a runner hunter wants first. FADING last: it is an exit, not an entry. */
export const STAGE_PRIORITY: Readonly<Record<RunnerStage, number>> = { RUNNING: 0, IGNITING: 1, PARABOLIC_LATE: 2, QUIET: 3, FADING: 4 };

export interface RankableRunner {
  mint: string;
  stage: RunnerStage;
  velocity: number;
  /** The velocity's buy_pressure factor (0–1); breaks velocity ties so the buyers' token still comes first. */
  buy_pressure?: number | null;
  /** The wash-trade flag: a stage and velocity read from washed trades are no runner signal. */
  wash_trade_suspected?: boolean;
}

/**
 * Unwashed rows first — a suspected wash trade's stage and velocity are read from washed trades, which is no
 * runner signal (the rule trenches applies: its runner leg is 0 and its RUNNING/IGNITING signal absent), so it
 * ranks after every token whose trades are not suspect, whatever its stage. Then stage priority, then velocity
 * (higher first), then buy pressure (higher first: two velocities equal at 4 decimals must not let the sellers'
 * token through on its mint), then mint (ascending, deterministic). Returns a new array.
 */
export function rankRunners<T extends RankableRunner>(entries: readonly T[]): T[] {
  const washed = (e: RankableRunner) => (e.wash_trade_suspected === true ? 1 : 0);
  return [...entries].sort(
    (a, b) =>
      washed(a) - washed(b) ||
      STAGE_PRIORITY[a.stage] - STAGE_PRIORITY[b.stage] ||
      b.velocity - a.velocity ||
      (b.buy_pressure ?? -1) - (a.buy_pressure ?? -1) ||
      (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0),
  );
}
