/**
 * Copy-trade metrics of a wallet: realized trading PnL and the ratios a copier judges it by, from the
 * closed trades of a FIFO ledger (copy-trade-ledger.ts). Pure: no I/O, no clock.
 *
 * Trades. Each closing sell (its matched part) is one trade i with cost c_i, proceeds p_i (USD at
 * trade time), pnl_i = p_i − c_i and return r_i = pnl_i / c_i. n = number of closed trades. A trade
 * wins when pnl_i > 0 and loses when pnl_i < 0 (exactly 0 is breakeven, neither).
 *
 * Formulas (per trade, NOT annualised — trades are not evenly spaced in time, so a per-period
 * annualisation factor would be invented):
 *  - realized PnL = Σ pnl_i (USD).
 *  - win rate = wins / n × 100.
 *  - Sharpe = mean(r) / std(r), std the sample standard deviation (divisor n − 1), risk-free rate 0.
 *    Null when std = 0 (reason `zero_dispersion`).
 *  - Sortino = mean(r) / DD, DD = sqrt(Σ min(r_i, 0)² / n) (downside deviation, target return 0,
 *    divisor n). Null when no trade lost (reason `no_downside`).
 *  - Max drawdown on the realized equity curve E_0 = B, E_k = B + Σ_{i ≤ k} pnl_i (trades in closing
 *    order). B, the starting basis, is the peak capital deployed: the largest total cost of open lots
 *    at any moment of the window (what the wallet actually had at risk). Drawdown at k = P_k − E_k with
 *    P_k = max_{j ≤ k} E_j. The max drawdown is ONE episode: the deepest peak-to-trough fall in USD over
 *    the window, k* = argmax_k (P_k − E_k) (the first on a tie); its USD = P_k* − E_k*, its peak P_k*, its
 *    trough E_k*, and its percent = that USD ÷ that peak × 100 — never a percent taken from another
 *    (shallower in USD, deeper in percent) episode. 0 when the curve never falls.
 *  - Profit factor = gross profit / gross loss (Σ of positive pnl / |Σ of negative pnl|). Null when
 *    nothing lost (reason `no_losses`: it would be infinite).
 *  - Consistency = share of active UTC days (days with at least one closing sell) whose summed
 *    realized PnL is > 0, × 100.
 *
 * Minimum sample: below MIN_CLOSED_TRADES closed trades every ratio (win rate, Sharpe, Sortino, max
 * drawdown, profit factor, consistency) is null with reason `insufficient_data` — with 2 trades a
 * "75 % win rate" or a Sharpe of 3 is noise, not a signal. Realized PnL and the trade counts are facts
 * and are always reported. Every ratio carries its inputs (n, mean, std, …) so it can be checked.
 *
 * Performance label: `insufficient_data` below the minimum; `profitable` when realized PnL > 0 and
 * mean return > 0; `losing` when realized PnL < 0 and mean return < 0; `mixed` otherwise (e.g. many
 * small wins and one large loss).
 */
import type { ClosedTrade, LedgerResult } from './copy-trade-ledger.js';
import { round2, round4 } from './round.js';

export const MIN_CLOSED_TRADES = 5;
const DAY = 86_400;

export type RatioReason = 'insufficient_data' | 'zero_dispersion' | 'no_downside' | 'no_losses';

// ------------------------------------------------------------------ raw formulas (unrounded)

export function mean(xs: readonly number[]): number | null {
  return xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length;
}

/** Sample standard deviation (divisor n − 1); null below 2 values. */
export function sampleStd(xs: readonly number[]): number | null {
  const m = mean(xs);
  if (m === null || xs.length < 2) return null;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Downside deviation against a target of 0 (divisor n); null for an empty series. */
export function downsideDeviation(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  return Math.sqrt(xs.reduce((s, x) => s + Math.min(x, 0) ** 2, 0) / xs.length);
}

export interface RawRatio {
  value: number | null;
  reason: RatioReason | null;
}

export function sharpeRatio(returns: readonly number[]): RawRatio & { mean: number | null; std: number | null } {
  const m = mean(returns);
  const std = sampleStd(returns);
  if (m === null || std === null) return { value: null, reason: 'insufficient_data', mean: m, std };
  if (std === 0) return { value: null, reason: 'zero_dispersion', mean: m, std };
  return { value: m / std, reason: null, mean: m, std };
}

export function sortinoRatio(returns: readonly number[]): RawRatio & { mean: number | null; downside: number | null } {
  const m = mean(returns);
  const dd = downsideDeviation(returns);
  if (m === null || dd === null) return { value: null, reason: 'insufficient_data', mean: m, downside: dd };
  if (dd === 0) return { value: null, reason: 'no_downside', mean: m, downside: dd };
  return { value: m / dd, reason: null, mean: m, downside: dd };
}

export interface PnlPoint {
  pnl: number;
  /** Unix seconds. */
  at: number;
}

export interface Drawdown {
  usd: number;
  /** null when the basis is not positive (no capital to measure against). */
  pct: number | null;
  peakEquity: number;
  troughEquity: number;
  /** When the peak before the deepest trough was reached (null = the starting basis). */
  peakAt: number | null;
  troughAt: number | null;
}

/**
 * Max drawdown of the equity curve B + cumulative PnL (points in closing order): the deepest fall in USD
 * from a running peak. Amount, peak, trough and percent all describe that one episode (percent = amount ÷
 * its peak × 100), so a reader can recompute one from the others.
 */
export function maxDrawdown(points: readonly PnlPoint[], basis: number): Drawdown {
  let equity = basis;
  let peak = basis;
  let peakAt: number | null = null;
  let deepest = { usd: 0, peakEquity: basis, troughEquity: basis, peakAt: null as number | null, troughAt: null as number | null };
  for (const p of points) {
    equity += p.pnl;
    if (equity > peak) {
      peak = equity;
      peakAt = p.at;
      continue;
    }
    const usd = peak - equity;
    if (usd > deepest.usd) deepest = { usd, peakEquity: peak, troughEquity: equity, peakAt, troughAt: p.at };
  }
  return { ...deepest, pct: basis > 0 ? (deepest.usd / deepest.peakEquity) * 100 : null };
}

export function profitFactor(pnls: readonly number[]): RawRatio & { grossProfit: number; grossLoss: number } {
  const grossProfit = pnls.filter((p) => p > 0).reduce((s, p) => s + p, 0);
  const grossLoss = -pnls.filter((p) => p < 0).reduce((s, p) => s + p, 0);
  if (grossLoss === 0) return { value: null, reason: 'no_losses', grossProfit, grossLoss };
  return { value: grossProfit / grossLoss, reason: null, grossProfit, grossLoss };
}

/** Share (0–100) of active UTC days with positive summed PnL. */
export function consistency(points: readonly PnlPoint[]): RawRatio & { activeDays: number; positiveDays: number } {
  const byDay = new Map<number, number>();
  for (const p of points) byDay.set(Math.floor(p.at / DAY), (byDay.get(Math.floor(p.at / DAY)) ?? 0) + p.pnl);
  const activeDays = byDay.size;
  const positiveDays = [...byDay.values()].filter((v) => v > 0).length;
  if (activeDays === 0) return { value: null, reason: 'insufficient_data', activeDays, positiveDays };
  return { value: (positiveDays / activeDays) * 100, reason: null, activeDays, positiveDays };
}

// ------------------------------------------------------------------ the report (rounded, minimum enforced)

export type Performance = 'profitable' | 'losing' | 'mixed' | 'insufficient_data';

export interface CopyTradeMetrics {
  performance: Performance;
  sufficient_data: boolean;
  min_closed_trades: number;
  pnl: {
    realized_pnl_usd: number;
    gross_profit_usd: number;
    gross_loss_usd: number;
    cost_basis_usd: number;
    /** realized PnL / Σ cost × 100; null without closed trades. */
    return_on_cost_pct: number | null;
    closed_trades: number;
    wins: number;
    losses: number;
    breakeven: number;
  };
  win_rate: { value_pct: number | null; reason: RatioReason | null; n: number; wins: number };
  sharpe: { value: number | null; reason: RatioReason | null; n: number; mean_return_pct: number | null; std_return_pct: number | null };
  sortino: { value: number | null; reason: RatioReason | null; n: number; mean_return_pct: number | null; downside_deviation_pct: number | null };
  max_drawdown: {
    /** Which drawdown: the deepest peak-to-trough fall in USD over the window (amount, peak and percent of that one episode). */
    measure: 'max_peak_to_trough';
    value_usd: number | null;
    value_pct: number | null;
    reason: RatioReason | null;
    equity_basis_usd: number;
    peak_equity_usd: number | null;
    trough_equity_usd: number | null;
    peak_at: string | null;
    trough_at: string | null;
  };
  profit_factor: { value: number | null; reason: RatioReason | null; gross_profit_usd: number; gross_loss_usd: number };
  consistency: { value_pct: number | null; reason: RatioReason | null; active_days: number; positive_days: number };
}

const pct = (x: number | null) => (x === null ? null : round2(x * 100));
const iso = (t: number | null) => (t === null ? null : new Date(t * 1000).toISOString());
const r4 = (x: number | null) => (x === null ? null : round4(x));

function performanceOf(sufficient: boolean, pnl: number, meanReturn: number | null): Performance {
  if (!sufficient) return 'insufficient_data';
  if (pnl > 0 && meanReturn !== null && meanReturn > 0) return 'profitable';
  if (pnl < 0 && meanReturn !== null && meanReturn < 0) return 'losing';
  return 'mixed';
}

export function copyTradeMetrics(ledger: Pick<LedgerResult, 'trades' | 'peakCapitalUsd'>): CopyTradeMetrics {
  const trades: readonly ClosedTrade[] = ledger.trades;
  const n = trades.length;
  const sufficient = n >= MIN_CLOSED_TRADES;
  const gate = (reason: RatioReason | null): RatioReason | null => (sufficient ? reason : 'insufficient_data');
  const returns = trades.map((t) => t.return);
  const pnls = trades.map((t) => t.pnlUsd);
  const points = trades.map((t) => ({ pnl: t.pnlUsd, at: t.closedAt }));
  const realized = pnls.reduce((s, p) => s + p, 0);
  const cost = trades.reduce((s, t) => s + t.costUsd, 0);
  const wins = pnls.filter((p) => p > 0).length;
  const losses = pnls.filter((p) => p < 0).length;

  const sharpe = sharpeRatio(returns);
  const sortino = sortinoRatio(returns);
  const pf = profitFactor(pnls);
  const dd = maxDrawdown(points, ledger.peakCapitalUsd);
  const cons = consistency(points);

  return {
    performance: performanceOf(sufficient, realized, sharpe.mean),
    sufficient_data: sufficient,
    min_closed_trades: MIN_CLOSED_TRADES,
    pnl: {
      realized_pnl_usd: round2(realized),
      gross_profit_usd: round2(pf.grossProfit),
      gross_loss_usd: round2(pf.grossLoss),
      cost_basis_usd: round2(cost),
      return_on_cost_pct: cost > 0 ? round2((realized / cost) * 100) : null,
      closed_trades: n,
      wins,
      losses,
      breakeven: n - wins - losses,
    },
    win_rate: { value_pct: sufficient ? round2((wins / n) * 100) : null, reason: gate(null), n, wins },
    sharpe: { value: sufficient ? r4(sharpe.value) : null, reason: gate(sharpe.reason), n, mean_return_pct: pct(sharpe.mean), std_return_pct: pct(sharpe.std) },
    sortino: { value: sufficient ? r4(sortino.value) : null, reason: gate(sortino.reason), n, mean_return_pct: pct(sortino.mean), downside_deviation_pct: pct(sortino.downside) },
    max_drawdown: {
      measure: 'max_peak_to_trough',
      value_usd: sufficient ? round2(dd.usd) : null,
      // From the rounded amount and peak shown, so value_usd ÷ peak_equity_usd × 100 recomputes it to the cent.
      value_pct: sufficient && dd.pct !== null && round2(dd.peakEquity) > 0 ? round2((round2(dd.usd) / round2(dd.peakEquity)) * 100) : null,
      reason: gate(null),
      equity_basis_usd: round2(ledger.peakCapitalUsd),
      peak_equity_usd: sufficient ? round2(dd.peakEquity) : null,
      trough_equity_usd: sufficient ? round2(dd.troughEquity) : null,
      peak_at: sufficient ? iso(dd.peakAt) : null,
      trough_at: sufficient ? iso(dd.troughAt) : null,
    },
    profit_factor: { value: sufficient ? r4(pf.value) : null, reason: gate(pf.reason), gross_profit_usd: round2(pf.grossProfit), gross_loss_usd: round2(pf.grossLoss) },
    consistency: { value_pct: sufficient && cons.value !== null ? round2(cons.value) : null, reason: gate(cons.reason), active_days: cons.activeDays, positive_days: cons.positiveDays },
  };
}

