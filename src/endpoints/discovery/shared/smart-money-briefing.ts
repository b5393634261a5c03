/**
 * Briefings (`format: llm|both`) of smart-money-flow and smart-money-trenches: the winners (or the ranked
 * fresh tokens) first, then what backs them, then the caveats. Built only from the answer's data, so a
 * cached answer briefs the same way.
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed (the handlers' output); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const usd = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}` : 'n/a');
const rate = (v: unknown) => (typeof v === 'number' ? `${Math.round(v * 10_000) / 100} %` : 'n/a');
const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-4)}`;

function caveatLines(result: HandlerResult): string[] {
  const shown = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data' && c.code !== 'candidate_pool');
  return shown.length > 0 ? [`- Caveats: ${shown.map((c) => c.message).join(' ')}`] : [];
}

export function smartMoneyFlowBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const wallets = d.wallets as Data[];
  const winners = wallets.filter((w) => w.qualifies);
  const lines = [
    `## Smart-money flow (${d.lookback_days} d): **${winners.length} of ${d.summary.wallets_read} wallets qualify** (win rate ≥ ${d.criteria.min_win_rate}, ≥ ${d.criteria.min_closed_trades} closed trades)`,
  ];
  for (const w of winners) lines.push(`- ${w.address}: win rate ${rate(w.win_rate)} over ${w.closed_trades} trades, realized PnL ${usd(w.realized_pnl_usd)}`);
  const others = wallets.filter((w) => !w.qualifies);
  if (others.length > 0) lines.push(`- Not qualifying: ${others.map((w) => `${short(w.address)} (${w.status === 'insufficient_trades' ? `${w.closed_trades} trades` : rate(w.win_rate)})`).join(', ')}`);
  const tokens = d.accumulated_tokens as Data[];
  if (tokens.length > 0) {
    lines.push('### Accumulated by the winners');
    for (const t of tokens) lines.push(`- ${t.mint}: ${t.wallets} winner(s), net ${usd(t.net_usd)} (${t.buys} buys, ${t.sells} sells), last buy ${t.last_buy_at ?? 'n/a'}`);
  } else if (winners.length > 0) {
    lines.push('- The winners accumulate no token over the window (every position bought was sold back).');
  }
  if (d.graph.included) {
    const clusters = d.graph.clusters as Data[];
    lines.push(clusters.length === 0
      ? '- Clusters: none among the winners (they look independent).'
      : `- Clusters: ${clusters.map((c) => `${c.kind} of ${c.members.length} (${c.winners.length} winner(s), score ${c.score}, ${c.confidence})`).join('; ')}`);
  }
  lines.push(...caveatLines(result));
  return lines.join('\n');
}

export function smartMoneyTrenchesBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const tokens = d.tokens as Data[];
  const smart = d.smart_wallets as Data;
  const lines = [
    `## Smart-money trenches (last ${d.window.hours_back} h, tokens ≤ ${d.criteria.max_token_age_hours} h old): **${tokens.length} token(s)** bought by ${smart.qualifying.length} smart wallet(s)`,
  ];
  for (const [i, t] of tokens.entries()) {
    const who = t.symbol ? `${t.symbol} (${t.mint})` : t.mint;
    const exited = t.exited_smart_buyers > 0 ? ` (${t.exited_smart_buyers} more sold out since: not counted)` : '';
    lines.push(`${i + 1}. ${who}: ${t.holding_smart_buyers} smart buyer(s) still holding${exited}, latest holder's buy ${t.latest_holding_buy_at}, age ${t.token_age_hours} h, score ${t.smart_money_score}` +
      ` — ${(t.buyers as Data[]).map((b) => `${short(b.wallet)}${!b.holding ? ` (exited ${b.exited_at})` : b.sold_since ? ' (sold some since)' : ''}`).join(', ')}`);
  }
  if (tokens.length === 0) lines.push(`- No fresh token met the filters (${d.candidates.tokens_bought} bought: ${d.candidates.too_old} too old, ${d.candidates.below_min_buyers} with fewer than ${d.criteria.min_buyers} buyer(s) still holding).`);
  lines.push(`- Smart wallets: win rate ≥ ${d.criteria.smart_wallet_rule.min_win_rate} over ${d.criteria.smart_wallet_rule.lookback_days} d; ${smart.not_qualifying.length} seed wallet(s) do not count`);
  lines.push(...caveatLines(result));
  return lines.join('\n');
}
