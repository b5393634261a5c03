/**
 * Briefing (`format: llm|both`) of copy-trade-signals: the performance label first, then PnL and the
 * ratios with their sample size. Built only from the answer's data, so a cached answer briefs the same.
 */
import type { CopyTradeMetrics } from '../../../analytics/copy-trade.js';
import type { HandlerResult } from '../../../registry/types.js';

type CopyTradeData = CopyTradeMetrics & { address: string; lookback_days: number; unmatched_sells: { count: number; proceeds_usd: number } };

const usd = (v: number | null) => (v === null ? 'n/a' : `${v < 0 ? '−' : ''}$${Math.abs(v).toLocaleString('en-US', { maximumFractionDigits: 2 })}`);
const num = (v: number | null, unit = '') => (v === null ? 'n/a' : `${v}${unit}`);

export function copyTradeBriefing(result: HandlerResult): string {
  const d = result.data as unknown as CopyTradeData;
  const p = d.pnl;
  const lines = [
    `## Copy-trade signals ${d.address} (${d.lookback_days} d): **${d.performance}**`,
    `- Realized PnL ${usd(p.realized_pnl_usd)} on ${p.closed_trades} closed trades (${p.wins} won, ${p.losses} lost), return on cost ${num(p.return_on_cost_pct, ' %')}`,
  ];
  if (d.sufficient_data) {
    lines.push(
      `- Win rate ${num(d.win_rate.value_pct, ' %')}, Sharpe ${num(d.sharpe.value)}, Sortino ${num(d.sortino.value)}${d.sortino.reason ? ` (${d.sortino.reason})` : ''} — per trade, not annualised`,
      `- Max drawdown (deepest peak to trough) ${usd(d.max_drawdown.value_usd)} (${num(d.max_drawdown.value_pct, ' %')} of its ${usd(d.max_drawdown.peak_equity_usd)} peak), profit factor ${num(d.profit_factor.value)}${d.profit_factor.reason ? ` (${d.profit_factor.reason})` : ''}, consistency ${num(d.consistency.value_pct, ' %')} of ${d.consistency.active_days} active days`,
    );
  } else {
    lines.push(`- Fewer than ${d.min_closed_trades} closed trades: no ratios (insufficient data)`);
  }
  if (d.unmatched_sells.count > 0) lines.push(`- ${d.unmatched_sells.count} sell(s) without a cost basis in the window (${usd(d.unmatched_sells.proceeds_usd)}) not counted as profit`);
  const degraded = (result.caveats ?? []).filter((c) => c.code === 'leg_degraded' || c.code === 'history_truncated');
  if (degraded.length > 0) lines.push(`- Caveats: ${degraded.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
