/**
 * Checks that apply to every answer by the documented units (the /docs page's "Units and conventions",
 * src/docs/site.ts: `*_pct` is 0–100; risk, velocity, exit and composite scores are 0–1; gem, health and
 * demand scores are 0–100), walking every field:
 *
 * - ranges: each percent in 0–100, each score and share in its scale — except the percents that are
 *   documented as signed or unbounded, listed in UNBOUNDED_PERCENT with the reason;
 * - annualized: an annualized figure is given only beside its observed span and only from the minimum span;
 * - direction_words: a trend direction (improving / declining / stable) agrees with the metric's polarity;
 * - sums: a composite score with a factor breakdown `{value, weight}` is the weighted mean of its known factors.
 */
import { SCORES_0_100, TREND_POLARITY, YIELD_ANNUALIZE_MIN_DAYS } from './boundaries.js';
import { near, type Tally } from './tally.js';

// Answers are walked field by field; their shapes are the endpoints' output schemas.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/**
 * Percent fields that may leave 0–100 by their meaning (the explicit exemption list; any other `*_pct`
 * outside 0–100 is a violation). Matched against the field name.
 */
export const UNBOUNDED_PERCENT: ReadonlyArray<[RegExp, string]> = [
  [/change/, 'signed changes (price, TVL, liquidity, holders, balances): a change can fall or rise past 100 %'],
  [/(^|_)delta/, 'signed deltas'],
  [/pnl|roi|roe|return/, 'profit and return on cost: signed, unbounded above'],
  [/apr|apy|yield|annualized/, 'annual rates and yields: funding and borrow APRs are signed, yields unbounded'],
  [/edge/, 'card-pack edge: (exit value − price) ÷ price, signed'],
  [/gap/, 'platform EV gap: signed difference between two EVs'],
  [/cost/, 'entry / round-trip / carry costs as % of size: a net cost can be negative (a credit) and a tax above 100 % is possible'],
  [/basis/, 'basis between venues: signed'],
  [/distance_to_liquidation/, 'distance from mark to liquidation price: a short\'s can exceed 100 %'],
  [/breakeven/, 'breakeven price move / sale price as % of insured value: unbounded above'],
  [/upside/, 'marketplace upside over the buyback: signed'],
  [/falling|rising|rug_max|dump/, 'thresholds on signed price changes'],
  [/gross_return/, 'gross EV as % of the price: unbounded above'],
  [/buffer/, 'collateral buffer after losses: negative once underwater'],
  [/net_pct_of_gross|net_pct/, 'net exposure ÷ gross: signed (short-heavy is negative)'],
  [/spread/, 'price spread between sources: above 100 % when one source is more than double another'],
  [/growth/, 'holder growth: a signed change'],
  [/std|sigma/, 'volatility (standard deviation of returns, % of price): unbounded above for a fresh launch'],
  [/threshold/, 'a rule\'s threshold echoed beside it, often on a signed change (a TVL fall of −15 %)'],
];

/** Percents exempt at one place only (matched against the field's path), each with where it is documented. */
export const UNBOUNDED_PERCENT_AT: ReadonlyArray<[RegExp, string]> = [
  [/max_drawdown\.value_pct$/, 'copy-trade drawdown over the peak equity: above 100 % when the wallet lost more than its peak capital deployed (docs/copy-trade.md)'],
];

/** Fields named like percents that are not percents of a whole: echoes of inputs and documented thresholds are kept in range anyway. */
const isPercentKey = (k: string) => /(_pct|_percent)$/.test(k) || k === 'pct' || k === 'percentile';
const isScoreKey = (k: string) => k === 'score' || /_score$/.test(k);
const isShareKey = (k: string) => /(^|_)share$/.test(k) && !/_pct/.test(k);

function exemption(key: string): string | undefined {
  return UNBOUNDED_PERCENT.find(([re]) => re.test(key))?.[1];
}

/** Every numeric leaf with its path and its parent object. */
export function* leaves(x: Json, path = ''): Generator<{ path: string; key: string; value: Json; parent: Json }> {
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) yield* leaves(x[i], `${path}[${i}]`);
    return;
  }
  if (x === null || typeof x !== 'object') return;
  for (const [k, v] of Object.entries(x)) {
    const p = path ? `${path}.${k}` : k;
    if (v !== null && typeof v === 'object') yield* leaves(v, p);
    else yield { path: p, key: k, value: v, parent: x };
  }
}

/** Every object in an answer with its path. */
export function* objects(x: Json, path = ''): Generator<{ path: string; obj: Json }> {
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) yield* objects(x[i], `${path}[${i}]`);
    return;
  }
  if (x === null || typeof x !== 'object') return;
  yield { path, obj: x };
  for (const [k, v] of Object.entries(x)) if (v !== null && typeof v === 'object') yield* objects(v, path ? `${path}.${k}` : k);
}

/** Parts of an answer that are not the analysis: the envelope's meta and the caller's own inputs echoed. */
const SKIP_TOP = new Set(['meta', 'caveats', 'next_steps', 'llm_summary']);

export function checkRanges(answer: Json, where: string, t: Tally): void {
  for (const [top, v] of Object.entries(answer)) {
    if (SKIP_TOP.has(top)) continue;
    for (const leaf of leaves({ [top]: v })) {
      if (typeof leaf.value !== 'number') continue;
      const { key, value, path } = leaf;
      if (isPercentKey(key)) {
        if (exemption(key) || UNBOUNDED_PERCENT_AT.some(([re]) => re.test(path))) continue;
        t.check('ranges', value >= 0 && value <= 100, `${where} ${path}`, () => `percent ${value} outside 0–100`);
      } else if (isScoreKey(key)) {
        const max = SCORES_0_100.has(key) ? 100 : 1;
        t.check('ranges', value >= 0 && value <= max, `${where} ${path}`, () => `score ${value} outside 0–${max}`);
      } else if (isShareKey(key)) {
        t.check('ranges', value >= 0 && value <= 1, `${where} ${path}`, () => `share ${value} outside 0–1`);
      }
    }
  }
}

/**
 * Annualized figures: wherever a non-null `annualized*` number is given, the same object states the span it
 * was observed over (`history_days` and `observed_from`), and that span is at least the documented minimum.
 */
export function checkAnnualized(answer: Json, where: string, t: Tally): void {
  for (const { path, obj } of objects(answer)) {
    for (const [k, v] of Object.entries(obj)) {
      if (!/annualized/.test(k) || typeof v !== 'number') continue;
      const span = obj.history_days ?? obj.observed_days;
      t.check('annualized', typeof span === 'number' && typeof obj.observed_from === 'string', `${where} ${path}.${k}`,
        () => `annualized ${v} given without its observed span (history_days ${span}, observed_from ${obj.observed_from})`);
      if (typeof span === 'number') {
        t.check('annualized', span >= YIELD_ANNUALIZE_MIN_DAYS, `${where} ${path}.${k}`,
          () => `annualized ${v} from ${span} observed days (< ${YIELD_ANNUALIZE_MIN_DAYS}: must be null)`);
      }
    }
  }
}

/**
 * Structured trend directions (`{direction, change | change_pct}` under a metric name of TREND_POLARITY):
 * improving = moved the better way, declining = the worse way, stable = a move under the threshold.
 */
export function checkDirections(answer: Json, where: string, t: Tally): void {
  for (const { path, obj } of objects(answer)) {
    for (const [metric, d] of Object.entries(obj)) {
      const polarity = TREND_POLARITY[metric];
      if (!polarity || d === null || typeof d !== 'object' || !('direction' in (d as object))) continue;
      const m = d as Json;
      const at = `${where} ${path ? `${path}.` : ''}${metric}.direction`;
      if (polarity.better === 'none') {
        t.check('direction_words', m.direction === null, at, () => `${metric} has no better side, but reads "${m.direction}"`);
        continue;
      }
      if (m.direction === null || typeof m.change !== 'number') continue;
      const size = polarity.move.kind === 'relative' ? (typeof m.change_pct === 'number' ? Math.abs(m.change_pct) : Infinity) : Math.abs(m.change);
      const threshold = polarity.move.kind === 'relative' ? polarity.move.pct : polarity.move.by;
      const moved = size >= threshold - 1e-9 && m.change !== 0;
      const better = polarity.better === 'higher' ? m.change > 0 : m.change < 0;
      const expected = !moved ? 'stable' : better ? 'improving' : 'declining';
      t.check('direction_words', m.direction === expected, at,
        () => `${metric} ${m.from} → ${m.to} (change ${m.change}, ${m.change_pct ?? '–'} %; ${polarity.better} is better) reads "${m.direction}", documented "${expected}"`);
    }
  }
}

/**
 * A score with a factor breakdown `[{value, weight}]` is the weighted mean of its known factors (an unknown
 * factor, value null, is left out and the weights renormalized), to the score's 4 decimals.
 */
export function checkWeightedScores(answer: Json, where: string, t: Tally): void {
  for (const { path, obj } of objects(answer)) {
    if (typeof obj.score !== 'number' || !Array.isArray(obj.factors) || obj.factors.length === 0) continue;
    const fs = obj.factors as Json[];
    if (!fs.every((f) => typeof f.weight === 'number' && (typeof f.value === 'number' || f.value === null))) continue;
    const known = fs.filter((f) => typeof f.value === 'number');
    const w = known.reduce((s, f) => s + f.weight, 0);
    if (w === 0) continue;
    const sum = known.reduce((s, f) => s + f.value * f.weight, 0);
    const mean = sum / w;
    // Factor values and weights are themselves rounded to 4 decimals: allow that rounding per factor. Two
    // documented compositions: the weighted mean of the known factors (composites), or the capped weighted
    // sum (smart-money score = min(1, Σ recency ÷ 3), docs/discovery.md).
    const tol = 0.00005 + 0.00006 * known.length;
    t.check('sums', near(obj.score, mean, tol) || near(obj.score, Math.min(1, sum), tol), `${where} ${path}.score`,
      () => `score ${obj.score} is neither the weighted mean ${mean.toFixed(5)} nor the capped weighted sum ${Math.min(1, sum).toFixed(5)} of its known factors`);
  }
}

export function checkGeneric(answer: Json, where: string, t: Tally): void {
  checkRanges(answer, where, t);
  checkAnnualized(answer, where, t);
  checkDirections(answer, where, t);
  checkWeightedScores(answer, where, t);
}
