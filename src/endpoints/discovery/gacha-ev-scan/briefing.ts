/**
 * gacha-ev-scan's briefing (`format: llm|both`): the ranking first, one line per machine with its verdict,
 * our EV (at tier-range midpoints) beside the platform's, and both exits, then the caveats. Built only from
 * the answer's data, so a cached answer briefs the same way.
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed (gachaEvScan's output); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const usd = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : 'unknown');
const edge = (v: unknown) => (typeof v === 'number' ? `${v > 0 ? '+' : ''}${v} %` : 'unknown');

function machineLine(m: Data): string {
  const hidden = m.hidden ? ', hidden' : '';
  const head = `${m.rank}. ${m.code} (${m.name}${hidden}, ${usd(m.price_usd)}/pull of ${m.cards_per_pull} card${m.cards_per_pull === 1 ? '' : 's'})`;
  if (!m.available) return `${head}: sold out — no EV, no verdict`;
  const b = m.exits.buyback;
  const mk = m.exits.marketplace;
  const platform = m.platform_ev_usd === null ? 'platform EV not given' : `platform EV ${usd(m.platform_ev_usd)}`;
  const ev = `EV ${usd(m.gross_ev_usd)} at range midpoints (${platform})`;
  if (!m.priced) return `${head}: priced 0 — ${ev}; no edge, no verdict`;
  const share = m.rare_epic_stock_share_pct === null ? 'unknown' : `${m.rare_epic_stock_share_pct} %`;
  const depleted = (m.depleted_tiers as string[]).length > 0 ? `; sold out: ${(m.depleted_tiers as string[]).join(', ')} (odds renormalized)` : '';
  const cap = (b.capped_tiers as string[]).length > 0 ? `, capped at $40,000/card on ${(b.capped_tiers as string[]).join(', ')}` : '';
  return (
    `${head}: **${m.verdict}** via ${m.verdict_exit} ${edge(m.edge_pct)} — ` +
    `${ev}, ${m.gross_return_pct} % of price; buyback ${usd(b.value_usd)} at ${b.rate_pct} %${cap} ` +
    `(${edge(b.edge_pct)}, ${b.verdict}, cash within ${b.cash_exit_within_hours} h); marketplace ${usd(mk.value_usd)} ` +
    `(${edge(mk.edge_pct)}, ${mk.verdict}, may not fill; break-even if sales fetch ${mk.breakeven_sale_pct_of_insured ?? 'unknown'} % of insured value); rare+epic stock ${share}${depleted}`
  );
}

export function gachaEvBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const f = d.filters as Data;
  const scope = [f.machine !== null ? `machine ${f.machine}` : null, f.franchise !== 'all' ? f.franchise : null, f.min_edge_pct !== null ? `edge ≥ ${f.min_edge_pct} %` : null]
    .filter((x) => x !== null)
    .join(', ');
  const c = d.verdict_counts as Data;
  const caveats = (result.caveats ?? []).filter((x) => x.code !== 'sandbox_data');
  return [
    `## Card-pack EV ${d.exit_strategy === 'marketplace' ? 'by the marketplace exit (may not fill)' : `by the instant buyback (certain cash)${d.exit_strategy === 'both' ? ', the marketplace beside it as upside' : ''}`}${scope ? ` (${scope})` : ''}`,
    `- ${(d.machines as Data[]).length} of ${d.scanned} machines: ${c.POSITIVE_EV} POSITIVE_EV, ${c.HOUSE_EDGE} HOUSE_EDGE, ${c.NEGATIVE_EV} NEGATIVE_EV, ${c.unavailable} sold out${c.unpriced > 0 ? `, ${c.unpriced} priced 0` : ''}`,
    ...(d.machines as Data[]).map(machineLine),
    ...(caveats.length > 0 ? [`- Caveats: ${caveats.map((x) => x.message).join(' ')}`] : []),
  ].join('\n');
}
