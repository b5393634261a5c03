/**
 * Screener helpers (spec `launchpad-screener`, `launchpad-yield-batch`): `live` = traded and paid within
 * 24 h; sorts are descending with unknown values last and ties broken by mint, so pages are stable.
 */
import { HOUR_MS } from '../../lib/days.js';
import { LIVE_WINDOW_HOURS } from './thresholds.js';
import type { RewardCoin } from './types.js';

export function isLive(coin: Pick<RewardCoin, 'last_payout_at' | 'volume_24h_usd'>, nowMs: number): boolean {
  const last = coin.last_payout_at;
  const traded = coin.volume_24h_usd !== null && coin.volume_24h_usd > 0;
  return traded && last !== null && last <= nowMs && nowMs - last < LIVE_WINDOW_HOURS * HOUR_MS;
}

export type ScreenerSort = 'yield7d' | 'yield30d' | 'rewardsUsd' | 'volume24h' | 'lastPayout' | 'holders' | 'priceChange24h';

export interface ScreenerRow {
  mint: string;
  yield_7d_pct: number | null;
  yield_30d_pct: number | null;
  rewards_usd: number | null;
  volume_24h_usd: number | null;
  last_payout_at: number | null;
  holders: number | null;
  price_change_24h_pct: number | null;
}

const KEY: Record<ScreenerSort, keyof Omit<ScreenerRow, 'mint'>> = {
  yield7d: 'yield_7d_pct',
  yield30d: 'yield_30d_pct',
  rewardsUsd: 'rewards_usd',
  volume24h: 'volume_24h_usd',
  lastPayout: 'last_payout_at',
  holders: 'holders',
  priceChange24h: 'price_change_24h_pct',
};

/** Highest first (most recent payout first); null last; ties by mint ascending. Returns a new array. */
export function sortScreener<T extends ScreenerRow>(rows: readonly T[], sort: ScreenerSort): T[] {
  const k = KEY[sort];
  return [...rows].sort((a, b) => {
    const x = a[k];
    const y = b[k];
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    if (x !== null && y !== null && x !== y) return y - x;
    return a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0;
  });
}
