/**
 * exit-signal's answer (docs/discovery.md "Endpoint: exit-signal"): three legs in parallel —
 *  - the token's market (leg `market_data`, REQUIRED: the verdict is read from it; failure → 502/504,
 *    not charged). No pair as base token → INSUFFICIENT_DATA, an ordinary (charged) answer;
 *  - its holder count through enrich-token-light (ctx.call: cached and shared; OPTIONAL → a
 *    `leg_degraded` caveat and the holder delta is unknown). A `not_found` from it (the address is not a
 *    mint) with no market either is a 404 (not charged): there is no token to judge;
 *  - the service's prior reading (observation log `token_market`, shared with trenches-check).
 * Then the pure analytics (exitSignal) decide, and this call's reading is logged for the next one.
 */
import { ApiError } from '../../../errors/api-error.js';
import { exitSignal, type ExitResult } from '../../../analytics/discovery/exit-signal.js';
import { runnerStage } from '../../../analytics/discovery/runner-stage.js';
import {
  DUMP_M5_PRICE_CHANGE_PCT,
  DUMP_SELL_BUY_RATIO,
  EXIT_SCORE_DERISK,
  EXIT_SCORE_EXIT,
  LIQUIDITY_PULL_PCT,
  REPEAT_SPACING_MINUTES,
  RUG_MAX_H1_PRICE_CHANGE_PCT,
  RUG_MAX_LIQUIDITY_USD,
} from '../../../analytics/discovery/thresholds.js';
import type { LaunchMarket } from '../../../analytics/discovery/types.js';
import { windowMetrics, WINDOW_NAMES } from '../../../analytics/discovery/windows.js';
import { round2 } from '../../../analytics/round.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { gatherLegs, legTimings, required } from '../../shared/legs.js';
import { launchMarkets, pairAgeHours } from '../../shared/launch-market.js';
import { holderCountLeg, priorOrLatest, readingView, recordReading } from './prior-reading.js';

export interface ExitSignalInput {
  mint: string;
  entry_price_usd?: number;
}

/** The market as the answer shows it: the inputs of every rule, in the answer's units. */
export function marketView(m: LaunchMarket, nowMs: number) {
  const metrics = windowMetrics(m);
  const age = pairAgeHours(m, nowMs);
  return {
    pair_address: m.pairAddress,
    dex: m.dex,
    price_usd: m.priceUsd,
    liquidity_usd: m.liquidityUsd,
    market_cap_usd: m.marketCapUsd,
    pair_created_at: m.pairCreatedAtMs === null ? null : new Date(m.pairCreatedAtMs).toISOString(),
    pair_age_hours: age === null ? null : round2(age),
    windows: Object.fromEntries(WINDOW_NAMES.map((w) => {
      const x = metrics.windows[w];
      return [w, { volume_usd: x.volume_usd, buys: x.buys, sells: x.sells, buy_share: x.buy_share, rate_usd_per_min: x.rate_usd_per_min, price_change_pct: x.price_change_pct }];
    })),
    accelerations: metrics.accelerations,
  };
}

export async function exitSignalAnswer(input: ExitSignalInput, ctx: HandlerContext): Promise<HandlerResult> {
  const { mint } = input;
  const nowMs = ctx.now().getTime();
  const [legs, holders, prior] = await Promise.all([
    gatherLegs({ pairs: () => ctx.sources.dexscreener.tokenPairs([mint], ctx.signal) }),
    holderCountLeg(ctx, mint),
    priorOrLatest(ctx, mint),
  ]);
  const pairs = required(legs.pairs);
  const market = launchMarkets(pairs, [mint]).get(mint) ?? null;
  if (market === null && holders.notMint) {
    throw new ApiError('not_found', `${mint} is not a token mint on chain, and no DEX pair lists it. If it is a wallet, use enrich-wallet-light. You were not charged.`);
  }

  const result = exitSignal({ market, prior, holderCount: holders.count, entryPriceUsd: input.entry_price_usd ?? null, nowMs });
  const stage = market === null ? null : runnerStage(market, prior, nowMs);
  if (market !== null || holders.count !== null) {
    await recordReading(ctx, mint, { liquidityUsd: market?.liquidityUsd ?? null, holderCount: holders.count, priceUsd: market?.priceUsd ?? null });
  }

  const caveats: Caveat[] = [];
  if (holders.caveat) caveats.push(holders.caveat);
  if (market === null) {
    caveats.push({ code: 'no_market', message: 'No DEX pair lists this token as base token: there is no market to read an exit from (INSUFFICIENT_DATA).' });
  }
  if (result.deltas_unavailable) caveats.push({ code: result.deltas_unavailable.code, message: result.deltas_unavailable.message });

  return {
    data: {
      mint,
      symbol: market?.symbol ?? null,
      name: market?.name ?? null,
      verdict: result.verdict,
      exit_score: result.exit_score,
      factors: result.factors,
      unknown_factors: result.unknown_factors,
      hard_triggers: result.hard_triggers,
      decided_by: decidedBy(result),
      reasoning: result.reasoning,
      stage: result.stage,
      stage_reasons: stage?.reasons ?? [],
      market: market === null ? null : marketView(market, nowMs),
      holder_count: holders.count,
      prior_reading: prior === null ? null : readingView(prior),
      deltas: result.deltas,
      deltas_unavailable: result.deltas_unavailable,
      unrealized_pnl: result.pnl,
      thresholds: {
        exit_score_exit: EXIT_SCORE_EXIT,
        exit_score_derisk: EXIT_SCORE_DERISK,
        liquidity_pull_pct: LIQUIDITY_PULL_PCT,
        repeat_spacing_minutes: REPEAT_SPACING_MINUTES,
        rug_max_liquidity_usd: RUG_MAX_LIQUIDITY_USD,
        rug_max_h1_price_change_pct: RUG_MAX_H1_PRICE_CHANGE_PCT,
        dump_m5_price_change_pct: DUMP_M5_PRICE_CHANGE_PCT,
        dump_sell_buy_ratio: DUMP_SELL_BUY_RATIO,
      },
      as_of: new Date(nowMs).toISOString(),
    },
    caveats,
    next_steps: exitNextSteps(input, result),
    timings: legTimings(legs),
  };
}

function decidedBy(r: ExitResult): 'hard_trigger' | 'score' | 'insufficient_data' {
  if (r.verdict === 'INSUFFICIENT_DATA') return 'insufficient_data';
  return r.hard_triggers.length > 0 ? 'hard_trigger' : 'score';
}

function exitNextSteps(input: ExitSignalInput, r: ExitResult): NextStep[] {
  const again = { mint: input.mint, ...(input.entry_price_usd !== undefined ? { entry_price_usd: input.entry_price_usd } : {}) };
  const steps: NextStep[] = [];
  if (r.deltas === null && r.verdict !== 'INSUFFICIENT_DATA') {
    steps.push({ endpoint: 'exit-signal', input: again, reason: `Call again in ${REPEAT_SPACING_MINUTES} minutes or more: liquidity and holder deltas (and the liquidity-pull trigger) unlock against this reading` });
  }
  if (r.verdict === 'HOLD' || r.verdict === 'DERISK') {
    steps.push({ endpoint: 'trenches-check', input: { mint: input.mint }, reason: 'Whether runner, smart-money and attention signals still agree on this token' });
  }
  steps.push({ endpoint: 'due-diligence', input: { mint: input.mint }, reason: 'Token risk score, authorities and whale activity' });
  return steps;
}
