/**
 * `smart-money-flow`: which seed wallets are winners over the lookback, what they accumulate, and (with
 * include_graph) which of them act as one operator.
 *
 *  1. Seed wallets (the caller's, the operator's, the sandbox's curated list or, live, the seed derived from
 *     public trading: smart-money-derived-seed.ts) → each wallet's trades over
 *     lookback_days through the copy-trade pipeline (smart-wallets.ts): win rate, closed trades, realized
 *     PnL. Winners: ≥ 5 closed trades and win rate ≥ min_win_rate.
 *  2. Accumulation: the winners' valued fills → tokens they hold more of and put net cash into
 *     (src/analytics/smart-accumulation.ts), ranked by accumulating winners then net USD; top_n_tokens.
 *  3. include_graph: wallet clusters over the winners' histories (winner-clusters.ts).
 * A seed wallet whose history fails is skipped with a caveat; all failing → 502/504, not charged.
 */
import { accumulatedTokens } from '../../../analytics/smart-accumulation.js';
import type { Fill } from '../../../analytics/copy-trade-ledger.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { winnerClusters, type ClusterRun } from './winner-clusters.js';
import { SMART_MIN_CLOSED_TRADES, rankWallets, readSmartWallets, smartMoneySeed, walletRecord, type SmartWalletsRead } from '../shared/smart-wallets.js';

export interface SmartMoneyFlowInput {
  wallets?: string[];
  lookback_days: number;
  min_win_rate: number;
  top_n_tokens: number;
  include_graph: boolean;
}

const iso = (t: number) => new Date(t * 1000).toISOString();

export async function smartMoneyFlow(input: SmartMoneyFlowInput, ctx: HandlerContext): Promise<HandlerResult> {
  const seed = await smartMoneySeed(ctx, input.wallets);
  const read = await readSmartWallets(ctx, seed, input.lookback_days, input.min_win_rate);
  const caveats: Caveat[] = [...read.caveats];
  const winners = rankWallets(read.wallets.filter((w) => w.status === 'winner'));

  const fills = new Map<string, readonly Fill[]>(winners.map((w) => [w.address, w.trades.valued.fills]));
  const accumulated = accumulatedTokens(fills);

  let graph: ClusterRun | null = null;
  let clustersMs = 0;
  if (input.include_graph) {
    const started = performance.now();
    graph = winnerClusters(ctx, winners.map((w) => ({ address: w.address, transactions: w.history.transactions })));
    clustersMs = performance.now() - started;
  }

  // A derived seed's caveat (what its wallets are) comes with the read (seed.caveats).
  if (seed.source === 'default') {
    caveats.push({ code: 'default_seed_list', message: `No wallets named: the curated default list of ${seed.wallets.length} wallets was analysed (in the sandbox, the cast's smart-money wallets). Winners are found only among the seed wallets.` });
  }
  if (winners.length === 0) {
    caveats.push({ code: 'no_qualifying_wallets', message: `No seed wallet had at least ${SMART_MIN_CLOSED_TRADES} closed trades with a win rate of ${input.min_win_rate} or more over ${input.lookback_days} days: no accumulated tokens or clusters to report.` });
  }

  const records = rankWallets(read.wallets).map(walletRecord);
  const data = {
    lookback_days: input.lookback_days,
    window: { from_at: iso(read.startTs), to_at: iso(read.nowTs) },
    criteria: { min_win_rate: input.min_win_rate, min_closed_trades: SMART_MIN_CLOSED_TRADES },
    seed: { source: seed.source, wallets: seed.wallets.length, read: read.wallets.length, skipped: read.skipped, derivation: seed.derivation },
    summary: {
      wallets_read: read.wallets.length,
      qualifying: winners.length,
      tokens_accumulated: accumulated.length,
      clusters: graph ? graph.clusters.length : null,
      sol_prices: read.solPrices,
    },
    winners: winners.map((w) => w.address),
    wallets: records,
    accumulated_tokens: accumulated.slice(0, input.top_n_tokens),
    graph: graph
      ? { included: true, clusters: graph.clusters, candidates: graph.candidates, transactions_analyzed: graph.transactionsAnalyzed }
      : { included: false, clusters: null, candidates: null, transactions_analyzed: null },
  };
  return {
    data,
    caveats,
    next_steps: nextSteps(input, read, winners.map((w) => w.address), accumulated[0]?.mint ?? null, graph),
    timings: { ...read.timings, ...(graph ? { clusters: Math.round(clustersMs * 10) / 10 } : {}) },
  };
}

function nextSteps(input: SmartMoneyFlowInput, read: SmartWalletsRead, winners: string[], topMint: string | null, graph: ClusterRun | null): NextStep[] {
  const steps: NextStep[] = [];
  if (winners[0]) steps.push({ endpoint: 'copy-trade-signals', input: { address: winners[0], lookback_days: input.lookback_days }, reason: 'The top winner\'s full trade metrics: Sharpe, Sortino, drawdown, profit factor' });
  if (topMint) steps.push({ endpoint: 'due-diligence', input: { mint: topMint }, reason: 'Risk check of the token the winners accumulate most' });
  const linked = graph?.clusters.find((c) => c.winners.length >= 2);
  if (linked) steps.push({ endpoint: 'wallet-graph', input: { address: linked.winners[0]!, depth: 1 }, reason: `Connections of ${linked.winners.length} winners that look like one operator (${linked.kind})` });
  if (read.seed.source !== 'request') steps.push({ endpoint: 'smart-money-trenches', input: {}, reason: 'Fresh tokens these smart wallets are buying now' });
  if (!input.include_graph && winners.length >= 2) steps.push({ endpoint: 'smart-money-flow', input: { ...(read.seed.source === 'request' ? { wallets: read.seed.wallets } : {}), lookback_days: input.lookback_days, min_win_rate: input.min_win_rate, include_graph: true }, reason: 'Check whether the winners are independent (wallet clusters)' });
  return steps;
}
