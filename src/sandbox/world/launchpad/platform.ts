/**
 * The launch platform's fixed facts: its program and accounts, LaunchLab's default launch, the reward
 * mode's fee tiers, the graduation rule, and the moments RAINSTOP (the absolute-time coin) turns STALE at.
 */
import type { LaunchpadMode } from '../../../sources/wire/launchpad.js';
import { HOUR_MS } from '../../../lib/days.js';
import { deriveAddress, deriveWallet } from '../random.js';

/** The last payout of RAINSTOP (a PAYING coin whose payouts stop): 2026-01-15 12:00 UTC. */
export const LAUNCHPAD_STALE_LAST_PAYOUT_MS = Date.UTC(2026, 0, 15, 12);
/** RAINSTOP turns STALE at this exact millisecond: its last payout + the default 24 h. */
export const LAUNCHPAD_STALE_CROSSING_MS = LAUNCHPAD_STALE_LAST_PAYOUT_MS + 24 * HOUR_MS;

export const LAUNCHPAD_PROGRAM_ID = 'LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj';
export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
/** The platform's distributor: withdraws the withheld transfer fees and pays holders. */
export const LAUNCHPAD_DISTRIBUTOR = deriveWallet('launchpad', 'distributor');
/** The LaunchLab global config of SOL launches (every quote has its own: `launchpadGlobalConfig`). */
export const LAUNCHPAD_GLOBAL_CONFIG = deriveAddress('launchpad', 'global-config');
/** The platform's LaunchLab platform config per mode: a pool created under another config is not adopted. */
export const LAUNCHPAD_PLATFORM_IDS: Readonly<Record<LaunchpadMode, string>> = {
  standard: deriveAddress('launchpad', 'platform', 'standard'),
  reward: deriveAddress('launchpad', 'platform', 'reward'),
};
/** Another platform's config on the same program: the pool of an unadopted coin (TSLAORPH) was created under it. */
export const LAUNCHPAD_OTHER_PLATFORM = deriveAddress('launchpad', 'platform', 'elsewhere');
/** Someone else's wallet, set as withdraw authority on the coins whose tax does not reach holders. */
export const LAUNCHPAD_OUTSIDER = deriveWallet('launchpad', 'outsider');
/** The transfer-fee config authority of the coins whose fee can still be changed (`feeMutable`). */
export const LAUNCHPAD_FEE_CONFIG_AUTHORITY = deriveWallet('launchpad', 'fee-config-authority');

/** LaunchLab's default launch: 1 B tokens at 6 decimals, 79.31 % sold on the curve. */
export const LAUNCH_SUPPLY_RAW = 1_000_000_000_000_000n;
export const LAUNCH_TOTAL_SELL_RAW = 793_100_000_000_000n;
export const LAUNCH_BASE_DECIMALS = 6;
/** The reward mode's transfer-fee tiers. */
export const REWARD_TIERS_BPS = [100, 300];
/**
 * A reward coin's transfer-fee cap: the whole supply (Raydium's launches set `maximumFee` to the supply,
 * i.e. uncapped). A designed `max: 0` (zero-rate) is served as 0.
 */
export const LAUNCHPAD_REWARD_MAX_FEE_RAW = LAUNCH_SUPPLY_RAW;
/** The platform's graduation rule (its `/stats` config): graduated at this market cap, "about to" from the second. */
export const LAUNCHPAD_GRADUATION_MCAP_USD = 40_000;
export const LAUNCHPAD_ABOUT_TO_GRADUATE_MCAP_USD = 32_000;
/** `/rewards` lists at most this many recent distributions, platform-wide. */
export const LAUNCHPAD_RECENT_DISTRIBUTIONS = 100;
/** What every launch record names as its target start market cap (the platform's default). */
export const LAUNCH_TARGET_START_MCAP_USD = 5_000;

/** Derived addresses of the static cast, computed once (a derived mint costs several hashes). */
const addressMemo = new Map<string, string>();
export function memo(key: string, make: () => string): string {
  let v = addressMemo.get(key);
  if (v === undefined) {
    v = make();
    addressMemo.set(key, v);
  }
  return v;
}
