/**
 * On-chain activity of a protocol, measured from its programs' recent signatures and the wallets that
 * signed them. Pure: the caller fetches, these functions measure.
 *
 *  - activity: over the sample of recent signatures (newest first, capped per program by the caller),
 *    the window runs from the oldest sampled signature to `now`; tx/hour = sample size / window hours;
 *    failure rate = failed / sample; last activity = the newest block time. A capped sample means the
 *    window is simply shorter (busy programs), never that counts are extrapolated.
 *  - signers: the fee payers of the parsed transactions, ranked by transactions (ties: address order);
 *    `top3_share_pct` is how much of the parsed activity the three busiest signers made.
 *  - automation: a signer is automated when its own history shows `regular_intervals` or
 *    `high_frequency` (behaviour.ts thresholds); it is classified when at least one of those two
 *    signals had a sufficient sample. automated_activity_pct = automated / classified × 100, null when
 *    no signer could be classified (unknown, not 0 %).
 */
import { round2 } from './round.js';
import { pct2 } from './round.js';
import type { BehaviourResult, BehaviourSignal } from './behaviour.js';

export interface SignatureSample {
  signature: string;
  /** Unix seconds; null when the node did not know it. */
  blockTime: number | null;
  failed: boolean;
}

export interface ActivityMetrics {
  sample_size: number;
  failed_count: number;
  /** Null when the sample is empty. */
  failure_rate_pct: number | null;
  window_start: number | null;
  window_hours: number | null;
  tx_per_hour: number | null;
  last_activity: number | null;
  hours_since_last_activity: number | null;
}

export function activityMetrics(sample: readonly SignatureSample[], nowSeconds: number): ActivityMetrics {
  const times = sample.map((s) => s.blockTime).filter((t): t is number => t !== null && Number.isFinite(t));
  const failed = sample.filter((s) => s.failed).length;
  const oldest = times.length > 0 ? Math.min(...times) : null;
  const newest = times.length > 0 ? Math.max(...times) : null;
  const windowHours = oldest === null ? null : Math.max(0, nowSeconds - oldest) / 3600;
  return {
    sample_size: sample.length,
    failed_count: failed,
    failure_rate_pct: pct2(failed, sample.length),
    window_start: oldest,
    window_hours: windowHours === null ? null : round2(windowHours),
    tx_per_hour: windowHours === null || windowHours === 0 ? null : round2(sample.length / windowHours),
    last_activity: newest,
    hours_since_last_activity: newest === null ? null : round2(Math.max(0, nowSeconds - newest) / 3600),
  };
}

export interface RankedSigner {
  address: string;
  tx_count: number;
  share_pct: number;
}

export interface SignerRanking {
  parsed_transactions: number;
  distinct_signers: number;
  /** Null when nothing was parsed. */
  top3_share_pct: number | null;
  ranked: RankedSigner[];
}

/** Ranks fee payers by how many of the parsed transactions they paid for. */
export function rankSigners(feePayers: readonly string[]): SignerRanking {
  const counts = new Map<string, number>();
  for (const payer of feePayers) counts.set(payer, (counts.get(payer) ?? 0) + 1);
  const ranked = [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([address, n]) => ({ address, tx_count: n, share_pct: pct2(n, feePayers.length) ?? 0 }));
  const top3 = ranked.slice(0, 3).reduce((s, r) => s + r.tx_count, 0);
  return { parsed_transactions: feePayers.length, distinct_signers: counts.size, top3_share_pct: pct2(top3, feePayers.length), ranked };
}

/** Labels that count as automated activity for the protocol profile. */
export const AUTOMATION_LABELS = ['regular_intervals', 'high_frequency'] as const;

export interface SignerClassification {
  address: string;
  /** False when its history could not be fetched or was too short for both signals. */
  classified: boolean;
  automated: boolean;
  labels: string[];
  regular_intervals: BehaviourSignal | null;
  high_frequency: BehaviourSignal | null;
}

/** One signer's verdict from its behaviour signals (null = its history was unavailable). */
export function classifySigner(address: string, behaviour: BehaviourResult | null): SignerClassification {
  const ri = behaviour?.signals.find((s) => s.label === 'regular_intervals') ?? null;
  const hf = behaviour?.signals.find((s) => s.label === 'high_frequency') ?? null;
  const classified = (ri?.sufficient_sample ?? false) || (hf?.sufficient_sample ?? false);
  const labels = (behaviour?.labels ?? []).filter((l) => (AUTOMATION_LABELS as readonly string[]).includes(l));
  return { address, classified, automated: labels.length > 0, labels, regular_intervals: ri, high_frequency: hf };
}

export interface AutomationShare {
  signers_considered: number;
  classified: number;
  automated: number;
  /** 0–100; null when no signer could be classified. */
  automated_activity_pct: number | null;
}

export function automationShare(signers: readonly SignerClassification[]): AutomationShare {
  const classified = signers.filter((s) => s.classified);
  const automated = classified.filter((s) => s.automated).length;
  return { signers_considered: signers.length, classified: classified.length, automated, automated_activity_pct: pct2(automated, classified.length) };
}
