/** launchpad-screener's answer (docs/launchpad.md, "Endpoint: launchpad-screener"). */
import type { Caveat, HandlerContext, HandlerResult } from '../../../registry/types.js';
import { payoutStatus } from '../../../analytics/launchpad/payout.js';
import { isLive, sortScreener, type ScreenerSort } from '../../../analytics/launchpad/screener.js';
import { trailingYields } from '../../../analytics/launchpad/yield.js';
import { indexedRewardCoins } from '../shared/coins.js';
import { coinDailyPoints } from '../shared/coin-yield.js';
import { coinRowBase, coinSortFields } from '../shared/coin-rows.js';
import { passesCoinFilter, type CoinFilter } from '../shared/screener-filters.js';

/**
 * A yield over a partial window covers fewer days than its name and reads low beside full windows: sorting or
 * comparing on it without warning would rank coins by how long the index has watched them.
 */
function partialYieldCaveat(rows: ReadonlyArray<{ symbol: string; yield_7d_partial: boolean; yield_30d_partial: boolean }>): Caveat[] {
  const named = (w: '7d' | '30d') => rows.filter((r) => (w === '7d' ? r.yield_7d_partial : r.yield_30d_partial)).map((r) => r.symbol);
  const parts = (['7d', '30d'] as const).map((w) => [w, named(w)] as const).filter(([, s]) => s.length > 0);
  if (parts.length === 0) return [];
  return [{
    code: 'partial_history',
    message: `The index has not watched these coins for a whole window, so their yields cover fewer days than named and read low (see yield_*_history_days): ${parts.map(([w, s]) => `${w}: ${s.join(', ')}`).join('; ')}.`,
  }];
}

/** Defaults as in the input schema (the validator fills them; repeated so the handler stands alone). */
const SORT_DEFAULT: ScreenerSort = 'volume24h';
const LIMIT_DEFAULT = 25;

type ScreenerInput = CoinFilter & { sort?: ScreenerSort; limit?: number };

export async function screenerAnswer(input: ScreenerInput, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const nowMs = now.getTime();
  const sort = input.sort ?? SORT_DEFAULT;
  const limit = input.limit ?? LIMIT_DEFAULT;
  const { coins, caveats } = await indexedRewardCoins(ctx);
  const kept = coins.filter((c) => passesCoinFilter(c, input, nowMs));
  // Yields need each kept coin's daily points (the 35 days the index keeps), as launchpad-yield reads them.
  const rows = await Promise.all(kept.map(async (coin) => {
    const y = trailingYields({ ...coin, daily: await coinDailyPoints(ctx, coin.mint, now) }, nowMs);
    const sortFields = coinSortFields(coin, y, nowMs);
    return {
      row: {
        ...coinRowBase(coin, nowMs),
        hours_since_last_payout: payoutStatus(coin, nowMs).hours_since_last_payout,
        last_payout_at: sortFields.last_payout_at === null ? null : new Date(sortFields.last_payout_at).toISOString(),
        live: isLive(coin, nowMs),
        rewards_usd: sortFields.rewards_usd,
        yield_7d_pct: sortFields.yield_7d_pct,
        yield_7d_history_days: y['7d'].history_days,
        yield_7d_partial: y['7d'].partial,
        yield_30d_pct: sortFields.yield_30d_pct,
        yield_30d_history_days: y['30d'].history_days,
        yield_30d_partial: y['30d'].partial,
      },
      ...sortFields,
    };
  }));
  const shown = sortScreener(rows, sort).slice(0, limit).map((s) => s.row);
  return {
    data: { rows: shown, matched: kept.length, indexed: coins.length, sort, as_of: now.toISOString() },
    caveats: [...caveats, ...partialYieldCaveat(shown)],
  };
}
