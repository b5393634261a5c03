/** launchpad-launch-preflight's briefing (`format: llm|both`; docs/launchpad-preflight.md). */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function preflightBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const r = d.reference as Data;
  const mismatches = d.mismatches as Data[];
  const unresolved = d.unresolved as string[];
  const verdict = d.ok
    ? '**OK**: the launch matches the platform and will be adopted'
    : `**NOT OK**: ${mismatches.length} mismatch${mismatches.length === 1 ? '' : 'es'}` +
      `${unresolved.length > 0 ? `, ${unresolved.length} unresolved` : ''}; do not sign — a mismatched pool is never adopted`;
  const l = d.launch as Data;
  const fee = l.transfer_fee === null ? 'no transfer fee' : `transfer fee ${l.transfer_fee.basis_points} bps (cap ${l.transfer_fee.max_fee} raw)`;
  const lines = [
    `## Launch preflight (${r.mode} mode, quote ${r.quote_mint}): ${verdict}`,
    `- Checked: ${l.name} (${l.symbol}), mint ${l.base_mint ?? 'from a lookup table'}, ${l.decimals} decimals, ${l.token_standard}; ` +
      `${l.curve_type} curve, supply ${l.supply}, raise ${l.raise} raw quote; ${fee}`,
  ];
  for (const m of mismatches) lines.push(`- Mismatch \`${m.field}\`: expected ${m.expected}, got ${m.actual}. Fix: ${m.fix}`);
  if (unresolved.length > 0) lines.push(`- Unresolved (lookup-table accounts): ${unresolved.join(', ')}`);
  for (const w of d.warnings as string[]) lines.push(`- Warning: ${w}`);
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
