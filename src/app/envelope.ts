/**
 * The success envelope (described to callers by /llms.txt and /docs; docs/mcp.md, "Calling a tool"):
 * `json` = data fields + caveats + next_steps + meta;
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
  // Field by field (not a spread): the key order is the body's, and this runs on every answer.
  return { endpoint: args.endpoint, request_id: args.request_id, served_at: args.served_at, data_mode: args.data_mode, cache: args.cache, version: SERVICE_VERSION };
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

/**
 * The `json` body up to `meta`, serialised: `{<data fields>,"caveats":[…],"next_steps":[…]` without the closing
 * brace. It is the same for every call serving one cached result, so the caller keeps it per result and
 * each call only appends its own `meta` (`withMeta`): the bytes equal `JSON.stringify(formatResponse(…))`.
 * Undefined when the data has a `meta` field of its own (the spread would put `meta` at that field's place,
 * not last): such a body is serialised whole.
 */
export function jsonHead(result: HandlerResult, caveats: Caveat[]): string | undefined {
  if (Object.hasOwn(result.data, 'meta')) return undefined;
  const nextSteps: NextStep[] = result.next_steps ?? [];
  return JSON.stringify({ ...result.data, caveats, next_steps: nextSteps }).slice(0, -1);
}

/** A `jsonHead` closed with this call's `meta`. */
export function withMeta(head: string, meta: Meta): string {
  return `${head},"meta":${JSON.stringify(meta)}}`;
}

