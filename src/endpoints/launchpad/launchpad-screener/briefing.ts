/** launchpad-screener's briefing (`format: llm|both`; docs/launchpad.md, "Endpoint: launchpad-screener"). */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function screenerBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Launchpad screener: ${d.rows.length} of ${d.matched} matching coins (${d.indexed} indexed), by ${d.sort}`];
  for (const r of d.rows as Data[]) {
    lines.push(`- ${r.symbol} (${r.mint}) in ${r.quote_symbol}: ${r.payout_status}${r.live ? ', live' : ''}; volume ${r.volume_24h_usd ?? 'n/a'} USD, ` +
      `cap ${r.market_cap_usd ?? 'n/a'} USD, ${r.holders ?? 'n/a'} holders, yield 7d ${r.yield_7d_pct ?? 'n/a'} %, tax round trip ${r.tax_round_trip_pct} %`);
  }
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
