/**
 * The sandbox launch platform's world (leg `launchpad`): a StonkFun-like platform on Raydium LaunchLab.
 * Ten quote assets (every normalized category; the platform's raw categories include `tessera` and
 * `backpack`; two quotes closed to new launches) and 33 coins designed so that every payout status
 * (PAYING, STALE, NEVER, NOT_REWARD), every health level (HEALTHY, MIXED, WEAK, BROKEN, per
 * docs/launchpad.md) and both reward mechanisms (Token-2022 transfer fee; classic-SPL fee share) are
 * present at every moment. The cast and what each coin shows is in docs/sandbox.md ("Launch platform").
 *
 * The platform's parts: platform.ts (program, accounts, launch constants), quotes.ts and coins.ts (the
 * cast), payouts.ts (the payout timeline and the coins listed at a moment), and the bodies in the REAL wire
 * format (the schemas of `src/sources/wire/launchpad.ts`; `{data, meta}` is wrapped by
 * `../../providers/launchpad.ts`): token-bodies.ts, reward-bodies.ts, pricing.ts, stats.ts. What the chain
 * says about each coin (mint, LaunchLab pool state, largest accounts) is rendered by `../launchpad-chain.ts`
 * from the same designs. This file is the platform's face for the code outside this folder.
 *
 * Every value is a pure function of the clock:
 *  - Coins are "rolling": a coin's creation is `ageDays` before today's 00:00 UTC (less 6 h), so ages —
 *    and with them the launch-intel "launched in 24 h / 7 d" counts and the gem age bands — hold whatever
 *    day the sandbox clock reads. Payouts fall on a fixed UTC grid (every `periodHours`, offset by
 *    `phaseHours`) between the coin's first payout and now, so they never move once they happened within
 *    a day; a STALE coin's payouts stop `stoppedDaysAgo` days before today's 00:00 (≥ 2 days, so ≥ 48 h
 *    old: always STALE), a PAYING coin pays at least every 12 h (always < 24 h old: always PAYING).
 *  - One coin, RAINSTOP, is fixed in absolute time instead: it pays every 6 h until
 *    `LAUNCHPAD_STALE_LAST_PAYOUT_MS` and nothing after, so it is PAYING until
 *    `LAUNCHPAD_STALE_CROSSING_MS` (24 h later) and STALE from that exact millisecond on — the
 *    PAYING→STALE crossing the launchpad-alerts tests drive the sandbox clock across.
 * Holders, top-10 share, market cap, 24 h volume and price change are fixed per coin; the platform's
 * lifetime totals grow payout by payout.
 */
export {
  LAUNCHPAD_DISTRIBUTOR,
  LAUNCHPAD_FEE_CONFIG_AUTHORITY,
  LAUNCHPAD_GRADUATION_MCAP_USD,
  LAUNCHPAD_OTHER_PLATFORM,
  LAUNCHPAD_OUTSIDER,
  LAUNCHPAD_PLATFORM_IDS,
  LAUNCHPAD_PROGRAM_ID,
  LAUNCHPAD_RECENT_DISTRIBUTIONS,
  LAUNCHPAD_REWARD_MAX_FEE_RAW,
  LAUNCHPAD_STALE_CROSSING_MS,
  LAUNCHPAD_STALE_LAST_PAYOUT_MS,
  LAUNCH_BASE_DECIMALS,
  LAUNCH_SUPPLY_RAW,
  LAUNCH_TOTAL_SELL_RAW,
} from './platform.js';
export { LAUNCHPAD_QUOTES, launchpadGlobalConfig, quoteMint, type QuoteDesign } from './quotes.js';
export { EVERPAY, LAUNCHPAD_ALL_COINS, LAUNCHPAD_COINS, RAINSTOP, coinCreatedAt, coinCreator, coinMint, coinMode, coinPool, coinPriceUsd, quoteOf, type CoinDesign } from './coins.js';
export { launchpadTokensAt, type LaunchpadCoinAt } from './payouts.js';
export { launchpadPairs, launchpadTokenDetail, launchpadTokensPage } from './token-bodies.js';
export { launchpadDistributionsAt, launchpadRewards, launchpadTokenRewards } from './reward-bodies.js';
export { launchpadPricing, quoteRaiseRaw } from './pricing.js';
export { launchpadStatsAt } from './stats.js';
