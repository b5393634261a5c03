/**
 * Launch filters (docs/discovery.md "New tokens"). new-tokens keeps a launch when its liquidity is KNOWN
 * and ≥ min_liquidity_usd and its token risk score is KNOWN and ≤ max_risk_score: "safest first" cannot
 * vouch for a token it could not read, so an unknown reading excludes it (with the reason). trenches-scan
 * is the opposite by the spec: there unknown liquidity passes (`trenchesLiquidityPasses`), because a
 * launch minutes old is often not indexed by the market-data source yet and the scan is for the earliest.
 *
 * Order: risk score ascending, then liquidity descending, then mint (deterministic).
 */
import { round4 } from '../round.js';

export interface NewTokenCandidate {
  mint: string;
  liquidityUsd: number | null;
  /** Token risk score 0–1 (token-risk-score.ts); null when it could not be computed. */
  riskScore: number | null;
}

export type NewTokenExclusion = 'liquidity_unknown' | 'liquidity_below_min' | 'risk_unknown' | 'risk_above_max';

export interface NewTokenFilterResult<T> {
  kept: T[];
  excluded: { mint: string; reason: NewTokenExclusion }[];
}

export function newTokenFilter<T extends NewTokenCandidate>(entries: readonly T[], opts: { minLiquidityUsd: number; maxRiskScore: number }): NewTokenFilterResult<T> {
  const kept: T[] = [];
  const excluded: { mint: string; reason: NewTokenExclusion }[] = [];
  for (const e of entries) {
    const reason: NewTokenExclusion | null =
      e.liquidityUsd === null
        ? 'liquidity_unknown'
        : e.liquidityUsd < opts.minLiquidityUsd
          ? 'liquidity_below_min'
          : e.riskScore === null
            ? 'risk_unknown'
            : round4(e.riskScore) > opts.maxRiskScore
              ? 'risk_above_max'
              : null;
    if (reason === null) kept.push(e);
    else excluded.push({ mint: e.mint, reason });
  }
  kept.sort((a, b) => round4(a.riskScore!) - round4(b.riskScore!) || b.liquidityUsd! - a.liquidityUsd! || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0));
  return { kept, excluded };
}

/** trenches-scan's liquidity filter: unknown liquidity passes (spec); known liquidity must be ≥ the minimum. */
export function trenchesLiquidityPasses(liquidityUsd: number | null, minLiquidityUsd: number): boolean {
  return liquidityUsd === null || liquidityUsd >= minLiquidityUsd;
}
