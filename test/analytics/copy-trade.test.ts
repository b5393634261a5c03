/**
 * Copy-trade analytics on hand-computed series: the FIFO ledger (partial fills, unmatched sells, float
 * tolerance, open positions, peak capital), every ratio's exact value and its null reasons, the
 * minimum-trades boundary, the performance label, and trade-time valuation of swaps.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fifoLedger, type ClosedTrade, type Fill } from '../../src/analytics/copy-trade-ledger.js';
import {
  MIN_CLOSED_TRADES,
  consistency,
  copyTradeMetrics,
  maxDrawdown,
  profitFactor,
  sharpeRatio,
  sortinoRatio,
} from '../../src/analytics/copy-trade.js';
import { USDC_MINT, USDT_MINT, WSOL_MINT, solPricedTimestamps, valueSwaps, type WalletSwap } from '../../src/analytics/copy-trade-valuation.js';

const DAY = 86_400;
const T0 = 1_750_032_000; // 2025-06-16T00:00:00Z, a UTC midnight
const close = (a: number, b: number, eps = 1e-9) => assert.ok(Math.abs(a - b) <= eps, `${a} ≈ ${b}`);

let seq = 0;
const buy = (mint: string, amount: number, usd: number, t: number): Fill => ({ signature: `b${seq++}`, timestamp: t, side: 'buy', mint, amount, usd, quote: 'stable' });
const sell = (mint: string, amount: number, usd: number, t: number): Fill => ({ signature: `s${seq++}`, timestamp: t, side: 'sell', mint, amount, usd, quote: 'sol' });

/** Closed trades with the given returns and PnLs, one per day from T0. */
function tradesOf(rows: [pnl: number, cost: number][], spacing = DAY): ClosedTrade[] {
  return rows.map(([pnl, cost], i) => ({
    mint: 'TOK', signature: `t${i}`, openedAt: T0 + i * spacing, closedAt: T0 + i * spacing + 3600, amount: 1,
    costUsd: cost, proceedsUsd: cost + pnl, pnlUsd: pnl, return: pnl / cost, quote: 'stable',
  }));
}

describe('FIFO ledger', () => {
  it('a sell consumes the oldest lots first, pro rata inside a partly consumed lot', () => {
    const r = fifoLedger([buy('A', 10, 100, T0), buy('A', 10, 200, T0 + 10), sell('A', 15, 300, T0 + 20), sell('A', 5, 50, T0 + 30)]);
    assert.equal(r.trades.length, 2);
    // 10 from the $100 lot + 5 of the $200 lot ($100) = $200 cost for $300.
    const [first, second] = r.trades;
    close(first!.costUsd, 200);
    close(first!.proceedsUsd, 300);
    close(first!.pnlUsd, 100);
    close(first!.return, 0.5);
    assert.equal(first!.openedAt, T0);
    assert.equal(first!.closedAt, T0 + 20);
    // The other half of the second lot: $100 cost for $50.
    close(second!.costUsd, 100);
    close(second!.pnlUsd, -50);
    close(second!.return, -0.5);
    assert.equal(second!.openedAt, T0 + 10);
    assert.deepEqual(r.unmatched, []);
    assert.deepEqual(r.open, []);
  });

  it('the part of a sell without a lot is unmatched (no cost basis), never profit', () => {
    const r = fifoLedger([buy('A', 2, 20, T0), sell('A', 5, 100, T0 + 1), sell('B', 3, 30, T0 + 2)]);
    assert.equal(r.trades.length, 1);
    close(r.trades[0]!.amount, 2);
    close(r.trades[0]!.proceedsUsd, 40);
    close(r.trades[0]!.pnlUsd, 20);
    assert.equal(r.unmatched.length, 2);
    close(r.unmatched[0]!.amount, 3);
    close(r.unmatched[0]!.proceedsUsd, 60);
    assert.equal(r.unmatched[1]!.mint, 'B');
    close(r.unmatched[1]!.proceedsUsd, 30);
  });

  it('float noise is not an unmatched sale; a real excess is', () => {
    const noise = fifoLedger([buy('A', 1, 10, T0), sell('A', 1 + 1e-9, 12, T0 + 1)]);
    assert.equal(noise.unmatched.length, 0);
    close(noise.trades[0]!.pnlUsd, 2);
    const excess = fifoLedger([buy('A', 1, 10, T0), sell('A', 1.001, 12, T0 + 1)]);
    assert.equal(excess.unmatched.length, 1);
  });

  it('sorts by time, keeps tokens apart, reports open positions and the peak capital at work', () => {
    const r = fifoLedger([
      buy('B', 5, 50, T0 + 40),
      sell('A', 15, 300, T0 + 20),
      buy('A', 10, 100, T0),
      buy('A', 10, 200, T0 + 10),
    ]);
    assert.equal(r.trades.length, 1);
    // Open: 5 A ($100 of cost left), then 5 B ($50). Peak: $300 open before the sell.
    assert.equal(r.open.length, 2);
    assert.equal(r.open[0]!.mint, 'A');
    close(r.open[0]!.amount, 5);
    close(r.open[0]!.costUsd, 100);
    assert.equal(r.open[0]!.openedAt, T0 + 10);
    close(r.open[1]!.costUsd, 50);
    close(r.peakCapitalUsd, 300);
  });

  it('ignores fills without a positive amount or value', () => {
    const r = fifoLedger([buy('A', 0, 10, T0), buy('A', 1, 0, T0), sell('A', 1, 5, T0 + 1)]);
    assert.equal(r.trades.length, 0);
    assert.equal(r.unmatched.length, 1);
  });
});

describe('ratios on a hand-computed series', () => {
  // Returns 10 %, −5 %, 20 %, −10 %, 5 %: mean 4 %; squared deviations .0036 .0081 .0256 .0196 .0001
  // = .057; sample variance .057 / 4 = .01425; std .1193734; Sharpe = .04 / .1193734 = .3350831.
  // Downside: (.05² + .10²) / 5 = .0025 → DD = .05; Sortino = .04 / .05 = 0.8.
  const returns = [0.1, -0.05, 0.2, -0.1, 0.05];

  it('Sharpe = mean / sample std', () => {
    const s = sharpeRatio(returns);
    close(s.mean!, 0.04, 1e-15);
    close(s.std!, Math.sqrt(0.01425), 1e-15);
    close(s.value!, 0.04 / Math.sqrt(0.01425), 1e-12);
    close(s.value!, 0.3350831, 1e-7);
  });

  it('Sortino = mean / downside deviation (target 0, divisor n)', () => {
    const s = sortinoRatio(returns);
    close(s.downside!, 0.05, 1e-15);
    close(s.value!, 0.8, 1e-12);
  });

  it('null reasons: one return, no dispersion, no downside', () => {
    assert.deepEqual(sharpeRatio([0.1]).reason, 'insufficient_data');
    assert.equal(sharpeRatio([0.1, 0.1]).reason, 'zero_dispersion');
    assert.equal(sharpeRatio([0.1, 0.1]).value, null);
    assert.equal(sortinoRatio([0.1, 0.2]).reason, 'no_downside');
    assert.equal(sortinoRatio([]).reason, 'insufficient_data');
  });

  it('max drawdown on the equity curve from the basis', () => {
    // Basis 1000; PnL 100, −50, 30, −120, 200 → equity 1100, 1050, 1080, 960, 1160.
    const pts = [100, -50, 30, -120, 200].map((pnl, i) => ({ pnl, at: T0 + i }));
    const dd = maxDrawdown(pts, 1000);
    close(dd.usd, 140);
    close(dd.pct!, (140 / 1100) * 100, 1e-12);
    assert.equal(dd.peakEquity, 1100);
    assert.equal(dd.troughEquity, 960);
    assert.equal(dd.peakAt, T0);
    assert.equal(dd.troughAt, T0 + 3);
    // A fall from the basis itself: the peak is the start.
    const fromStart = maxDrawdown([{ pnl: -200, at: T0 }, { pnl: 50, at: T0 + 1 }], 1000);
    close(fromStart.usd, 200);
    close(fromStart.pct!, 20);
    assert.equal(fromStart.peakAt, null);
    // Never falling: 0; a zero basis: no percentage.
    assert.equal(maxDrawdown([{ pnl: 5, at: T0 }], 100).usd, 0);
    assert.equal(maxDrawdown([{ pnl: 5, at: T0 }], 0).pct, null);
  });

  it('amount, peak and percent describe one episode: the deepest in USD, its percent of its own peak', () => {
    // Basis 100: 100 → 50 (−50 %, $50), then up to 1000 and down to 900 (−10 %, $100). The deepest fall in
    // USD is the second; its percent is 100 / 1000 = 10 %, not the first episode's 50 %.
    const dd = maxDrawdown([{ pnl: -50, at: T0 }, { pnl: 950, at: T0 + 1 }, { pnl: -100, at: T0 + 2 }], 100);
    close(dd.usd, 100);
    assert.deepEqual([dd.peakEquity, dd.troughEquity, dd.peakAt, dd.troughAt], [1000, 900, T0 + 1, T0 + 2]);
    close(dd.pct!, 10);
    close(dd.pct!, (dd.usd / dd.peakEquity) * 100, 1e-12);
  });

  it('copyTradeMetrics: the drawdown percent recomputes from the amount and peak shown (the same episode)', () => {
    // Basis 100: 100 → 95 (a $5 fall, 5 % of its 100 peak), up to 995, down to 985 (a $10 fall, 1.01 % of
    // its 995 peak), then 986, 987. The deepest fall in USD is the second: $10 from 995, so 10 / 995 = 1.01 %
    // — not the first episode's 5 % beside the second's $10.
    const m = copyTradeMetrics({ trades: tradesOf([[-5, 100], [900, 100], [-10, 100], [1, 100], [1, 100]]), peakCapitalUsd: 100 });
    assert.equal(m.max_drawdown.measure, 'max_peak_to_trough');
    assert.deepEqual([m.max_drawdown.value_usd, m.max_drawdown.peak_equity_usd, m.max_drawdown.trough_equity_usd], [10, 995, 985]);
    assert.equal(m.max_drawdown.value_pct, 1.01);
    assert.equal(m.max_drawdown.value_pct, Math.round((m.max_drawdown.value_usd! / m.max_drawdown.peak_equity_usd!) * 10_000) / 100);
  });

  it('profit factor = gross profit / gross loss; null without losses', () => {
    const pf = profitFactor([100, -50, 30, -120, 200]);
    close(pf.value!, 330 / 170, 1e-12);
    assert.equal(pf.grossProfit, 330);
    assert.equal(pf.grossLoss, 170);
    const none = profitFactor([10, 0, 5]);
    assert.equal(none.value, null);
    assert.equal(none.reason, 'no_losses');
  });

  it('consistency = share of active UTC days with positive summed PnL', () => {
    // Day 0: +10 −4 → +6; day 1: −3; day 2: +1 −1 → 0 (not positive); day 3: +2.
    const c = consistency([
      { pnl: 10, at: T0 + 100 }, { pnl: -4, at: T0 + DAY - 1 },
      { pnl: -3, at: T0 + DAY },
      { pnl: 1, at: T0 + 2 * DAY + 5 }, { pnl: -1, at: T0 + 2 * DAY + 9 },
      { pnl: 2, at: T0 + 3 * DAY },
    ]);
    assert.equal(c.activeDays, 4);
    assert.equal(c.positiveDays, 2);
    assert.equal(c.value, 50);
    assert.equal(consistency([]).value, null);
  });
});

describe('the report: rounding, minimum closed trades, performance label', () => {
  const series: [number, number][] = [[10, 100], [-5, 100], [20, 100], [-10, 100], [5, 100]];

  it('at the minimum (5 trades) every ratio is present, rounded, with its inputs', () => {
    assert.equal(MIN_CLOSED_TRADES, 5);
    const m = copyTradeMetrics({ trades: tradesOf(series), peakCapitalUsd: 1000 });
    assert.equal(m.sufficient_data, true);
    assert.equal(m.performance, 'profitable');
    assert.deepEqual(m.pnl, {
      realized_pnl_usd: 20, gross_profit_usd: 35, gross_loss_usd: 15, cost_basis_usd: 500, return_on_cost_pct: 4,
      closed_trades: 5, wins: 3, losses: 2, breakeven: 0,
    });
    assert.deepEqual(m.win_rate, { value_pct: 60, reason: null, n: 5, wins: 3 });
    assert.deepEqual(m.sharpe, { value: 0.3351, reason: null, n: 5, mean_return_pct: 4, std_return_pct: 11.94 });
    assert.deepEqual(m.sortino, { value: 0.8, reason: null, n: 5, mean_return_pct: 4, downside_deviation_pct: 5 });
    // Equity 1000 → 1010, 1005, 1025, 1015, 1020: deepest fall 1025 → 1015.
    assert.equal(m.max_drawdown.value_usd, 10);
    assert.equal(m.max_drawdown.value_pct, 0.98); // 10 / 1025 = 0.9756 %
    assert.equal(m.max_drawdown.equity_basis_usd, 1000);
    assert.equal(m.max_drawdown.peak_equity_usd, 1025);
    assert.equal(m.max_drawdown.trough_equity_usd, 1015);
    assert.equal(m.max_drawdown.peak_at, new Date((T0 + 2 * DAY + 3600) * 1000).toISOString());
    assert.equal(m.max_drawdown.trough_at, new Date((T0 + 3 * DAY + 3600) * 1000).toISOString());
    assert.equal(m.profit_factor.value, 2.3333);
    assert.deepEqual(m.consistency, { value_pct: 60, reason: null, active_days: 5, positive_days: 3 });
  });

  it('one trade below the minimum: every ratio null with reason insufficient_data; PnL and counts still reported', () => {
    const m = copyTradeMetrics({ trades: tradesOf(series.slice(0, 4)), peakCapitalUsd: 1000 });
    assert.equal(m.sufficient_data, false);
    assert.equal(m.performance, 'insufficient_data');
    assert.equal(m.pnl.realized_pnl_usd, 15);
    assert.equal(m.pnl.closed_trades, 4);
    for (const ratio of [m.win_rate.value_pct, m.sharpe.value, m.sortino.value, m.max_drawdown.value_usd, m.max_drawdown.value_pct, m.profit_factor.value, m.consistency.value_pct]) assert.equal(ratio, null);
    for (const reason of [m.win_rate.reason, m.sharpe.reason, m.sortino.reason, m.max_drawdown.reason, m.profit_factor.reason, m.consistency.reason]) assert.equal(reason, 'insufficient_data');
    // The inputs stay visible.
    assert.equal(m.sharpe.n, 4);
    assert.equal(m.sharpe.mean_return_pct, 3.75);
  });

  it('no trades at all: zeros for the facts, nulls for the ratios', () => {
    const m = copyTradeMetrics({ trades: [], peakCapitalUsd: 0 });
    assert.equal(m.pnl.realized_pnl_usd, 0);
    assert.equal(m.pnl.return_on_cost_pct, null);
    assert.equal(m.sharpe.mean_return_pct, null);
    assert.equal(m.performance, 'insufficient_data');
  });

  it('reasons other than the sample size survive the minimum', () => {
    const allWins = copyTradeMetrics({ trades: tradesOf([[1, 10], [2, 10], [3, 10], [4, 10], [5, 10]]), peakCapitalUsd: 10 });
    assert.equal(allWins.sortino.reason, 'no_downside');
    assert.equal(allWins.profit_factor.reason, 'no_losses');
    assert.equal(allWins.profit_factor.value, null);
    assert.equal(allWins.max_drawdown.value_usd, 0);
    const flat = copyTradeMetrics({ trades: tradesOf([[1, 10], [1, 10], [1, 10], [1, 10], [1, 10]]), peakCapitalUsd: 10 });
    assert.equal(flat.sharpe.reason, 'zero_dispersion');
  });

  it('labels: losing, and mixed when PnL and mean return disagree', () => {
    const losing = copyTradeMetrics({ trades: tradesOf([[-10, 100], [5, 100], [-20, 100], [-1, 100], [-3, 100]]), peakCapitalUsd: 100 });
    assert.equal(losing.performance, 'losing');
    // Four +10 % wins on $10 and one −5 % loss on $1000: mean return +7 %, PnL −$46.
    const mixed = copyTradeMetrics({ trades: tradesOf([[1, 10], [1, 10], [1, 10], [1, 10], [-50, 1000]]), peakCapitalUsd: 1000 });
    assert.equal(mixed.pnl.realized_pnl_usd, -46);
    assert.equal(mixed.performance, 'mixed');
  });
});

describe('trade-time valuation of swaps', () => {
  const TOKEN = 'TokenMint1111111111111111111111111111111111';
  const swap = (i: number, sold: [string, number], bought: [string, number]): WalletSwap => ({
    signature: `x${i}`, timestamp: T0 + i * 60, sold: { mint: sold[0], amount: sold[1] }, bought: { mint: bought[0], amount: bought[1] },
  });
  const swaps = [
    swap(0, [USDC_MINT, 250], [TOKEN, 1000]), // buy with USDC: $250
    swap(1, [TOKEN, 400], [WSOL_MINT, 2]), // sell for SOL: 2 × SOL price at its time
    swap(2, [WSOL_MINT, 1], [USDT_MINT, 150]), // conversion
    swap(3, [TOKEN, 10], ['Other111111111111111111111111111111111111111', 5]), // no anchor
    swap(4, [WSOL_MINT, 3], [TOKEN, 900]), // buy with SOL, price unknown
  ];
  const prices = new Map([[T0 + 60, 140]]);

  it('stable legs at $1, SOL legs at the SOL price of their own timestamp; the token leg through the cash leg', () => {
    const v = valueSwaps(swaps, (t) => prices.get(t) ?? null);
    assert.deepEqual(v.fills, [
      { signature: 'x0', timestamp: T0, side: 'buy', mint: TOKEN, amount: 1000, usd: 250, quote: 'stable' },
      { signature: 'x1', timestamp: T0 + 60, side: 'sell', mint: TOKEN, amount: 400, usd: 280, quote: 'sol' },
    ]);
    assert.equal(v.conversions, 1);
    assert.equal(v.no_anchor, 1);
    assert.equal(v.unpriced, 1);
    assert.equal(v.sol_excluded, 0);
  });

  it('a failed price source excludes SOL-quoted swaps (never priced at another moment)', () => {
    const v = valueSwaps(swaps, null);
    assert.deepEqual(v.fills.map((f) => f.signature), ['x0']);
    assert.equal(v.sol_excluded, 2);
    assert.equal(v.unpriced, 0);
  });

  it('asks the SOL price only for SOL-quoted trades', () => {
    assert.deepEqual(solPricedTimestamps(swaps), [T0 + 60, T0 + 240]);
  });
});
