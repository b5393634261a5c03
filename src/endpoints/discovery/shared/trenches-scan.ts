/**
 * trenches-scan's answer (docs/discovery.md "Endpoint: trenches-scan"):
 *  1. the candidate pool (launch-candidates.ts; its bias in a caveat; both feeds down → 502/504);
 *  2. three legs in parallel, each degrading on its own — runner (the candidates' pairs, `market_data`),
 *     smart money (the buys of the seed wallets qualifying as winners, as smart-money-flow measures them:
 *     trenches-signals.ts; `wallet_assets`), attention (the query stream) — a failed leg is
 *     a `leg_degraded` caveat and an unknown (null) signal, and the scan ranks on the others;
 *  3. filters: pair age ≤ max_token_age_hours and liquidity ≥ min_liquidity_usd, where an UNKNOWN age or
 *     liquidity passes (spec: a launch minutes old is often not indexed yet; the scan is for the earliest);
 *  4. per token the runner stage and velocity (against the service's prior reading ≥ 5 min old), the
 *     smart-money and attention signals, `trenchesComposite` (0.45 / 0.45 / 0.10, renormalized over the
 *     known legs) and `confluence`; tokens with no signal present are left out (counted), the rest ranked
 *     by composite score, then confluence count, then mint.
 */
import { confluence, type AttentionReading, type ConfluenceResult } from '../../../analytics/discovery/confluence.js';
import { trenchesLiquidityPasses } from '../../../analytics/discovery/new-tokens.js';
import { SMART_MONEY_WINDOW_HOURS, TRENCHES_WEIGHTS } from '../../../analytics/discovery/thresholds.js';
import { attentionSignal, runnerLegValue, smartMoneySignal, trenchesComposite, type TrenchesComposite } from '../../../analytics/discovery/trenches.js';
import type { LaunchMarket, PriorReading } from '../../../analytics/discovery/types.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { degradedCaveat, gatherLegs, legTimings } from '../../shared/legs.js';
import { CANDIDATE_POOL_DESCRIPTION, launchCandidates } from './launch-candidates.js';
import { launchMarkets, pairAgeHours } from '../../shared/launch-market.js';
import { priorReading } from './prior-reading.js';
import { readRunner, runnerView } from './runner-scan.js';
import type { WinnerBuy } from './smart-wallets.js';
import {
  attentionCaveat, attentionLeg, attentionSampleCaveat, seedWalletCount, smartMoneyCaveats, smartMoneyLeg, smartMoneyState, smartMoneyView, smartSeedOf, tokenBuys,
  tokenExits, winnerCount,
} from './trenches-signals.js';

export interface TrenchesScanInput {
  max_token_age_hours?: number;
  min_liquidity_usd?: number;
  limit?: number;
}

/** The three signals of one token, as both trenches endpoints compute and show them. */
export interface TrenchesReading {
  runner: ReturnType<typeof runnerView> | null;
  composite: TrenchesComposite;
  confluence: ConfluenceResult;
  smart_money: ReturnType<typeof smartMoneyView> | null;
  attention: { score: number; calls: number; percentile: number | null; ranked_entities: number; stream_calls: number; sample_sufficient: boolean } | null;
}

export interface TrenchesInputs {
  /** undefined = the runner leg failed; null = the market was read and no pair lists the token. */
  market: LaunchMarket | null | undefined;
  prior: PriorReading | null;
  /** The qualifying winners' buys in the signal window; null = the smart-money leg failed. */
  buys: readonly WinnerBuy[] | null;
  /** The buyers of a token that sold out since (wallet → exit, unix ms); absent = nobody exited. */
  exitsOf?: (mint: string) => ReadonlyMap<string, number>;
  /** null = the attention leg failed. */
  attention: AttentionReading | null;
  holderCount: number | null;
  nowMs: number;
}

const NO_PAIR = 'no DEX pair lists it as base token: no runner evidence';

/** The three signals, their composite and their confluence for one token. */
export function trenchesReading(mint: string, i: TrenchesInputs): TrenchesReading {
  const runner = i.market ? { market: i.market, prior: i.prior, ...readRunner(i.market, i.prior, i.nowMs) } : null;
  const exits = i.exitsOf?.(mint) ?? new Map<string, number>();
  const smart = i.buys === null ? null : smartMoneySignal(tokenBuys(i.buys, mint), i.nowMs, SMART_MONEY_WINDOW_HOURS, exits);
  const attention = i.attention === null ? null : attentionSignal(i.attention);
  const composite = trenchesComposite({
    runner: i.market === undefined ? null : runner === null ? 0 : runnerLegValue(runner.stage.stage, runner.velocity.score, runner.stage.wash_trade_suspected),
    smartMoney: smart?.score ?? null,
    attention: attention?.score ?? null,
  });
  // Without a pair the runner leg ran and found nothing: QUIET evidence (absent), worded as what it is.
  const c = confluence({
    runnerStage: i.market === undefined ? null : runner?.stage.stage ?? 'QUIET',
    washTradeSuspected: runner?.stage.wash_trade_suspected ?? false,
    smartBuyers: i.buys === null ? null : tokenBuys(i.buys, mint),
    smartExits: exits,
    attention: i.attention,
    current: { liquidityUsd: i.market?.liquidityUsd ?? null, holderCount: i.holderCount },
    prior: i.prior,
    nowMs: i.nowMs,
  });
  if (i.market === null) {
    c.signals[0] = { name: 'runner', present: false, status: 'absent', detail: NO_PAIR };
    c.reasoning = c.reasoning.map((r) => (r.startsWith('runner:') ? `runner: absent — ${NO_PAIR}` : r));
  }
  return {
    runner: runner === null ? null : runnerView(runner, i.nowMs),
    composite,
    confluence: c,
    smart_money: smart === null ? null : smartMoneyView(smart),
    attention: attention === null || i.attention === null ? null : {
      score: attention.score, calls: attention.calls, percentile: i.attention.percentile, ranked_entities: i.attention.rankedEntities,
      stream_calls: i.attention.streamCalls, sample_sufficient: attention.sample_sufficient,
    },
  };
}

type Exclusion = 'too_old' | 'liquidity_below_min' | 'no_signal';

export async function trenchesScanAnswer(input: TrenchesScanInput, ctx: HandlerContext): Promise<HandlerResult> {
  const maxAge = input.max_token_age_hours ?? 24;
  const minLiquidity = input.min_liquidity_usd ?? 5_000;
  const limit = input.limit ?? 10;
  const nowMs = ctx.now().getTime();

  const pool = await launchCandidates(ctx);
  const caveats: Caveat[] = [...pool.caveats];
  const seed = smartSeedOf(ctx);
  const [legs, board] = await Promise.all([
    gatherLegs({
      pairs: () => ctx.sources.dexscreener.tokenPairs(pool.mints, ctx.signal),
      smart: () => smartMoneyLeg(ctx, seed, pool.mints),
    }),
    attentionLeg(ctx, caveats),
  ]);
  const markets = legs.pairs.ok ? launchMarkets(legs.pairs.value, pool.mints) : null;
  if (!legs.pairs.ok) {
    caveats.push({ ...degradedCaveat(legs.pairs.error, 'Runner leg'), message: `Runner leg unavailable: the ${legs.pairs.error.leg} source failed (${legs.pairs.error.kind}). Stages, ages and liquidity are unknown, so the age and liquidity filters pass every candidate; the scan ranks on smart money and attention.` });
  }
  const smart = legs.smart.ok ? legs.smart.value : null;
  if (!legs.smart.ok) {
    caveats.push({ ...degradedCaveat(legs.smart.error, 'Smart-money leg'), message: `Smart-money leg unavailable: the ${legs.smart.error.leg} source failed (${legs.smart.error.kind}); the smart-money signal is unknown and the scan ranks on runner and attention.` });
  }
  caveats.push(...smartMoneyCaveats(seed, smart));
  if (board) caveats.push(attentionCaveat());
  const thinSample = board ? attentionSampleCaveat(board) : null;
  if (thinSample) caveats.push(thinSample);

  const excluded: Record<Exclusion, number> = { too_old: 0, liquidity_below_min: 0, no_signal: 0 };
  let unknownAge = 0;
  let unknownLiquidity = 0;
  const passing: { mint: string; market: LaunchMarket | null | undefined }[] = [];
  for (const mint of pool.mints) {
    const market = markets === null ? undefined : markets.get(mint) ?? null;
    const age = market ? pairAgeHours(market, nowMs) : null;
    if (age !== null && age > maxAge) { excluded.too_old++; continue; }
    if (!trenchesLiquidityPasses(market?.liquidityUsd ?? null, minLiquidity)) { excluded.liquidity_below_min++; continue; }
    if (age === null) unknownAge++;
    if ((market?.liquidityUsd ?? null) === null) unknownLiquidity++;
    passing.push({ mint, market });
  }
  if (markets !== null && (unknownAge > 0 || unknownLiquidity > 0)) {
    caveats.push({ code: 'unknown_passes', message: `${unknownAge} candidate(s) of unknown age and ${unknownLiquidity} of unknown liquidity passed the filters (by the spec: a launch minutes old is often not indexed yet).` });
  }

  const priors = await Promise.all(passing.map((p) => (p.market ? priorReading(ctx, p.mint) : Promise.resolve(null))));
  const readings = passing.map((p, i) => ({
    mint: p.mint,
    market: p.market,
    reading: trenchesReading(p.mint, {
      market: p.market, prior: priors[i]!, buys: smart?.buys ?? null, exitsOf: smart ? (m) => tokenExits(smart, m, nowMs) : undefined,
      attention: board?.readingOf(p.mint) ?? null, holderCount: null, nowMs,
    }),
  }));
  const withSignal = readings.filter((r) => {
    const keep = r.reading.confluence.confluence_count > 0;
    if (!keep) excluded.no_signal++;
    return keep;
  });
  withSignal.sort((a, b) => (b.reading.composite.score ?? -1) - (a.reading.composite.score ?? -1)
    || b.reading.confluence.confluence_count - a.reading.confluence.confluence_count
    || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0));

  const tokens = withSignal.slice(0, limit).map((r, i) => ({
    rank: i + 1,
    mint: r.mint,
    symbol: r.market?.symbol ?? null,
    name: r.market?.name ?? null,
    candidate_sources: pool.sourcesOf.get(r.mint) ?? [],
    score: r.reading.composite.score,
    factors: r.reading.composite.factors,
    legs_missing: r.reading.composite.legs_missing,
    verdict: r.reading.confluence.verdict,
    confluence_count: r.reading.confluence.confluence_count,
    signals: r.reading.confluence.signals,
    reasoning: r.reading.confluence.reasoning,
    runner: r.reading.runner,
    smart_money: r.reading.smart_money,
    attention: r.reading.attention,
  }));

  return {
    data: {
      filters: { max_token_age_hours: maxAge, min_liquidity_usd: minLiquidity, limit },
      candidate_pool: { source: CANDIDATE_POOL_DESCRIPTION, profiles: pool.profiles, boosts: pool.boosts, candidates: pool.mints.length },
      legs: {
        runner: legs.pairs.ok ? 'ok' : 'failed',
        smart_money: smartMoneyState(seed, smart),
        attention: board ? 'ok' : 'failed',
      },
      weights: TRENCHES_WEIGHTS,
      smart_money_wallets: seedWalletCount(seed, smart),
      smart_money_winners: winnerCount(smart),
      smart_money_seed: seed.source,
      attention_window: board ? { from: board.bounds.from.toISOString(), to: board.bounds.to.toISOString() } : null,
      scanned: passing.length,
      matched: withSignal.length,
      excluded,
      tokens,
      as_of: new Date(nowMs).toISOString(),
    },
    caveats,
    next_steps: trenchesNextSteps(tokens, maxAge),
    timings: { ...pool.timings, ...legTimings(legs) },
  };
}

function trenchesNextSteps(tokens: readonly { mint: string }[], maxAge: number): NextStep[] {
  const steps: NextStep[] = [];
  const top = tokens[0];
  if (top) {
    steps.push({ endpoint: 'trenches-check', input: { mint: top.mint }, reason: 'The top token\'s confluence with holder and liquidity deltas (repeat ≥ 5 minutes later)' });
    steps.push({ endpoint: 'due-diligence', input: { mint: top.mint }, reason: 'Token risk score, authorities and whale activity of the top token' });
  }
  steps.push({ endpoint: 'runner-scan', input: { max_token_age_hours: maxAge }, reason: 'The runner leg alone: stages, velocity, wash and rug flags' });
  steps.push({ endpoint: 'smart-money-trenches', input: { max_token_age_hours: maxAge }, reason: 'The smart-money leg alone: fresh tokens by smart buyers still holding and recency' });
  return steps;
}
