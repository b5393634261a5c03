/** launchpad-gems's answer (docs/launchpad.md, "Endpoint: launchpad-gems"). */
import type { HandlerContext, HandlerResult } from '../../../registry/types.js';
import { gemScore } from '../../../analytics/launchpad/gem.js';
import type { QuoteCategory } from '../../../analytics/launchpad/types.js';
import { indexedRewardCoins } from '../shared/coins.js';
import { coinRowBase } from '../shared/coin-rows.js';
import { passesCoinFilter } from '../shared/screener-filters.js';

/** Defaults of the spec row (the validator fills them; repeated so the handler stands alone). */
const GEMS_MAX_AGE_DAYS_DEFAULT = 14;
const GEMS_MIN_HOLDERS_DEFAULT = 25;
const GEMS_MAX_MARKET_CAP_USD_DEFAULT = 5_000_000;
const GEMS_LIMIT_DEFAULT = 15;

interface GemsInput {
  quote_mint?: string;
  category?: QuoteCategory;
  max_age_days?: number;
  min_holders?: number;
  max_market_cap_usd?: number;
  limit?: number;
}

export async function gemsAnswer(input: GemsInput, ctx: HandlerContext): Promise<HandlerResult> {
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
