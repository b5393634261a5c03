/** A reward-coin builder for the launchpad tests: a healthy PAYING SOL-quoted coin unless overridden. */
import type { DailyPoint, RewardCoin } from '../../../src/analytics/launchpad/types.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
export const DISTRIBUTOR = 'Distributor1111111111111111111111111111111';

export function coin(over: Partial<RewardCoin> = {}): RewardCoin {
  return {
    mint: 'CoinMint',
    symbol: 'RWD',
    quote_mint: 'So11111111111111111111111111111111111111112',
    quote_symbol: 'SOL',
    quote_category: 'solana',
    transfer_fee_bps: 300,
    transfer_fee_max: 1_000_000,
    withdraw_authority: DISTRIBUTOR,
    platform_distributor: DISTRIBUTOR,
    fee_mutable: false,
    adopted: true,
    created_at: NOW - 20 * DAY,
    holders: 500,
    top10_pct: 30,
    market_cap_usd: 200_000,
    volume_24h_usd: 100_000,
    price_change_24h_pct: 10,
    payouts: [{ at: NOW - 2 * HOUR, quote_amount: 1.5, usd: 300 }],
    daily: [],
    flywheel: true,
    ...over,
  };
}

/** `n` daily points ending at `endAt`, one day apart, each distributing `usd` with market cap `cap`. */
export function points(n: number, endAt: number, usd: number, cap: number | null, holders: number | null = 100): DailyPoint[] {
  const out: DailyPoint[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const at = endAt - i * DAY;
    out.push({ day: new Date(at).toISOString().slice(0, 10), at, distributions_quote: usd / 200, distributions_usd: usd, market_cap_usd: cap, holders });
  }
  return out;
}
