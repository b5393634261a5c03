/**
 * The one percentile every bench reports: nearest-rank (the smallest sample with at least p % of the samples at or
 * below it), so a reported p50/p99 is always a latency that was actually observed, never an interpolation.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
