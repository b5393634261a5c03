/**
 * The success envelope (DESIGN §2.6): `json` = data fields + caveats + next_steps + meta;
 * `llm` = briefing + caveats + next_steps + meta; `both` = json plus `llm_summary`.
 */
import { SERVICE_VERSION } from '../config/index.js';
import type { Caveat, HandlerResult, NextStep } from '../registry/types.js';

export type OutputFormat = 'json' | 'llm' | 'both';

export interface Meta {
  endpoint: string;
  request_id: string;
  served_at: string;
  data_mode: 'sandbox' | 'live';
  cache: { hit: boolean; age_s: number; ttl_s: number };
  version: string;
}

export function buildMeta(args: Omit<Meta, 'version'>): Meta {
  return { ...args, version: SERVICE_VERSION };
}

/** A plain, deterministic briefing for endpoints that have no formatter of their own. */
export function genericBriefing(key: string, result: HandlerResult): string {
  const lines = [`## ${key}`];
  for (const [name, value] of Object.entries(result.data)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) lines.push(`- **${name}**: ${String(value)}`);
  }
  return lines.join('\n');
}

export function formatResponse(args: {
  format: OutputFormat;
  result: HandlerResult;
  caveats: Caveat[];
  meta: Meta;
  briefing: () => string;
}): Record<string, unknown> {
  const { format, result, caveats, meta } = args;
  const nextSteps: NextStep[] = result.next_steps ?? [];
  if (format === 'llm') return { briefing: args.briefing(), caveats, next_steps: nextSteps, meta };
  const body: Record<string, unknown> = { ...result.data, caveats, next_steps: nextSteps, meta };
  if (format === 'both') body.llm_summary = args.briefing();
  return body;
}
