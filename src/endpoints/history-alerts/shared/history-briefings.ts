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

/**
 * The words of a move follow its meaning, never the arithmetic alone: a lower-is-better metric that rose
 * is "worsening" (the answer's `declining`), and the line says both what the number did (rose / fell) and
 * which side is better. A neutral metric (no better side) is told as rising / falling only.
 */
const VERDICT = { improving: 'improving', declining: 'worsening', stable: 'stable' } as const;
const SIDE = { higher_is_better: 'higher is better', lower_is_better: 'lower is better', neutral: 'no better side' } as const;
const MOVED = { rising: 'rose', falling: 'fell', flat: 'moved less than the threshold' } as const;

const signed = (v: unknown) => (typeof v === 'number' ? `${v >= 0 ? '+' : ''}${v}` : 'n/a');

/** One metric: `relative` metrics show their percent change, `absolute` ones (0–1 scores) their change in points. */
function trendLine(name: string, t: Data, fmt: (v: unknown) => string, kind: 'relative' | 'absolute'): string {
  const side = SIDE[t.polarity as keyof typeof SIDE];
  if (t.movement === null) return `- ${name} (${side}): unknown (fewer than two known values)`;
  const verdict = t.polarity === 'neutral' ? t.movement : VERDICT[t.direction as keyof typeof VERDICT];
  const change = kind === 'absolute' ? ` (${signed(t.change)})` : t.change_pct === null ? '' : ` (${signedPct(t.change_pct)})`;
  return `- ${name} (${side}): **${verdict}** — ${MOVED[t.movement as keyof typeof MOVED]} from ${fmt(t.from)} on ${t.from_day} to ${fmt(t.to)} on ${t.to_day}${change}`;
}

/** The overall verdict in words, with the count behind it (neutral metrics are not counted). */
function overallLine(overall: unknown, trends: Data[]): string {
  if (typeof overall !== 'string') return '- **Overall: unknown**';
  const n = (d: string) => trends.filter((t) => t.direction === d).length;
  return `- **Overall: ${VERDICT[overall as keyof typeof VERDICT]}** (${n('improving')} improving, ${n('declining')} worsening, ${n('stable')} stable)`;
}

const plain = (v: unknown) => (typeof v === 'number' ? String(v) : 'unknown');

export function tokenTrendBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  return [
    `## Token trend ${d.mint} (${d.lookback}, ${d.points.length} daily points)`,
    overallLine(d.overall_direction, Object.values(d.directions)),
    trendLine('Price', d.directions.price, usd, 'relative'),
    trendLine('Liquidity', d.directions.liquidity, usd, 'relative'),
    trendLine('Holder concentration (HHI)', d.directions.holder_concentration, plain, 'relative'),
    trendLine('Risk score', d.directions.risk_score, plain, 'absolute'),
    ...caveatLine(result),
  ].join('\n');
}

export function walletHistoryBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const mints = (list: Data[]) => (list.length ? list.map((p) => p.mint).join(', ') : 'none');
  return [
    `## Wallet history ${d.address} (${d.lookback}${d.start ? `, since ${d.start.day}` : ', no earlier snapshot'})`,
    overallLine(d.overall_direction, Object.values(d.deltas)),
    trendLine('Portfolio value', d.deltas.portfolio_value_usd, usd, 'relative'),
    trendLine('Native balance (SOL)', d.deltas.native_sol, plain, 'relative'),
    trendLine('Risk score', d.deltas.risk_score, plain, 'absolute'),
    trendLine('Token count', d.deltas.token_count, plain, 'relative'),
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
