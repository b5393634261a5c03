/**
 * The row fields launchpad-screener, launchpad-gems and launchpad-yield-batch share: a coin's base row
 * (screener and gem rows) and the figures screener sorts compare (docs/launchpad.md, "Endpoint:
 * launchpad-screener").
 */
import { healthScore } from '../../../analytics/launchpad/health.js';
import { payoutStatus } from '../../../analytics/launchpad/payout.js';
import type { ScreenerRow } from '../../../analytics/launchpad/screener.js';
import type { RewardCoin } from '../../../analytics/launchpad/types.js';
import type { TrailingYields } from '../../../analytics/launchpad/yield.js';
import { round2 } from '../../../analytics/round.js';
import { coinAgeDays } from './screener-filters.js';

/** The fields screener and gem rows share. */
export function coinRowBase(coin: RewardCoin, nowMs: number) {
  const status = payoutStatus(coin, nowMs).status;
  return {
    mint: coin.mint,
    symbol: coin.symbol,
    quote_mint: coin.quote_mint,
    quote_symbol: coin.quote_symbol,
    quote_category: coin.quote_category,
    age_days: round2(coinAgeDays(coin, nowMs)),
    holders: coin.holders,
    market_cap_usd: coin.market_cap_usd,
    volume_24h_usd: coin.volume_24h_usd,
    price_change_24h_pct: coin.price_change_24h_pct,
    payout_status: status,
    // The same tax-only figure launchpad-reward-risk shows, so the two endpoints never disagree.
    tax_round_trip_pct: healthScore(coin, nowMs).round_trip_pct,
  };
}

/**
 * The figures screener sorts compare: yields as launchpad-yield computes them, lifetime rewards in USD (the
 * platform's total since launch at the quote's current price — the same figure as launchpad-yield's lifetime
 * `rewards_usd`), the last payout as epoch ms.
 */
export function coinSortFields(
  coin: Pick<RewardCoin, 'mint' | 'volume_24h_usd' | 'holders' | 'price_change_24h_pct' | 'last_payout_at'>,
  y: TrailingYields,
  nowMs: number,
): ScreenerRow {
  return {
    mint: coin.mint,
    yield_7d_pct: y['7d'].yield_pct,
    yield_30d_pct: y['30d'].yield_pct,
    rewards_usd: y.lifetime.rewards_usd,
    volume_24h_usd: coin.volume_24h_usd,
    last_payout_at: coin.last_payout_at !== null && coin.last_payout_at <= nowMs ? coin.last_payout_at : null,
    holders: coin.holders,
    price_change_24h_pct: coin.price_change_24h_pct,
  };
}
