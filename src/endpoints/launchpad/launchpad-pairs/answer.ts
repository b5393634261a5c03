/** launchpad-pairs's answer (docs/launchpad.md, "Endpoint: launchpad-pairs"). */
import type { Caveat, HandlerContext, HandlerResult } from '../../../registry/types.js';
import { AGENT_LAUNCH_CATEGORIES, agentLaunchability } from '../../../analytics/launchpad/pairs.js';
import type { QuoteCategory } from '../../../analytics/launchpad/types.js';
import { quotePrices } from '../../../launchpad-index/coins.js';
import { SourceError } from '../../../sources/errors.js';
import { normalizeCategory } from '../../../sources/launchpad.js';

/** Quote prices (one aggregator call); a failure leaves them null with a caveat rather than failing a free list. */
async function pricesOrNull(mints: string[], ctx: HandlerContext): Promise<Map<string, number> | null> {
  try {
    return await quotePrices(ctx.sources.jupiter, mints, ctx.signal);
  } catch (err) {
    if (err instanceof SourceError) return null;
    throw err;
  }
}

export async function pairsAnswer(input: { category?: QuoteCategory; launchable_only?: boolean }, ctx: HandlerContext): Promise<HandlerResult> {
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
