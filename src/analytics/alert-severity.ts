/**
 * The severity of a thresholded alert, shared by check-alerts' token, wallet and whale alerts (alerts.ts) and
 * its perps position alerts (perps/alerts.ts): the move in multiples of its threshold — the documented default
 * when the caller's threshold is 0 — high at 3× or more, medium at 2×, else low (docs/alerts.md, 'Severity').
 */
import { roundTo } from './round.js';

export type Severity = 'low' | 'medium' | 'high';

export function severityOf(move: number, threshold: number, fallback: number): Severity {
  const yardstick = threshold > 0 ? threshold : fallback;
  // Trimmed so that 0.3 / 0.1 is 3 (high), not 2.9999999999999996.
  const multiple = roundTo(Math.abs(move) / yardstick, 9);
  return multiple >= 3 ? 'high' : multiple >= 2 ? 'medium' : 'low';
}
