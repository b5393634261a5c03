/** launchpad-launch-intel's briefing (`format: llm|both`; docs/launchpad.md, "Endpoint: launchpad-launch-intel"). */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;
const pct = (v: unknown) => (typeof v === 'number' ? `${v} %` : 'n/a');

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function launchIntelBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Launch intel: ${d.rows.length} of ${d.quotes} quotes by ${d.sort}`];
  for (const r of d.rows as Data[]) {
    lines.push(`- #${r.rank} ${r.quote_symbol} (${r.quote_category}): demand **${r.demand_score}/100**${r.is_new ? ' (new: capped at 80)' : ''}; ` +
      `${r.coins} coins, ${r.launches_7d} launches in 7 d, trading ${pct(r.trading_today_pct)}, paying ${pct(r.paying_today_pct)}, ` +
      `survival ${pct(r.survival_pct)}, crowding ${r.crowding} (−${r.crowding_penalty})`);
  }
  const o = d.overview as Data;
  lines.push(`- Overall: ${o.coins} reward coins, survival ${pct(o.survival_pct)}; 100 bps paying ${pct(o.tax_levels.bps_100.paying_pct)}, 300 bps paying ${pct(o.tax_levels.bps_300.paying_pct)}`);
  for (const rec of o.recommendations as string[]) lines.push(`- Recommendation: ${rec}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
