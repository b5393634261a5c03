/**
 * Attention momentum of a token from the service's own query stream (attention-momentum;
 * docs/discovery.md "Attention momentum"): paid-call counts in three consecutive equal windows
 * [w1, w2, w3], oldest first (w3 the latest), with the token's price change over the same span.
 *
 *   acceleration  = ((w3 − w2) − (w2 − w1)) ÷ mean(w1, w2, w3), 4 decimals; null when all are 0.
 *                   The change of the change, per call of average attention, so a token going 1→2→6
 *                   and one going 10→20→60 accelerate alike (both 1). Range −6 … +3.
 *   trend         = rising when w3 > w2 and w3 ≥ 1.5 × w2 (including w2 = 0 < w3); falling when w3 < w2
 *                   and 1.5 × w3 ≤ w2; inactive when w2 = w3 = 0; steady otherwise.
 *   sample_quality = low when w1 + w2 + w3 < 10, ok otherwise.
 *   divergence (price change p, percent; null when the sample is low — fewer than 10 calls are not a
 *   signal — or when p or the direction is unknown, steady or inactive):
 *     rising  attention, p ≥ +5         → confirmed_momentum
 *     rising  attention, −20 < p < +5   → early_signal       (attention ahead of the price)
 *     rising  attention, p ≤ −20        → distribution_risk  (attention piling into a hard fall)
 *     falling attention, p ≥ +5         → distribution_risk  (price up while the crowd leaves)
 *     falling attention, p < +5         → fading
 */
import { round4 } from '../round.js';
import { ATTENTION_MIN_SAMPLE_CALLS, ATTENTION_TREND_RATIO, PRICE_FALLING_HARD_PCT, PRICE_RISING_PCT } from './thresholds.js';

export type AttentionDirection = 'rising' | 'falling' | 'steady' | 'inactive';
export type DivergenceClass = 'early_signal' | 'confirmed_momentum' | 'distribution_risk' | 'fading';

export interface AttentionMomentum {
  counts: [number, number, number];
  total_calls: number;
  /** w2 − w1 and w3 − w2. */
  changes: [number, number];
  acceleration: number | null;
  trend: AttentionDirection;
  sample_quality: 'low' | 'ok';
  price_change_pct: number | null;
  divergence: DivergenceClass | null;
  divergence_reason: string;
}

export function attentionDirection(w2: number, w3: number): AttentionDirection {
  if (w2 === 0 && w3 === 0) return 'inactive';
  if (w3 > w2 && w3 >= ATTENTION_TREND_RATIO * w2) return 'rising';
  if (w3 < w2 && ATTENTION_TREND_RATIO * w3 <= w2) return 'falling';
  return 'steady';
}

export function divergenceClass(trend: AttentionDirection, p: number | null): { divergence: DivergenceClass | null; reason: string } {
  if (trend === 'steady' || trend === 'inactive') return { divergence: null, reason: `attention ${trend}: no divergence class` };
  if (p === null) return { divergence: null, reason: `attention ${trend} but the price change is unknown` };
  const price = `price ${p > 0 ? '+' : ''}${p} %`;
  if (trend === 'rising') {
    if (p >= PRICE_RISING_PCT) return { divergence: 'confirmed_momentum', reason: `attention rising and ${price} (≥ +${PRICE_RISING_PCT} %)` };
    if (p > PRICE_FALLING_HARD_PCT) return { divergence: 'early_signal', reason: `attention rising while ${price} (flat or down, < +${PRICE_RISING_PCT} %): attention ahead of the price` };
    return { divergence: 'distribution_risk', reason: `attention rising into a hard fall: ${price} (≤ ${PRICE_FALLING_HARD_PCT} %)` };
  }
  if (p >= PRICE_RISING_PCT) return { divergence: 'distribution_risk', reason: `attention falling while ${price} (≥ +${PRICE_RISING_PCT} %): the rise is being sold into` };
  return { divergence: 'fading', reason: `attention falling and ${price} (not rising, < +${PRICE_RISING_PCT} %)` };
}

export function attentionMomentum(i: { counts: readonly [number, number, number]; priceChangePct: number | null }): AttentionMomentum {
  const [w1, w2, w3] = i.counts;
  const total = w1 + w2 + w3;
  const acceleration = total > 0 ? round4((w3 - w2 - (w2 - w1)) / (total / 3)) : null;
  const trend = attentionDirection(w2, w3);
  const p = i.priceChangePct !== null && Number.isFinite(i.priceChangePct) ? i.priceChangePct : null;
  const lowSample = total < ATTENTION_MIN_SAMPLE_CALLS;
  // A divergence class is a trading signal: a handful of calls (one caller's own, say) is not one.
  const { divergence, reason } = lowSample
    ? { divergence: null, reason: `insufficient sample: ${total} call(s) across the three windows (< ${ATTENTION_MIN_SAMPLE_CALLS}): no divergence class` }
    : divergenceClass(trend, p);
  return {
    counts: [w1, w2, w3],
    total_calls: total,
    changes: [w2 - w1, w3 - w2],
    acceleration,
    trend,
    sample_quality: lowSample ? 'low' : 'ok',
    price_change_pct: p,
    divergence,
    divergence_reason: reason,
  };
}

export interface RankableAttention {
  entity: string;
  momentum: Pick<AttentionMomentum, 'acceleration' | 'sample_quality' | 'counts'>;
}

/**
 * By acceleration (higher first; null last), with `ok` samples ahead of `low` ones (one call out of
 * nowhere is acceleration 3, the maximum, and must not top a real surge), then the latest window's count,
 * then entity. Returns a new array.
 */
export function rankAttention<T extends RankableAttention>(entries: readonly T[]): T[] {
  const q = (e: T) => (e.momentum.sample_quality === 'ok' ? 0 : 1);
  const acc = (e: T) => e.momentum.acceleration ?? Number.NEGATIVE_INFINITY;
  return [...entries].sort((a, b) => q(a) - q(b) || acc(b) - acc(a) || b.momentum.counts[2] - a.momentum.counts[2] || (a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0));
}
