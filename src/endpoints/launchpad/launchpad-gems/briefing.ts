/** launchpad-gems's briefing (`format: llm|both`; docs/launchpad.md, "Endpoint: launchpad-gems"). */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function gemsBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Launchpad gems: ${d.rows.length} of ${d.matched} matching coins (${d.indexed} indexed)`];
  for (const r of d.rows as Data[]) {
    lines.push(`- ${r.symbol} (${r.mint}) in ${r.quote_symbol}: **${r.stage}** ${r.gem_score}/100, ${r.payout_status}, tax round trip ${r.tax_round_trip_pct} %` +
      `${(r.reasons as string[]).length > 0 ? `; ${(r.reasons as string[]).join('; ')}` : ''}${(r.warnings as string[]).length > 0 ? `; warnings: ${(r.warnings as string[]).join('; ')}` : ''}`);
  }
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
