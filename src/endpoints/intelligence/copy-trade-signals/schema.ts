/**
 * Output schema of `copy-trade-signals` (units as /docs states them under "Units and conventions": money
 * `*_usd`, `*_pct` 0–100, times ISO `*_at`; ratios are plain numbers with 4 decimals; null = not computable,
 * with a `reason`). Formulas: src/analytics/copy-trade.ts and docs/copy-trade.md.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';

const Reason = Nullable(Type.String({
  enum: ['insufficient_data', 'zero_dispersion', 'no_downside', 'no_losses'],
  description: 'Why the value is null: fewer closed trades than min_closed_trades, all returns equal, no losing trade (Sortino), no loss (profit factor)',
}));

export const CopyTradeSchema = Open({
  address: Type.String(),
  lookback_days: Type.Number(),
  window: Open({ from_at: Type.String(), to_at: Type.String() }, 'Trades in [from_at, to_at] count; a sell of tokens bought before from_at has no cost basis (unmatched)'),
  performance: Type.String({
    enum: ['profitable', 'losing', 'mixed', 'insufficient_data'],
    description: 'profitable = realized PnL > 0 and mean return > 0; losing = both < 0; mixed otherwise; insufficient_data below min_closed_trades',
  }),
  sufficient_data: Type.Boolean({ description: 'closed trades ≥ min_closed_trades; when false every ratio is null' }),
  min_closed_trades: Type.Integer(),
  pnl: Open({
    realized_pnl_usd: Type.Number({ description: 'Σ (proceeds − FIFO cost) of closed trades, USD at trade time' }),
    gross_profit_usd: Type.Number(),
    gross_loss_usd: Type.Number({ description: 'Positive number' }),
    cost_basis_usd: Type.Number({ description: 'Σ cost of the closed trades' }),
    return_on_cost_pct: Nullable(Type.Number({ description: 'realized PnL / cost basis × 100' })),
    closed_trades: Type.Integer({ description: 'Closing sells with a cost basis (their matched part)' }),
    wins: Type.Integer(),
    losses: Type.Integer(),
    breakeven: Type.Integer(),
  }, 'Realized trading PnL (a fact, reported whatever the sample size)'),
  win_rate: Open({ value_pct: Nullable(Type.Number({ description: 'wins / closed trades × 100' })), reason: Reason, n: Type.Integer(), wins: Type.Integer() }),
  sharpe: Open({
    value: Nullable(Type.Number({ description: 'mean(r) / sample std(r) of per-trade returns r = pnl / cost; per trade, not annualised; risk-free 0' })),
    reason: Reason,
    n: Type.Integer(),
    mean_return_pct: Nullable(Type.Number()),
    std_return_pct: Nullable(Type.Number()),
  }),
  sortino: Open({
    value: Nullable(Type.Number({ description: 'mean(r) / downside deviation, DD = sqrt(Σ min(r, 0)² / n), target 0; per trade' })),
    reason: Reason,
    n: Type.Integer(),
    mean_return_pct: Nullable(Type.Number()),
    downside_deviation_pct: Nullable(Type.Number()),
  }),
  max_drawdown: Open({
    measure: Type.String({ enum: ['max_peak_to_trough'], description: 'Which drawdown: the deepest peak-to-trough fall in USD of the realized equity curve over the window (not the current one); every field below describes that one episode' }),
    value_usd: Nullable(Type.Number({ description: 'That episode\'s fall: peak_equity_usd − trough_equity_usd' })),
    value_pct: Nullable(Type.Number({ description: 'The same episode\'s fall in percent of its own peak: value_usd ÷ peak_equity_usd × 100 (2 decimals, from the rounded figures shown); above 100 when the losses exceed that peak equity (the wallet kept re-deploying fresh capital)' })),
    reason: Reason,
    equity_basis_usd: Type.Number({ description: 'Starting equity of the curve: the peak capital deployed (largest total cost of open lots at any moment)' }),
    peak_equity_usd: Nullable(Type.Number({ description: 'The running peak the episode fell from' })),
    trough_equity_usd: Nullable(Type.Number({ description: 'The episode\'s lowest equity' })),
    peak_at: Nullable(Type.String({ description: 'When that peak was reached; null when the peak is the starting basis' })),
    trough_at: Nullable(Type.String({ description: 'When that trough was reached' })),
  }),
  profit_factor: Open({ value: Nullable(Type.Number({ description: 'gross profit / gross loss' })), reason: Reason, gross_profit_usd: Type.Number(), gross_loss_usd: Type.Number() }),
  consistency: Open({
    value_pct: Nullable(Type.Number({ description: 'Share of active UTC days (≥ 1 closing sell) with positive realized PnL, × 100' })),
    reason: Reason,
    active_days: Type.Integer(),
    positive_days: Type.Integer(),
  }),
  activity: Open({
    transactions_read: Type.Integer({ description: 'Transactions of the wallet in the window that were read' }),
    history_complete: Type.Boolean({ description: 'False when the page cap stopped reading before the window start' }),
    swaps: Type.Integer({ description: 'Successful swaps in the window' }),
    fills: Type.Integer({ description: 'Swaps valued as buys or sells' }),
    buys: Type.Integer(),
    sells: Type.Integer(),
    stable_quoted: Type.Integer({ description: 'Valued trades against USDC/USDT ($1)' }),
    sol_quoted: Type.Integer({ description: 'Valued trades against SOL (SOL price at trade time)' }),
    conversions: Type.Integer({ description: 'Cash-to-cash swaps (e.g. SOL → USDC): not trades' }),
    no_usd_anchor: Type.Integer({ description: 'Token-to-token swaps: left out' }),
    unparsed_swaps: Type.Integer({ description: 'Swaps without exactly one asset out and one in: left out' }),
    unpriced_sol_swaps: Type.Integer({ description: 'SOL-quoted swaps without a SOL price at their time: left out' }),
    excluded_sol_swaps: Type.Integer({ description: 'SOL-quoted swaps left out because the historical price source failed' }),
  }),
  unmatched_sells: Open({ count: Type.Integer(), proceeds_usd: Type.Number({ description: 'Not counted as profit: no cost basis in the window' }) }),
  open_positions: Type.Array(Open({ mint: Type.String(), amount_ui: Type.Number(), cost_basis_usd: Type.Number(), opened_at: Type.String() }), { description: 'Unsold lots bought in the window, largest cost first (at most 20)' }),
  trades: Type.Array(Open({
    signature: Type.String({ description: 'The closing sell' }),
    mint: Type.String(),
    quote: Type.String({ enum: ['stable', 'sol'] }),
    opened_at: Type.String(),
    closed_at: Type.String(),
    amount_ui: Type.Number(),
    cost_usd: Type.Number(),
    proceeds_usd: Type.Number(),
    pnl_usd: Type.Number(),
    return_pct: Type.Number(),
  }), { description: 'Closed trades, most recent first (at most 50)' }),
});
