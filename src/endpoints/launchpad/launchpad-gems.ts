import { Type } from '@sinclair/typebox';
import { defineEndpoint, type HandlerContext, type HandlerResult } from '../../registry/types.js';
import { LaunchCategory, withDefault } from '../../registry/fields.js';
import { gemScore } from '../../analytics/launchpad/gem.js';
import type { QuoteCategory } from '../../analytics/launchpad/types.js';
import { indexedRewardCoins } from './shared/coins.js';
import { coinRowBase } from './shared/coin-rows.js';
import { passesCoinFilter } from './shared/screener-filters.js';
import { GemsSchema } from './shared/screener-schema.js';

/** Defaults of the spec row (the validator fills them; repeated so the handler stands alone). */
export const GEMS_MAX_AGE_DAYS_DEFAULT = 14;
export const GEMS_MIN_HOLDERS_DEFAULT = 25;
export const GEMS_MAX_MARKET_CAP_USD_DEFAULT = 5_000_000;
export const GEMS_LIMIT_DEFAULT = 15;

interface GemsInput {
  quote_mint?: string;
  category?: QuoteCategory;
  max_age_days?: number;
  min_holders?: number;
  max_market_cap_usd?: number;
  limit?: number;
}

async function gemsAnswer(input: GemsInput, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const nowMs = now.getTime();
  const { coins, caveats } = await indexedRewardCoins(ctx);
  const kept = coins.filter((c) => passesCoinFilter(c, {
    quote_mint: input.quote_mint,
    category: input.category,
    max_age_days: input.max_age_days ?? GEMS_MAX_AGE_DAYS_DEFAULT,
    min_holders: input.min_holders ?? GEMS_MIN_HOLDERS_DEFAULT,
    max_market_cap_usd: input.max_market_cap_usd ?? GEMS_MAX_MARKET_CAP_USD_DEFAULT,
  }, nowMs));
  const rows = kept.map((coin) => {
    const g = gemScore(coin, nowMs);
    return { ...coinRowBase(coin, nowMs), gem_score: g.gem_score, stage: g.stage, factors: g.factors.map((f) => ({ ...f })), reasons: g.reasons, warnings: g.warnings };
  });
  // Best score first; ties by mint so pages are stable.
  rows.sort((a, b) => b.gem_score - a.gem_score || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0));
  return {
    data: { rows: rows.slice(0, input.limit ?? GEMS_LIMIT_DEFAULT), matched: kept.length, indexed: coins.length, as_of: now.toISOString() },
    caveats,
  };
}

// Reads the answer it was handed; loosely typed on purpose, inside this module only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Built only from the answer's data, so a cached answer briefs the same way. */
export function gemsBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const lines = [`## Launchpad gems: ${d.rows.length} of ${d.matched} matching coins (${d.indexed} indexed)`];
  for (const r of d.rows as Data[]) {
    lines.push(`- ${r.symbol} (${r.mint}) in ${r.quote_symbol}: **${r.stage}** ${r.gem_score}/100, ${r.payout_status}, tax round trip ${r.tax_round_trip_pct} %` +
      `${(r.reasons as string[]).length > 0 ? `; ${(r.reasons as string[]).join('; ')}` : ''}${(r.warnings as string[]).length > 0 ? `; warnings: ${(r.warnings as string[]).join('; ')}` : ''}`);
  }
  const caveats = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (caveats.length > 0) lines.push(`- Caveats: ${caveats.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}

export default defineEndpoint({
  key: 'launchpad-gems',
  family: 'launchpad',
  price: '0.03',
  summary: 'Young launchpad reward coins scored 0-100 and staged GEM / WATCH / NOISE / DEAD',
  description:
    'Gem rows: a score 0 to 100 (recent payout 25, holders 12, size 15, turnover 15, age 10, momentum 10 - negative ' +
    'once already run, quote strength 10, flywheel 3), stage GEM at 80 or above, WATCH at 62 or above, DEAD with no ' +
    '24h volume, otherwise NOISE; with reasons, warnings and the round-trip tax cost. Read from the 10-minute coin ' +
    'index (caveat index_stale once it is 30 minutes old); filters are inclusive and a coin with unknown holders or ' +
    'market cap is left out; best score first, ties by mint.',
  input: Type.Object(
    {
      quote_mint: Type.Optional(Type.String({ description: 'Only coins paired against this quote mint' })),
      category: Type.Optional(LaunchCategory({ description: 'Only coins of this quote category' })),
      max_age_days: withDefault(Type.Number({ minimum: 0, maximum: 90, description: 'Maximum age in days' }), 14),
      min_holders: withDefault(Type.Integer({ minimum: 0, description: 'Minimum holders' }), 25),
      max_market_cap_usd: withDefault(Type.Number({ minimum: 0, description: 'Maximum market cap in USD' }), 5000000),
      limit: withDefault(Type.Integer({ minimum: 1, maximum: 50, description: 'Maximum results' }), 15),
    },
    { additionalProperties: false },
  ),
  output: GemsSchema,
  cacheTtlSeconds: 600,
  example: { max_age_days: 14, min_holders: 25, max_market_cap_usd: 5000000, limit: 15 },
  handler: (input, ctx) => gemsAnswer(input, ctx),
  briefing: gemsBriefing,
});
