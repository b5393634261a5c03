/** launchpad-yield's briefing (`format: llm|both`; docs/launchpad.md, "Endpoint: launchpad-yield"). */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;
const pct = (v: unknown) => (typeof v === 'number' ? `${v} %` : 'n/a');

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function yieldBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Yield of ${d.symbol} (${d.mint}), paid in ${d.quote_exposure.quote_symbol} (${d.quote_exposure.quote_category})`];
  for (const w of ['7d', '30d', 'lifetime'] as const) {
    const y = d.yields[w] as Data;
    lines.push(`- ${w}${w === d.basis ? ' (basis)' : ''}: ${y.rewards_quote} ${d.quote_exposure.quote_symbol} ($${y.rewards_usd}) over ${y.history_days} d observed ` +
      `on avg cap ${y.avg_market_cap_usd === null ? 'n/a' : `$${y.avg_market_cap_usd}`}: yield ${pct(y.yield_pct)}, annualized ${pct(y.annualized_pct)}` +
      `${y.caution ? ' (caution)' : ''}${y.partial ? ', partial window' : ''}`);
  }
  lines.push(`- ${d.payout_count} payouts since launch, ${d.holders ?? 'unknown'} holders paid, ${d.age_days} days old`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
