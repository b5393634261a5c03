import { Type } from '@sinclair/typebox';
import { defineEndpoint, type Caveat, type HandlerContext, type HandlerResult } from '../../registry/types.js';
import { LaunchCategory, withDefault } from '../../registry/fields.js';
import { AGENT_LAUNCH_CATEGORIES, agentLaunchability } from '../../analytics/launchpad/pairs.js';
import type { QuoteCategory } from '../../analytics/launchpad/types.js';
import { quotePrices } from '../../launchpad-index/coins.js';
import { SourceError } from '../../sources/errors.js';
import { normalizeCategory } from '../../sources/launchpad.js';
import { PairsSchema } from './launchpad-pairs/schema.js';

/** Quote prices (one aggregator call); a failure leaves them null with a caveat rather than failing a free list. */
async function pricesOrNull(mints: string[], ctx: HandlerContext): Promise<Map<string, number> | null> {
  try {
    return await quotePrices(ctx.sources.jupiter, mints, ctx.signal);
  } catch (err) {
    if (err instanceof SourceError) return null;
    throw err;
  }
}

async function pairsAnswer(input: { category?: QuoteCategory; launchable_only?: boolean }, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  // The list itself is required: without it there is nothing to answer (502/504 as for any required leg).
  const all = await ctx.sources.launchpad.pairs(ctx.signal);
  const listed = all.items.filter((p) => input.category === undefined || normalizeCategory(p.category) === input.category);
  const prices = await pricesOrNull(listed.map((p) => p.mint), ctx);
  const rows = listed
    .map((p) => {
      const category = normalizeCategory(p.category);
      return {
        quote_mint: p.mint,
        symbol: p.symbol,
        name: p.name,
        category,
        category_raw: p.category,
        category_label: p.categoryLabel ?? null,
        decimals: p.decimals,
        token_program: p.tokenProgram,
        price_usd: prices?.get(p.mint) ?? null,
        ...agentLaunchability({ quote_mint: p.mint, category, launchable: p.launchable, token_program: p.tokenProgram, launch_lab_ready: p.launchLabReady }),
      };
    })
    .filter((r) => input.launchable_only !== true || r.is_agent_launchable)
    // Agent-launchable first, then by symbol: the list reads as "what can I use" top down.
    .sort((a, b) => Number(b.is_agent_launchable) - Number(a.is_agent_launchable) || a.symbol.localeCompare(b.symbol) || a.quote_mint.localeCompare(b.quote_mint));
  const caveats: Caveat[] = [];
  if (prices === null) caveats.push({ code: 'prices_unavailable', leg: 'price_aggregator', message: 'The price aggregator did not answer: price_usd is null for every pair.' });
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
    'launch_protocol_ready (the platform says the LaunchLab program is ready for the quote, and its token program is ' +
    'SPL Token or Token-2022) and category_allowed (solana, ' +
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
