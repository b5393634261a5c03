/**
 * `copy-trade-signals`: a wallet's realized trading performance over the last lookback_days.
 *
 * Legs, in order (the second needs the first's answer):
 *  1. history (required; its failure is a 502/504, not charged): the wallet's enhanced transactions
 *     back to the window start (src/endpoints/shared/copy-trade-history.ts);
 *  2. SOL prices at trade time (optional; DefiLlama coins, only when SOL-quoted swaps exist): when it
 *     fails, SOL-quoted trades are excluded with a `leg_degraded` caveat — never valued at today's price.
 * Then pure analytics: trade-time valuation → FIFO ledger → metrics (src/endpoints/shared/copy-trade-pipeline.ts,
 * shared with the smart-money endpoints; src/analytics/copy-trade*.ts).
 */
import { solPricedTimestamps } from '../../../analytics/copy-trade-valuation.js';
import { round2, roundSig } from '../../../analytics/round.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { gatherLegs, legTimings, optional, required } from '../../shared/legs.js';
import { historySince } from '../../shared/copy-trade-history.js';
import { swapsOf, walletTrades } from '../../shared/copy-trade-pipeline.js';
import { solPricesAt } from '../../shared/sol-prices.js';

const DAY = 86_400;
const MAX_TRADES_LISTED = 50;
const MAX_OPEN_LISTED = 20;
const iso = (t: number) => new Date(t * 1000).toISOString();

export async function copyTradeSignals(address: string, lookbackDays: number, ctx: HandlerContext): Promise<HandlerResult> {
  const nowTs = Math.floor(ctx.now().getTime() / 1000);
  const startTs = nowTs - Math.round(lookbackDays * DAY);
  const caveats: Caveat[] = [];

  const historyLeg = await gatherLegs({ history: () => historySince(ctx.sources.helius, address, startTs, ctx.signal) });
  const history = required(historyLeg.history);
  if (!history.complete) {
    caveats.push({ code: 'history_truncated', message: `The wallet has more transactions in the window than one call reads; trades before ${iso(history.oldestRead ?? startTs)} are not counted.` });
  }

  const { swaps, unparsed } = swapsOf(history.transactions, address, nowTs);

  const solTimes = solPricedTimestamps(swaps);
  const priceLeg = await gatherLegs({ sol_prices: async () => (solTimes.length > 0 ? solPricesAt(ctx.sources.defillama, solTimes, ctx.signal) : null) });
  const solPrices = optional(priceLeg.sol_prices, caveats, 'Historical SOL prices (SOL-quoted trades are excluded, never valued at today\'s price)');
  const { valued, ledger, metrics } = walletTrades(swaps, priceLeg.sol_prices.ok ? (t) => solPrices?.at(t) ?? null : null);

  if (!metrics.sufficient_data) {
    caveats.push({ code: 'insufficient_data', message: `${metrics.pnl.closed_trades} closed trade(s) in the last ${lookbackDays} days, fewer than the ${metrics.min_closed_trades} needed: win rate, Sharpe, Sortino, drawdown, profit factor and consistency are null, not estimated.` });
  }
  const unmatchedUsd = ledger.unmatched.reduce((s, u) => s + u.proceedsUsd, 0);
  if (ledger.unmatched.length > 0) {
    caveats.push({ code: 'unmatched_sells', message: `${ledger.unmatched.length} sell(s) worth $${round2(unmatchedUsd)} had no buy in the window (bought earlier or received): no cost basis, not counted as profit.` });
  }
  const skipped = valued.no_anchor + valued.unpriced + unparsed;
  if (skipped > 0) {
    caveats.push({ code: 'swaps_skipped', message: `${skipped} swap(s) left out: ${valued.no_anchor} token-to-token (no USD anchor), ${valued.unpriced} without a SOL price at their time, ${unparsed} not one-asset-for-one-asset.` });
  }

  const fills = valued.fills;
  const data: Record<string, unknown> = {
    address,
    lookback_days: lookbackDays,
    window: { from_at: iso(startTs), to_at: iso(nowTs) },
    ...metrics,
    activity: {
      transactions_read: history.transactions.length,
      history_complete: history.complete,
      swaps: swaps.length + unparsed,
      fills: fills.length,
      buys: fills.filter((f) => f.side === 'buy').length,
      sells: fills.filter((f) => f.side === 'sell').length,
      stable_quoted: fills.filter((f) => f.quote === 'stable').length,
      sol_quoted: fills.filter((f) => f.quote === 'sol').length,
      conversions: valued.conversions,
      no_usd_anchor: valued.no_anchor,
      unparsed_swaps: unparsed,
      unpriced_sol_swaps: valued.unpriced,
      excluded_sol_swaps: valued.sol_excluded,
    },
    unmatched_sells: { count: ledger.unmatched.length, proceeds_usd: round2(unmatchedUsd) },
    open_positions: ledger.open.slice(0, MAX_OPEN_LISTED).map((o) => ({ mint: o.mint, amount_ui: roundSig(o.amount), cost_basis_usd: round2(o.costUsd), opened_at: iso(o.openedAt) })),
    trades: ledger.trades.slice(-MAX_TRADES_LISTED).reverse().map((t) => ({
      signature: t.signature, mint: t.mint, quote: t.quote, opened_at: iso(t.openedAt), closed_at: iso(t.closedAt), amount_ui: roundSig(t.amount),
      cost_usd: round2(t.costUsd), proceeds_usd: round2(t.proceedsUsd), pnl_usd: round2(t.pnlUsd), return_pct: round2(t.return * 100),
    })),
  };
  return { data, caveats, next_steps: nextSteps(address, lookbackDays, metrics.sufficient_data), timings: legTimings({ ...historyLeg, ...priceLeg }) };
}

function nextSteps(address: string, lookbackDays: number, sufficient: boolean): NextStep[] {
  const steps: NextStep[] = [];
  if (!sufficient && lookbackDays < 90) steps.push({ endpoint: 'copy-trade-signals', input: { address, lookback_days: 90 }, reason: 'The longest window may hold enough closed trades for the ratios' });
  steps.push({ endpoint: 'enrich-wallet-full', input: { address }, reason: 'Holdings, behaviour labels and risk of the wallet before copying it' });
  steps.push({ endpoint: 'wallet-graph', input: { address }, reason: 'Who it trades with: clusters and funders behind the wallet' });
  return steps;
}
