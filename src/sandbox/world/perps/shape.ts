/**
 * Smooth, bounded time paths for the perps world. Every designed quantity (open interest, utilization,
 * funding, account values…) moves between two bounds as a function of time alone, so any moment costs
 * O(1), two moments a day apart differ (trends and alert deltas exist), and a designed state that must
 * hold "at every moment" holds by construction: the bounds are the design.
 */
import { DAY } from '../time.js';

const TAU = 2 * Math.PI;
const GOLDEN = 1.618_033_988_75;

/**
 * A value between `lo` and `hi` at unix time `t`: the mean of two sines (periods `periodDays` and
 * 1.618 × it, so the path never repeats exactly) mapped onto [lo, hi]. `phase` decorrelates series.
 */
export function band(t: number, lo: number, hi: number, periodDays: number, phase: number): number {
  const p = periodDays * DAY;
  const s = (Math.sin((TAU * t) / p + phase) + Math.sin((TAU * t) / (p * GOLDEN) + 1.7 * phase + 1)) / 2;
  return lo + ((hi - lo) * (s + 1)) / 2;
}

export function cents(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Rounded to `places` decimals (percentages, rates). */
export function fixed(x: number, places: number): number {
  const f = 10 ** places;
  return Math.round(x * f) / f;
}

export function iso(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}

/**
 * Start of the current life of an always-open position: lives last `period` seconds, start on a grid
 * shifted by `offset`, and the position is always at least `minAge` old, so its age stays within
 * [minAge, minAge + period). (The spot world's "perpetually young" convention, time.ts epochStart.)
 */
export function lifeStart(t: number, period: number, minAge: number, offset = 0): number {
  return Math.floor((t - minAge - offset) / period) * period + offset;
}
