/**
 * Briefings (`format: llm|both`) of whale-watch and due-diligence: the verdict or signal first, then its
 * reasons with numbers. Built only from the answer's data, so a cached answer briefs the same way.
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed (this module's own builders' output); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const usd = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: Math.abs(v) < 1 ? 6 : 0 })}` : 'unknown');

function caveatLine(result: HandlerResult): string[] {
  const degraded = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  return degraded.length > 0 ? [`- Caveats: ${degraded.map((c) => c.message).join(' ')}`] : [];
}

function whaleLines(report: Data): string[] {
  const s = report.summary;
  const movers = (report.holders as Data[]).filter((h) => h.activity && h.activity.trend !== 'holding');
  return [
    `- Whales (≥ ${usd(report.threshold_usd)}) over ${report.window.lookback_hours} h: ${s.whales} — ${s.accumulating} accumulating, ${s.distributing} distributing, ${s.holding} holding${s.unknown ? `, ${s.unknown} unknown` : ''}${s.not_read ? `, ${s.not_read} smaller not read` : ''}; signal **${s.signal}**`,
    ...(typeof s.buy_volume_usd === 'number' ? [`- Whale volume at today's price: bought ${usd(s.buy_volume_usd)}, sold ${usd(s.sell_volume_usd)}`] : []),
    ...movers.slice(0, 3).map((h) => `  - #${h.rank} ${h.owner.slice(0, 8)}… ${h.activity.trend} ${h.activity.net_change_ui} (${h.activity.change_pct ?? '?'} %), holds ${h.supply_pct ?? '?'} % of supply`),
  ];
}

export function whaleWatchBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  return [`## Whale watch ${d.symbol ?? ''} ${d.mint}`, ...whaleLines(d), ...caveatLine(result)].join('\n');
}

export function dueDiligenceBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const score = d.token_risk_score;
  return [
    `## Due diligence ${d.symbol ?? ''} ${d.mint}: **${d.verdict}** (risk ${score.score}${score.is_lower_bound ? ', lower bound' : ''})`,
    ...(d.reasons.length ? (d.reasons as string[]).map((r) => `- ${r}`) : ['- No risk factor triggered']),
    ...(d.whale_activity ? whaleLines(d.whale_activity) : ['- Whale activity unknown']),
    ...caveatLine(result),
  ].join('\n');
}
