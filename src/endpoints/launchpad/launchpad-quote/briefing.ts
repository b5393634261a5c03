/** launchpad-quote's briefing (`format: llm|both`; docs/launchpad.md, "Endpoint: launchpad-quote"). */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function quoteBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Quote for $${d.size_usd} of ${d.symbol} (${d.mint}) held ${d.hold_days} d: **${d.verdict}**`];
  lines.push(`- Round trip: $${d.round_trip_cost_usd} (${d.round_trip_pct} %, tax ${d.transfer_tax_bps ?? 0} bps); breakeven price move ${d.breakeven_price_move_pct} %`);
  lines.push(`- Payout (${d.payout_status}, ${d.basis} basis): $${d.expected_payout_usd} expected, $${d.expected_payout_per_day_usd}/day` +
    `${d.breakeven_hold_days === null ? '' : `; breakeven after ${d.breakeven_hold_days} d`}${d.dust_warning ? ' (dust)' : ''}`);
  lines.push(`- Why: ${(d.reasons as string[]).join('; ')}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
