/**
 * runner-scan's answer (docs/discovery.md "Endpoint: runner-scan"):
 *  1. the candidate pool (launch-candidates.ts: latest profiles + top boosts; its bias in a caveat);
 *  2. every candidate's pairs in one batch (`market_data`, REQUIRED: the stage is read from them) → the
 *     deepest pair as base (`launchMarkets`);
 *  3. the age filter (pair younger than max_token_age_hours; an unknown age cannot be vouched for) — the
 *     tokens it keeps are the *scanned* ones: each gets the service's prior reading (≥ 5 min old, for the
 *     liquidity-pull rule), its runner stage, wash flag and velocity score (src/analytics/discovery), and
 *     its reading is recorded for the next call (every scanned token, listed or not);
 *  4. the liquidity and 1 h volume filters (known and ≥ the minimum: an unknown figure is excluded, with
 *     the count per reason), then `rankRunners` (a suspected wash trade after every unwashed token: its
 *     stage and velocity are read from washed trades) and `limit`.
 * Rugs (liquidity pulled) among the scanned tokens are listed in `rugs` whatever the filters: a drained
 * pool fails the liquidity filter by construction, and a holder needs to hear about it most.
 */
import { runnerStage, type RunnerStageResult } from '../../../analytics/discovery/runner-stage.js';
import {
  ACCELERATION_RATIO,
  LIQUIDITY_PULL_PCT,
  REPEAT_SPACING_MINUTES,
  RUG_MAX_H1_PRICE_CHANGE_PCT,
  RUG_MAX_LIQUIDITY_USD,
  RUNNER_MIN_BUY_SHARE_M5,
  VELOCITY_WEIGHTS,
} from '../../../analytics/discovery/thresholds.js';
import type { LaunchMarket, PriorReading } from '../../../analytics/discovery/types.js';
import { rankRunners, velocityScore, type VelocityScore } from '../../../analytics/discovery/velocity.js';
import { windowMetrics } from '../../../analytics/discovery/windows.js';
import type { RunnerStage } from '../../../analytics/discovery/runner-stage.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { gatherLegs, legTimings, required } from '../../shared/legs.js';
import { marketView } from './exit-signal.js';
import { CANDIDATE_POOL_DESCRIPTION, launchCandidates, type CandidateSource } from './launch-candidates.js';
import { launchMarkets, pairAgeHours } from '../../shared/launch-market.js';
import { priorReading, recordReading } from './prior-reading.js';
import { readTransferTaxes } from './transfer-tax.js';

export interface RunnerScanInput {
  max_token_age_hours?: number;
  min_liquidity_usd?: number;
  min_volume_h1_usd?: number;
  limit?: number;
}

type RunnerExclusion = 'no_market' | 'age_unknown' | 'too_old' | 'liquidity_unknown' | 'liquidity_below_min' | 'volume_unknown' | 'volume_below_min';
const EXCLUSIONS: readonly RunnerExclusion[] = ['no_market', 'age_unknown', 'too_old', 'liquidity_unknown', 'liquidity_below_min', 'volume_unknown', 'volume_below_min'];
const STAGES: readonly RunnerStage[] = ['RUNNING', 'IGNITING', 'PARABOLIC_LATE', 'QUIET', 'FADING'];

/** One scanned token: its market and everything the analytics read from it. */
interface ScannedRunner {
  mint: string;
  market: LaunchMarket;
  sources: CandidateSource[];
  prior: PriorReading | null;
  stage: RunnerStageResult;
  velocity: VelocityScore;
}

/** The runner reading of one token (shared with trenches-scan / trenches-check). */
export function readRunner(market: LaunchMarket, prior: PriorReading | null, nowMs: number): { stage: RunnerStageResult; velocity: VelocityScore } {
  const metrics = windowMetrics(market);
  return { stage: runnerStage(market, prior, nowMs, metrics), velocity: velocityScore(market, metrics) };
}

const buyPressureOf = (v: VelocityScore) => v.factors.find((f) => f.name === 'buy_pressure')?.value ?? null;

/** The runner fields of an entry (runner-scan's token; trenches' `runner`). */
export function runnerView(r: { market: LaunchMarket; prior: PriorReading | null; stage: RunnerStageResult; velocity: VelocityScore }, nowMs: number) {
  const w = windowMetrics(r.market).windows;
  return {
    stage: r.stage.stage,
    stage_reasons: r.stage.reasons,
    rug: r.stage.rug,
    liquidity_change_pct: r.stage.liquidity_change_pct,
    prior_reading_at: r.prior === null ? null : new Date(r.prior.at).toISOString(),
    wash_trade_suspected: r.stage.wash_trade_suspected,
    wash_trade_reason: r.stage.wash_trade_reason,
    velocity: { score: r.velocity.score, factors: r.velocity.factors, unknown_factors: r.velocity.unknown_factors },
    buy_pressure: {
      m5: { buys: w.m5.buys, sells: w.m5.sells, buy_share: w.m5.buy_share },
      h1: { buys: w.h1.buys, sells: w.h1.sells, buy_share: w.h1.buy_share },
      h6: { buys: w.h6.buys, sells: w.h6.sells, buy_share: w.h6.buy_share },
      h24: { buys: w.h24.buys, sells: w.h24.sells, buy_share: w.h24.buy_share },
    },
    market: marketView(r.market, nowMs),
  };
}

export async function runnerScanAnswer(input: RunnerScanInput, ctx: HandlerContext): Promise<HandlerResult> {
  const maxAge = input.max_token_age_hours ?? 24;
  const minLiquidity = input.min_liquidity_usd ?? 10_000;
  const minVolume = input.min_volume_h1_usd ?? 5_000;
  const limit = input.limit ?? 15;
  const nowMs = ctx.now().getTime();

  const pool = await launchCandidates(ctx);
  const legs = await gatherLegs({ pairs: () => ctx.sources.dexscreener.tokenPairs(pool.mints, ctx.signal) });
  const markets = launchMarkets(required(legs.pairs), pool.mints);

  const excluded = Object.fromEntries(EXCLUSIONS.map((e) => [e, 0])) as Record<RunnerExclusion, number>;
  const young: { mint: string; market: LaunchMarket }[] = [];
  for (const mint of pool.mints) {
    const market = markets.get(mint) ?? null;
    if (market === null) { excluded.no_market++; continue; }
    const age = pairAgeHours(market, nowMs);
    if (age === null) { excluded.age_unknown++; continue; }
    if (age > maxAge) { excluded.too_old++; continue; }
    young.push({ mint, market });
  }

  const priors = await Promise.all(young.map((t) => priorReading(ctx, t.mint)));
  const scanned: ScannedRunner[] = young.map((t, i) => ({ ...t, sources: pool.sourcesOf.get(t.mint) ?? [], prior: priors[i]!, ...readRunner(t.market, priors[i]!, nowMs) }));
  // Every scanned token's reading, for the next call's liquidity-pull rule (runner-scan knows no holder count).
  await Promise.all(scanned.map((s) => recordReading(ctx, s.mint, { liquidityUsd: s.market.liquidityUsd, holderCount: null, priceUsd: s.market.priceUsd })));

  const kept = scanned.filter((s) => {
    const reason = filterReason(s.market, minLiquidity, minVolume);
    if (reason !== null) excluded[reason]++;
    return reason === null;
  });
  const ranked = rankRunners(kept.map((s) => ({
    mint: s.mint, stage: s.stage.stage, velocity: s.velocity.score, buy_pressure: buyPressureOf(s.velocity), wash_trade_suspected: s.stage.wash_trade_suspected, scanned: s,
  })));
  const shown = ranked.slice(0, limit).map((r) => r.scanned);
  // Transfer tax of the tokens answered (one batched mint read; optional: a failure is a caveat).
  const tax = await readTransferTaxes(ctx, shown.map((s) => s.mint));

  const tokens = shown.map((s, i) => ({
    rank: i + 1,
    mint: s.mint,
    symbol: s.market.symbol,
    name: s.market.name,
    candidate_sources: s.sources,
    ...runnerView(s, nowMs),
    transfer_tax: tax.taxOf(s.mint),
  }));
  const rugs = scanned.filter((s) => s.stage.rug).map((s) => ({
    mint: s.mint,
    symbol: s.market.symbol,
    liquidity_usd: s.market.liquidityUsd,
    liquidity_change_pct: s.stage.liquidity_change_pct,
    price_change_h1_pct: s.market.windows.h1.priceChangePct,
    listed: shown.some((t) => t.mint === s.mint),
    reasons: s.stage.reasons.filter((r) => r.startsWith('liquidity pulled')),
  }));
  const stageCounts = Object.fromEntries(STAGES.map((st) => [st, kept.filter((s) => s.stage.stage === st).length]));

  const caveats: Caveat[] = [...pool.caveats, ...tax.caveats];
  if (rugs.length > 0) {
    caveats.push({ code: 'rugs_detected', message: `${rugs.length} scanned token(s) had their liquidity pulled (rug): ${rugs.map((r) => r.symbol ?? r.mint).join(', ')}. See \`rugs\`; they are FADING and rank last when listed.` });
  }
  const washed = tokens.filter((t) => t.wash_trade_suspected);
  if (washed.length > 0) {
    caveats.push({
      code: 'wash_trading_suspected',
      message: `${washed.length} listed token(s) show the wash-trade pattern (see wash_trade_reason): ${washed.map((t) => t.symbol ?? t.mint).join(', ')}. ` +
        'A stage and velocity read from washed trades are no runner signal (as in trenches-scan and trenches-check), so they rank after every unwashed token, whatever their stage.',
    });
  }
  caveats.push({ code: 'repeat_spacing', message: `Each scanned token's reading is recorded: a scan ${REPEAT_SPACING_MINUTES} minutes or more later also flags liquidity down ${LIQUIDITY_PULL_PCT} % or more since then as a pull.` });

  return {
    data: {
      filters: { max_token_age_hours: maxAge, min_liquidity_usd: minLiquidity, min_volume_h1_usd: minVolume, limit },
      candidate_pool: { source: CANDIDATE_POOL_DESCRIPTION, profiles: pool.profiles, boosts: pool.boosts, candidates: pool.mints.length },
      scanned: scanned.length,
      matched: kept.length,
      excluded,
      stage_counts: stageCounts,
      tokens,
      rugs,
      thresholds: {
        acceleration_ratio: ACCELERATION_RATIO,
        runner_min_buy_share_m5: RUNNER_MIN_BUY_SHARE_M5,
        rug_max_liquidity_usd: RUG_MAX_LIQUIDITY_USD,
        rug_max_h1_price_change_pct: RUG_MAX_H1_PRICE_CHANGE_PCT,
        liquidity_pull_pct: LIQUIDITY_PULL_PCT,
        repeat_spacing_minutes: REPEAT_SPACING_MINUTES,
      },
      velocity_weights: VELOCITY_WEIGHTS,
      as_of: new Date(nowMs).toISOString(),
    },
    caveats,
    next_steps: runnerNextSteps(tokens, rugs, input, maxAge),
    timings: { ...pool.timings, ...legTimings({ ...legs, mint_accounts: tax.leg }) },
  };
}

function filterReason(m: LaunchMarket, minLiquidity: number, minVolume: number): RunnerExclusion | null {
  if (m.liquidityUsd === null) return 'liquidity_unknown';
  if (m.liquidityUsd < minLiquidity) return 'liquidity_below_min';
  const volume = m.windows.h1.volumeUsd;
  if (volume === null) return 'volume_unknown';
  if (volume < minVolume) return 'volume_below_min';
  return null;
}

function runnerNextSteps(tokens: readonly { mint: string; stage: RunnerStage; wash_trade_suspected: boolean }[], rugs: readonly { mint: string }[], input: RunnerScanInput, maxAge: number): NextStep[] {
  const steps: NextStep[] = [];
  const top = tokens.find((t) => !t.wash_trade_suspected && (t.stage === 'RUNNING' || t.stage === 'IGNITING'));
  if (top) steps.push({ endpoint: 'trenches-check', input: { mint: top.mint }, reason: 'Whether smart money and attention confirm the top runner' });
  const rug = rugs[0];
  if (rug) steps.push({ endpoint: 'exit-signal', input: { mint: rug.mint }, reason: 'Liquidity pulled: the exit verdict for holders of the rug' });
  steps.push({ endpoint: 'trenches-scan', input: { max_token_age_hours: Math.min(72, Math.max(1, maxAge)) }, reason: 'The same pool ranked on runner, smart-money and attention signals together' });
  if (tokens.length === 0 && (input.min_liquidity_usd ?? 10_000) > 0) {
    steps.push({ endpoint: 'runner-scan', input: { max_token_age_hours: maxAge, min_liquidity_usd: 0, min_volume_h1_usd: 0 }, reason: 'Nothing passed the filters: the same scan without the liquidity and volume minimums' });
  }
  return steps;
}
