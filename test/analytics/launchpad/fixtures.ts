/**
 * Builders for the launchpad analytics tests: a healthy PAYING SOL-quoted transfer-fee reward coin unless
 * overridden, a fee-share one, a standard launch, and daily points carrying the platform's LIFETIME totals.
 */
import type { DailyPoint, Payout, RewardCoin } from '../../../src/analytics/launchpad/types.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
export const DISTRIBUTOR = 'Distributor1111111111111111111111111111111';
/** SOL at 200 USD: 1.5 SOL is 300 USD. */
export const QUOTE_PRICE = 200;

export function payout(at: number, quote_amount: number, signature = `sig-${at}`): Payout {
  return { at, quote_amount, signature };
}

/** A V3 coin: 300 bps transfer fee withdrawn by the distributor, adopted, paid 2 h ago, flywheel on. */
export function coin(over: Partial<RewardCoin> = {}): RewardCoin {
  return {
    mint: 'CoinMint',
    symbol: 'RWD',
    pool: 'CoinPool',
    quote_mint: 'So11111111111111111111111111111111111111112',
    quote_symbol: 'SOL',
    quote_category: 'solana',
    quote_category_raw: 'solana',
    reward_mechanism: 'transfer_fee',
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
    distributed_quote: 10,
    payout_count: 40,
    last_payout_at: NOW - 2 * HOUR,
    quote_price_usd: QUOTE_PRICE,
    recent_payouts: [payout(NOW - 2 * HOUR, 1.5)],
    daily: [],
    flywheel: true,
    ...over,
  };
}

/** A first-generation reward coin: classic SPL mint (no transfer-fee extension), paid from the pool's fee share. */
export function feeShareCoin(over: Partial<RewardCoin> = {}): RewardCoin {
  return coin({ reward_mechanism: 'fee_share', transfer_fee_bps: null, transfer_fee_max: null, withdraw_authority: null, fee_mutable: false, ...over });
}

/** A standard launch: no reward mechanism, no transfer fee, no reward totals. */
export function standardCoin(over: Partial<RewardCoin> = {}): RewardCoin {
  return coin({
    reward_mechanism: null, transfer_fee_bps: null, transfer_fee_max: null, withdraw_authority: null, holders: null,
    distributed_quote: 0, payout_count: 0, last_payout_at: null, recent_payouts: [], ...over,
  });
}

export function point(at: number, distributed_quote: number, market_cap_usd: number | null = 100_000, holders: number | null = 100): DailyPoint {
  return { day: new Date(at).toISOString().slice(0, 10), at, distributed_quote, payout_count: Math.round(distributed_quote * 10), quote_price_usd: QUOTE_PRICE, market_cap_usd, holders };
}

/**
 * `n` daily points ending at `endAt`, one day apart, the lifetime total growing by `perDay` quote a day
 * from `startTotal` at the oldest point; each with market cap `cap`.
 */
export function points(n: number, endAt: number, perDay: number, cap: number | null, holders: number | null = 100, startTotal = 0): DailyPoint[] {
  const out: DailyPoint[] = [];
  for (let i = 0; i < n; i++) out.push(point(endAt - (n - 1 - i) * DAY, startTotal + i * perDay, cap, holders));
  return out;
}
