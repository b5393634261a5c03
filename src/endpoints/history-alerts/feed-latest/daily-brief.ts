/**
 * feed-latest's daily brief: the market-data aggregator's most-boosted Solana tokens (the candidates),
 * scored by src/analytics/trending-score.ts from their DEX pairs, their recent daily snapshots (holder
 * growth) and the service's own query stream (attention), ranked best first. A token whose deepest pair
 * looks washed (the runner reading's wash flag) has its volume and buy pressure counted 0, as in
 * trending-signals: the same function scores both.
 *
 * The brief is the since-less answer, cached 24 h by the ordinary result cache and computed lazily on a
 * miss; a `since` poll reads that same cached brief through `ctx.call` and only compares times.
 */
import { createHash } from 'node:crypto';
import { windowBounds } from '../../../analytics/consensus.js';
import { marketWashTrade } from '../../../analytics/discovery/runner-stage.js';
import { trendingScore, TRENDING_WEIGHTS, type TrendingScore } from '../../../analytics/trending-score.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { gatherLegs, legTimings, required } from '../../shared/legs.js';
import { launchMarkets } from '../../shared/launch-market.js';
import { holderGrowthUnknownCaveat, readHolderGrowth, tokenMarket } from '../../shared/trending-inputs.js';

export const BRIEF_TTL_SECONDS = 86_400;
/** The top-boosts list is at most a few dozen entries; the brief ranks at most this many. */
const MAX_CANDIDATES = 30;

interface BriefToken {
  rank: number;
  mint: string;
  symbol: string | null;
  name: string | null;
  score: number;
  factors: TrendingScore['factors'];
  data_complete: boolean;
  unknown_factors: string[];
  /** The deepest pair's wash-trade flag (as runner-scan and trending-signals read it) and why. */
  wash_trade_suspected: boolean;
  wash_trade_reason: string | null;
  /** Set when wash trading is suspected: volume and buy pressure counted 0, and the score they would have given. */
  wash_penalty: TrendingScore['wash_penalty'];
  price_usd: number | null;
  volume_24h_usd: number | null;
  liquidity_usd: number | null;
  price_change_24h_pct: number | null;
  buys_24h: number | null;
  sells_24h: number | null;
  holder_growth_pct: number | null;
  attention_calls_24h: number;
  boost_total: number;
}

export async function computeBrief(ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const boostsLeg = await gatherLegs({ candidates: () => ctx.sources.dexscreener.topBoostedTokens(ctx.signal) });
  const boosts = required(boostsLeg.candidates).slice(0, MAX_CANDIDATES);
  const mints = boosts.map((b) => b.tokenAddress);
  const attention = windowBounds('24h', now);
  const legs = await gatherLegs({ pairs: () => ctx.sources.dexscreener.tokenPairs(mints, ctx.signal) });
  const pairs = required(legs.pairs);
  const [calls, growths] = await Promise.all([
    ctx.store.queryCounts('token', attention.from, attention.to),
    readHolderGrowth(ctx.store, mints, now),
  ]);
  const callsBy = new Map(calls.map((c) => [c.entity, c.count]));
  const maxCalls = Math.max(0, ...mints.map((m) => callsBy.get(m) ?? 0));
  // The wash flag of each token's deepest pair, as trending-signals reads it: washed volume is not demand.
  const launch = launchMarkets(pairs, mints);

  const scored: Omit<BriefToken, 'rank'>[] = [];
  let withoutMarket = 0;
  boosts.forEach((boost, i) => {
    const m = tokenMarket(pairs, boost.tokenAddress);
    if (!m) {
      withoutMarket++;
      return;
    }
    const growth = growths[i] ?? null;
    const attentionCalls = callsBy.get(boost.tokenAddress) ?? 0;
    const lm = launch.get(boost.tokenAddress) ?? null;
    const wash = lm ? marketWashTrade(lm) : { suspected: false, reason: null };
    const s = trendingScore({ ...m, holderGrowthPct: growth, attentionCalls, maxAttentionCalls: maxCalls }, wash.suspected);
    scored.push({
      mint: boost.tokenAddress, symbol: m.symbol, name: m.name,
      score: s.score, factors: s.factors, data_complete: s.data_complete, unknown_factors: s.unknown_factors,
      wash_trade_suspected: wash.suspected, wash_trade_reason: wash.reason, wash_penalty: s.wash_penalty,
      price_usd: m.priceUsd, volume_24h_usd: m.volume24hUsd, liquidity_usd: m.liquidityUsd, price_change_24h_pct: m.priceChange24hPct,
      buys_24h: m.buys24h, sells_24h: m.sells24h, holder_growth_pct: growth, attention_calls_24h: attentionCalls, boost_total: boost.totalAmount,
    });
  });
  const tokens: BriefToken[] = scored
    .sort((a, b) => b.score - a.score || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0))
    .map((t, i) => ({ rank: i + 1, ...t }));

  const generatedAt = now.toISOString();
  const caveats: Caveat[] = [];
  const noHistory = tokens.filter((t) => t.holder_growth_pct === null).length;
  if (noHistory > 0) caveats.push(holderGrowthUnknownCaveat(noHistory, tokens.length));
  const washed = tokens.filter((t) => t.wash_trade_suspected);
  if (washed.length > 0) {
    caveats.push({
      code: 'wash_trade_suspected',
      message: `Wash trading suspected on ${washed.map((t) => t.symbol ?? t.mint).join(', ')}: their 24 h volume and buy pressure are not demand and count 0 in their scores ` +
        '(`wash_penalty` gives the score at face value), the rule trending-signals applies.',
    });
  }
  if (withoutMarket > 0) {
    caveats.push({ code: 'candidates_skipped', message: `${withoutMarket} boosted tokens have no DEX pair as base token and were left out.` });
  }
  return {
    data: {
      unchanged: false,
      brief_id: briefId(generatedAt, tokens),
      generated_at: generatedAt,
      expires_at: new Date(now.getTime() + BRIEF_TTL_SECONDS * 1000).toISOString(),
      candidate_source: 'market-data aggregator: most-boosted Solana tokens',
      candidates_considered: boosts.length,
      weights: TRENDING_WEIGHTS,
      tokens,
    },
    caveats,
    next_steps: briefNextSteps(tokens),
    timings: legTimings({ ...boostsLeg, ...legs }),
  };
}

function briefId(generatedAt: string, tokens: readonly BriefToken[]): string {
  const content = `${generatedAt}|${tokens.map((t) => `${t.mint}:${t.score}`).join(',')}`;
  return `brief_${createHash('sha256').update(content).digest('hex').slice(0, 16)}`;
}

function briefNextSteps(tokens: readonly BriefToken[]): NextStep[] {
  const top = tokens[0];
  if (!top) return [];
  return [
    { endpoint: 'due-diligence', input: { mint: top.mint }, reason: `Risk check of the brief's top token ${top.symbol ?? top.mint} before acting on it` },
    { endpoint: 'consensus-signal', input: { type: 'token', address: top.mint, window: '24h' }, reason: 'How much other agents are asking about it' },
  ];
}

/**
 * A `since` poll: the cached brief (computed on a miss), or `unchanged` with an empty token list when
 * it is not newer than `since`. The answer is cached no longer than the brief it was compared with.
 */
export async function pollBrief(since: string, ctx: HandlerContext): Promise<HandlerResult> {
  const { briefing: _briefing, ...brief } = await ctx.call('feed-latest', {});
  const remainingS = Math.floor((Date.parse(String(brief.data.expires_at)) - ctx.now().getTime()) / 1000);
  const result = Date.parse(String(brief.data.generated_at)) <= Date.parse(since)
    ? { data: { ...brief.data, unchanged: true, tokens: [] }, caveats: [], next_steps: [] }
    : { ...brief, timings: undefined };
  return { ...result, maxTtlSeconds: Math.max(1, remainingS) };
}
