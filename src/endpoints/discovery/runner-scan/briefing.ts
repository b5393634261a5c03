/**
 * runner-scan's briefing (`format: llm|both`): the stage counts, the ranked runners with their stage,
 * velocity and flags, the rugs, then the caveats. Built only from the answer's data (a cached answer
 * briefs the same way).
 */
import type { HandlerResult } from '../../../registry/types.js';
import { transferTaxText } from '../shared/transfer-tax.js';

// Reads the answer it was handed (runnerScanAnswer's output); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const usd = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: 0 })}` : 'unknown');
const share = (v: unknown) => (typeof v === 'number' ? `${Math.round(v * 100)} %` : 'unknown');

export function runnerScanBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const f = d.filters as Data;
  const counts = Object.entries(d.stage_counts as Record<string, number>).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${s}`).join(', ');
  const lines = [
    `## Runner scan: ${d.tokens.length} of ${d.matched} matching tokens (≤ ${f.max_token_age_hours} h old, liquidity ≥ ${usd(f.min_liquidity_usd)}, 1 h volume ≥ ${usd(f.min_volume_h1_usd)})`,
    `- Scanned ${d.scanned} of ${d.candidate_pool.candidates} candidates (${d.candidate_pool.source}); stages: ${counts || 'none'}`,
  ];
  for (const t of d.tokens as Data[]) {
    const flags = [t.rug ? 'RUG' : null, t.wash_trade_suspected ? 'wash trading suspected' : null, t.transfer_tax?.bps ? transferTaxText(t.transfer_tax) : null].filter(Boolean);
    lines.push(`${t.rank}. **${t.symbol ?? t.mint}** ${t.stage} — velocity ${t.velocity.score}, buy share 5 min ${share(t.buy_pressure.m5.buy_share)} / 1 h ${share(t.buy_pressure.h1.buy_share)}, ` +
      `liquidity ${usd(t.market.liquidity_usd)}, 1 h volume ${usd(t.market.windows.h1.volume_usd)}, age ${t.market.pair_age_hours} h${flags.length ? ` [${flags.join('; ')}]` : ''}: ${(t.stage_reasons as string[])[0] ?? ''}`);
  }
  for (const r of d.rugs as Data[]) lines.push(`- Rug: ${r.symbol ?? r.mint} — ${(r.reasons as string[]).join('; ')}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data' && c.code !== 'repeat_spacing');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
