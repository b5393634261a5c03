/**
 * trending-signals' answer (docs/discovery.md "Endpoint: trending-signals"):
 *
 *  1. candidates — the market-data source's most-boosted tokens (feed-latest's pool) plus its latest
 *     token profiles (fresh launches), in parallel; one failing list is a `leg_degraded` caveat, both
 *     failing is 502/504 (not charged);
 *  2. their pairs in one batched `tokenPairs` call (REQUIRED) → each token's market exactly as the daily
 *     brief reads it (src/endpoints/shared/trending-inputs.ts `tokenMarket`: volume, liquidity and trades
 *     summed over its pairs);
 *  3. liquidity filter (known and ≥ min_liquidity_usd), then each survivor's token risk score through
 *     enrich-token-light (launch-risk.ts; unknown risk excludes, like new-tokens) ≤ max_risk_score;
 *  4. per token: the daily brief's trending score (trending-score.ts: holder growth from the daily
 *     snapshots, attention from the query stream) as `trendingSignalScore` — plus, with
 *     include_whale_watch, the whale_flow factor from whale-watch (ctx.call) for the top
 *     WHALE_WATCH_TOP_N of the ranking without it (bounded; a failure is a caveat and an unknown factor);
 *     and the runner stage and velocity of its deepest pair (discovery analytics) as context;
 *  5. rank by the composite (then velocity, then mint), cut to `limit`, and the market sentiment of the
 *     list (`marketSentiment`).
 */
import { windowBounds } from '../../../analytics/consensus.js';
import { runnerStage, type RunnerStageResult } from '../../../analytics/discovery/runner-stage.js';
import { marketSentiment, trendingSignalScore, type TrendingSignalScore } from '../../../analytics/discovery/sentiment.js';
import { WHALE_FLOW_WEIGHT } from '../../../analytics/discovery/thresholds.js';
import { velocityScore, type VelocityScore } from '../../../analytics/discovery/velocity.js';
import { round2, round4 } from '../../../analytics/round.js';
import { TRENDING_WEIGHTS } from '../../../analytics/trending-score.js';
import type { WhaleSignal } from '../../../analytics/whale-activity.js';
import { asNumber, asObject, asString } from '../../../lib/read.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { holderGrowthUnknownCaveat, readHolderGrowth, tokenMarket, type TokenMarket } from '../../shared/trending-inputs.js';
import { runBounded } from '../../../lib/bounded-run.js';
import { errorOfOutcome } from '../../shared/member-errors.js';
import { degradedCaveat, gatherLegs, legTimings, required } from '../../shared/legs.js';
import { launchMarkets, pairAgeHours } from '../../shared/launch-market.js';
import { riskCaveats, type LaunchRisk } from '../shared/launch-risk.js';
import { liquidityRiskFunnel, riskBudgetMs, riskView } from '../shared/new-tokens.js';

export interface TrendingSignalsInput {
  min_liquidity_usd?: number;
  max_risk_score?: number;
  limit?: number;
  include_whale_watch?: boolean;
}

/** Whale-watch is read for this many tokens at most (the top of the ranking without it): each is a holder read plus whale histories. */
const WHALE_WATCH_TOP_N = 5;
/** Time kept back from the risk reads for the whale leg when it runs. */
const WHALE_RESERVE_MS = 4_000;
/** Each candidate list is capped like the daily brief's (the feeds are a few dozen entries). */
const MAX_PER_LIST = 30;

interface WhaleRead {
  read: boolean;
  signal: WhaleSignal | null;
  whales: number | null;
  accumulating: number | null;
  distributing: number | null;
  net_flow_usd: number | null;
  note: string;
}

interface Scored {
  mint: string;
  market: TokenMarket;
  lists: ('top_boosts' | 'latest_profiles')[];
  boostTotal: number | null;
  holderGrowth: number | null;
  attentionCalls: number;
  maxAttention: number;
  risk: LaunchRisk;
  runner: RunnerStageResult | null;
  velocity: VelocityScore | null;
  pairAgeHours: number | null;
  composite: TrendingSignalScore;
  whale: WhaleRead;
}

const byScore = (a: Scored, b: Scored) =>
  b.composite.score - a.composite.score || (b.velocity?.score ?? -1) - (a.velocity?.score ?? -1) || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0);

const buyShare = (m: TokenMarket) => (m.buys24h !== null && m.sells24h !== null && m.buys24h + m.sells24h > 0 ? round4(m.buys24h / (m.buys24h + m.sells24h)) : null);

const NOT_REQUESTED: WhaleRead = { read: false, signal: null, whales: null, accumulating: null, distributing: null, net_flow_usd: null, note: 'include_whale_watch is false: not read, and not a factor' };

export async function trendingSignalsAnswer(input: TrendingSignalsInput, ctx: HandlerContext): Promise<HandlerResult> {
  const startedAt = ctx.timers.now();
  const minLiquidityUsd = input.min_liquidity_usd ?? 10_000;
  const maxRiskScore = input.max_risk_score ?? 0.7;
  const limit = input.limit ?? 10;
  const includeWhale = input.include_whale_watch ?? true;
  const now = ctx.now();
  const nowMs = now.getTime();
  const caveats: Caveat[] = [];

  // 1. Candidates: boosts first (most boosted first), then fresh profiles not already listed.
  const lists = await gatherLegs({
    boosts: () => ctx.sources.dexscreener.topBoostedTokens(ctx.signal),
    profiles: () => ctx.sources.dexscreener.latestTokenProfiles(ctx.signal),
  });
  if (!lists.boosts.ok && !lists.profiles.ok) required(lists.boosts);
  const boosts = lists.boosts.ok ? lists.boosts.value.slice(0, MAX_PER_LIST) : [];
  const profiles = lists.profiles.ok ? lists.profiles.value.slice(0, MAX_PER_LIST) : [];
  if (!lists.boosts.ok) caveats.push(degradedCaveat(lists.boosts.error, 'The most-boosted list (half of the candidate pool)'));
  if (!lists.profiles.ok) caveats.push(degradedCaveat(lists.profiles.error, 'The latest-profiles list (the fresh launches of the candidate pool)'));
  const listsOf = new Map<string, Scored['lists']>();
  for (const b of boosts) listsOf.set(b.tokenAddress, ['top_boosts']);
  for (const p of profiles) listsOf.set(p.tokenAddress, [...(listsOf.get(p.tokenAddress) ?? []), 'latest_profiles']);
  const boostOf = new Map(boosts.map((b) => [b.tokenAddress, b.totalAmount]));
  const mints = [...listsOf.keys()];

  // 2. Markets.
  const legs = await gatherLegs({ pairs: () => ctx.sources.dexscreener.tokenPairs(mints, ctx.signal) });
  const pairs = required(legs.pairs);
  const markets = new Map(mints.map((m) => [m, tokenMarket(pairs, m)]));

  // 3. Filters: liquidity first (no risk read spent on what cannot pass), then risk.
  const { reads, riskMs, riskOf, kept, byReason, summary } = await liquidityRiskFunnel(
    ctx, mints, markets, { minLiquidityUsd, maxRiskScore }, { startedAt, reserveMs: includeWhale ? WHALE_RESERVE_MS : 0 },
  );

  // 4. Scores: the daily brief's inputs (attention over the scored tokens, holder growth over 7 days of snapshots).
  const keptMints = kept.map((k) => k.mint);
  const attention = windowBounds('24h', now);
  const [calls, growths] = await Promise.all([
    ctx.store.queryCounts('token', attention.from, attention.to),
    readHolderGrowth(ctx.store, keptMints, now),
  ]);
  const callsBy = new Map(calls.map((c) => [c.entity, c.count]));
  const maxAttention = Math.max(0, ...keptMints.map((m) => callsBy.get(m) ?? 0));
  const launch = launchMarkets(pairs, keptMints);
  const whaleDefault: WhaleRead = includeWhale ? { ...NOT_REQUESTED, note: `outside the top ${WHALE_WATCH_TOP_N} of the ranking without whale flow: not read (unknown factor)` } : NOT_REQUESTED;
  const scored: Scored[] = keptMints.map((mint, i) => {
    const m = markets.get(mint)!;
    const lm = launch.get(mint) ?? null;
    const holderGrowth = growths[i] ?? null;
    const attentionCalls = callsBy.get(mint) ?? 0;
    const runner = lm ? runnerStage(lm, null, nowMs) : null;
    return {
      mint, market: m, lists: listsOf.get(mint)!, boostTotal: boostOf.get(mint) ?? null, holderGrowth, attentionCalls, maxAttention,
      risk: riskOf(mint)!,
      runner,
      velocity: lm ? velocityScore(lm) : null,
      pairAgeHours: lm ? pairAgeHours(lm, nowMs) : null,
      // A suspected wash trade's volume and buy pressure are not demand: they count 0 (sentiment.ts).
      composite: trendingSignalScore(inputsOf(m, holderGrowth, attentionCalls, maxAttention), undefined, runner?.wash_trade_suspected ?? false),
      whale: whaleDefault,
    };
  });
  scored.sort(byScore);

  // The whale leg: the top of the ranking without it; each read becomes a factor (a failure an unknown one).
  let whaleMs = 0;
  const whaleSummary = { requested: includeWhale, top_n: includeWhale ? Math.min(WHALE_WATCH_TOP_N, limit) : 0, read: 0, failed: 0 };
  if (includeWhale) {
    const top = scored.slice(0, whaleSummary.top_n);
    const whaleStarted = performance.now();
    const outcomes = await runBounded(top, (s) => ctx.call('whale-watch', { mint: s.mint }), { concurrency: WHALE_WATCH_TOP_N, budgetMs: riskBudgetMs(ctx, startedAt), signal: ctx.signal, timers: ctx.timers });
    whaleMs = performance.now() - whaleStarted;
    const failures: string[] = [];
    top.forEach((s, i) => {
      const o = outcomes[i]!;
      if (o.status === 'done') {
        const summary = asObject(o.value.data.summary);
        const signal = asString(summary?.signal) as WhaleSignal | null;
        s.whale = {
          read: true, signal, whales: asNumber(summary?.whales), accumulating: asNumber(summary?.accumulating), distributing: asNumber(summary?.distributing),
          net_flow_usd: asNumber(summary?.net_flow_usd), note: `whale-watch (24 h, whales ≥ $10,000): ${signal ?? 'unknown'}`,
        };
        whaleSummary.read++;
      } else {
        const error = errorOfOutcome(o);
        s.whale = { read: false, signal: null, whales: null, accumulating: null, distributing: null, net_flow_usd: null, note: `whale-watch failed (${error.code}): whale flow unknown, left out of the score` };
        failures.push(`${s.market.symbol ?? s.mint} (${error.code})`);
        whaleSummary.failed++;
      }
    });
    for (const s of scored) s.composite = trendingSignalScore(inputsOf(s.market, s.holderGrowth, s.attentionCalls, s.maxAttention), s.whale.signal, s.runner?.wash_trade_suspected ?? false);
    scored.sort(byScore);
    if (failures.length > 0) {
      caveats.push({ code: 'leg_degraded', leg: 'whale-watch', message: `The whale-watch leg failed for ${failures.join(', ')}: their whale flow is unknown and left out of their scores (the rest of the answer stands).` });
    }
  }

  // 5. The list and its sentiment.
  const listed = scored.slice(0, limit);
  const sentiment = marketSentiment(listed.map((s) => ({
    mint: s.mint, buyShareH24: buyShare(s.market), whaleSignal: s.whale.signal, stage: s.runner?.stage ?? null, washTradeSuspected: s.runner?.wash_trade_suspected ?? false,
  })));
  const leanOf = new Map(sentiment.per_token.map((t) => [t.mint, t]));
  const tokens = listed.map((s, i) => tokenView(i + 1, s, leanOf.get(s.mint)!));

  caveats.push({
    code: 'candidate_pool',
    message:
      `Candidates: the market-data source's ${boosts.length} most-boosted tokens and its ${profiles.length} latest token profiles (${mints.length} distinct). ` +
      'Its bias: boosts are paid promotion and profiles are published by token teams, so tokens nobody promotes are not seen, and the lists are short.',
  });
  caveats.push(...riskCaveats(reads, 'Those tokens are excluded (risk_unknown): the risk filter cannot vouch for them.'));
  const noHistory = tokens.filter((t) => t.market.holder_growth_pct === null).length;
  if (noHistory > 0) caveats.push(holderGrowthUnknownCaveat(noHistory, tokens.length));
  if (kept.length > limit) caveats.push({ code: 'truncated', message: `${kept.length} tokens passed both filters; the top ${limit} are listed (limit).` });

  return {
    data: {
      filters: { min_liquidity_usd: minLiquidityUsd, max_risk_score: maxRiskScore, limit, include_whale_watch: includeWhale },
      candidate_source: 'market-data source (DEX Screener): most-boosted tokens plus the latest token profiles',
      weights: includeWhale ? { ...TRENDING_WEIGHTS, whale_flow: WHALE_FLOW_WEIGHT } : { ...TRENDING_WEIGHTS },
      order: 'composite score descending, then runner velocity descending, then mint',
      sentiment: {
        sentiment: sentiment.sentiment, tokens: sentiment.tokens, accumulation: sentiment.accumulation, distribution: sentiment.distribution,
        neutral: sentiment.neutral, accumulation_pct: sentiment.accumulation_pct, distribution_pct: sentiment.distribution_pct, reasoning: sentiment.reasoning,
      },
      summary: {
        candidates: mints.length,
        from_boosts: boosts.length,
        from_profiles: profiles.length,
        ...summary(tokens.length),
        whale_watch: whaleSummary,
      },
      tokens,
      as_of: now.toISOString(),
    },
    caveats,
    next_steps: nextSteps(tokens),
    timings: { ...legTimings({ ...lists, ...legs }), risk_reads: Math.round(riskMs * 10) / 10, whale_watch: Math.round(whaleMs * 10) / 10 },
  };
}

function inputsOf(m: TokenMarket, holderGrowth: number | null, attentionCalls: number, maxAttention: number) {
  return { ...m, holderGrowthPct: holderGrowth, attentionCalls, maxAttentionCalls: maxAttention };
}

function tokenView(rank: number, s: Scored, lean: { lean: string; reasons: string[] }) {
  const m = s.market;
  const reasoning = [
    `composite ${s.composite.score}: ${s.composite.reasons.join('; ')}`,
    s.runner && s.velocity
      ? `runner stage ${s.runner.stage} (velocity ${s.velocity.score}): ${s.runner.reasons.join('; ')}${s.runner.wash_trade_suspected ? `; wash trading suspected: ${s.runner.wash_trade_reason}` : ''}`
      : 'runner stage unknown (no pair as base token)',
    s.whale.note,
    `risk ${s.risk.score} ${s.risk.verdict}${s.risk.factors.length > 0 ? ` (${s.risk.factors.map((f) => f.name).join(', ')})` : ''}`,
    `leans ${lean.lean}: ${lean.reasons.join(', ')}`,
  ];
  return {
    rank,
    mint: s.mint,
    symbol: m.symbol,
    name: m.name,
    lists: s.lists,
    boost_total: s.boostTotal,
    score: s.composite.score,
    factors: s.composite.factors,
    data_complete: s.composite.data_complete,
    unknown_factors: s.composite.unknown_factors,
    wash_penalty: s.composite.wash_penalty,
    lean: lean.lean,
    reasoning,
    market: {
      price_usd: m.priceUsd,
      liquidity_usd: m.liquidityUsd,
      volume_24h_usd: m.volume24hUsd,
      price_change_24h_pct: m.priceChange24hPct,
      buys_24h: m.buys24h,
      sells_24h: m.sells24h,
      buy_share_24h: buyShare(m),
      holder_growth_pct: s.holderGrowth,
      attention_calls_24h: s.attentionCalls,
      pair_age_hours: s.pairAgeHours === null ? null : round2(s.pairAgeHours),
    },
    runner: s.runner && s.velocity
      ? { stage: s.runner.stage, velocity: s.velocity.score, velocity_factors: s.velocity.factors, reasons: s.runner.reasons, rug: s.runner.rug, wash_trade_suspected: s.runner.wash_trade_suspected, wash_trade_reason: s.runner.wash_trade_reason }
      : null,
    whale: s.whale,
    risk: riskView(s.risk),
  };
}

function nextSteps(tokens: readonly { mint: string; symbol: string | null; runner: { stage: string } | null }[]): NextStep[] {
  const top = tokens[0];
  if (!top) return [{ endpoint: 'new-tokens', input: {}, reason: 'Fresh launches with looser default filters (liquidity ≥ $1,000, risk ≤ 0.8)' }];
  const who = top.symbol ?? top.mint;
  const steps: NextStep[] = [
    { endpoint: 'due-diligence', input: { mint: top.mint }, reason: `Full risk check of the top token ${who}` },
    { endpoint: 'trenches-check', input: { mint: top.mint }, reason: `Whether runner, smart-money and attention signals agree on ${who}` },
  ];
  if (top.runner?.stage === 'PARABOLIC_LATE' || top.runner?.stage === 'FADING') {
    steps.push({ endpoint: 'exit-signal', input: { mint: top.mint }, reason: `${who} reads ${top.runner.stage}: exit verdict for a holder` });
  }
  return steps;
}
