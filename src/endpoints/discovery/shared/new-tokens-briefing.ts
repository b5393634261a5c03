/**
 * new-tokens' briefing (`format: llm|both`): the filters and what passed them, then the listed launches
 * safest first with their risk factors, then why the others were left out. Built only from the answer's
 * data, so a cached answer briefs the same way.
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed (newTokensAnswer's output); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

export const usd = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}` : 'unknown');
/** Launch prices are fractions of a cent: 4 significant digits, never "$0". */
export function price(v: unknown): string {
  if (typeof v !== 'number') return 'unknown';
  if (v === 0 || Math.abs(v) >= 1) return usd(v);
  const decimals = Math.min(20, Math.max(2, 3 - Math.floor(Math.log10(Math.abs(v)))));
  return `$${v.toFixed(decimals).replace(/0+$/, '')}`;
}
const age = (h: unknown) => (typeof h !== 'number' ? 'age unknown' : h < 1 ? `${Math.round(h * 60)} min old` : `${h} h old`);

/** A risk object in words: score, verdict and the factors that added. */
function riskText(r: Data): string {
  const added = (r.factors as Data[]).map((f) => `${f.name} +${f.value}`).join(', ');
  return `risk ${r.score}${r.is_lower_bound ? ' (lower bound)' : ''} ${r.verdict}${added ? ` — ${added}` : ''}`;
}

export function newTokensBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const s = d.summary as Data;
  const f = d.filters as Data;
  const lines = [
    `## New tokens: ${s.returned} of ${s.candidates} fresh launches (liquidity ≥ ${usd(f.min_liquidity_usd)}, risk ≤ ${f.max_risk_score}), safest first`,
    `- Pool: ${d.candidate_source}; ${s.with_market} have a DEX pair, ${s.passed_liquidity} pass the liquidity filter, ${s.passed_both} pass both.`,
  ];
  for (const t of d.tokens as Data[]) {
    lines.push(`${t.rank}. **${t.symbol ?? t.mint}** (${t.mint}), ${age(t.age_hours)}: ${riskText(t.risk)}; liquidity ${usd(t.liquidity_usd)}, market cap ${usd(t.market_cap_usd)}, price ${price(t.price_usd)}`);
  }
  if ((d.tokens as Data[]).length === 0) lines.push('- No launch passed both filters.');
  const by = s.excluded_by_reason as Record<string, number>;
  const out = Object.entries(by).filter(([, n]) => n > 0).map(([reason, n]) => `${n} ${reason}`);
  if (out.length > 0) lines.push(`- Left out: ${out.join(', ')}.`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
