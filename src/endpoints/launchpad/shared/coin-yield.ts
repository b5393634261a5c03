/**
 * The yield object of one reward coin, shared by `launchpad-yield` and `launchpad-yield-batch` (the spec
 * makes the batch's per-coin object "the same object as launchpad-yield"): trailing yields from the platform's
 * lifetime totals at the index's daily points, the basis window, quote exposure and reward asset, and the coin's own caveats.
 */
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import type { DailyPoint, QuoteCategory } from '../../../analytics/launchpad/types.js';
import { YIELD_ANNUALIZE_MIN_DAYS, YIELD_CAUTION_MIN_DAYS } from '../../../analytics/launchpad/thresholds.js';
import { trailingYields, type WindowYield, type YieldInputs } from '../../../analytics/launchpad/yield.js';
import { round2 } from '../../../analytics/round.js';
import { addDays, DAY_MS, utcDay } from '../../../lib/days.js';
import { LAUNCHPAD_DAILY_RETENTION_DAYS } from '../../../launchpad-index/state.js';

export interface YieldSubject extends Omit<YieldInputs, 'daily'> {
  mint: string;
  symbol: string;
  quote_mint: string;
  quote_symbol: string;
  quote_category: QuoteCategory;
  holders: number | null;
  payout_count: number;
}

/** A window's figures for the answer: epoch times as ISO 8601. */
function windowOut(w: WindowYield) {
  return { ...w, observed_from: w.observed_from === null ? null : new Date(w.observed_from).toISOString() };
}

/** Every daily point the index keeps for the coin (35 days): lifetime is "as far back as the index knows it". */
export async function coinDailyPoints(ctx: HandlerContext, mint: string, now: Date): Promise<DailyPoint[]> {
  const today = utcDay(now);
  const rows = await ctx.store.launchpadDailyPoints(mint, addDays(today, -LAUNCHPAD_DAILY_RETENTION_DAYS), today);
  // The index job wrote these from validated DailyPoints (dailyPointOf), so the shape is trusted.
  return rows.map((r) => r.data as unknown as DailyPoint);
}

export function coinYield(coin: YieldSubject, points: DailyPoint[], source: 'index' | 'live', now: Date) {
  const y = trailingYields({ ...coin, daily: points }, now.getTime());
  const caveats: Caveat[] = [];
  if (source === 'live') {
    caveats.push({ code: 'not_indexed', leg: 'launchpad', message: 'The coin is not in the index (launched since its last refresh, or no trade in 24 h), so it has no daily points: 7d and 30d windows start at the coin\'s launch when it is younger than them, else they are null.' });
  }
  if (coin.quote_price_usd === null) {
    caveats.push({ code: 'unpriced_quote', leg: 'price_aggregator', message: `The price aggregator has no price for ${coin.quote_symbol}: rewards are given in ${coin.quote_symbol} only, and every USD figure and yield is null.` });
  }
  const partial = (['7d', '30d'] as const).filter((w) => y[w].partial);
  if (partial.length > 0) {
    caveats.push({ code: 'partial_history', message: `The index's oldest point for this coin is ${y['30d'].history_days} days old: the ${partial.join(' and ')} window${partial.length > 1 ? 's are' : ' is'} shorter than named (history_days says how long).` });
  }
  const basis = y[y.basis];
  if (basis.yield_pct !== null && basis.history_days < YIELD_ANNUALIZE_MIN_DAYS) {
    caveats.push({ code: 'short_history', message: `Only ${basis.history_days} days observed: yields are not annualized before ${YIELD_ANNUALIZE_MIN_DAYS} days (annualized_pct null).` });
  } else if (basis.history_days < YIELD_CAUTION_MIN_DAYS) {
    caveats.push({ code: 'partial_history', message: `Under ${YIELD_CAUTION_MIN_DAYS} days of history: figures carry a caution flag.` });
  }
  return {
    data: {
      mint: coin.mint,
      symbol: coin.symbol,
      yields: { '7d': windowOut(y['7d']), '30d': windowOut(y['30d']), lifetime: windowOut(y.lifetime) },
      basis: y.basis,
      quote_exposure: { quote_mint: coin.quote_mint, quote_symbol: coin.quote_symbol, quote_category: coin.quote_category },
      reward_asset: { mint: coin.quote_mint, symbol: coin.quote_symbol, price_usd: coin.quote_price_usd },
      payout_count: coin.payout_count,
      holders: coin.holders,
      // One age rule with the screener and gems rows (round2 of days since launch), so a coin never shows two ages.
      age_days: round2((now.getTime() - coin.created_at) / DAY_MS),
      daily_points: points.length,
      source,
      as_of: now.toISOString(),
    },
    caveats,
  };
}
