import { Type } from '@sinclair/typebox';
import { defineEndpoint, type Caveat, type HandlerContext, type HandlerResult } from '../../registry/types.js';
import { LaunchCategory, withDefault } from '../../registry/fields.js';
import { AGENT_LAUNCH_CATEGORIES, agentLaunchability, type PricingProbe } from '../../analytics/launchpad/pairs.js';
import type { QuoteCategory } from '../../analytics/launchpad/types.js';
import { SourceError } from '../../sources/errors.js';
import type { LaunchpadPair } from '../../sources/launchpad.js';
import { PairsSchema } from './shared/pairs-schema.js';

/**
 * Reward-mode pricing of one open quote, as a probe result: a 404 means the platform will not price a launch
 * there; any other failure leaves readiness unknown rather than failing the whole list.
 */
async function probePricing(pair: LaunchpadPair, ctx: HandlerContext): Promise<PricingProbe> {
  if (!pair.launchable) return { kind: 'not_probed' };
  try {
    const p = await ctx.sources.launchpad.launchPricing(pair.quote_mint, 'reward', ctx.signal);
    return { kind: 'priced', program_id: p.program_id, quote_token_program: p.quote_token_program };
  } catch (err) {
    if (err instanceof SourceError && err.kind === 'not_found') return { kind: 'not_priced' };
    if (err instanceof SourceError) return { kind: 'unknown' };
    throw err;
  }
}

async function pairsAnswer(input: { category?: QuoteCategory; launchable_only?: boolean }, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  // The list itself is required: without it there is nothing to answer (502/504 as for any required leg).
  const all = await ctx.sources.launchpad.pairs(ctx.signal);
  const listed = all.filter((p) => input.category === undefined || p.category === input.category);
  const probes = await Promise.all(listed.map((p) => probePricing(p, ctx)));
  const rows = listed
    .map((p, i) => ({
      quote_mint: p.quote_mint,
      symbol: p.symbol,
      name: p.name,
      category: p.category,
      decimals: p.decimals,
      token_program: p.token_program,
      price_usd: p.price_usd,
      ...agentLaunchability(p, probes[i]!),
    }))
    .filter((r) => input.launchable_only !== true || r.is_agent_launchable)
    // Agent-launchable first, then by symbol: the list reads as "what can I use" top down.
    .sort((a, b) => Number(b.is_agent_launchable) - Number(a.is_agent_launchable) || a.symbol.localeCompare(b.symbol) || a.quote_mint.localeCompare(b.quote_mint));
  const caveats: Caveat[] = [];
  const unknown = listed.filter((_, i) => probes[i]!.kind === 'unknown').map((p) => p.symbol);
  if (unknown.length > 0) {
    caveats.push({
      code: 'pricing_unavailable',
      leg: 'launchpad',
      message: `Launch pricing could not be read for ${unknown.join(', ')}: their readiness is unknown, so they are not counted as agent-launchable.`,
    });
  }
  return {
    data: {
      pairs: rows,
      count: rows.length,
      agent_launchable: rows.filter((r) => r.is_agent_launchable).length,
      allowed_categories: [...AGENT_LAUNCH_CATEGORIES],
      as_of: now.toISOString(),
    },
    caveats,
  };
}

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

export default defineEndpoint({
  key: 'launchpad-pairs',
  family: 'launchpad',
  price: null,
  summary: 'Free: quote assets a launchpad launch can be paired against',
  description:
    'Free and unauthenticated. The quote assets a launch on the launchpad can be paired against, with normalized ' +
    'categories and `is_agent_launchable`: launchable (the platform lets new launches use the quote), ' +
    'launch_protocol_ready (the platform serves reward-mode launch pricing for it, for the launch program, with the ' +
    'quote\'s token program: what launchpad-launch-preflight checks against) and category_allowed (solana, ' +
    'currency, xstock, prestock). `reasons` lists every condition a pair fails. launchable_only keeps only ' +
    'agent-launchable pairs. A launch quote mint must be one of these. Cached 5 minutes.',
  input: Type.Object(
    {
      category: Type.Optional(LaunchCategory({ description: 'Only pairs of this category' })),
      launchable_only: withDefault(Type.Boolean({ description: 'Only pairs with is_agent_launchable true' }), false),
    },
    { additionalProperties: false },
  ),
  output: PairsSchema,
  cacheTtlSeconds: 300,
  example: { launchable_only: true },
  handler: (input, ctx) => pairsAnswer(input, ctx),
  briefing: pairsBriefing,
});
