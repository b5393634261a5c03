/**
 * perps-trader-profile's briefing (`format: llm|both`): the classification and totals first, then one line
 * per venue and per position. Built only from the answer's data (a cached answer briefs the same way).
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads this endpoint's own answer (schema.ts); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const usd = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}` : 'unknown');
const price = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumSignificantDigits: 10 })}` : 'unknown');
const pct = (v: unknown) => (typeof v === 'number' ? `${v} %` : 'unknown');

function positionLine(p: Data): string {
  const flags = (p.risk_flags as string[]).length > 0 ? ` — **${(p.risk_flags as string[]).join(', ')}**` : '';
  const pnl = p.unrealized_pnl_usd === null
    ? `PnL unknown (${p.pnl_unavailable?.reason ?? 'no mark'})`
    : `PnL ${usd(p.unrealized_pnl_usd)} (${pct(p.pnl_pct)}), liquidation ${price(p.liquidation_price_usd)} (${pct(p.distance_to_liquidation_pct)} away), buffer ${pct(p.collateral_buffer_pct)}`;
  return `- ${p.venue} ${p.asset} ${p.side} ${usd(p.size_usd)} at ${p.leverage ?? 'unknown'}×, ${p.position_age_hours} h old: entry ${price(p.entry_price_usd)}, mark ${price(p.mark_price_usd)}, ${pnl}${flags}`;
}

function venueLine(venue: string, b: Data): string {
  if (b.status !== 'ok') return `- Pool venue ${venue}: **unavailable** — ${b.message}`;
  return `- Pool venue ${venue}: ${b.positions} position(s), notional ${usd(b.notional_usd)}, collateral ${usd(b.collateral_usd)}, PnL ${usd(b.unrealized_pnl_usd)}`;
}

export function traderProfileBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const t = d.totals as Data;
  const positions = d.positions as Data[];
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  const head = positions.length === 0
    ? [`- **No open position** on ${(d.venues_read as string[]).map((v) => `pool venue ${v}`).join(' or ')}: no classification (${d.classification_reason}).`]
    : [
      `- **${d.classification}** (${d.classification_reason}); bias **${d.directional_bias}** (${d.directional_bias_reason})${d.multi_venue ? '; **multi-venue**' : ''}`,
      `- ${t.positions} position(s): notional ${usd(t.notional_usd)}, collateral ${usd(t.collateral_usd)}, leverage ${t.leverage ?? 'unknown'}×, unrealized PnL ${usd(t.unrealized_pnl_usd)} (${pct(t.pnl_pct)})`,
      `- Risk flags: ${(d.risk_flags as string[]).length > 0 ? (d.risk_flags as string[]).join(', ') : 'none'}`,
    ];
  return [
    `## Perps trader ${d.address} (pool venues A and B, ${d.as_of})`,
    ...head,
    venueLine('A', d.by_venue.A),
    venueLine('B', d.by_venue.B),
    ...(positions.length > 0 ? ['### Positions', ...positions.map(positionLine)] : []),
    ...(caveats.length > 0 ? [`- Caveats: ${caveats.map((c) => c.message).join(' ')}`] : []),
  ].join('\n');
}
