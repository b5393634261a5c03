/**
 * Token risk score (spec "Scoring definitions", used by due-diligence and compare-tokens): 0 safe to 1,
 * the sum of the increments below, capped at 1, with a verdict.
 *
 *   each risk flag                      +0.10   (flags of kind 'risk' that are not one of the named factors below)
 *   not verified by the aggregator      +0.10
 *   mint authority still active         +0.15
 *   freeze authority active             +0.10
 *   top holder above 50 % of supply     +0.15
 *   top 5 holders above 80 % of supply  +0.10
 *   whale distribution detected         +0.05
 *
 * Why "each risk flag" excludes the named factors: `tokenRiskFlags` also reports authorities, verification
 * and the two holder thresholds as flags (so enrich-token shows them), and counting one fact twice would
 * push every token with an active mint authority from +0.15 to +0.25. The remaining flags are the ones
 * the table does not name: low liquidity and the Token-2022 extensions.
 *
 * A factor whose input is unknown adds nothing but is listed in `unknown_factors`, and the score is then
 * a lower bound (`is_lower_bound: true`): missing data never reads as "safe" silently.
 *
 * Verdict (lower-inclusive, on the 4-decimal score; docs/due-diligence-and-whales.md, 'Token risk score'): SAFE < 0.30 ≤ CAUTION ≤ 0.60 < RISKY.
 */
import { round4 } from './round.js';
import type { TokenRiskFlag } from './token-risk-flags.js';

export type TokenVerdict = 'SAFE' | 'CAUTION' | 'RISKY';

export const TOKEN_RISK_INCREMENTS = {
  risk_flag: 0.1,
  unverified: 0.1,
  mint_authority_active: 0.15,
  freeze_authority_active: 0.1,
  top_holder_over_50pct: 0.15,
  top5_over_80pct: 0.1,
  whale_distribution: 0.05,
} as const;

/** Flags that are named factors of their own (counted once, as that factor). */
const NAMED_FACTOR_FLAGS: ReadonlySet<string> = new Set(['mint_authority_active', 'freeze_authority_active', 'unverified', 'top_holder_over_50pct', 'top5_over_80pct']);

export interface TokenRiskScoreInputs {
  /** All flags from `tokenRiskFlags` (unknown ones are ignored here; the named factors carry their own unknowns). */
  flags: readonly TokenRiskFlag[];
  /** null = unknown. */
  verified: boolean | null;
  mintAuthorityActive: boolean | null;
  freezeAuthorityActive: boolean | null;
  /** Percent of supply (0–100); null = unknown. */
  top1Pct: number | null;
  top5Pct: number | null;
  /** null = whale activity could not be read. */
  whaleDistribution: boolean | null;
}

export interface TokenRiskFactor {
  name: string;
  /** The increment this factor added. */
  value: number;
  detail: string;
}

export interface TokenRiskScore {
  score: number;
  verdict: TokenVerdict;
  factors: TokenRiskFactor[];
  /** Factors that could not be checked (their inputs are missing): they added nothing. */
  unknown_factors: string[];
  is_lower_bound: boolean;
  capped: boolean;
}

export function tokenVerdict(score: number): TokenVerdict {
  const s = round4(score);
  if (s < 0.3) return 'SAFE';
  if (s <= 0.6) return 'CAUTION';
  return 'RISKY';
}

export function tokenRiskScore(i: TokenRiskScoreInputs): TokenRiskScore {
  const I = TOKEN_RISK_INCREMENTS;
  const factors: TokenRiskFactor[] = [];
  const unknown: string[] = [];
  const check = (name: keyof typeof I, state: boolean | null, detail: string) => {
    if (state === null) unknown.push(name);
    else if (state) factors.push({ name, value: I[name], detail });
  };

  for (const flag of i.flags) {
    if (flag.kind === 'risk' && !NAMED_FACTOR_FLAGS.has(flag.flag)) factors.push({ name: `risk_flag:${flag.flag}`, value: I.risk_flag, detail: flag.detail });
  }
  check('unverified', i.verified === null ? null : !i.verified, 'not verified by the metadata aggregator');
  check('mint_authority_active', i.mintAuthorityActive, 'mint authority can still create supply');
  check('freeze_authority_active', i.freezeAuthorityActive, 'freeze authority can freeze holder accounts');
  check('top_holder_over_50pct', i.top1Pct === null ? null : i.top1Pct > 50, `top holder owns ${i.top1Pct}% of supply`);
  check('top5_over_80pct', i.top5Pct === null ? null : i.top5Pct > 80, `top 5 holders own ${i.top5Pct}% of supply`);
  check('whale_distribution', i.whaleDistribution, 'whales sold into the market over the last 24 h');

  const raw = round4(factors.reduce((sum, f) => sum + f.value, 0));
  const score = Math.min(1, raw);
  return { score, verdict: tokenVerdict(score), factors, unknown_factors: unknown, is_lower_bound: unknown.length > 0, capped: raw > 1 };
}
