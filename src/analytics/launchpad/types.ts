/**
 * Inputs of the launchpad analytics (issue 8). Pure data: the index job and the platform client fill these;
 * the functions here never read a clock or the network. Times are epoch milliseconds so that every rule
 * (24 h windows, stale crossings, 31-day clamps) compares plain numbers.
 */

/** Normalized quote-asset category of the launch platform (spec enum). */
export type QuoteCategory = 'xstock' | 'prestock' | 'currency' | 'leverage' | 'solana' | 'collectible' | 'custom';

/** One distribution by the platform's distributor to the coin's holders, in the quote asset. */
export interface Payout {
  at: number;
  quote_amount: number;
  /** USD value at payout time (price aggregator); null when the quote could not be priced. */
  usd: number | null;
}

/** One daily point per coin kept by the index (35 days). `at` is when the snapshot was taken. */
export interface DailyPoint {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  at: number;
  /** Distributed to holders during that day. */
  distributions_quote: number;
  distributions_usd: number;
  market_cap_usd: number | null;
  holders: number | null;
}

export interface RewardCoin {
  mint: string;
  symbol: string;
  quote_mint: string;
  quote_symbol: string;
  quote_category: QuoteCategory;
  /** Transfer-fee (tax) basis points; null when the mint has no transfer-fee extension. */
  transfer_fee_bps: number | null;
  /** Transfer-fee cap in UI units of the coin; 0 means the fee can never be collected (zero-rate). */
  transfer_fee_max: number | null;
  /** Who may withdraw the withheld fees; must be the platform's distributor or the tax goes elsewhere. */
  withdraw_authority: string | null;
  platform_distributor: string;
  /** A transfer-fee config authority is set, so the rate can be changed after launch. */
  fee_mutable: boolean;
  /** The platform adopted the pool; an unadopted pool's tax goes to nobody. */
  adopted: boolean;
  created_at: number;
  holders: number | null;
  /** Share of supply held by the top 10 holders, 0–100. */
  top10_pct: number | null;
  market_cap_usd: number | null;
  volume_24h_usd: number | null;
  price_change_24h_pct: number | null;
  payouts: Payout[];
  daily: DailyPoint[];
  /** The platform's flywheel (fees buying back / re-distributing) is on for the coin. */
  flywheel: boolean;
}

/** A score's factor breakdown (DESIGN §3). */
export interface Factor {
  name: string;
  value: number;
  /** The factor's maximum contribution (its weight). */
  max: number;
  detail: string;
}
