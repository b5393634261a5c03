/**
 * Pool trading activity over a pool's life (the fresh-launch market, docs/sandbox.md "Fresh launches"): an
 * optional profile on a `PoolSpec` from which the world computes DEX Screener's trailing windows (m5, h1, h6,
 * h24) — volume, buys, sells — instead of spreading a 24 h figure evenly.
 *
 * A profile is a list of phases over the pool's age (minutes). Within a phase the USD volume rate is
 * `rate · e^(growth · (age − from))` (growth 0 = flat, < 0 = decaying), with a constant buyer share and
 * average trade size, so every cumulative figure is a closed-form integral: a window costs one
 * evaluation per phase (a handful), whatever the moment — `tokenState` stays O(1) per moment.
 *
 * A window is trailing: it holds the trades of its last N minutes, so a pool younger than a window
 * shows its whole life in it (DEX Screener's windows are "the last 24 h of trading"; a 2-hour-old pair's
 * h24 volume is its 2-hour volume). Trade counts are the integrals rounded (buys and all trades
 * separately, as differences of the rounded running totals; sells = trades − buys), so nested windows
 * never decrease and a window's buys are the designed share of its trades within ±1 trade.
 */

/** A point of a piecewise-linear function of age (minutes). Two knots at the same age make a step. */
export interface Knot {
  at: number;
  value: number;
}

export interface ActivityPhase {
  /** Pool age (minutes) at which the phase starts; the first phase starts at 0. */
  from: number;
  /** USD volume per minute at the phase start. */
  rate: number;
  /** Exponential change of the rate per minute within the phase (0.02 = +2 %/min compounding). */
  growth: number;
  /** Buyers' share of trades, 0–1. */
  buyShare: number;
  /** Average trade size, USD. */
  avgTradeUsd: number;
}

export interface ActivityProfile {
  /** Sorted by `from`, the first at 0. */
  phases: readonly ActivityPhase[];
  /** Pool liquidity (USD) over the pool's age (minutes); held flat outside the knots. */
  liquidity: readonly Knot[];
}

export type WindowKey = 'm5' | 'h1' | 'h6' | 'h24';
export const WINDOW_KEYS: readonly WindowKey[] = ['m5', 'h1', 'h6', 'h24'];
export const WINDOW_MINUTES: Readonly<Record<WindowKey, number>> = { m5: 5, h1: 60, h6: 360, h24: 1440 };

/** Piecewise-linear interpolation, right-continuous at steps, flat before the first and after the last knot. */
export function knotAt(knots: readonly Knot[], x: number): number {
  if (knots.length === 0) return 0;
  if (x < knots[0]!.at) return knots[0]!.value;
  let i = 0;
  // The last knot at or before x (for a step, the later of two knots at the same age).
  while (i + 1 < knots.length && knots[i + 1]!.at <= x) i++;
  const a = knots[i]!;
  const b = knots[i + 1];
  if (!b || b.at === a.at) return a.value;
  return a.value + ((b.value - a.value) * (x - a.at)) / (b.at - a.at);
}

interface Totals {
  volume: number;
  trades: number;
  buys: number;
}

/** ∫ rate·e^(g·u) du over u ∈ [0, d]. */
function integral(rate: number, g: number, d: number): number {
  if (d <= 0) return 0;
  return Math.abs(g) < 1e-12 ? rate * d : (rate * Math.expm1(g * d)) / g;
}

/** Cumulative volume, trades and buys from pool age 0 to `age` minutes. */
function totalsUntil(profile: ActivityProfile, age: number): Totals {
  const out: Totals = { volume: 0, trades: 0, buys: 0 };
  const phases = profile.phases;
  for (let i = 0; i < phases.length; i++) {
    const p = phases[i]!;
    if (age <= p.from) break;
    const end = Math.min(age, phases[i + 1]?.from ?? Infinity);
    const v = integral(p.rate, p.growth, end - p.from);
    out.volume += v;
    out.trades += v / p.avgTradeUsd;
    out.buys += (v * p.buyShare) / p.avgTradeUsd;
  }
  return out;
}

export interface WindowActivity {
  volumeUsd: number;
  buys: number;
  sells: number;
}

const cents = (x: number) => Math.round(x * 100) / 100;

/** The trailing window of `minutes` ending at pool age `age` (a younger pool: its whole life). */
export function windowActivity(profile: ActivityProfile, age: number, minutes: number): WindowActivity {
  if (age <= 0) return { volumeUsd: 0, buys: 0, sells: 0 };
  const end = totalsUntil(profile, age);
  const start = totalsUntil(profile, Math.max(0, age - minutes));
  const trades = Math.max(0, Math.round(end.trades) - Math.round(start.trades));
  const buys = Math.min(trades, Math.max(0, Math.round(end.buys) - Math.round(start.buys)));
  return { volumeUsd: cents(end.volume - start.volume), buys, sells: trades - buys };
}
