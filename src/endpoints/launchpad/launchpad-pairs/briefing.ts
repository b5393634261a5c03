/** launchpad-pairs's briefing (`format: llm|both`; docs/launchpad.md, "Endpoint: launchpad-pairs"). */
import type { HandlerResult } from '../../../registry/types.js';

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function pairsBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Launchpad quote assets: ${d.count} listed, ${d.agent_launchable} agent-launchable`];
  for (const p of d.pairs as Data[]) {
    lines.push(`- ${p.symbol} (${p.quote_mint}, ${p.category}): ${p.is_agent_launchable ? '**launchable by agents**' : `not agent-launchable: ${(p.reasons as string[]).join('; ')}`}`);
  }
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
