/** launchpad-alerts's briefing (`format: llm|both`; docs/launchpad.md, "Endpoint: launchpad-alerts"). */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function alertsBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Launchpad alerts since ${d.since}: ${d.events.length} event(s) for ${d.coins.length} coin(s), checked ${d.checked_at}`];
  for (const e of d.events as Data[]) lines.push(`- [${e.severity}] ${e.kind} ${e.at}: ${e.message}`);
  for (const c of d.coins as Data[]) lines.push(`- ${c.symbol}: ${c.payout_status}, last payout ${c.hours_since_last_payout ?? 'n/a'} h ago, holders ${c.holders ?? 'n/a'}`);
  if ((d.not_found as string[]).length > 0) lines.push(`- Not found: ${(d.not_found as string[]).join(', ')}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
