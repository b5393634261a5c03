/** launchpad-yield-batch's answer (docs/launchpad.md, "Endpoint: launchpad-yield-batch"). */
import type { Caveat, HandlerContext, HandlerResult } from '../../../registry/types.js';
import { sortScreener, type ScreenerRow, type ScreenerSort } from '../../../analytics/launchpad/screener.js';
import type { RewardCoin } from '../../../analytics/launchpad/types.js';
import { trailingYields } from '../../../analytics/launchpad/yield.js';
import { indexedCoin } from '../../../launchpad-index/state.js';
import { indexedRewardCoins, indexStaleCaveat, withDaily } from '../shared/coins.js';
import { coinSortFields } from '../shared/coin-rows.js';
import { coinDailyPoints, coinYield, type YieldSubject } from '../shared/coin-yield.js';
import { passesCoinFilter, type CoinFilter } from '../shared/screener-filters.js';

/** Defaults as in the input schema (the validator fills them; repeated so the handler stands alone). */
const SORT_DEFAULT: ScreenerSort = 'volume24h';
const LIMIT_DEFAULT = 25;

type BatchInput = CoinFilter & { mints?: string[]; sort?: ScreenerSort; limit?: number };
/** What both selections give: a `RewardCoin` (filters) or the index's token detail (mints). */
type BatchCoin = YieldSubject & Pick<RewardCoin, 'last_payout_at' | 'volume_24h_usd' | 'holders' | 'price_change_24h_pct'>;

const SORT_FIELD: Record<ScreenerSort, keyof Omit<ScreenerRow, 'mint'>> = {
  yield7d: 'yield_7d_pct', yield30d: 'yield_30d_pct', rewardsUsd: 'rewards_usd', volume24h: 'volume_24h_usd',
  lastPayout: 'last_payout_at', holders: 'holders', priceChange24h: 'price_change_24h_pct',
};

/**
 * The coins to answer for. Mints: each looked up in the index (duplicates once; the rest in `not_found`, in the
 * order asked) and every filter ignored, as the spec says. Filters: the whole index through the screener's
 * filters. Both read the index only, so a coin launched since the last refresh is `not_found` until the next.
 */
async function selectCoins(input: BatchInput, ctx: HandlerContext, nowMs: number): Promise<{ coins: BatchCoin[]; notFound: string[]; indexed: number; caveats: Caveat[] }> {
  if (input.mints !== undefined) {
    const asked = [...new Set(input.mints)];
    const [rows, indexed, caveats] = await Promise.all([
      Promise.all(asked.map((m) => ctx.store.launchpadCoin(m))),
      ctx.store.launchpadCoins().then((all) => all.length),
      indexStaleCaveat(ctx),
    ]);
    return {
      coins: rows.flatMap((r) => (r === undefined ? [] : [withDaily(indexedCoin(r))])),
      notFound: asked.filter((_, i) => rows[i] === undefined),
      indexed,
      caveats,
    };
  }
  const { coins, caveats } = await indexedRewardCoins(ctx);
  return { coins: coins.filter((c) => passesCoinFilter(c, input, nowMs)), notFound: [], indexed: coins.length, caveats };
}

export async function yieldBatchAnswer(input: BatchInput, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const nowMs = now.getTime();
  const sort = input.sort ?? SORT_DEFAULT;
  const limit = input.limit ?? LIMIT_DEFAULT;
  const { coins, notFound, indexed, caveats } = await selectCoins(input, ctx, nowMs);
  const rows = await Promise.all(coins.map(async (coin) => {
    const points = await coinDailyPoints(ctx, coin.mint, now);
    const answer = coinYield(coin, points, 'index', now);
    return { answer, ...coinSortFields(coin, trailingYields({ ...coin, daily: points }, nowMs), nowMs) };
  }));
  const ranked = sortScreener(rows, sort).slice(0, limit);
  const out: Caveat[] = [...caveats];
  const partial = ranked.filter((r) => r.answer.caveats.some((c) => c.code === 'partial_history')).map((r) => r.answer.data.symbol);
  if (partial.length > 0) {
    out.push({ code: 'partial_history', message: `Partial history (windows shorter than named; see each history_days): ${partial.join(', ')}.` });
  }
  return {
    data: {
      coins: ranked.map((r, i) => ({ ...r.answer.data, rank: i + 1, sort_value: r[SORT_FIELD[sort]] })),
      not_found: notFound,
      matched: coins.length,
      indexed,
      sort,
      as_of: now.toISOString(),
    },
    caveats: out,
  };
}
