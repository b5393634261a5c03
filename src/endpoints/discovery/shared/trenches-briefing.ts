/**
 * Briefings (`format: llm|both`) of trenches-scan and trenches-check: the verdict or ranking first, then
 * each signal's evidence, the deltas, the degraded legs. Built only from the answer's data, so a cached
 * answer briefs the same way.
 */
import type { HandlerResult } from '../../../registry/types.js';
import { transferTaxText } from './transfer-tax.js';

// Reads the answer it was handed (the trenches answers); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const signed = (v: unknown) => (typeof v === 'number' ? `${v > 0 ? '+' : ''}${v} %` : 'unknown');
const mark = (s: Data) => (s.present === null ? '?' : s.present ? '✓' : '✗');

function caveatLine(result: HandlerResult, skip: readonly string[]): string | null {
  const caveats = (result.caveats ?? []).filter((c) => c.code === 'leg_degraded' || (!skip.includes(c.code) && c.code !== 'sandbox_data' && c.code !== 'smart_money_wallets' && c.code !== 'attention_source' && c.code !== 'candidate_pool'));
  return caveats.length > 0 ? `- Caveats: ${caveats.map((c) => c.message).join(' ')}` : null;
}

export function trenchesScanBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const failed = Object.entries(d.legs as Record<string, string>).filter(([, s]) => s !== 'ok').map(([l, s]) => `${l} ${s}`);
  const lines = [
    `## Trenches scan: ${d.tokens.length} of ${d.matched} tokens with a signal (≤ ${d.filters.max_token_age_hours} h old; weights runner ${d.weights.runner}, smart money ${d.weights.smart_money}, attention ${d.weights.attention})`,
    `- Scanned ${d.scanned} of ${d.candidate_pool.candidates} candidates; ${d.excluded.no_signal} without any signal${failed.length ? `; legs degraded: ${failed.join(', ')}` : ''}`,
  ];
  for (const t of d.tokens as Data[]) {
    const sig = (t.signals as Data[]).map((s) => `${s.name} ${mark(s)}`).join(', ');
    const extra = [
      t.runner ? `${t.runner.stage}, velocity ${t.runner.velocity.score}` : null,
      t.smart_money ? `${t.smart_money.distinct_buyers} smart buyer(s)` : null,
      t.attention ? `${t.attention.calls} call(s)` : null,
    ].filter(Boolean).join('; ');
    lines.push(`${t.rank}. **${t.symbol ?? t.mint}** ${t.verdict} — score ${t.score} (${sig})${extra ? `: ${extra}` : ''}`);
  }
  const c = caveatLine(result, []);
  if (c) lines.push(c);
  return lines.join('\n');
}

export function trenchesCheckBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const who = d.symbol ? `${d.symbol} (${d.mint})` : d.mint;
  const lines = [`## Trenches check for ${who}: **${d.verdict}** (${d.confluence_count} of 3 signals${d.degraded ? ', a lower bound' : ''})`];
  for (const s of d.signals as Data[]) lines.push(`- ${s.name} ${mark(s)}: ${s.detail}`);
  if (d.runner) lines.push(`- Runner stage ${d.runner.stage}: ${(d.runner.stage_reasons as string[]).join('; ')}`);
  if (d.score !== null) lines.push(`- Composite score ${d.score}`);
  if (d.transfer_tax) lines.push(`- ${transferTaxText(d.transfer_tax)}`);
  if (d.deltas) {
    lines.push(`- Since the reading ${d.deltas.minutes_since_prior} min ago: liquidity ${signed(d.deltas.liquidity_change_pct)}, holders ${signed(d.deltas.holder_change_pct)}`);
  } else if (d.deltas_unavailable) {
    lines.push(`- Deltas locked: ${d.deltas_unavailable.message}`);
  }
  const c = caveatLine(result, [d.deltas_unavailable?.code ?? '']);
  if (c) lines.push(c);
  return lines.join('\n');
}
