/**
 * Briefings (`format: llm|both`) of refvenue-trader-profile and refvenue-smart-money: the verdict first
 * (profile and bias; per-coin consensus), then the numbers behind it. Built only from the answer's data,
 * so a cached answer briefs the same way.
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads this module's own answers (refvenue-schema.ts); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const usd = (v: unknown) => (typeof v === 'number' ? `${v < 0 ? '−' : ''}$${Math.abs(v).toLocaleString('en-US', { maximumFractionDigits: Math.abs(v) < 1 ? 8 : 2 })}` : 'unknown');
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

function caveatLine(result: HandlerResult): string[] {
  const shown = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  return shown.length > 0 ? [`- Caveats: ${shown.map((c) => c.message).join(' ')}`] : [];
}

function positionLine(p: Data): string {
  const distance = p.distance_to_liquidation_pct === null ? 'no liquidation price' : `liquidation ${p.distance_to_liquidation_pct} % away`;
  const flags = p.risk_flags.length ? ` — **${p.risk_flags.join(', ')}**` : '';
  return `- ${p.coin} ${p.side} ${usd(p.notional_usd)} at ${p.leverage}x, entry ${usd(p.entry_price_usd)}, unrealized ${usd(p.unrealized_pnl_usd)} (ROE ${p.roe_pct === null ? 'n/a' : `${p.roe_pct} %`}), ${distance}${flags}`;
}

export function refTraderProfileBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const head = `## ${capitalized(d.venue_name)} trader ${short(d.address)}`;
  if (d.account_empty) return [`${head}: empty account`, '- No open position and an account value of 0.', ...caveatLine(result)].join('\n');
  const pnl = d.pnl === null ? '- PnL windows unavailable' : `- PnL (realized + unrealized): week ${usd(d.pnl.week_usd)}, month ${usd(d.pnl.month_usd)}, all time ${usd(d.pnl.all_time_usd)}`;
  return [
    `${head}: ${d.profile ?? 'no open positions'}${d.directional_bias ? `, ${d.directional_bias} bias` : ''}`,
    `- Account value ${usd(d.account_value_usd)}; open notional ${usd(d.total_notional_usd)} (long ${usd(d.long_notional_usd)}, short ${usd(d.short_notional_usd)}); weighted leverage ${d.weighted_leverage ?? 'n/a'}x; unrealized ${usd(d.unrealized_pnl_usd)}`,
    pnl,
    `- Profile: ${d.profile_reason}`,
    `- Risk flags: ${d.risk_flags.length ? d.risk_flags.join(', ') : 'none'}`,
    ...(d.positions.length ? ['### Positions', ...(d.positions as Data[]).map(positionLine)] : []),
    ...caveatLine(result),
  ].join('\n');
}

function coinLine(c: Data): string {
  const lead = c.top_traders[0];
  const leader = lead ? `; top trader ${short(lead.address)} ${lead.side} ${usd(lead.notional_usd)}` : '';
  return `- **${c.coin}**: ${c.bias ?? 'no'} bias (${c.long_traders} long / ${c.short_traders} short, long ${c.long_pct ?? 'n/a'} % of notional), net ${usd(c.net_notional_usd)}, conviction ${c.conviction}${leader}`;
}

export function refSmartMoneyBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const f = d.filter;
  const x = f.excluded_by_reason;
  const focus = d.market === null ? '' : `, focus ${d.market_coin ?? d.market}`;
  return [
    `## Smart money on ${d.venue_name} (top ${d.traders_read} of ${f.kept} kept traders by month PnL${focus})`,
    `- Filter: ${f.leaderboard_rows} leaderboard rows → ${f.kept} kept; excluded ${x.market_maker_or_hft} market maker/HFT, ${x.dust_account} dust, ${x.mega_account} mega, ${x.inconsistent} inconsistent`,
    ...(d.coins.length ? (d.coins as Data[]).map(coinLine) : ['- No scanned trader holds an open position in the focus.']),
    ...(d.traders.length ? ['### Scanned traders', ...(d.traders as Data[]).map((t) =>
      `- ${t.rank}. ${t.display_name ?? short(t.address)}: month PnL ${usd(t.month_pnl_usd)}, account ${usd(t.account_value_usd)}${t.status === 'read' ? `, ${t.open_positions} positions` : ' (skipped)'}`)] : []),
    ...caveatLine(result),
  ].join('\n');
}
