/**
 * The sandbox launch platform's world (leg `launchpad`): a StonkFun-like platform on Raydium LaunchLab.
 * Ten quote assets (every normalized category; the platform's raw categories include `tessera` and
 * `backpack`; two quotes closed to new launches) and 33 coins designed so that every payout status
 * (PAYING, STALE, NEVER, NOT_REWARD), every health level (HEALTHY, MIXED, WEAK, BROKEN, per
 * docs/launchpad.md) and both reward mechanisms (Token-2022 transfer fee; classic-SPL fee share) are
 * present at every moment. The cast and what each coin shows is in docs/sandbox.md ("Launch platform").
 *
 * This file holds the cast and renders it in the platform's REAL wire format (the schemas of
 * `src/sources/wire/launchpad.ts`: `{data, meta}` bodies are wrapped by `../providers/launchpad.ts`);
 * what the chain says about each coin (mint, LaunchLab pool state, largest accounts) is rendered by
 * `./launchpad-chain.ts` from the same designs.
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
import { createHash } from 'node:crypto';
import type { QuoteCategory } from '../../analytics/launchpad/types.js';
import { base58Encode } from '../../lib/base58.js';
import type {
  LaunchpadMode,
  StonkDistribution,
  StonkLedgerLaunch,
  StonkPair,
  StonkPricing,
  StonkStats,
  StonkToken,
  StonkTokenDetail,
  StonkTokenRewards,
} from '../../sources/wire/launchpad.js';
import { addressBytes, findProgramAddressSync } from '../solana/accounts.js';
import { Lru } from './lru.js';
import { deriveAddress, deriveMint, deriveWallet, sha256 } from './random.js';
import { DAY_MS, HOUR_MS } from '../../lib/days.js';


/** The last payout of RAINSTOP (a PAYING coin whose payouts stop): 2026-01-15 12:00 UTC. */
export const LAUNCHPAD_STALE_LAST_PAYOUT_MS = Date.UTC(2026, 0, 15, 12);
/** RAINSTOP turns STALE at this exact millisecond: its last payout + the default 24 h. */
export const LAUNCHPAD_STALE_CROSSING_MS = LAUNCHPAD_STALE_LAST_PAYOUT_MS + 24 * HOUR_MS;
/** RAINSTOP's creation (it is listed only from then on). */
const RAINSTOP_CREATED_MS = LAUNCHPAD_STALE_LAST_PAYOUT_MS - 12 * DAY_MS;
/** A rolling coin is created this long before 00:00 UTC of its `ageDays`-th day back, so even age 0 has existed ≥ 6 h. */
const ROLLING_CREATED_LEAD_MS = 6 * HOUR_MS;

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
const REWARD_TIERS_BPS = [100, 300];
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
const LAUNCH_TARGET_START_MCAP_USD = 5_000;

export interface QuoteDesign {
  symbol: string;
  name: string;
  /** The normalized category the service should conclude (`normalizeCategory(rawCategory)`). */
  category: QuoteCategory;
  /** The platform's own category (open set: `tessera`, `backpack`… as the real platform says). */
  rawCategory: string;
  launchable: boolean;
  decimals: number;
  token2022: boolean;
  priceUsd: number;
  /** Raise of a launch on this quote, in UI units of the quote (each worth about the default 85 SOL). */
  raise: number;
  /** A real mint when the quote is a real asset the sandbox world already holds (SOL, USDC); else derived. */
  mint?: string;
}

/** The label the platform shows beside each raw category. */
const CATEGORY_LABEL: Readonly<Record<string, string>> = {
  solana: 'Solana', currency: 'Currency', xstock: 'xStock', tessera: 'Tessera', prestock: 'PreStock', backpack: 'Sunrise',
  leverage: 'Leverage', collectible: 'Collectibles', custom: 'Custom',
};

export const LAUNCHPAD_QUOTES: readonly QuoteDesign[] = [
  { symbol: 'SOL', name: 'Wrapped SOL', category: 'solana', rawCategory: 'solana', launchable: true, decimals: 9, token2022: false, priceUsd: 150, raise: 85, mint: 'So11111111111111111111111111111111111111112' },
  { symbol: 'USDC', name: 'USD Coin', category: 'currency', rawCategory: 'currency', launchable: true, decimals: 6, token2022: false, priceUsd: 1, raise: 12_500, mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
  { symbol: 'USD1', name: 'World Liberty USD', category: 'currency', rawCategory: 'currency', launchable: true, decimals: 6, token2022: false, priceUsd: 1, raise: 12_500 },
  { symbol: 'TSLAx', name: 'Tesla xStock', category: 'xstock', rawCategory: 'xstock', launchable: true, decimals: 8, token2022: true, priceUsd: 340, raise: 37 },
  // A tokenized equity of another issuer: the platform says `tessera`, the service reads an xStock.
  { symbol: 'NVDAx', name: 'NVIDIA (Tessera)', category: 'xstock', rawCategory: 'tessera', launchable: false, decimals: 8, token2022: true, priceUsd: 180, raise: 70 },
  { symbol: 'PREOAI', name: 'OpenAI pre-IPO', category: 'prestock', rawCategory: 'prestock', launchable: true, decimals: 6, token2022: true, priceUsd: 95, raise: 130 },
  // A pre-market stock the platform files under `backpack` and labels "Sunrise": the service reads a pre-stock.
  { symbol: 'RISEAI', name: 'RiseAI pre-market', category: 'prestock', rawCategory: 'backpack', launchable: true, decimals: 6, token2022: true, priceUsd: 60, raise: 210 },
  { symbol: 'SOL2X', name: 'SOL 2x Long', category: 'leverage', rawCategory: 'leverage', launchable: true, decimals: 6, token2022: false, priceUsd: 42, raise: 300 },
  { symbol: 'CARDS', name: 'Graded Card Index', category: 'collectible', rawCategory: 'collectible', launchable: false, decimals: 6, token2022: false, priceUsd: 0.8, raise: 15_000 },
  { symbol: 'MEME', name: 'Community Meme', category: 'custom', rawCategory: 'custom', launchable: true, decimals: 6, token2022: false, priceUsd: 0.002, raise: 6_000_000 },
];

/** Derived addresses of the static cast, computed once (a derived mint costs several hashes). */
const addressMemo = new Map<string, string>();
function memo(key: string, make: () => string): string {
  let v = addressMemo.get(key);
  if (v === undefined) {
    v = make();
    addressMemo.set(key, v);
  }
  return v;
}

export function quoteMint(q: QuoteDesign): string {
  return q.mint ?? memo(`quote|${q.symbol}`, () => deriveMint('launchpad', 'quote', q.symbol));
}

export function quoteTokenProgram(q: QuoteDesign): string {
  return q.token2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
}

/** The LaunchLab global config of launches on `q` (SOL's is `LAUNCHPAD_GLOBAL_CONFIG`). */
export function launchpadGlobalConfig(q: QuoteDesign): string {
  return q.symbol === 'SOL' ? LAUNCHPAD_GLOBAL_CONFIG : memo(`global|${q.symbol}`, () => deriveAddress('launchpad', 'global-config', q.symbol));
}

/**
 * The curve-rule account of a platform config on a global config: LaunchLab's PDA
 * `["platform_curve_rule", platform_config, global_config]` (what the pricing's `curveRule.derivation` says).
 */
export function launchpadCurveRule(mode: LaunchpadMode, globalConfig: string): string {
  return memo(`curve-rule|${mode}|${globalConfig}`, () =>
    findProgramAddressSync([Buffer.from('platform_curve_rule'), addressBytes(LAUNCHPAD_PLATFORM_IDS[mode]), addressBytes(globalConfig)], LAUNCHPAD_PROGRAM_ID));
}

/** The curve-rule accounts of SOL launches, per mode (the account appended last to the initialize instruction). */
export const LAUNCHPAD_CURVE_RULE_ACCOUNTS: Readonly<Record<LaunchpadMode, string>> = {
  standard: launchpadCurveRule('standard', LAUNCHPAD_GLOBAL_CONFIG),
  reward: launchpadCurveRule('reward', LAUNCHPAD_GLOBAL_CONFIG),
};
/** The reward-mode curve rule of SOL launches (the name tests import). */
export const LAUNCHPAD_CURVE_RULE_ACCOUNT = LAUNCHPAD_CURVE_RULE_ACCOUNTS.reward;

type Status = 'PAYING' | 'STALE' | 'NEVER' | 'NOT_REWARD';
type Level = 'HEALTHY' | 'MIXED' | 'WEAK' | 'BROKEN';

export interface CoinDesign {
  symbol: string;
  quote: string;
  /** Designed status and health level at every moment (RAINSTOP: before its crossing). */
  status: Status;
  level: Level;
  /** Token-2022 transfer fee in bps; null = no transfer-fee extension (a standard launch, or a fee-share coin). */
  bps: number | null;
  /** Fee cap in UI units: null = uncapped (the supply), 0 = zero-rate. */
  max: number | null;
  authority: 'distributor' | 'outsider' | null;
  feeMutable: boolean;
  adopted: boolean;
  flywheel: boolean;
  /**
   * A reward coin of the first generation: a classic SPL mint (no transfer fee) whose holders are paid
   * from the pool's trading-fee share. Its mode is "reward" although it has no tax.
   */
  feeShare?: boolean;
  holders: number;
  top10: number;
  mcap: number;
  vol24: number;
  chg24: number | null;
  /** Whole days before today's 00:00 UTC (rolling coins). */
  ageDays: number;
  /**
   * Fixed creation (epoch ms) instead of a rolling one: the coin's lifetime totals then grow with the clock
   * across days, so an index that runs on several days sees multi-day yields (rolling coins are re-created
   * every UTC day: their totals do not grow from one day to the next).
   */
  createdAtMs?: number;
  /** Payout schedule: none, or every `periodHours` on the UTC grid, stopping `stoppedDaysAgo` days before today. */
  payouts: null | { periodHours: number; phaseHours: number; usdPerPayout: number; stoppedDaysAgo?: number };
  /** What the coin is in the cast for (docs/sandbox.md). */
  shows: string;
}

const D = 'distributor' as const;
const O = 'outsider' as const;
const pay = (periodHours: number, usdPerPayout: number, phaseHours = 1, stoppedDaysAgo?: number) => ({ periodHours, phaseHours, usdPerPayout, stoppedDaysAgo });

/**
 * The cast. Health scores (docs/launchpad.md weights) in the comments are at age ≥ 14 days unless the
 * coin is younger; every designed level has ≥ 1 point of margin over the whole day (the age factor
 * moves by < 0.36 points a day for young coins).
 */
export const LAUNCHPAD_COINS: readonly CoinDesign[] = [
  // SOL (solana)
  { symbol: 'SOLRAIN', quote: 'SOL', status: 'PAYING', level: 'HEALTHY', bps: 300, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true, holders: 1850, top10: 18, mcap: 420_000, vol24: 160_000, chg24: 12, ageDays: 20, payouts: pay(4, 70), shows: 'the model reward coin: 300 bps, every read full (health 100)' },
  { symbol: 'SOLPAY', quote: 'SOL', status: 'PAYING', level: 'HEALTHY', bps: 100, max: null, authority: D, feeMutable: false, adopted: true, flywheel: false, holders: 920, top10: 24, mcap: 95_000, vol24: 40_000, chg24: 25, ageDays: 6, payouts: pay(6, 25), shows: '100 bps tier, young (6 d), strong momentum: a gem candidate (health ≈ 92)' },
  { symbol: 'SOLDRIP', quote: 'SOL', status: 'STALE', level: 'MIXED', bps: 300, max: null, authority: D, feeMutable: true, adopted: true, flywheel: false, holders: 240, top10: 45, mcap: 60_000, vol24: 3_000, chg24: -8, ageDays: 25, payouts: pay(8, 12, 2, 3), shows: 'stopped paying 3 days ago, mutable fee (health 67.8)' },
  { symbol: 'SOLNEW', quote: 'SOL', status: 'NEVER', level: 'MIXED', bps: 300, max: null, authority: D, feeMutable: false, adopted: true, flywheel: false, holders: 120, top10: 60, mcap: 15_000, vol24: 9_000, chg24: 40, ageDays: 0, payouts: null, shows: 'launched today, not paid yet (health ≈ 61.5)' },
  { symbol: 'SOLZERO', quote: 'SOL', status: 'NOT_REWARD', level: 'BROKEN', bps: 300, max: 0, authority: D, feeMutable: false, adopted: true, flywheel: false, holders: 310, top10: 35, mcap: 48_000, vol24: 6_000, chg24: 2, ageDays: 15, payouts: null, shows: 'zero-rate: 300 bps but a 0 fee cap' },
  { symbol: 'SOLRUN', quote: 'SOL', status: 'PAYING', level: 'HEALTHY', bps: 300, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true, holders: 1400, top10: 26, mcap: 2_400_000, vol24: 900_000, chg24: 140, ageDays: 9, payouts: pay(3, 160), shows: 'already ran (+140 % in 24 h): gem momentum turns negative' },
  // USDC (currency)
  { symbol: 'USDCYLD', quote: 'USDC', status: 'PAYING', level: 'HEALTHY', bps: 100, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true, holders: 3100, top10: 15, mcap: 1_200_000, vol24: 300_000, chg24: 4, ageDays: 30, payouts: pay(6, 180, 3), shows: 'large, old, steady USDC payer (health 100)' },
  { symbol: 'USDCSLOW', quote: 'USDC', status: 'STALE', level: 'WEAK', bps: 1200, max: null, authority: D, feeMutable: true, adopted: true, flywheel: false, holders: 30, top10: 72, mcap: 12_000, vol24: 400, chg24: -20, ageDays: 3, payouts: pay(12, 3, 5, 2), shows: '1,200 bps tax, paid for a day then stopped (health ≈ 44.6)' },
  { symbol: 'USDCTAX', quote: 'USDC', status: 'PAYING', level: 'BROKEN', bps: 300, max: null, authority: O, feeMutable: false, adopted: true, flywheel: false, holders: 650, top10: 28, mcap: 140_000, vol24: 55_000, chg24: 6, ageDays: 18, payouts: pay(8, 20), shows: 'withdraw authority is not the distributor: BROKEN although it pays' },
  { symbol: 'USDCNONE', quote: 'USDC', status: 'NOT_REWARD', level: 'BROKEN', bps: null, max: null, authority: null, feeMutable: false, adopted: true, flywheel: false, holders: 800, top10: 30, mcap: 210_000, vol24: 70_000, chg24: 1, ageDays: 40, payouts: null, shows: 'standard launch: no transfer-fee extension at all' },
  // USD1 (currency)
  { symbol: 'USD1FLOW', quote: 'USD1', status: 'PAYING', level: 'MIXED', bps: 500, max: null, authority: D, feeMutable: true, adopted: true, flywheel: false, holders: 150, top10: 50, mcap: 35_000, vol24: 12_000, chg24: 9, ageDays: 16, payouts: pay(12, 8, 7), shows: '500 bps (half fee credit), mutable fee (health 69)' },
  { symbol: 'USD1QUIET', quote: 'USD1', status: 'NEVER', level: 'WEAK', bps: 2000, max: null, authority: D, feeMutable: true, adopted: true, flywheel: false, holders: 40, top10: 70, mcap: 8_000, vol24: 500, chg24: -5, ageDays: 1, payouts: null, shows: '2,000 bps, never paid (health ≈ 38.4)' },
  // TSLAx (xstock)
  { symbol: 'TSLAYLD', quote: 'TSLAx', status: 'PAYING', level: 'HEALTHY', bps: 300, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true, holders: 700, top10: 22, mcap: 300_000, vol24: 120_000, chg24: 15, ageDays: 12, payouts: pay(6, 60, 2), shows: 'pays in a tokenized stock (health ≈ 98.6)' },
  { symbol: 'TSLAOLD', quote: 'TSLAx', status: 'STALE', level: 'MIXED', bps: 300, max: null, authority: D, feeMutable: true, adopted: true, flywheel: false, holders: 400, top10: 40, mcap: 80_000, vol24: 7_000, chg24: -3, ageDays: 28, payouts: pay(6, 15, 4, 5), shows: 'stopped paying 5 days ago (health 71)' },
  { symbol: 'TSLAORPH', quote: 'TSLAx', status: 'NOT_REWARD', level: 'BROKEN', bps: 300, max: null, authority: D, feeMutable: false, adopted: false, flywheel: false, holders: 260, top10: 38, mcap: 40_000, vol24: 2_000, chg24: -1, ageDays: 22, payouts: pay(12, 10, 1, 10), shows: 'unadopted pool (created under another platform\'s config): NOT_REWARD despite old payouts' },
  // NVDAx (raw category `tessera` → xstock, closed to new launches)
  { symbol: 'NVDAYLD', quote: 'NVDAx', status: 'PAYING', level: 'HEALTHY', bps: 100, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true, holders: 560, top10: 25, mcap: 180_000, vol24: 35_000, chg24: 3, ageDays: 35, payouts: pay(8, 30, 5), shows: 'pays on a quote closed to launches, filed as `tessera` (health 99)' },
  { symbol: 'NVDAGONE', quote: 'NVDAx', status: 'STALE', level: 'MIXED', bps: 300, max: null, authority: D, feeMutable: false, adopted: true, flywheel: false, holders: 90, top10: 55, mcap: 20_000, vol24: 0, chg24: 0, ageDays: 33, payouts: pay(12, 4, 6, 12), shows: 'stopped trading (no 24 h volume) and paying (health 71.8)' },
  // PREOAI (prestock)
  { symbol: 'OAIPAY', quote: 'PREOAI', status: 'PAYING', level: 'HEALTHY', bps: 100, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true, holders: 600, top10: 28, mcap: 150_000, vol24: 60_000, chg24: 18, ageDays: 4, payouts: pay(6, 30, 1), shows: 'young pre-IPO payer (health ≈ 95)' },
  { symbol: 'OAIWAIT', quote: 'PREOAI', status: 'NEVER', level: 'WEAK', bps: 1500, max: null, authority: D, feeMutable: true, adopted: true, flywheel: false, holders: 25, top10: 85, mcap: 5_000, vol24: 300, chg24: -12, ageDays: 2, payouts: null, shows: '1,500 bps, top 10 hold 85 %, never paid (health ≈ 34.5)' },
  // SOL2X (leverage)
  { symbol: 'LEVPAY', quote: 'SOL2X', status: 'PAYING', level: 'MIXED', bps: 300, max: null, authority: D, feeMutable: true, adopted: true, flywheel: false, holders: 200, top10: 50, mcap: 45_000, vol24: 20_000, chg24: 22, ageDays: 17, payouts: pay(8, 10, 3), shows: 'pays in a leveraged token, mutable fee (health 72)' },
  { symbol: 'LEVDEAD', quote: 'SOL2X', status: 'STALE', level: 'WEAK', bps: 800, max: null, authority: D, feeMutable: true, adopted: true, flywheel: false, holders: 20, top10: 78, mcap: 6_000, vol24: 150, chg24: -30, ageDays: 5, payouts: pay(12, 2, 2, 2), shows: '800 bps, stopped paying (health ≈ 45.8)' },
  { symbol: 'LEVFEE', quote: 'SOL2X', status: 'NOT_REWARD', level: 'BROKEN', bps: 0, max: null, authority: D, feeMutable: true, adopted: true, flywheel: false, holders: 110, top10: 48, mcap: 18_000, vol24: 1_500, chg24: 0, ageDays: 26, payouts: null, shows: 'zero-rate: a 0 bps transfer fee' },
  // CARDS (collectible, closed to new launches)
  { symbol: 'CARDPAY', quote: 'CARDS', status: 'PAYING', level: 'HEALTHY', bps: 300, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true, holders: 800, top10: 20, mcap: 90_000, vol24: 30_000, chg24: 7, ageDays: 21, payouts: pay(12, 25, 9), shows: 'pays in a collectible index (health 97)' },
  { symbol: 'CARDSTALE', quote: 'CARDS', status: 'STALE', level: 'MIXED', bps: 300, max: null, authority: D, feeMutable: true, adopted: true, flywheel: false, holders: 300, top10: 35, mcap: 25_000, vol24: 1_000, chg24: -6, ageDays: 19, payouts: pay(12, 5, 10, 4), shows: 'stopped paying 4 days ago (health 68)' },
  // MEME (custom)
  { symbol: 'MEMEPAY', quote: 'MEME', status: 'PAYING', level: 'MIXED', bps: 300, max: null, authority: D, feeMutable: true, adopted: true, flywheel: false, holders: 350, top10: 48, mcap: 70_000, vol24: 50_000, chg24: 60, ageDays: 2, payouts: pay(4, 6, 0), shows: 'custom quote, mutable fee, young (health ≈ 70.3)' },
  { symbol: 'MEMENEVER', quote: 'MEME', status: 'NEVER', level: 'WEAK', bps: 5000, max: null, authority: D, feeMutable: true, adopted: true, flywheel: false, holders: 10, top10: 90, mcap: 3_000, vol24: 100, chg24: -40, ageDays: 0, payouts: null, shows: '5,000 bps, launched today (health ≈ 31.3)' },
  { symbol: 'MEMERUG', quote: 'MEME', status: 'STALE', level: 'BROKEN', bps: 300, max: null, authority: O, feeMutable: true, adopted: true, flywheel: false, holders: 75, top10: 82, mcap: 4_000, vol24: 0, chg24: -70, ageDays: 8, payouts: pay(6, 3, 4, 6), shows: 'withdraw authority moved away, stopped paying and trading' },
  { symbol: 'MEMEFRESH', quote: 'MEME', status: 'PAYING', level: 'HEALTHY', bps: 100, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true, holders: 520, top10: 29, mcap: 30_000, vol24: 25_000, chg24: 35, ageDays: 0, payouts: pay(2, 4, 0), shows: 'launched today and already paying (health ≈ 91.2)' },
  // More on the deep quotes so launch-intel has several coins per quote.
  { symbol: 'USDCGEM', quote: 'USDC', status: 'PAYING', level: 'HEALTHY', bps: 300, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true, holders: 480, top10: 27, mcap: 200_000, vol24: 150_000, chg24: 28, ageDays: 5, payouts: pay(4, 45, 2), shows: 'gem profile: 5 days old, 200 k cap, turnover 0.75, +28 % (health ≈ 97)' },
  { symbol: 'SOLNOFEE', quote: 'SOL', status: 'NOT_REWARD', level: 'BROKEN', bps: null, max: null, authority: null, feeMutable: false, adopted: true, flywheel: false, holders: 1000, top10: 40, mcap: 500_000, vol24: 80_000, chg24: -2, ageDays: 45, payouts: null, shows: 'standard launch on SOL: no transfer fee' },
  // The fee-share generation: classic SPL mints in reward mode, paid from the pool's fee share (no tax, so
  // no withdraw or fee-config authority exists). Levels hold whether the service credits the three tax
  // reads (fee, withdraw authority, fixed fee) in full or not at all: ≈ 96.6 / 76.6 and 72.4 / 52.4.
  { symbol: 'SHAREPAY', quote: 'RISEAI', status: 'PAYING', level: 'HEALTHY', bps: null, max: null, authority: null, feeMutable: false, adopted: true, flywheel: true, feeShare: true, holders: 640, top10: 27, mcap: 150_000, vol24: 45_000, chg24: 11, ageDays: 10, payouts: pay(6, 35, 4), shows: 'fee-share reward coin (classic SPL, no transfer fee) paying in a `backpack` ("Sunrise") pre-market stock (health ≈ 96.6)' },
  { symbol: 'SHAREOLD', quote: 'SOL', status: 'STALE', level: 'MIXED', bps: null, max: null, authority: null, feeMutable: false, adopted: true, flywheel: false, feeShare: true, holders: 120, top10: 60, mcap: 26_000, vol24: 1_200, chg24: -9, ageDays: 40, payouts: pay(12, 9, 5, 7), shows: 'fee-share reward coin of the first generation, stopped paying 7 days ago (health 72.4)' },
];

/** The absolute-time coin (see the file comment); designed PAYING/HEALTHY before the crossing, STALE/HEALTHY from it. */
export const RAINSTOP: CoinDesign = {
  symbol: 'RAINSTOP', quote: 'SOL', status: 'PAYING', level: 'HEALTHY', bps: 300, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true,
  holders: 1100, top10: 21, mcap: 260_000, vol24: 70_000, chg24: 3, ageDays: 12, payouts: pay(6, 40, 0),
  shows: `pays every 6 h until ${new Date(LAUNCHPAD_STALE_LAST_PAYOUT_MS).toISOString()}, STALE from ${new Date(LAUNCHPAD_STALE_CROSSING_MS).toISOString()}`,
};

/** Created 2026-01-01 00:00 UTC and paying every 6 h ever since: the coin multi-day yields are read on. */
export const EVERPAY_CREATED_MS = Date.UTC(2026, 0, 1);
export const EVERPAY: CoinDesign = {
  symbol: 'EVERPAY', quote: 'TSLAx', status: 'PAYING', level: 'HEALTHY', bps: 300, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true,
  holders: 900, top10: 20, mcap: 300_000, vol24: 90_000, chg24: 5, ageDays: 0, createdAtMs: EVERPAY_CREATED_MS, payouts: pay(6, 50, 1),
  shows: 'fixed in absolute time (created 2026-01-01, pays every 6 h): its lifetime total grows across days, so the index sees real 7d/30d yields (health 100 from 14 days of age)',
};

/** Every coin of the cast, RAINSTOP and EVERPAY last. */
export const LAUNCHPAD_ALL_COINS: readonly CoinDesign[] = [...LAUNCHPAD_COINS, RAINSTOP, EVERPAY];

const QUOTES_BY_SYMBOL = new Map(LAUNCHPAD_QUOTES.map((q) => [q.symbol, q]));

export function quoteOf(c: CoinDesign): QuoteDesign {
  const q = QUOTES_BY_SYMBOL.get(c.quote);
  if (!q) throw new Error(`launchpad cast: unknown quote ${c.quote}`);
  return q;
}

export function coinMint(c: CoinDesign): string {
  return memo(`coin|${c.symbol}`, () => deriveMint('launchpad', 'coin', c.symbol));
}

/** The platform's mode of a coin: transfer-fee and fee-share coins are "reward", the rest "standard". */
export function coinMode(c: CoinDesign): LaunchpadMode {
  return c.feeShare === true || c.bps !== null ? 'reward' : 'standard';
}

/** The coin's LaunchLab pool: the program's PDA `["pool", base_mint, quote_mint]`. */
export function coinPool(c: CoinDesign): string {
  return memo(`pool|${c.symbol}`, () => findProgramAddressSync([Buffer.from('pool'), addressBytes(coinMint(c)), addressBytes(quoteMint(quoteOf(c)))], LAUNCHPAD_PROGRAM_ID));
}

/** Who created the coin (its launch record and its pool state name it). */
export function coinCreator(c: CoinDesign): string {
  return memo(`creator|${c.symbol}`, () => deriveWallet('launchpad', 'creator', c.symbol));
}

function dayStart(nowMs: number): number {
  return Math.floor(nowMs / DAY_MS) * DAY_MS;
}

/** The coin's creation (epoch ms) as seen at `nowMs` (rolling coins move with the day; RAINSTOP is fixed). */
export function coinCreatedAt(c: CoinDesign, nowMs: number): number {
  if (c === RAINSTOP) return RAINSTOP_CREATED_MS;
  return c.createdAtMs ?? dayStart(nowMs) - c.ageDays * DAY_MS - ROLLING_CREATED_LEAD_MS;
}

/** The coin's price in USD: its market cap over the 1 B-token supply. */
export function coinPriceUsd(c: CoinDesign): number {
  return c.mcap / Number(LAUNCH_SUPPLY_RAW / 10n ** BigInt(LAUNCH_BASE_DECIMALS));
}

/** One distribution to the coin's holders, as the platform records it. */
export interface LaunchpadPayout {
  /** Epoch ms. */
  at: number;
  /** Raw units of the quote. */
  amountRaw: bigint;
  /** Designed USD size (±25 % around the design): what the payout was sized with, at the quote's designed price. */
  usd: number;
  signature: string;
  /** Holders paid (the coin's designed holders). */
  holderCount: number;
}

/** A coin as listed at a moment: its design, addresses, creation and payouts up to that moment. */
export interface LaunchpadCoinAt {
  design: CoinDesign;
  symbol: string;
  mint: string;
  pool: string;
  quote: QuoteDesign;
  quoteMint: string;
  mode: LaunchpadMode;
  /** Epoch ms. */
  createdAt: number;
  /** Oldest first. */
  payouts: LaunchpadPayout[];
  lastPayoutAt: number | null;
  distributedRaw: bigint;
}

function payoutSignature(symbol: string, k: number): string {
  return base58Encode(createHash('sha512').update(`sandbox-world/launchpad-payout\u0000${symbol}\u0000${k}`).digest());
}

/** Payouts are a pure function of (coin, slot) and never change once made: cached (bounded), frozen. */
const payoutCache = new Lru<string, LaunchpadPayout>(20_000);

/** Payout slot `k` of a coin: its size is the design ±25 %, fixed per (coin, slot). */
function payoutAt(c: CoinDesign, q: QuoteDesign, k: number, at: number): LaunchpadPayout {
  return payoutCache.getOrCreate(`${c.symbol}|${k}`, () => {
    const s = c.payouts!;
    const jitter = 0.75 + (sha256('launchpad', 'payout', c.symbol, k)[0]! / 255) * 0.5;
    const usd = Math.round(s.usdPerPayout * jitter * 100) / 100;
    const amountRaw = BigInt(Math.round((usd / q.priceUsd) * 10 ** q.decimals));
    return Object.freeze({ at, amountRaw, usd, signature: payoutSignature(c.symbol, k), holderCount: c.holders });
  });
}

/** The payout slots of a coin up to `nowMs` (the first strictly after creation) and the schedule's end. */
function schedule(c: CoinDesign, nowMs: number): { first: number; last: number; period: number; phase: number; stopped: boolean } | null {
  const s = c.payouts;
  if (!s) return null;
  const created = coinCreatedAt(c, nowMs);
  const period = s.periodHours * HOUR_MS;
  const phase = s.phaseHours * HOUR_MS;
  const stop = c === RAINSTOP ? LAUNCHPAD_STALE_LAST_PAYOUT_MS : s.stoppedDaysAgo === undefined ? nowMs : dayStart(nowMs) - s.stoppedDaysAgo * DAY_MS;
  const end = Math.min(nowMs, stop);
  // First grid point strictly after creation (the fee has to accrue before the first withdrawal).
  const first = Math.floor((created - phase) / period) + 1;
  const last = Math.floor((end - phase) / period);
  return { first, last, period, phase, stopped: stop < nowMs };
}

/** Payouts at or before `nowMs`, oldest first. */
function payoutsOf(c: CoinDesign, nowMs: number): LaunchpadPayout[] {
  const sch = schedule(c, nowMs);
  if (!sch) return [];
  const q = quoteOf(c);
  const out: LaunchpadPayout[] = [];
  for (let k = sch.first; k <= sch.last; k++) out.push(payoutAt(c, q, k, k * sch.period + sch.phase));
  return out;
}

function byMint<T extends { mint: string }>(a: T, b: T): number {
  return a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0;
}

/** Every listed coin at `nowMs` with its payouts, in creation order (ties by mint). */
export function launchpadTokensAt(nowMs: number): LaunchpadCoinAt[] {
  return LAUNCHPAD_ALL_COINS
    .filter((c) => coinCreatedAt(c, nowMs) <= nowMs)
    .map((c): LaunchpadCoinAt => {
      const q = quoteOf(c);
      const payouts = payoutsOf(c, nowMs);
      return {
        design: c, symbol: c.symbol, mint: coinMint(c), pool: coinPool(c), quote: q, quoteMint: quoteMint(q), mode: coinMode(c),
        createdAt: coinCreatedAt(c, nowMs), payouts, lastPayoutAt: payouts.at(-1)?.at ?? null,
        distributedRaw: payouts.reduce((s, p) => s + p.amountRaw, 0n),
      };
    })
    .sort((a, b) => a.createdAt - b.createdAt || byMint(a, b));
}

// ---- the platform's wire bodies (the `data` of each route) ----

const iso = (ms: number) => new Date(ms).toISOString();
const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
/** UI units of `raw` at `decimals`, the way the platform divides (one float division). */
const uiUnits = (raw: bigint, decimals: number) => Number(raw) / 10 ** decimals;

function quoteLogo(mint: string): string {
  return `/api/asset/quote-logo/${mint}`;
}

function categoryLabel(raw: string): string {
  return CATEGORY_LABEL[raw] ?? raw;
}

/** `GET /pairs` → `data.pairs`: every quote, launchable or not. */
export function launchpadPairs(): StonkPair[] {
  const symbols = LAUNCHPAD_QUOTES.map((q) => q.symbol.toLowerCase());
  return LAUNCHPAD_QUOTES.map((q) => ({
    mint: quoteMint(q),
    symbol: q.symbol,
    name: q.name,
    decimals: q.decimals,
    logoUrl: quoteLogo(quoteMint(q)),
    category: q.rawCategory,
    categoryLabel: categoryLabel(q.rawCategory),
    tokenProgram: quoteTokenProgram(q),
    launchable: q.launchable,
    // Another listed quote with the same symbol (case-insensitive): the caller must select by mint.
    symbolAmbiguous: symbols.filter((s) => s === q.symbol.toLowerCase()).length > 1,
    launchLabReady: true,
  }));
}

/** Graduation as the platform reports it: at the graduation market cap (the coin then trades on its CPMM pool). */
function graduation(c: CoinDesign, createdAt: number): { status: string; progress: number; at: number | null } {
  if (c.mcap >= LAUNCHPAD_GRADUATION_MCAP_USD) return { status: 'graduated', progress: 1, at: createdAt + HOUR_MS };
  return { status: 'active', progress: round(c.mcap / LAUNCHPAD_GRADUATION_MCAP_USD, 4), at: null };
}

/** The coin's peak market cap: above today's, by as much as it fell in 24 h, plus 15 %. */
function peakMarketCap(c: CoinDesign): number {
  const before = c.chg24 !== null && c.chg24 > -100 ? c.mcap / (1 + c.chg24 / 100) : c.mcap;
  return round(Math.max(c.mcap, before) * 1.15, 2);
}

/** One coin as `/tokens` and `/tokens/{mint}` give it. */
export function launchpadTokenBody(t: LaunchpadCoinAt): StonkToken {
  const c = t.design;
  const q = t.quote;
  const grad = graduation(c, t.createdAt);
  const price = coinPriceUsd(c);
  // The platform also sends the quote's logo (the client's schema does not read it).
  const quote = { mint: t.quoteMint, symbol: q.symbol, name: q.name, logoUrl: quoteLogo(t.quoteMint), category: q.rawCategory, categoryLabel: categoryLabel(q.rawCategory) };
  return {
    mint: t.mint,
    pool: t.pool,
    name: coinMode(c) === 'reward' ? `${c.symbol} reward coin` : `${c.symbol} coin`,
    symbol: c.symbol,
    quote,
    launchpad: 'raydium',
    mode: t.mode,
    quoteOnlyFees: true,
    // Only transfer-fee (V3) reward coins carry it; fee-share and standard coins have none.
    ...(c.bps !== null ? { transferFee: { bps: c.bps } } : {}),
    ...(c.flywheel ? { flywheel: { active: true } } : {}),
    market: {
      priceUsd: price,
      marketCapUsd: c.mcap,
      fdvUsd: c.mcap,
      volume24hUsd: c.vol24,
      ...(c.chg24 !== null ? { priceChange24h: c.chg24 } : {}),
      peakMarketCapUsd: peakMarketCap(c),
    },
    status: grad.status,
    graduationProgress: grad.progress,
    graduatedAt: grad.at === null ? null : iso(grad.at),
    createdAt: iso(t.createdAt),
  };
}

export interface TokensQuery {
  page: number;
  pageSize: number;
  /** `volume`: 24 h volume, highest first; anything else: market cap, highest first (the platform's fallback). */
  sort: string;
  mode?: LaunchpadMode;
}

/** `GET /tokens` → `data`: one page of coins. */
export function launchpadTokensPage(nowMs: number, query: TokensQuery): { tokens: StonkToken[]; pagination: { page: number; pageSize: number; total: number; totalPages: number } } {
  const key = (t: LaunchpadCoinAt) => (query.sort === 'volume' ? t.design.vol24 : t.design.mcap);
  const all = launchpadTokensAt(nowMs)
    .filter((t) => query.mode === undefined || t.mode === query.mode)
    .sort((a, b) => key(b) - key(a) || byMint(a, b));
  const start = (query.page - 1) * query.pageSize;
  return {
    tokens: all.slice(start, start + query.pageSize).map(launchpadTokenBody),
    pagination: { page: query.page, pageSize: query.pageSize, total: all.length, totalPages: Math.ceil(all.length / query.pageSize) },
  };
}

function coinAt(mint: string, nowMs: number): LaunchpadCoinAt | null {
  return launchpadTokensAt(nowMs).find((t) => t.mint === mint) ?? null;
}

/** The launch record of `/tokens/{mint}` (the wire schema reads only some of these fields; the rest are the platform's). */
interface LaunchRecord {
  mint: string;
  pool: string;
  name: string;
  symbol: string;
  creator: string;
  quote: { mint: string; symbol: string };
  launchpad: string;
  mode: LaunchpadMode;
  transferFee?: { bps: number };
  startMarketCapUsd: number;
  targetMarketCapUsd: number;
  createdAt: string;
}

/** `GET /tokens/{mint}` → `data`; null for a mint the platform does not list (yet). */
export function launchpadTokenDetail(mint: string, nowMs: number): StonkTokenDetail | null {
  const t = coinAt(mint, nowMs);
  if (t === null) return null;
  const token = launchpadTokenBody(t);
  const pricing = pricingDocument(t.quote, nowMs);
  const launch: LaunchRecord = {
    mint: t.mint,
    pool: t.pool,
    name: token.name,
    symbol: token.symbol,
    creator: coinCreator(t.design),
    quote: { mint: t.quoteMint, symbol: t.quote.symbol },
    launchpad: 'raydium',
    mode: t.mode,
    ...(token.transferFee ? { transferFee: token.transferFee } : {}),
    startMarketCapUsd: pricing.marketCap?.startUsd ?? 0,
    targetMarketCapUsd: LAUNCH_TARGET_START_MCAP_USD,
    // The launch record is written just before the pool exists.
    createdAt: iso(t.createdAt - 29_000),
  };
  return { token, launch, network: 'mainnet-beta' };
}

/** What the distributor holds for the coin's next payout: the running slot's accrual (none once stopped). */
function undistributed(t: LaunchpadCoinAt, nowMs: number): bigint {
  const sch = schedule(t.design, nowMs);
  if (!sch || sch.stopped) return 0n;
  const next = sch.last + 1;
  const slotStart = sch.last * sch.period + sch.phase;
  const share = Math.min(1, Math.max(0, (nowMs - Math.max(slotStart, t.createdAt)) / sch.period));
  const full = payoutAt(t.design, t.quote, next, next * sch.period + sch.phase).amountRaw;
  return BigInt(Math.floor(Number(full) * share));
}

function totals(t: LaunchpadCoinAt) {
  return {
    distributedRaw: t.distributedRaw.toString(),
    distributedTokens: uiUnits(t.distributedRaw, t.quote.decimals),
    payoutCount: t.payouts.length,
    // The distributor's count of the holders it pays: the coin's designed holders.
    holderCount: t.design.holders,
    lastPayoutAt: t.lastPayoutAt === null ? null : iso(t.lastPayoutAt),
  };
}

/** `GET /tokens/{mint}/rewards` → `data`; `rewards` null for a standard launch; null for an unlisted mint. */
export function launchpadTokenRewards(mint: string, nowMs: number): StonkTokenRewards | null {
  const t = coinAt(mint, nowMs);
  if (t === null) return null;
  const quote = { mint: t.quoteMint, symbol: t.quote.symbol, decimals: t.quote.decimals };
  if (t.mode !== 'reward') return { mint: t.mint, mode: t.mode, quote, rewards: null };
  const pending = undistributed(t, nowMs);
  return {
    mint: t.mint,
    mode: t.mode,
    quote,
    rewards: { ...totals(t), undistributedRaw: pending.toString(), undistributedTokens: uiUnits(pending, t.quote.decimals) },
  };
}

/** Every distribution platform-wide up to `nowMs`, newest first (ties by mint). */
export function launchpadDistributionsAt(nowMs: number): StonkDistribution[] {
  const rows = launchpadTokensAt(nowMs).flatMap((t) => t.payouts.map((p) => ({ t, p })));
  rows.sort((a, b) => b.p.at - a.p.at || byMint(a.t, b.t));
  return rows.map(({ t, p }) => ({
    signature: p.signature,
    mint: t.mint,
    quoteMint: t.quoteMint,
    amountRaw: p.amountRaw.toString(),
    amountTokens: uiUnits(p.amountRaw, t.quote.decimals),
    holderCount: p.holderCount,
    distributedAt: iso(p.at),
  }));
}

/**
 * `GET /rewards?limit` → `data`: lifetime totals of every reward-mode coin (never-paid ones included),
 * biggest `distributedTokens` first (ties by mint), at most `limit`; and the latest 100 distributions.
 */
export function launchpadRewards(nowMs: number, limit: number): { launches: StonkLedgerLaunch[]; recentDistributions: StonkDistribution[] } {
  const launches = launchpadTokensAt(nowMs)
    .filter((t) => t.mode === 'reward')
    .map((t): StonkLedgerLaunch => ({ mint: t.mint, quote: { mint: t.quoteMint, symbol: t.quote.symbol, decimals: t.quote.decimals }, ...totals(t) }))
    .sort((a, b) => b.distributedTokens - a.distributedTokens || byMint(a, b))
    .slice(0, limit);
  return { launches, recentDistributions: launchpadDistributionsAt(nowMs).slice(0, LAUNCHPAD_RECENT_DISTRIBUTIONS) };
}

/**
 * LaunchLab's constant-product curve of a default launch raising `raiseRaw`: virtual reserves such that
 * selling `totalSell` moves the price to exactly the price the migrated pool opens at (the unsold supply
 * against the raise): vA = A² / (2A − S), vB = B (vA − A) / A.
 */
function curveOf(raiseRaw: bigint): { virtualA: bigint; virtualB: bigint } {
  const a = LAUNCH_TOTAL_SELL_RAW;
  const virtualA = (a * a) / (2n * a - LAUNCH_SUPPLY_RAW);
  return { virtualA, virtualB: (raiseRaw * (virtualA - a)) / a };
}

/** The raise of a launch on `q`, raw units. */
export function quoteRaiseRaw(q: QuoteDesign): bigint {
  return BigInt(Math.round(q.raise * 10 ** Math.min(q.decimals, 6))) * 10n ** BigInt(Math.max(0, q.decimals - 6));
}

const SOL_QUOTE = LAUNCHPAD_QUOTES.find((q) => q.symbol === 'SOL')!;

function pricingDocument(q: QuoteDesign, nowMs: number): StonkPricing {
  const mint = quoteMint(q);
  const globalConfig = launchpadGlobalConfig(q);
  const raiseRaw = quoteRaiseRaw(q);
  const { virtualA, virtualB } = curveOf(raiseRaw);
  const supplyUi = uiUnits(LAUNCH_SUPPLY_RAW, LAUNCH_BASE_DECIMALS);
  const startQuote = uiUnits(virtualB, q.decimals) * (Number(LAUNCH_SUPPLY_RAW) / Number(virtualA));
  const graduationQuote = uiUnits(raiseRaw, q.decimals) * (Number(LAUNCH_SUPPLY_RAW) / Number(LAUNCH_SUPPLY_RAW - LAUNCH_TOTAL_SELL_RAW));
  return {
    quote: { mint, symbol: q.symbol, decimals: q.decimals, tokenProgram: quoteTokenProgram(q) },
    raise: {
      raw: raiseRaw.toString(),
      units: uiUnits(raiseRaw, q.decimals),
      minimumRaw: ((raiseRaw * 24n) / 85n).toString(),
      basis: 'Sized so this launch is worth the same as the default 85 SOL raise.',
    },
    marketCap: {
      startUsd: startQuote * q.priceUsd,
      graduationUsd: graduationQuote * q.priceUsd,
      startQuote,
      graduationQuote,
      graduationMultiple: graduationQuote / startQuote,
    },
    prices: { solUsd: SOL_QUOTE.priceUsd, quoteUsd: q.priceUsd, observedAt: iso(nowMs) },
    curve: {
      programId: LAUNCHPAD_PROGRAM_ID,
      configId: globalConfig,
      curveType: 'ConstantCurve',
      migrateType: 'cpmm',
      baseDecimals: LAUNCH_BASE_DECIMALS,
      supply: LAUNCH_SUPPLY_RAW.toString(),
      totalSellA: LAUNCH_TOTAL_SELL_RAW.toString(),
      totalSupplyTokens: supplyUi,
      vesting: { totalLockedAmount: '0', cliffPeriod: '0', unlockPeriod: '0' },
      cpmmCreatorFeeOn: 0,
      migrateFeeRaw: '0',
      derived: { virtualA: virtualA.toString(), virtualB: virtualB.toString() },
    },
    platform: { standard: LAUNCHPAD_PLATFORM_IDS.standard, reward: LAUNCHPAD_PLATFORM_IDS.reward },
    curveRule: {
      standard: launchpadCurveRule('standard', globalConfig),
      reward: launchpadCurveRule('reward', globalConfig),
      derivation: '["platform_curve_rule", platform_config, global_config] on the LaunchLab program',
      note: 'Append the address for your chosen platform as the LAST account of the initialize instruction, read-only.',
    },
    modes: {
      standard: { transferFee: null, note: 'Omit the transfer-fee extension entirely; the mint provably carries none.' },
      reward: {
        transferFeeBps: [...REWARD_TIERS_BPS],
        baseTokenProgram: TOKEN_2022_PROGRAM_ID,
        withdrawWithheldAuthority: LAUNCHPAD_DISTRIBUTOR,
        note: 'The platform distributor is the withdraw authority; holder rewards are collected and distributed from it.',
      },
    },
  };
}

/**
 * `GET /launchlab/pricing?quoteMint` → `data`: the curve constants of a launch on that quote, both modes;
 * for every listed quote (whether new launches may use it is `/pairs`'s `launchable`); null for an unknown one.
 */
export function launchpadPricing(quoteMintAddress: string, nowMs: number): StonkPricing | null {
  const q = LAUNCHPAD_QUOTES.find((x) => quoteMint(x) === quoteMintAddress);
  return q ? pricingDocument(q, nowMs) : null;
}

/**
 * `GET /stats` → `data`. Token figures are the listed coins'; revenue and burns are derived, not designed:
 * revenue = 1 % of each coin's 24 h volume for each day of its age (at least one), 60 % of it spent on
 * buybacks, 70 % of the buybacks burnt, one burn per flywheel coin per day of age.
 */
export function launchpadStatsAt(nowMs: number): StonkStats {
  const coins = launchpadTokensAt(nowMs);
  const days = (t: LaunchpadCoinAt) => Math.max(1, Math.floor((nowMs - t.createdAt) / DAY_MS));
  const revenue = round(coins.reduce((s, t) => s + t.design.vol24 * 0.01 * days(t), 0), 2);
  const buyback = round(revenue * 0.6, 2);
  return {
    network: 'mainnet-beta',
    tokens: {
      poolsAvailable: true,
      total: coins.length,
      graduated: coins.filter((t) => t.design.mcap >= LAUNCHPAD_GRADUATION_MCAP_USD).length,
      aboutToGraduate: coins.filter((t) => t.design.mcap >= LAUNCHPAD_ABOUT_TO_GRADUATE_MCAP_USD && t.design.mcap < LAUNCHPAD_GRADUATION_MCAP_USD).length,
      rewardLaunches: coins.filter((t) => t.mode === 'reward').length,
      totalMarketCapUsd: coins.reduce((s, t) => s + t.design.mcap, 0),
      totalVolume24hUsd: coins.reduce((s, t) => s + t.design.vol24, 0),
    },
    revenue: { totalRevenueUsd: revenue, totalBuybackUsd: buyback },
    burns: { totalValueUsdAtBurn: round(buyback * 0.7, 2), burnCount: coins.filter((t) => t.design.flywheel).reduce((s, t) => s + days(t), 0) },
    config: {
      graduationMarketCapUsd: LAUNCHPAD_GRADUATION_MCAP_USD,
      aboutToGraduateMarketCapUsd: LAUNCHPAD_ABOUT_TO_GRADUATE_MCAP_USD,
      rewardLaunchesEnabled: true,
      pumpLaunchesEnabled: false,
      apiLaunchesEnabled: true,
      devBuysEnabled: true,
      paidLaunchesEnabled: true,
      launchLabEnabled: true,
    },
  };
}
