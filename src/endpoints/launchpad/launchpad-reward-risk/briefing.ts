/** launchpad-reward-risk's briefing (`format: llm|both`; docs/launchpad.md, "Endpoint: launchpad-reward-risk"). */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed; loosely typed on purpose, inside this function only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function rewardRiskBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Reward risk for ${d.symbol} (${d.mint}): **${d.payout_status}**, health ${d.health_score}/100 **${d.level}**`];
  lines.push(`- Payout: ${d.payout_reason}`);
  lines.push(`- Tax: ${d.transfer_tax_bps ?? 'none'} bps; tax round trip ${d.tax_round_trip_pct} %; pays in ${d.quote_symbol} (${d.quote_category})`);
  for (const f of d.hard_failures as string[]) lines.push(`- Hard failure: ${f}`);
  const lost = (d.factors as Data[]).filter((f) => f.value < f.max);
  lines.push(`- Points lost: ${lost.length > 0 ? lost.map((f) => `${f.name} ${f.value}/${f.max} (${f.detail})`).join('; ') : 'none'}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
