/**
 * attention-momentum's briefing (`format: llm|both`): the windows read, then one line per token with its
 * counts, acceleration, trend, price change and divergence class, then the caveats. Built only from the
 * answer's data, so a cached answer briefs the same way.
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed (attentionMomentumAnswer's output); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const signed = (v: unknown) => (typeof v === 'number' ? `${v > 0 ? '+' : ''}${v} %` : 'unknown');

export function attentionMomentumBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const w = d.windows as Data[];
  const lines = [
    `## Attention momentum (${d.window} windows ${w[0]!.from} → ${w[2]!.to}; ${d.candidates} tokens asked about, ${d.total_calls} paid calls)`,
  ];
  const tokens = d.tokens as Data[];
  if (tokens.length === 0) lines.push('- No paid calls about any token in the three windows.');
  for (const t of tokens) {
    const who = t.symbol ? `${t.symbol} (${t.mint})` : t.mint;
    const cls = t.divergence === null ? 'no divergence class' : `**${t.divergence}**`;
    lines.push(
      `${t.rank}. ${who}: calls ${(t.counts as number[]).join(' → ')} (acceleration ${t.acceleration ?? 'n/a'}, ${t.trend}, sample ${t.sample_quality}); ` +
      `price ${d.price_window} ${signed(t.price_change_pct)} → ${cls}${t.running_hour_calls > 0 ? `; ${t.running_hour_calls} calls so far this hour` : ''}`,
    );
  }
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
