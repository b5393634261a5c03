/**
 * The yield object of one reward coin, shared by `launchpad-yield` and `launchpad-yield-batch` (the spec
 * makes the batch's per-coin object "the same object as launchpad-yield"): trailing yields from the index's
 * daily points, the basis window, quote exposure and reward asset, and the coin's own caveats.
 */
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import type { DailyPoint, QuoteCategory } from '../../../analytics/launchpad/types.js';
import { YIELD_CAUTION_MIN_DAYS } from '../../../analytics/launchpad/thresholds.js';
import { trailingYields } from '../../../analytics/launchpad/yield.js';
import { addDays, utcDayOf } from '../../../jobs/days.js';
import { LAUNCHPAD_DAILY_RETENTION_DAYS } from '../../../jobs/launchpad-index.js';

export interface YieldSubject {
  mint: string;
  symbol: string;
  quote_mint: string;
  quote_symbol: string;
  quote_category: QuoteCategory;
}

/** Every daily point the index keeps for the coin (35 days): lifetime is "as far back as the index knows it". */
export async function coinDailyPoints(ctx: HandlerContext, mint: string, now: Date): Promise<DailyPoint[]> {
  const today = utcDayOf(now);
  const rows = await ctx.store.launchpadDailyPoints(mint, addDays(today, -LAUNCHPAD_DAILY_RETENTION_DAYS), today);
  // The index job wrote these from validated DailyPoints (dailyPointOf), so the shape is trusted.
  return rows.map((r) => r.data as unknown as DailyPoint);
}

export function coinYield(coin: YieldSubject, points: DailyPoint[], source: 'index' | 'live', now: Date) {
  const y = trailingYields(points, now.getTime());
  const caveats: Caveat[] = [];
  if (source === 'live') {
    caveats.push({ code: 'not_indexed', leg: 'launchpad', message: 'The coin is not in the index yet (launched since its last refresh), so it has no daily history: every yield is null.' });
  }
  const partial = (['7d', '30d'] as const).filter((w) => y[w].partial);
  if (partial.length > 0) {
    caveats.push({ code: 'partial_history', message: `The index has known this coin for ${y.lifetime.history_days} days: the ${partial.join(' and ')} window${partial.length > 1 ? 's are' : ' is'} partial, so the annualized figures carry a caution flag.` });
  } else if (y.lifetime.history_days < YIELD_CAUTION_MIN_DAYS) {
    caveats.push({ code: 'partial_history', message: `Under ${YIELD_CAUTION_MIN_DAYS} days of history: annualized figures carry a caution flag.` });
  }
  return {
    data: {
      mint: coin.mint,
      symbol: coin.symbol,
      yields: { '7d': { ...y['7d'] }, '30d': { ...y['30d'] }, lifetime: { ...y.lifetime } },
      basis: y.basis,
      quote_exposure: { quote_mint: coin.quote_mint, quote_symbol: coin.quote_symbol, quote_category: coin.quote_category },
      reward_asset: { mint: coin.quote_mint, symbol: coin.quote_symbol },
      daily_points: points.length,
      source,
      as_of: now.toISOString(),
    },
    caveats,
  };
}
