/**
 * The launch platform's 33 designed coins: what each shows (its designed payout status and health level,
 * docs/sandbox.md "Launch platform"), its addresses (mint, LaunchLab pool, creator) and its creation as seen
 * at a moment (rolling coins move with the UTC day; RAINSTOP and EVERPAY are fixed in absolute time).
 */
import type { LaunchpadMode } from '../../../sources/wire/launchpad.js';
import { DAY_MS, HOUR_MS } from '../../../lib/days.js';
import { addressBytes, findProgramAddressSync } from '../../solana/accounts.js';
import { deriveMint, deriveWallet } from '../random.js';
import { LAUNCHPAD_PROGRAM_ID, LAUNCHPAD_STALE_CROSSING_MS, LAUNCHPAD_STALE_LAST_PAYOUT_MS, LAUNCH_BASE_DECIMALS, LAUNCH_SUPPLY_RAW, memo } from './platform.js';
import { LAUNCHPAD_QUOTES, quoteMint, type QuoteDesign } from './quotes.js';

/** RAINSTOP's creation (it is listed only from then on). */
const RAINSTOP_CREATED_MS = LAUNCHPAD_STALE_LAST_PAYOUT_MS - 12 * DAY_MS;
/** A rolling coin is created this long before 00:00 UTC of its `ageDays`-th day back, so even age 0 has existed ≥ 6 h. */
const ROLLING_CREATED_LEAD_MS = 6 * HOUR_MS;

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

/** The absolute-time coin (see index.ts); designed PAYING/HEALTHY before the crossing, STALE/HEALTHY from it. */
export const RAINSTOP: CoinDesign = {
  symbol: 'RAINSTOP', quote: 'SOL', status: 'PAYING', level: 'HEALTHY', bps: 300, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true,
  holders: 1100, top10: 21, mcap: 260_000, vol24: 70_000, chg24: 3, ageDays: 12, payouts: pay(6, 40, 0),
  shows: `pays every 6 h until ${new Date(LAUNCHPAD_STALE_LAST_PAYOUT_MS).toISOString()}, STALE from ${new Date(LAUNCHPAD_STALE_CROSSING_MS).toISOString()}`,
};

/** Created 2026-01-01 00:00 UTC and paying every 6 h ever since: the coin multi-day yields are read on. */
const EVERPAY_CREATED_MS = Date.UTC(2026, 0, 1);
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

export function dayStart(nowMs: number): number {
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
