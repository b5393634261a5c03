/** Briefing of wallet-graph (`format: llm|both`): the verdict on clusters first, then the graph's shape. */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer built by wallet-graph's own handler; loosely typed on purpose, inside this module only.
type Data = Record<string, any>;

const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-4)}`;

function clusterLine(c: Data): string {
  const who = `${c.members.length} wallets${c.includes_root ? ' incl. this one' : ''}`;
  switch (c.kind) {
    case 'shared_funder': return `- shared_funder (${c.score}, ${c.confidence}): ${who} first funded by ${short(c.funder)}`;
    case 'synchronized_activity': return `- synchronized_activity (${c.score}, ${c.confidence}): ${who} acting within 60 s on ${c.occasions} occasions`;
    default: return `- circular_flow (${c.score}, ${c.confidence}): ${who} looping value back ${c.loops} times (e.g. ${c.evidence[0].path.map(short).join(' → ')})`;
  }
}

export function walletGraphBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const nodes = d.nodes as Data[];
  const count = (kind: string) => nodes.filter((n) => n.kind === kind).length;
  const strongest = (d.edges as Data[])[0];
  const clusters = d.clusters as Data[];
  const verdict = d.summary.suspicious
    ? `**Suspicious: in ${d.summary.root_cluster_kinds.join(', ')} cluster(s)**`
    : clusters.length > 0 ? `**Not in a suspicious cluster itself; ${clusters.length} cluster(s) among its connections**` : '**No suspicious cluster found**';
  const degraded = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  return [
    `## Wallet graph ${d.address} (depth ${d.depth})${d.entity ? ` — ${d.entity.name}` : ''}`,
    `- ${verdict}`,
    ...clusters.slice(0, 4).map(clusterLine),
    `- ${nodes.length - 1} connections: ${count('wallet')} wallets, ${count('entity')} known entities, ${count('via_protocol')} protocol accounts; ${d.edges.length} edges with ≥ ${d.min_interactions} interactions`,
    ...(strongest ? [`- Strongest: ${short(strongest.source)} ↔ ${short(strongest.target)}, ${strongest.interactions} interactions (${strongest.direction})`] : []),
    ...(degraded.length > 0 ? [`- Caveats: ${degraded.map((c) => c.message).join(' ')}`] : []),
  ].join('\n');
}
