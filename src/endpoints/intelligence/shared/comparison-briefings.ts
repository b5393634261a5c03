/**
 * Briefings (`format: llm|both`) of batch-enrich, compare-tokens and compare-wallets: the outcome first
 * (counts, picks), then one line per member with its key numbers. Built only from the answer's data, so
 * a cached answer briefs the same way.
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed (this module's own builders' output); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const usd = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: Math.abs(v) < 1 ? 6 : 2 })}` : 'unknown');
const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-4)}`;

function caveatLine(result: HandlerResult): string[] {
  const shown = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  return shown.length > 0 ? [`- Caveats: ${shown.map((c) => c.message).join(' ')}`] : [];
}

function batchItemLine(item: Data, type: string): string {
  if (!item.ok) return `- ${short(item.address)}: **${item.error.code}** — ${item.error.message}`;
  const d = item.data;
  const degraded = (item.caveats as Data[]).some((c) => c.code === 'leg_degraded') ? ' (degraded)' : '';
  if (type === 'wallet') {
    return `- ${short(item.address)}: risk ${d.risk_score.level} (${d.risk_score.risk_score}), ${usd(d.portfolio_value_usd)}, ${d.holdings_count} tokens, ${d.nft_count} NFTs${d.labels.length ? `, ${d.labels.join(', ')}` : ''}${degraded}`;
  }
  const flags = (d.risk_flags as Data[]).filter((f) => f.kind === 'risk').map((f) => f.flag);
  return `- ${d.symbol ?? short(item.address)}: ${usd(d.price.price_usd)}, liquidity ${usd(d.liquidity_usd)}, ${flags.length ? `flags ${flags.join(', ')}` : 'no risk flags'}${degraded}`;
}

export function batchBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const s = d.summary;
  return [
    `## Batch enrich (${d.type}s, ${d.depth}): ${s.ok} of ${s.unique} ok${s.failed ? `, ${s.failed} failed` : ''}${s.duplicates_ignored ? `, ${s.duplicates_ignored} duplicates ignored` : ''}`,
    ...(d.items as Data[]).map((item) => batchItemLine(item, d.type)),
    ...caveatLine(result),
  ].join('\n');
}

function pickLines(picks: Data): string[] {
  return Object.entries(picks).map(([name, p]) => `- **${name.replace(/_/g, ' ')}**: ${(p as Data).reason}`);
}

export function compareTokensBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const columns = (d.tokens as Data[]).map((t) => (t.ok
    ? `- ${t.symbol ?? short(t.address)}: ${t.risk.verdict} (${t.risk.score}), price ${usd(t.price_usd)}, liquidity ${usd(t.liquidity_usd)}, volatility ${t.volatility.level}, float HHI ${t.concentration?.hhi_tradeable_float ?? 'unknown'}`
    : `- ${short(t.address)}: **${t.error.code}** — ${t.error.message}`));
  return [`## Token comparison`, ...pickLines(d.picks), '### Side by side', ...columns, ...caveatLine(result)].join('\n');
}

export function compareWalletsBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const columns = (d.wallets as Data[]).map((w) => (w.ok
    ? `- ${short(w.address)}: risk ${w.risk.level} (${w.risk.risk_score}${w.risk.comparable ? '' : ', incomplete'}), ${usd(w.portfolio_value_usd)}, ${w.token_count} tokens, ${w.nft_count} NFTs, ${w.activity.tx_per_day ?? 'unknown'} tx/day${w.labels.length ? `, ${w.labels.join(', ')}` : ''}`
    : `- ${short(w.address)}: **${w.error.code}** — ${w.error.message}`));
  return [`## Wallet comparison (${d.depth})`, ...pickLines(d.picks), '### Side by side', ...columns, ...caveatLine(result)].join('\n');
}
