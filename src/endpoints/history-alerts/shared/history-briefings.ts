/**
 * Briefings of token-trend, wallet-history and portfolio-history: the overall direction and each
 * metric's move with its numbers, built only from the answer's data (a cached answer briefs the same).
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads this family's own answers (history-schemas.ts); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const usd = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: Math.abs(v) < 1 ? 6 : 2 })}` : 'unknown');
const signedPct = (v: unknown) => (typeof v === 'number' ? `${v >= 0 ? '+' : ''}${v.toFixed(2)} %` : 'n/a');

function caveatLine(result: HandlerResult): string[] {
  const kept = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  return kept.length > 0 ? [`- Caveats: ${kept.map((c) => c.message).join(' ')}`] : [];
}

function trendLine(name: string, t: Data, fmt: (v: unknown) => string): string {
  if (t.direction === null) return `- ${name}: unknown (fewer than two known values)`;
  const pct = t.change_pct === null ? '' : ` (${signedPct(t.change_pct)})`;
  return `- ${name}: **${t.direction}** — ${fmt(t.from)} on ${t.from_day} → ${fmt(t.to)} on ${t.to_day}${pct}`;
}

const plain = (v: unknown) => (typeof v === 'number' ? String(v) : 'unknown');

export function tokenTrendBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  return [
    `## Token trend ${d.mint} (${d.lookback}, ${d.points.length} daily points)`,
    `- **Overall: ${d.overall_direction ?? 'unknown'}**`,
    trendLine('Price', d.directions.price, usd),
    trendLine('Liquidity', d.directions.liquidity, usd),
    trendLine('Holder concentration (HHI)', d.directions.holder_concentration, plain),
    trendLine('Risk score', d.directions.risk_score, plain),
    ...caveatLine(result),
  ].join('\n');
}

export function walletHistoryBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const mints = (list: Data[]) => (list.length ? list.map((p) => p.mint).join(', ') : 'none');
  return [
    `## Wallet history ${d.address} (${d.lookback}${d.start ? `, since ${d.start.day}` : ', no earlier snapshot'})`,
    `- **Overall: ${d.overall_direction ?? 'unknown'}**`,
    trendLine('Portfolio value', d.deltas.portfolio_value_usd, usd),
    trendLine('Native balance (SOL)', d.deltas.native_sol, plain),
    trendLine('Risk score', d.deltas.risk_score, plain),
    `- Positions added: ${mints(d.positions_added)}; removed: ${mints(d.positions_removed)}`,
    ...caveatLine(result),
  ].join('\n');
}

export function portfolioHistoryBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const s = d.summary;
  const lines = [`## Portfolio history ${d.address} (${d.period}, ${d.points.length} daily points)`];
  if (s.valued_points === 0) {
    lines.push('- No known portfolio value in the period');
  } else {
    lines.push(
      `- **Change since ${s.start.day}: ${usd(s.change_usd)} (${signedPct(s.change_pct)})**; average ${usd(s.average_value_usd)}`,
      `- Peak ${usd(s.peak.value_usd)} on ${s.peak.day}; trough ${usd(s.trough.value_usd)} on ${s.trough.day}`,
      `- Max drawdown ${usd(s.max_drawdown.usd)} (${s.max_drawdown.pct.toFixed(2)} %) from ${s.max_drawdown.peak_day} to ${s.max_drawdown.trough_day}`,
    );
  }
  return [...lines, ...caveatLine(result)].join('\n');
}
