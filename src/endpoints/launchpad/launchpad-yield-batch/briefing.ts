/** launchpad-yield-batch's briefing (`format: llm|both`; docs/launchpad.md, "Endpoint: launchpad-yield-batch"). */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;
const pct = (v: unknown) => (typeof v === 'number' ? `${v} %` : 'n/a');

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function yieldBatchBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Launchpad yields: ${d.coins.length} of ${d.matched} coins by ${d.sort}`];
  for (const c of d.coins as Data[]) {
    const b = c.yields[c.basis] as Data;
    lines.push(`- #${c.rank} ${c.symbol} (${c.mint}), paid in ${c.quote_exposure.quote_symbol}: 7d ${pct(c.yields['7d'].yield_pct)}, ` +
      `30d ${pct(c.yields['30d'].yield_pct)}; ${c.basis} annualized ${pct(b.annualized_pct)}${b.caution ? ' (caution)' : ''}`);
  }
  if ((d.not_found as string[]).length > 0) lines.push(`- Not in the index: ${(d.not_found as string[]).join(', ')}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
