/**
 * Briefings (`format: llm|both`): short deterministic markdown stating the verdict and its top reasons
 * with numbers. Built only from the answer's data, so a cached answer briefs the same way.
 */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed (always this module's own builders' output); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const usd = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: v < 1 ? 6 : 2 })}` : 'unknown');
const pct = (v: unknown) => (typeof v === 'number' ? `${v.toFixed(2)} %` : 'unknown');

function caveatLine(result: HandlerResult): string[] {
  const degraded = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  return degraded.length > 0 ? [`- Caveats: ${degraded.map((c) => c.message).join(' ')}`] : [];
}

export function walletBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const risk = d.risk_score;
  const triggered = (risk.factors as Data[]).filter((f) => f.triggered).map((f) => `${f.name} (+${f.value})`);
  return [
    `## Wallet ${d.address}${d.entity ? ` — ${d.entity.name}` : ''}`,
    `- **Risk: ${risk.level} (${risk.risk_score})**${triggered.length ? ` — ${triggered.join(', ')}` : ' — no risk factor triggered'}${risk.data_complete ? '' : ` (unknown: ${risk.unknown_factors.join(', ')})`}`,
    `- Portfolio ${usd(d.portfolio_value_usd)}: ${d.native_balance.sol ?? 'unknown'} SOL and ${d.holdings_count} tokens${d.unpriced_holdings ? ` (${d.unpriced_holdings} unpriced)` : ''}`,
    `- NFTs ${d.nft_count}: ${d.nft_summary.collected} collected, ${d.nft_summary.airdropped} airdropped, ${d.nft_summary.suspected_spam} suspected spam`,
    `- Labels: ${d.labels.length ? d.labels.join(', ') : 'none'}`,
    ...caveatLine(result),
  ].join('\n');
}

export function tokenBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const flags = (d.risk_flags as Data[]).filter((f) => f.kind === 'risk');
  const high = flags.filter((f) => f.severity === 'high').map((f) => f.flag);
  const lines = [
    `## ${d.symbol ?? 'Token'} ${d.mint}`,
    `- **${high.length ? `High-severity flags: ${high.join(', ')}` : flags.length ? `${flags.length} lower-severity flags` : 'No risk flags'}**; verified: ${d.verification.verified ?? 'unknown'}`,
    `- Price ${usd(d.price.price_usd)} (median of ${d.price.sources_used.length} sources), liquidity ${usd(d.liquidity_usd)}, 24h volume ${usd(d.volume_24h_usd)}, market cap ${usd(d.market_cap_usd)}`,
    `- 24h change ${pct(d.price_change.change_24h_pct)}; $10K buy impact ${pct(d.slippage.find((s: Data) => s.size_usd === 10_000)?.price_impact_pct)}`,
  ];
  if (d.concentration) lines.push(`- Concentration: HHI ${d.concentration.raw_supply.hhi} (${d.concentration.raw_supply.band}) on supply, top holder ${pct(d.concentration.raw_supply.top1_pct)}; on float HHI ${d.concentration.tradeable_float.hhi}`);
  if (d.volatility) lines.push(`- Volatility ${d.volatility.level} (daily std ${pct(d.volatility.daily_std_pct)})`);
  const r = d.price_range_7d as Data | null | undefined;
  if (r) lines.push(`- 7-day range (hourly samples over ${r.span_hours} h${r.complete ? '' : ', partial'}): high ${usd(r.high_usd)}, low ${usd(r.low_usd)}`);
  return [...lines, ...caveatLine(result)].join('\n');
}

export function transactionBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  return [
    `## ${d.type} ${d.status === 'failed' ? '(FAILED)' : ''} ${d.signature.slice(0, 16)}…`,
    `- ${d.description || 'No description'}`,
    `- Protocol: ${d.protocol?.name ?? 'none identified'}; ${d.transfers.length} transfers; fee ${d.fee_lamports} lamports${d.block_time_at ? `; at ${d.block_time_at}` : ''}`,
    ...(d.error ? [`- Error: ${d.error}`] : []),
  ].join('\n');
}
