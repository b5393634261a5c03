/**
 * Filters of `launchpad-screener` and `launchpad-gems` over a `RewardCoin` (spec "Launch platform reward
 * coins"). Boundaries are inclusive (docs/launchpad.md, "Endpoint: launchpad-screener"): a `min_*` keeps values at or above it, a `max_*` at or below.
 * A coin whose filtered figure is unknown (null) is dropped whenever that filter is set: it cannot be shown
 * to pass, and a screener that lets unknowns through would fill its pages with them.
 */
import { DAY_MS } from '../../../lib/days.js';
import { payoutStatus } from '../../../analytics/launchpad/payout.js';
import { isLive } from '../../../analytics/launchpad/screener.js';
import type { QuoteCategory, RewardCoin } from '../../../analytics/launchpad/types.js';

export interface CoinFilter {
  quote_mint?: string;
  category?: QuoteCategory;
  min_holders?: number;
  min_age_days?: number;
  max_age_days?: number;
  min_volume_24h_usd?: number;
  max_market_cap_usd?: number;
  paying_only?: boolean;
  live_only?: boolean;
}

/** Age in days at `nowMs` (unrounded, so the boundary test is exact). */
export const coinAgeDays = (coin: RewardCoin, nowMs: number): number => (nowMs - coin.created_at) / DAY_MS;

const atLeast = (v: number | null, min: number | undefined) => min === undefined || (v !== null && v >= min);
const atMost = (v: number | null, max: number | undefined) => max === undefined || (v !== null && v <= max);

export function passesCoinFilter(coin: RewardCoin, f: CoinFilter, nowMs: number): boolean {
  if (f.quote_mint !== undefined && coin.quote_mint !== f.quote_mint) return false;
  if (f.category !== undefined && coin.quote_category !== f.category) return false;
  const age = coinAgeDays(coin, nowMs);
  if (!atLeast(coin.holders, f.min_holders)) return false;
  if (!atLeast(age, f.min_age_days) || !atMost(age, f.max_age_days)) return false;
  if (!atLeast(coin.volume_24h_usd, f.min_volume_24h_usd)) return false;
  if (!atMost(coin.market_cap_usd, f.max_market_cap_usd)) return false;
  if (f.paying_only === true && payoutStatus(coin, nowMs).status !== 'PAYING') return false;
  if (f.live_only === true && !isLive(coin, nowMs)) return false;
  return true;
}
