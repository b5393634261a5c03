/**
 * Briefings (`format: llm|both`) of perps-cross-venue-funding, perps-venue-comparison and
 * perps-basis-signal: the decision first (best entry, recommended venue, best trade), then one line per
 * venue with its numbers, then the absent venues and caveats. Built only from the answer's data, so a
 * cached answer briefs the same way.
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed (this module's builders' output); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const apr = (v: unknown) => (typeof v === 'number' ? `${v} %` : 'unknown');
const usd = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}` : 'unknown');

function tailLines(result: HandlerResult): string[] {
  const d = result.data as Data;
  const absent = (d.unavailable as Data[]).map((u) => `- ${u.venue_name}: ${u.reason === 'not_listed' ? 'not listed' : 'unavailable now'} — ${u.message}`);
  // A venue's own absence is listed above; its caveat would say it twice.
  const shown = new Set((d.unavailable as Data[]).map((u) => u.message));
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data' && !shown.has(c.message));
  return [
    ...(absent.length > 0 ? ['### Without a quote', ...absent] : []),
    ...(caveats.length > 0 ? [`- Caveats: ${caveats.map((c) => c.message).join(' ')}`] : []),
  ];
}

export function crossVenueFundingBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const entry = (e: Data | null, side: string) => (e === null ? `no ${side} quote` : `${e.venue_name} at ${apr(e.cost_apr_pct)}`);
  const quotes = (d.quotes as Data[]).map((q) => {
    const basis = q.basis_vs_c_apr_pts === null ? '' : `, basis vs C ${q.basis_vs_c_apr_pts} pts`;
    const costs = q.kind === 'pool' ? `borrow: long ${apr(q.long_cost_apr_pct)}, short ${apr(q.short_cost_apr_pct)}` : `funding ${apr(q.long_cost_apr_pct)} (longs pay when positive; short ${apr(q.short_cost_apr_pct)})`;
    return `- ${q.venue_name}: ${costs}, open interest ${usd(q.open_interest_usd)}${basis}`;
  });
  const arb = (d.arbitrage as Data[]).map((a) => `- long ${a.long_venue} (${apr(a.long_cost_apr_pct)}) / short ${a.short_venue} (${apr(a.short_cost_apr_pct)}): nets ${apr(a.net_apr_pct)} APR`);
  return [
    `## ${d.market} holding costs across venues (APR, positive = the holder pays)`,
    `- Cheapest long: ${entry(d.best_entry.long, 'long')}; cheapest short: ${entry(d.best_entry.short, 'short')}`,
    ...quotes,
    ...(d.basis_reference.available ? [] : [`- ${d.basis_reference.note}`]),
    `### Arbitrage (net ≥ ${d.thresholds.arbitrage_min_net_apr_pts} APR points)`,
    ...(arb.length > 0 ? arb : ['- none']),
    ...tailLines(result),
  ].join('\n');
}

export function venueComparisonBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const venues = (d.venues as Data[]).map((v) => {
    const slip = v.slippage_pct === null ? 'slippage unknown' : `slippage ${v.slippage_pct} %`;
    const warn = (v.warnings as Data[]).length > 0 ? ` — warnings: ${(v.warnings as Data[]).map((w) => w.code).join(', ')}` : '';
    return `- ${v.venue_name}: total ${usd(v.total_entry_cost_usd)} (${v.total_entry_cost_pct} % of size) = ${slip} + fee ${usd(v.fee_usd)} + first-hour borrow ${usd(v.first_hour_borrow_usd)}; borrow ${apr(v.borrow_apr_pct)} APR; headroom ${v.headroom_usd === null ? 'no cap' : usd(v.headroom_usd)}; ${v.health}${warn}`;
  });
  const pick = d.recommended_venue === null ? 'no venue recommended' : `recommended: pool venue ${d.recommended_venue}`;
  return [
    `## Opening a ${usd(d.size_usd)} ${d.market} ${d.side}: ${pick}`,
    `- ${d.recommendation_reason}`,
    ...venues,
    ...tailLines(result),
  ].join('\n');
}

export function basisSignalBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const venues = (d.venues as Data[]).map((v) => `- ${v.venue_name}: ${v.viable ? 'viable' : `not viable (${v.reason})`}, net ${apr(v.net_yield_apr_pct)} APR — ${v.message}`);
  const a = d.assumptions;
  return [
    `## ${d.asset} basis trade (long spot, short perp), minimum ${d.min_yield_apr_pct} % APR`,
    `- ${d.best_trade === null ? 'No trade' : `Best: ${d.best_trade.venue_name}`}: ${d.best_trade_reason}`,
    ...venues,
    `- Assumptions: hold ${a.hold_days} days, spot fee ${a.spot_fee_bps} bps, perp taker ${Object.entries(a.taker_fee_bps as Record<string, number>).map(([v, bps]) => `${v} ${bps} bps`).join(', ')}`,
    ...tailLines(result),
  ].join('\n');
}
