/**
 * Due diligence of a token: the full token analysis, then the whale activity of its top holders over the
 * last 24 h (it needs the analysis's holders and price), combined into the token risk score of the spec
 * (src/analytics/token-risk-score.ts) with its verdict. The analysis legs degrade as in enrich-token-full;
 * when the holders or the whale histories are unavailable, the factors they feed are reported unknown and
 * the score is marked a lower bound — never silently "safe".
 */
import { tokenRiskScore, type TokenRiskScore } from '../../../analytics/token-risk-score.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { analyzeTokenWithFacts } from '../../shared/token-analysis.js';
import { readWhaleActivity, type WhaleReport } from '../../shared/whale-activity.js';

/** The spec's due-diligence whale check: the whale-watch defaults. */
const DUE_DILIGENCE_WHALE_WINDOW = { thresholdUsd: 10_000, lookbackHours: 24 } as const;

export async function dueDiligence(mint: string, ctx: HandlerContext): Promise<HandlerResult> {
  const { result: analysis, facts } = await analyzeTokenWithFacts(mint, { includeHolders: true, full: true }, ctx);
  const caveats: Caveat[] = [...(analysis.caveats ?? [])];
  let whales: WhaleReport | null = null;
  if (facts.holders) {
    const read = await readWhaleActivity(mint, { topHolders: facts.holders.top, priceUsd: facts.priceUsd, supplyUi: facts.supplyUi }, DUE_DILIGENCE_WHALE_WINDOW, ctx);
    whales = read.report;
    caveats.push(...read.caveats);
  }
  const concentration = facts.concentration?.raw_supply ?? null;
  const score = tokenRiskScore({
    flags: facts.riskFlags,
    verified: facts.verified,
    mintAuthorityActive: facts.mintAuthorityActive,
    freezeAuthorityActive: facts.freezeAuthorityActive,
    top1Pct: concentration?.top1_pct ?? null,
    top5Pct: concentration?.top5_pct ?? null,
    whaleDistribution: whales ? whales.summary.distribution_detected : null,
  });
  if (score.is_lower_bound) {
    caveats.push({ code: 'score_lower_bound', message: `Factors unknown for lack of data: ${score.unknown_factors.join(', ')}. They added nothing, so the score is a lower bound.` });
  }
  const d = analysis.data;
  return {
    data: {
      mint,
      name: d.name ?? null,
      symbol: d.symbol ?? null,
      verdict: score.verdict,
      token_risk_score: score,
      reasons: reasons(score),
      token_analysis: d,
      holder_concentration: facts.concentration,
      whale_activity: whales,
    },
    caveats,
    next_steps: nextSteps(mint, score, whales),
    timings: analysis.timings,
  };
}

function reasons(score: TokenRiskScore): string[] {
  return [...score.factors].sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : 1)).map((f) => `${f.detail} (+${f.value})`);
}

function nextSteps(mint: string, score: TokenRiskScore, whales: WhaleReport | null): NextStep[] {
  const steps: NextStep[] = [{ endpoint: 'whale-watch', input: { mint, lookback_hours: 168 }, reason: 'Whale accumulation and distribution over the last week' }];
  const seller = whales?.holders.find((h) => h.activity?.trend === 'distributing');
  if (seller) steps.push({ endpoint: 'enrich-wallet-full', input: { address: seller.owner }, reason: 'Profile the whale that is distributing' });
  if (score.verdict !== 'RISKY') steps.push({ endpoint: 'token-trend', input: { mint, lookback: '7d' }, reason: 'How price, liquidity, concentration and risk moved over the week' });
  return steps;
}
