/**
 * Inputs of the launchpad analytics. Pure data: the coin assembler (src/launchpad-index/coins.ts) fills
 * these from the platform's API and on-chain reads; the functions here never read a clock or the network.
 * Times are epoch milliseconds so that every rule (24 h windows, stale crossings, 31-day clamps) compares
 * plain numbers.
 */

/** Normalized quote-asset category of the launch platform (spec enum). */
export type QuoteCategory = 'xstock' | 'prestock' | 'currency' | 'leverage' | 'solana' | 'collectible' | 'custom';

/**
 * How a reward coin pays its holders: `transfer_fee` — a Token-2022 transfer fee withheld on every transfer,
 * withdrawn by the platform's distributor and paid out in the quote asset (the V3 launches); `fee_share` —
 * the first reward coins (classic SPL mints, early August 2026), paid from the pool's trading-fee share with
 * no transfer tax. null: a standard launch, which pays no rewards.
 */
export type RewardMechanism = 'transfer_fee' | 'fee_share';

/** One distribution observed (the platform lists its latest payouts; the index keeps what it saw). */
export interface Payout {
  at: number;
  quote_amount: number;
  signature: string;
}

/**
 * One point per coin per UTC day, written by the index at each refresh (the last refresh of a day stands).
 * `distributed_quote` is the coin's LIFETIME total at `at` (the platform's own counter), so rewards of a
 * window are the difference of two points: observable exactly, whatever payouts the platform lists.
 */
export interface DailyPoint {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  at: number;
  distributed_quote: number;
  payout_count: number;
  /** The quote asset's USD price at `at` (price aggregator); null when it could not be priced. */
  quote_price_usd: number | null;
  market_cap_usd: number | null;
  holders: number | null;
}

export interface RewardCoin {
  mint: string;
  symbol: string;
  /** The coin's LaunchLab pool. */
  pool: string;
  quote_mint: string;
  quote_symbol: string;
  quote_category: QuoteCategory;
  /** The platform's own category (open set, e.g. `tessera`, `backpack`). */
  quote_category_raw: string;
  reward_mechanism: RewardMechanism | null;
  /** Transfer-fee (tax) basis points; null when the mint has no transfer-fee extension. */
  transfer_fee_bps: number | null;
  /** Transfer-fee cap in UI units of the coin; 0 means the fee can never be collected (zero-rate). */
  transfer_fee_max: number | null;
  /** Who may withdraw the withheld fees; must be the platform's distributor or the tax goes elsewhere. */
  withdraw_authority: string | null;
  platform_distributor: string;
  /** A transfer-fee config authority is set, so the rate can be changed after launch. */
  fee_mutable: boolean;
  /** The pool was created under the platform's own config (on chain), so the platform pays its holders. */
  adopted: boolean;
  created_at: number;
  /** Holders the distributor pays (the platform's count); null for a coin without reward totals. */
  holders: number | null;
  /** Share of supply held by the top 10 token accounts, 0–100 (on chain). */
  top10_pct: number | null;
  market_cap_usd: number | null;
  volume_24h_usd: number | null;
  price_change_24h_pct: number | null;
  /** Lifetime distributed to holders, UI units of the quote asset (the platform's total since launch). */
  distributed_quote: number;
  payout_count: number;
  last_payout_at: number | null;
  /** The quote asset's USD price now (price aggregator); null when unpriced. */
  quote_price_usd: number | null;
  /** Distributions the index has seen in the platform's latest-payouts list (a sample, not the history). */
  recent_payouts: Payout[];
  daily: DailyPoint[];
  /** The platform's flywheel (fees buying back / re-distributing) is on for the coin. */
  flywheel: boolean;
}

/** A score's factor breakdown (`{name, value, max, detail}`; docs/launchpad.md, opening paragraph). */
export interface Factor {
  name: string;
  value: number;
  /** The factor's maximum contribution (its weight). */
  max: number;
  detail: string;
}
