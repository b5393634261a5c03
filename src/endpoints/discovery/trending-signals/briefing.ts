/**
 * trending-signals' briefing (`format: llm|both`): the market sentiment first, then each ranked token
 * with its score, strongest factors, runner stage, whale read and risk, then the caveats. Built only
 * from the answer's data, so a cached answer briefs the same way.
 */
import type { HandlerResult } from '../../../registry/types.js';
import { price, usd } from '../shared/new-tokens-briefing.js';

// Reads the answer it was handed (trendingSignalsAnswer's output); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const signed = (v: unknown) => (typeof v === 'number' ? `${v > 0 ? '+' : ''}${v} %` : 'unknown');

export function trendingSignalsBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const s = d.summary as Data;
  const lines = [
    `## Trending signals: ${s.returned} tokens, market sentiment **${d.sentiment.sentiment}**`,
    `- ${d.sentiment.reasoning}.`,
    `- Pool: ${s.candidates} candidates (${s.from_boosts} boosted, ${s.from_profiles} fresh profiles), ${s.passed_liquidity} with liquidity ≥ ${usd(d.filters.min_liquidity_usd)}, ${s.passed_both} also with risk ≤ ${d.filters.max_risk_score}.`,
  ];
  for (const t of d.tokens as Data[]) {
    const strong = (t.factors as Data[]).filter((f) => f.value !== null).sort((a, b) => b.value - a.value).slice(0, 2).map((f) => `${f.name} ${f.value}`).join(', ');
    const runner = t.runner ? `${t.runner.stage} (velocity ${t.runner.velocity})` : 'stage unknown';
    const whale = t.whale.read ? `whales ${t.whale.signal}` : 'whales not read';
    lines.push(
      `${t.rank}. **${t.symbol ?? t.mint}** (${t.mint}): score ${t.score} [${strong}]${t.wash_penalty ? ` (wash trading suspected: volume and buy pressure count 0, ${t.wash_penalty.score_without_penalty} without)` : ''}; ${runner}; ${whale}; leans ${t.lean}; ` +
        `risk ${t.risk.score} ${t.risk.verdict}; price ${price(t.market.price_usd)} (${signed(t.market.price_change_24h_pct)} 24 h), liquidity ${usd(t.market.liquidity_usd)}`,
    );
  }
  if ((d.tokens as Data[]).length === 0) lines.push('- No token passed both filters.');
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
