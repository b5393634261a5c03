/**
 * Behavioural (automated-activity) labels of a wallet, measured from its transaction history.
 *
 * Each label is reported as a signal with the measured value and the threshold it was compared to,
 * so a client can see how close a wallet is to a label, not only whether it has it. A label needs a
 * minimum sample: with too few transactions a pattern cannot be told apart from chance, so the
 * signal is `triggered: false` with `sufficient_sample: false` (the pattern was not observed — the
 * wallet-risk factor built on it treats a *missing* history as unknown, see wallet-risk.ts).
 *
 * Thresholds (all inclusive, i.e. "≥" / "≤"):
 *  - regular_intervals: coefficient of variation (population std / mean) of the gaps between
 *    consecutive transactions ≤ 0.25, over ≥ 8 transactions (7 gaps) with a non-zero mean gap.
 *    Humans act in bursts (CV typically ≫ 1); schedulers and cron-driven bots produce near-constant
 *    gaps.
 *  - high_frequency: sustained rate ≥ 10 transactions per hour, where rate = (n − 1) / span in
 *    hours over the whole sample, with n ≥ 20 and a span ≥ 1 hour. Measuring over the whole span
 *    (not the busiest minute) is what makes it "sustained": a single human trading burst inside an
 *    otherwise quiet history does not trigger it.
 *  - 24_7_active: transactions in ≥ 20 of the 24 UTC hours of the day, over ≥ 20 transactions.
 *    People sleep; a wallet active in (almost) every hour of the day is operated by a machine or a
 *    team.
 *  - repetitive_actions: the most common action pattern — (type, sorted program ids, sorted
 *    counterparties) — covers ≥ 80 % of ≥ 10 transactions. Bots repeat one action against one
 *    target; human activity is varied.
 */
import { round2, round4 } from './round.js';
import type { WalletActivity } from './types.js';

export type BehaviourLabel = 'regular_intervals' | 'high_frequency' | '24_7_active' | 'repetitive_actions';

export interface BehaviourSignal {
  label: BehaviourLabel;
  triggered: boolean;
  /** The measured value (null when the sample is too small to measure). */
  value: number | null;
  threshold: number;
  /** How value compares to threshold for the label to trigger. */
  comparison: '<=' | '>=';
  unit: string;
  sample_size: number;
  min_sample: number;
  sufficient_sample: boolean;
}

export interface BehaviourResult {
  signals: BehaviourSignal[];
  /** Labels whose signal triggered, in the fixed order of `signals`. */
  labels: BehaviourLabel[];
}

export const BEHAVIOUR_THRESHOLDS = {
  regular_intervals: { max_cv: 0.25, min_transactions: 8 },
  high_frequency: { min_tx_per_hour: 10, min_transactions: 20, min_span_s: 3600 },
  '24_7_active': { min_distinct_utc_hours: 20, min_transactions: 20 },
  repetitive_actions: { min_dominant_share: 0.8, min_transactions: 10 },
} as const;

function sortedTimestamps(activity: readonly WalletActivity[]): number[] {
  return activity.map((a) => a.timestamp).filter((t) => Number.isFinite(t)).sort((a, b) => a - b);
}

/** Coefficient of variation of the gaps between consecutive timestamps (null if undefined). */
export function gapCoefficientOfVariation(timestamps: readonly number[]): number | null {
  if (timestamps.length < 3) return null;
  const gaps: number[] = [];
  for (let i = 1; i < timestamps.length; i++) gaps.push(timestamps[i]! - timestamps[i - 1]!);
  const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
  if (mean <= 0) return null;
  const variance = gaps.reduce((s, g) => s + (g - mean) ** 2, 0) / gaps.length;
  return Math.sqrt(variance) / mean;
}

function regularIntervals(ts: readonly number[]): BehaviourSignal {
  const t = BEHAVIOUR_THRESHOLDS.regular_intervals;
  const cv = ts.length >= t.min_transactions ? gapCoefficientOfVariation(ts) : null;
  const value = cv === null ? null : round4(cv);
  return {
    label: 'regular_intervals',
    triggered: value !== null && value <= t.max_cv,
    value,
    threshold: t.max_cv,
    comparison: '<=',
    unit: 'coefficient_of_variation',
    sample_size: ts.length,
    min_sample: t.min_transactions,
    sufficient_sample: cv !== null,
  };
}

function highFrequency(ts: readonly number[]): BehaviourSignal {
  const t = BEHAVIOUR_THRESHOLDS.high_frequency;
  const n = ts.length;
  const span = n > 0 ? ts[n - 1]! - ts[0]! : 0;
  const sufficient = n >= t.min_transactions && span >= t.min_span_s;
  const value = sufficient ? round2(((n - 1) * 3600) / span) : null;
  return {
    label: 'high_frequency',
    triggered: value !== null && value >= t.min_tx_per_hour,
    value,
    threshold: t.min_tx_per_hour,
    comparison: '>=',
    unit: 'tx_per_hour',
    sample_size: n,
    min_sample: t.min_transactions,
    sufficient_sample: sufficient,
  };
}

function allDayActive(ts: readonly number[]): BehaviourSignal {
  const t = BEHAVIOUR_THRESHOLDS['24_7_active'];
  const sufficient = ts.length >= t.min_transactions;
  const hours = new Set(ts.map((s) => new Date(s * 1000).getUTCHours()));
  const value = sufficient ? hours.size : null;
  return {
    label: '24_7_active',
    triggered: value !== null && value >= t.min_distinct_utc_hours,
    value,
    threshold: t.min_distinct_utc_hours,
    comparison: '>=',
    unit: 'distinct_utc_hours',
    sample_size: ts.length,
    min_sample: t.min_transactions,
    sufficient_sample: sufficient,
  };
}

/** The action pattern of a transaction: type, program set and counterparty set. */
export function actionPattern(a: WalletActivity): string {
  const programs = [...new Set(a.programIds)].sort().join(',');
  const peers = [...new Set(a.counterparties)].sort().join(',');
  return `${a.type}|${programs}|${peers}`;
}

function repetitiveActions(activity: readonly WalletActivity[]): BehaviourSignal {
  const t = BEHAVIOUR_THRESHOLDS.repetitive_actions;
  const n = activity.length;
  const sufficient = n >= t.min_transactions;
  let value: number | null = null;
  if (sufficient) {
    const counts = new Map<string, number>();
    for (const a of activity) {
      const k = actionPattern(a);
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    value = round4(Math.max(...counts.values()) / n);
  }
  return {
    label: 'repetitive_actions',
    triggered: value !== null && value >= t.min_dominant_share,
    value,
    threshold: t.min_dominant_share,
    comparison: '>=',
    unit: 'dominant_pattern_share',
    sample_size: n,
    min_sample: t.min_transactions,
    sufficient_sample: sufficient,
  };
}

/** Measures the four behavioural labels over `activity` (any order; failed transactions count). */
export function behaviouralSignals(activity: readonly WalletActivity[]): BehaviourResult {
  const ts = sortedTimestamps(activity);
  const signals = [regularIntervals(ts), highFrequency(ts), allDayActive(ts), repetitiveActions(activity)];
  return { signals, labels: signals.filter((s) => s.triggered).map((s) => s.label) };
}
