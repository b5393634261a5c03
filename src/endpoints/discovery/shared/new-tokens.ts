/**
 * new-tokens' answer (docs/discovery.md "Endpoint: new-tokens"):
 *
 *  1. candidates — the market-data source's fresh-launch feed (DEX Screener latest token profiles,
 *     newest first; REQUIRED: its failure is 502/504, not charged);
 *  2. their pairs in one batched `tokenPairs` call (REQUIRED) → each token's deepest pair as base token
 *     (`launchMarkets`);
 *  3. the liquidity filter first (no risk read is spent on a token that cannot pass);
 *  4. each survivor's token risk score from enrich-token-light through ctx.call (launch-risk.ts:
 *     bounded concurrency, inside the answer deadline);
 *  5. `newTokenFilter` (analytics) keeps known liquidity ≥ min and known risk ≤ max, safest first.
 *
 * A token whose risk could not be read is EXCLUDED (reason `risk_unknown`, listed, with a `risk_unread`
 * caveat), never listed as "risk unknown": a list sorted safest first cannot vouch for what it could not
 * read (the analytics' rule). If every read failed, the call fails like the reads did (not charged).
 */
import { newTokenFilter, type NewTokenCandidate, type NewTokenExclusion, type NewTokenFilterResult } from '../../../analytics/discovery/new-tokens.js';
import type { LaunchMarket } from '../../../analytics/discovery/types.js';
import { round2 } from '../../../analytics/round.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { callFailure } from '../../shared/member-errors.js';
import { gatherLegs, legTimings, required } from '../../shared/legs.js';
import { launchMarkets, pairAgeHours } from '../../shared/launch-market.js';
import { readLaunchRisks, riskCaveats, type LaunchRisk, type LaunchRiskRead } from './launch-risk.js';

export interface NewTokensInput {
  min_liquidity_usd?: number;
  max_risk_score?: number;
  limit?: number;
}

const DEFAULT_DEADLINE_MS = 15_000;
/** The risk reads end this long before the answer deadline, so the answer is delivered in time. */
const DEADLINE_MARGIN_MS = 1_000;

const NEW_TOKENS_CANDIDATE_SOURCE =
  'market-data source (DEX Screener) latest token profiles: the newest tokens that published a profile, newest first';

const EXCLUSION_TEXT: Record<NewTokenExclusion, string> = {
  liquidity_unknown: 'no DEX pair lists it as base token, or its liquidity is not reported',
  liquidity_below_min: 'liquidity below min_liquidity_usd',
  risk_unknown: 'its risk could not be read',
  risk_above_max: 'risk score above max_risk_score',
};

/** Time left for the risk reads: the answer deadline minus what the call has used (on `ctx.timers`, where `startedAt` was read) and a margin. */
export function riskBudgetMs(ctx: HandlerContext, startedAt: number, reserveMs = 0): number {
  return Math.max(0, (ctx.deadlineMs ?? DEFAULT_DEADLINE_MS) - (ctx.timers.now() - startedAt) - DEADLINE_MARGIN_MS - reserveMs);
}

/** The risk as an answer shows it. */
export const riskView = (r: LaunchRisk) => ({
  score: r.score,
  verdict: r.verdict,
  factors: r.factors,
  unknown_factors: r.unknown_factors,
  is_lower_bound: r.is_lower_bound,
  capped: r.capped,
  flags: r.flags,
});

/** What the liquidity-then-risk filter leaves of a candidate list (new-tokens, trending-signals). */
export interface RiskFunnel extends NewTokenFilterResult<NewTokenCandidate> {
  liquidityOf(mint: string): number | null;
  /** The risk reads: only of candidates with known liquidity ≥ the minimum. */
  reads: Map<string, LaunchRiskRead>;
  /** How long the risk reads took (ms). */
  riskMs: number;
  riskOf(mint: string): LaunchRisk | null;
  byReason: Record<NewTokenExclusion, number>;
  /** The answer's `summary` counts from `with_market` to `excluded_by_reason`, given how many tokens it lists. */
  summary(returned: number): {
    with_market: number;
    passed_liquidity: number;
    risk_read: number;
    passed_both: number;
    returned: number;
    excluded_by_reason: Record<NewTokenExclusion, number>;
  };
}

/**
 * Liquidity first (a risk read costs a light analysis, ≈ 10 upstream requests, spent only on tokens that
 * can pass), then each survivor's token risk score (launch-risk.ts) within the answer deadline less
 * `reserveMs`, then `newTokenFilter`. If every risk read failed, the call fails like the reads did.
 */
export async function liquidityRiskFunnel(
  ctx: HandlerContext,
  mints: readonly string[],
  markets: ReadonlyMap<string, { liquidityUsd: number | null } | null>,
  filters: { minLiquidityUsd: number; maxRiskScore: number },
  budget: { startedAt: number; reserveMs?: number },
): Promise<RiskFunnel> {
  const liquidityOf = (mint: string) => markets.get(mint)?.liquidityUsd ?? null;
  const liquid = mints.filter((mint) => {
    const liquidity = liquidityOf(mint);
    return liquidity !== null && liquidity >= filters.minLiquidityUsd;
  });
  const riskStarted = performance.now();
  const reads = await readLaunchRisks(ctx, liquid, riskBudgetMs(ctx, budget.startedAt, budget.reserveMs));
  const riskMs = performance.now() - riskStarted;
  const failed = [...reads].flatMap(([address, r]) => (r.ok ? [] : [{ address, error: r.error }]));
  if (liquid.length > 0 && failed.length === liquid.length) throw callFailure(failed, 'No candidate\'s risk could be read');

  const riskOf = (mint: string): LaunchRisk | null => {
    const r = reads.get(mint);
    return r?.ok ? r.risk : null;
  };
  const { kept, excluded } = newTokenFilter(mints.map((mint) => ({ mint, liquidityUsd: liquidityOf(mint), riskScore: riskOf(mint)?.score ?? null })), filters);
  const byReason: Record<NewTokenExclusion, number> = { liquidity_unknown: 0, liquidity_below_min: 0, risk_unknown: 0, risk_above_max: 0 };
  for (const e of excluded) byReason[e.reason]++;
  const withMarket = mints.filter((m) => markets.get(m) !== null).length;
  return {
    liquidityOf, reads, riskMs, riskOf, kept, excluded, byReason,
    summary: (returned) => ({
      with_market: withMarket,
      passed_liquidity: liquid.length,
      risk_read: liquid.length - failed.length,
      passed_both: kept.length,
      returned,
      excluded_by_reason: byReason,
    }),
  };
}

function tokenView(rank: number, m: LaunchMarket, risk: LaunchRisk, nowMs: number) {
  const age = pairAgeHours(m, nowMs);
  return {
    rank,
    mint: m.mint,
    symbol: m.symbol,
    name: m.name,
    pair_address: m.pairAddress,
    dex: m.dex,
    launched_at: m.pairCreatedAtMs === null ? null : new Date(m.pairCreatedAtMs).toISOString(),
    age_hours: age === null ? null : round2(age),
    price_usd: m.priceUsd,
    liquidity_usd: m.liquidityUsd,
    market_cap_usd: m.marketCapUsd,
    volume_24h_usd: m.windows.h24.volumeUsd,
    price_change_24h_pct: m.windows.h24.priceChangePct,
    risk_score: risk.score,
    verdict: risk.verdict,
    risk: riskView(risk),
  };
}

export async function newTokensAnswer(input: NewTokensInput, ctx: HandlerContext): Promise<HandlerResult> {
  const startedAt = ctx.timers.now();
  const minLiquidityUsd = input.min_liquidity_usd ?? 1000;
  const maxRiskScore = input.max_risk_score ?? 0.8;
  const limit = input.limit ?? 10;
  const nowMs = ctx.now().getTime();

  const feed = await gatherLegs({ profiles: () => ctx.sources.dexscreener.latestTokenProfiles(ctx.signal) });
  const mints = required(feed.profiles).map((p) => p.tokenAddress);
  const legs = await gatherLegs({ pairs: () => ctx.sources.dexscreener.tokenPairs(mints, ctx.signal) });
  const markets = launchMarkets(required(legs.pairs), mints);
  const { liquidityOf, reads, riskMs, riskOf, kept, excluded, byReason, summary } = await liquidityRiskFunnel(ctx, mints, markets, { minLiquidityUsd, maxRiskScore }, { startedAt });
  const tokens = kept.slice(0, limit).map((k, i) => tokenView(i + 1, markets.get(k.mint)!, riskOf(k.mint)!, nowMs));

  const caveats: Caveat[] = [
    {
      code: 'candidate_pool',
      message:
        `Candidates are the ${mints.length} newest entries of the market-data source's latest-token-profiles feed. Its bias: only ` +
        'tokens whose team published a DEX Screener profile are seen (launches without one never appear), the feed is short (older ' +
        'launches fall off it), and a profile can be newer than its token — each token\'s age is from its pair\'s creation.',
    },
    ...riskCaveats(reads, 'Those tokens are excluded (risk_unknown): a list sorted safest first cannot vouch for them.'),
  ];
  if (kept.length > limit) caveats.push({ code: 'truncated', message: `${kept.length} tokens passed both filters; the ${limit} safest are listed (limit).` });

  return {
    data: {
      filters: { min_liquidity_usd: minLiquidityUsd, max_risk_score: maxRiskScore, limit },
      candidate_source: NEW_TOKENS_CANDIDATE_SOURCE,
      summary: { candidates: mints.length, ...summary(tokens.length) },
      order: 'risk score ascending, then liquidity descending, then mint',
      tokens,
      excluded: excluded.map((e) => ({
        mint: e.mint,
        symbol: markets.get(e.mint)?.symbol ?? null,
        reason: e.reason,
        detail: EXCLUSION_TEXT[e.reason],
        liquidity_usd: liquidityOf(e.mint),
        risk_score: riskOf(e.mint)?.score ?? null,
      })),
      as_of: new Date(nowMs).toISOString(),
    },
    caveats,
    next_steps: nextSteps(tokens, byReason, { minLiquidityUsd, limit }),
    timings: { ...legTimings({ ...feed, ...legs }), risk_reads: Math.round(riskMs * 10) / 10 },
  };
}

function nextSteps(tokens: readonly { mint: string; symbol: string | null }[], byReason: Record<NewTokenExclusion, number>, f: { minLiquidityUsd: number; limit: number }): NextStep[] {
  const top = tokens[0];
  if (!top) {
    return byReason.risk_above_max > 0
      ? [{ endpoint: 'new-tokens', input: { min_liquidity_usd: f.minLiquidityUsd, max_risk_score: 1, limit: f.limit }, reason: `${byReason.risk_above_max} launches were riskier than max_risk_score: see them with their risk factors` }]
      : [];
  }
  const who = top.symbol ?? top.mint;
  return [
    { endpoint: 'due-diligence', input: { mint: top.mint }, reason: `Full risk check of ${who} (holder concentration on float, whale activity)` },
    { endpoint: 'trenches-check', input: { mint: top.mint }, reason: `Whether runner, smart-money and attention signals agree on ${who}` },
    { endpoint: 'runner-scan', input: {}, reason: 'Which fresh launches are accelerating right now' },
  ];
}
