/** launchpad-launch-intel's answer (docs/launchpad.md, "Endpoint: launchpad-launch-intel"). */
import type { HandlerContext, HandlerResult } from '../../../registry/types.js';
import { demandScore, launchIntelOverview, type LaunchIntelRow } from '../../../analytics/launchpad/demand.js';
import type { QuoteCategory, RewardCoin } from '../../../analytics/launchpad/types.js';
import { indexedRewardCoins } from '../shared/coins.js';

export const SORTS = ['demand', 'survival', 'volume', 'launches', 'paying'] as const;
type IntelSort = (typeof SORTS)[number];

/** Defaults as in the input schema (the validator fills them; repeated so the handler stands alone). */
const MIN_COINS_DEFAULT = 5;
const SORT_DEFAULT: IntelSort = 'demand';
const LIMIT_DEFAULT = 20;

const SORT_VALUE: Record<IntelSort, (r: LaunchIntelRow) => number | null> = {
  demand: (r) => r.demand_score,
  survival: (r) => r.survival_pct,
  volume: (r) => r.volume_24h_usd,
  launches: (r) => r.launches_7d,
  paying: (r) => r.paying_today_pct,
};

/** Highest first, unknown last, ties by quote mint (stable pages). */
function sortRows<T extends LaunchIntelRow>(rows: T[], sort: IntelSort): T[] {
  const v = SORT_VALUE[sort];
  return [...rows].sort((a, b) => {
    const x = v(a);
    const y = v(b);
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    if (x !== null && y !== null && x !== y) return y - x;
    return a.quote_mint < b.quote_mint ? -1 : a.quote_mint > b.quote_mint ? 1 : 0;
  });
}

/**
 * A reward coin, for launch intel, is one launched with the transfer-fee extension (reward mode), whatever
 * became of it: zero-rate and unadopted launches are failed reward launches and count against survival and
 * paying share. A coin without the extension is a standard launch and tells nothing about reward demand.
 */
const isRewardLaunch = (c: RewardCoin) => c.reward_mechanism !== null;

interface IntelInput { category?: QuoteCategory; min_coins?: number; sort?: IntelSort; limit?: number }

export async function launchIntelAnswer(input: IntelInput, ctx: HandlerContext): Promise<HandlerResult> {
  const now = ctx.now();
  const nowMs = now.getTime();
  const minCoins = input.min_coins ?? MIN_COINS_DEFAULT;
  const sort = input.sort ?? SORT_DEFAULT;
  const { coins, caveats } = await indexedRewardCoins(ctx);
  const considered = coins.filter((c) => isRewardLaunch(c) && (input.category === undefined || c.quote_category === input.category));
  const byQuote = new Map<string, RewardCoin[]>();
  for (const c of considered) byQuote.set(c.quote_mint, [...(byQuote.get(c.quote_mint) ?? []), c]);
  const rows = [...byQuote.values()]
    .filter((cs) => cs.length >= minCoins)
    .map((cs) => ({ ...demandScore(cs[0]!, cs, nowMs), quote_category: cs[0]!.quote_category }));
  const sorted = sortRows(rows, sort);
  return {
    data: {
      rows: sorted.slice(0, input.limit ?? LIMIT_DEFAULT).map((r, i) => ({ rank: i + 1, ...r })),
      overview: launchIntelOverview(considered, rows, nowMs),
      quotes: rows.length,
      sort,
      as_of: now.toISOString(),
    },
    caveats,
  };
}
