/**
 * Briefings of perps-market-structure and perps-market-trend: built only from the answer's data (a
 * cached answer briefs the same), numbers as the answer shows them.
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads this family's own answers (market-schema.ts); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const usd = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: Math.abs(v) < 1 ? 10 : 2 })}` : 'unknown');
const pct = (v: unknown) => (typeof v === 'number' ? `${v} %` : 'unknown');
const signed = (v: unknown, unit: string) => (typeof v === 'number' ? `${v >= 0 ? '+' : ''}${v}${unit}` : 'n/a');

function caveatLines(result: HandlerResult): string[] {
  const kept = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data' && c.code !== 'not_listed');
  return kept.length > 0 ? [`- Caveats: ${kept.map((c) => c.message).join(' ')}`] : [];
}

function marketLine(m: Data): string {
  const side = (o: Data, f: (v: unknown) => string) => `long ${f(o.long)} / short ${f(o.short)}`;
  const flags = (m.health_flags as Data[]).map((f) => `${f.flag} (${f.reason})`);
  return (
    `- **${m.asset}** ${m.health} — price ${usd(m.oracle_price_usd)}; OI ${usd(m.open_interest.total_usd)} (long ${pct(m.skew.long_pct)}); ` +
    `utilization ${side(m.utilization_pct, pct)}; borrow APR ${side(m.borrow_apr_pct, pct)} (per hour ${side(m.borrow_rate_hourly_pct, pct)}); ` +
    `headroom ${side(m.headroom_usd, usd)}; max position ${m.max_position_size_usd === null ? 'no limit' : usd(m.max_position_size_usd)}, ` +
    `largest that fits now ${side(m.max_open_now_usd, (v) => (v === null ? 'no limit' : usd(v)))}` +
    (flags.length > 0 ? `. Flags: ${flags.join('; ')}` : '')
  );
}

export function marketStructureBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const s = d.summary;
  const hot = s.most_utilized;
  const by = s.markets_by_health;
  const health = (['stressed', 'tilted', 'healthy'] as const).filter((h) => by[h].length > 0).map((h) => `${h} ${by[h].join(', ')}`);
  return [
    `## Pool venue A perps markets (as of ${d.as_of})`,
    `- Total open interest ${usd(s.total_oi_usd)} (long ${pct(s.long_pct)})` +
      (hot ? `; most utilized side: **${hot.asset} ${hot.side}** at ${pct(hot.utilization_pct)} (borrow ${pct(hot.borrow_apr_pct)} APR)` : ''),
    `- Health: ${health.length > 0 ? health.join('; ') : 'no market'}`,
    ...(d.markets as Data[]).map(marketLine),
    ...(d.unavailable as Data[]).map((u) => `- ${u.asset}: ${u.message}`),
    ...caveatLines(result),
  ].join('\n');
}

const METRIC_LABEL: Record<string, { label: string; unit: string }> = {
  total_oi_usd: { label: 'open interest', unit: '' },
  utilization_pct: { label: 'utilization', unit: ' pts' },
  long_pct: { label: 'long share', unit: ' pts' },
  borrow_apr_pct: { label: 'long borrow APR', unit: ' pts' },
  mark_price_usd: { label: 'price', unit: '' },
};

function metricText(name: string, t: Data): string {
  const { label, unit } = METRIC_LABEL[name]!;
  if (t.direction === null) return `${label} unknown`;
  const change = name === 'total_oi_usd' || name === 'mark_price_usd' ? signed(t.change_pct, ' %') : signed(t.change, unit);
  return `${label} ${t.direction} (${change})`;
}

export function marketTrendBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [
    `## Pool venue A perps trend (${d.lookback}, ${d.points.length} daily points, ${d.from_day} → ${d.to_day})`,
    `- **Overall: ${d.overall_direction ?? 'unknown'}** — ${d.overall_reason}`,
  ];
  for (const m of d.markets as Data[]) {
    const metrics = ['total_oi_usd', 'utilization_pct', 'long_pct', 'borrow_apr_pct', 'mark_price_usd'].map((n) => metricText(n, m.metrics[n]));
    lines.push(`- **${m.asset}** ${m.direction ?? 'unknown'}: ${metrics.join('; ')}`);
  }
  return [...lines, ...caveatLines(result)].join('\n');
}
