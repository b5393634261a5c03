/**
 * exit-signal's briefing (`format: llm|both`): the verdict and what decided it first, then the factors
 * that scored, the deltas (or why they are locked), the PnL context and the caveats. Built only from the
 * answer's data, so a cached answer briefs the same way.
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed (exitSignalAnswer's output); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const usd = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}` : 'unknown');
/** Prices of fresh launches are fractions of a cent: 4 significant digits, never "$0". */
function price(v: unknown): string {
  if (typeof v !== 'number') return 'unknown';
  if (v === 0 || Math.abs(v) >= 1) return usd(v);
  const decimals = Math.min(20, Math.max(2, 3 - Math.floor(Math.log10(Math.abs(v)))));
  return `$${v.toFixed(decimals).replace(/0+$/, '')}`;
}
const signed = (v: unknown) => (typeof v === 'number' ? `${v > 0 ? '+' : ''}${v} %` : 'unknown');

export function exitSignalBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const who = d.symbol ? `${d.symbol} (${d.mint})` : d.mint;
  const lines = [`## Exit signal for ${who}: **${d.verdict}**`];
  if (d.verdict === 'INSUFFICIENT_DATA') {
    lines.push(`- ${(d.reasoning as string[])[0] ?? 'not enough market data'}`);
  } else {
    const how = d.decided_by === 'hard_trigger'
      ? `hard trigger (${(d.hard_triggers as Data[]).map((t) => t.code).join(', ')}) — overrides the score ${d.exit_score}`
      : `exit score ${d.exit_score} (EXIT ≥ ${d.thresholds.exit_score_exit}, DERISK ≥ ${d.thresholds.exit_score_derisk})`;
    lines.push(`- Decided by: ${how}`);
    for (const t of d.hard_triggers as Data[]) lines.push(`- Trigger: ${t.detail}`);
    const scored = (d.factors as Data[]).filter((f) => f.value > 0);
    lines.push(`- Factors: ${scored.length > 0 ? scored.map((f) => `${f.name} ${f.value} × ${f.weight}`).join(', ') : 'none scored'}` +
      `${(d.unknown_factors as string[]).length > 0 ? `; unknown: ${(d.unknown_factors as string[]).join(', ')}` : ''}`);
    lines.push(`- Stage ${d.stage}: ${(d.stage_reasons as string[]).join('; ')}`);
  }
  if (d.market) {
    const m = d.market as Data;
    lines.push(`- Market: price ${price(m.price_usd)}, liquidity ${usd(m.liquidity_usd)}, 5 min ${signed(m.windows.m5.price_change_pct)}, 1 h ${signed(m.windows.h1.price_change_pct)}; buy share 5 min ${m.windows.m5.buy_share ?? 'unknown'}, 1 h ${m.windows.h1.buy_share ?? 'unknown'}`);
  }
  if (d.deltas) {
    lines.push(`- Since the reading ${d.deltas.minutes_since_prior} min ago: liquidity ${signed(d.deltas.liquidity_change_pct)}, holders ${signed(d.deltas.holder_change_pct)}`);
  } else if (d.deltas_unavailable) {
    lines.push(`- Deltas locked: ${d.deltas_unavailable.message}`);
  }
  if (d.unrealized_pnl) {
    const p = d.unrealized_pnl as Data;
    lines.push(p.pnl_pct === null
      ? `- Entry ${price(p.entry_price_usd)}: current price unknown, PnL unknown`
      : `- Entry ${price(p.entry_price_usd)} (now ${price(p.price_usd)}): unrealized ${signed(p.pnl_pct)} (${p.multiple}×) — context only, the verdict does not depend on it`);
  }
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data' && c.code !== d.deltas_unavailable?.code);
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
