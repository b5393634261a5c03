/** consensus-signal's briefing: deterministic markdown from the answer's data only. */
import type { HandlerResult } from '../../../registry/types.js';

// Reads consensusSignal's own output; loosely typed inside this module only.
type Data = Record<string, any>;

const describe = (e: Data) =>
  `${e.rank === null ? 'not asked' : `rank ${e.rank}`} (${e.count} calls, ${e.share_pct} % of calls, percentile ${e.percentile === null ? 'unknown: sample below the minimum' : e.percentile}), trend ${e.trend}` +
  `${e.trend_ratio === null ? '' : ` ×${e.trend_ratio}`} vs ${e.previous_count} calls the window before`;

export function consensusBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Agent attention — ${d.type}s, ${d.window} window`, `- ${d.total_calls} paid calls about ${d.ranked_entities} ${d.type}s (sample ${d.sample_quality}; ${d.previous_total_calls} the window before)`];
  if (d.entity) lines.push(`- **${d.entity.address}**: ${describe(d.entity)}`);
  else if (d.top.length === 0) lines.push('- No entity was asked about in this window.');
  for (const e of (d.top as Data[]).slice(0, 5)) lines.push(`- ${e.address}: ${describe(e)}`);
  return lines.join('\n');
}
