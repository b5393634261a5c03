/**
 * The sandbox launch platform's world (leg `launchpad`): nine quote assets (every category; two closed to
 * new launches) and 31 reward coins designed so that every payout status (PAYING, STALE, NEVER,
 * NOT_REWARD) and every health level (HEALTHY, MIXED, WEAK, BROKEN, per docs/launchpad.md) is present
 * at every moment. The cast and what each coin shows is in docs/sandbox.md ("Launch platform").
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
 * Holders, top-10 share, market cap, 24 h volume and price change are fixed per coin (the index's daily
 * points vary through payouts).
 */
import type { QuoteCategory } from '../../analytics/launchpad/types.js';
import type {
  LaunchpadLedgerEntry,
  LaunchpadMode,
  LaunchpadPair,
  LaunchpadPayout,
  LaunchpadPricing,
  LaunchpadStats,
  LaunchpadTokenDetail,
  LaunchpadTokenSummary,
} from '../../sources/wire/launchpad.js';
import { deriveAddress, deriveMint, deriveWallet, sha256 } from './random.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

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
export const LAUNCHPAD_GLOBAL_CONFIG = deriveAddress('launchpad', 'global-config');
export const LAUNCHPAD_PLATFORM_IDS: Readonly<Record<LaunchpadMode, string>> = {
  standard: deriveAddress('launchpad', 'platform', 'standard'),
  reward: deriveAddress('launchpad', 'platform', 'reward'),
};
export const LAUNCHPAD_CURVE_RULE_ACCOUNT = deriveAddress('launchpad', 'curve-rule');
/** Someone else's wallet, set as withdraw authority on the coins whose tax does not reach holders. */
const OUTSIDER = deriveWallet('launchpad', 'outsider');

/** LaunchLab's default launch: 1 B tokens at 6 decimals, 79.31 % sold on the curve. */
const LAUNCH_SUPPLY_RAW = '1000000000000000';
const LAUNCH_TOTAL_SELL_RAW = '793100000000000';
const LAUNCH_BASE_DECIMALS = 6;
/** The reward mode's transfer-fee tiers and its cap (raw base units: 10 M tokens, i.e. effectively uncapped). */
const REWARD_TIERS_BPS = [100, 300];
const REWARD_MAX_FEE_RAW = '10000000000000';

interface QuoteDesign {
  symbol: string;
  name: string;
  category: QuoteCategory;
  launchable: boolean;
  decimals: number;
  token2022: boolean;
  priceUsd: number;
  /** Raise of a launch on this quote, in UI units of the quote. */
  raise: number;
  /** A real mint when the quote is a real asset the sandbox mirrors; else derived. */
  mint?: string;
}

export const LAUNCHPAD_QUOTES: readonly QuoteDesign[] = [
  { symbol: 'SOL', name: 'Wrapped SOL', category: 'solana', launchable: true, decimals: 9, token2022: false, priceUsd: 150, raise: 85, mint: 'So11111111111111111111111111111111111111112' },
  { symbol: 'USDC', name: 'USD Coin', category: 'currency', launchable: true, decimals: 6, token2022: false, priceUsd: 1, raise: 12_500, mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
  { symbol: 'USD1', name: 'World Liberty USD', category: 'currency', launchable: true, decimals: 6, token2022: false, priceUsd: 1, raise: 12_500 },
  { symbol: 'TSLAx', name: 'Tesla xStock', category: 'xstock', launchable: true, decimals: 8, token2022: true, priceUsd: 340, raise: 37 },
  { symbol: 'NVDAx', name: 'NVIDIA xStock', category: 'xstock', launchable: false, decimals: 8, token2022: true, priceUsd: 180, raise: 70 },
  { symbol: 'PREOAI', name: 'OpenAI pre-IPO', category: 'prestock', launchable: true, decimals: 6, token2022: true, priceUsd: 95, raise: 130 },
  { symbol: 'SOL2X', name: 'SOL 2x Long', category: 'leverage', launchable: true, decimals: 6, token2022: false, priceUsd: 42, raise: 300 },
  { symbol: 'CARDS', name: 'Graded Card Index', category: 'collectible', launchable: false, decimals: 6, token2022: false, priceUsd: 0.8, raise: 15_000 },
  { symbol: 'MEME', name: 'Community Meme', category: 'custom', launchable: true, decimals: 6, token2022: false, priceUsd: 0.002, raise: 6_000_000 },
];

export function quoteMint(q: QuoteDesign): string {
  return q.mint ?? deriveMint('launchpad', 'quote', q.symbol);
}

type Status = 'PAYING' | 'STALE' | 'NEVER' | 'NOT_REWARD';
type Level = 'HEALTHY' | 'MIXED' | 'WEAK' | 'BROKEN';

export interface CoinDesign {
  symbol: string;
  quote: string;
  /** Designed status and health level at every moment (RAINSTOP: before its crossing). */
  status: Status;
  level: Level;
  bps: number | null;
  max: number | null;
  authority: 'distributor' | 'outsider' | null;
  feeMutable: boolean;
  adopted: boolean;
  flywheel: boolean;
  holders: number | null;
  top10: number | null;
  mcap: number | null;
  vol24: number | null;
  chg24: number | null;
  /** Whole days before today's 00:00 UTC (rolling coins). */
  ageDays: number;
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
  { symbol: 'TSLAORPH', quote: 'TSLAx', status: 'NOT_REWARD', level: 'BROKEN', bps: 300, max: null, authority: D, feeMutable: false, adopted: false, flywheel: false, holders: 260, top10: 38, mcap: 40_000, vol24: 2_000, chg24: -1, ageDays: 22, payouts: pay(12, 10, 1, 10), shows: 'unadopted pool: NOT_REWARD despite old payouts' },
  // NVDAx (xstock, closed to new launches)
  { symbol: 'NVDAYLD', quote: 'NVDAx', status: 'PAYING', level: 'HEALTHY', bps: 100, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true, holders: 560, top10: 25, mcap: 180_000, vol24: 35_000, chg24: 3, ageDays: 35, payouts: pay(8, 30, 5), shows: 'pays on a quote closed to launches (health 99)' },
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
];

/** The absolute-time coin (see the file comment); designed PAYING/HEALTHY before the crossing, STALE/HEALTHY from it. */
export const RAINSTOP: CoinDesign = {
  symbol: 'RAINSTOP', quote: 'SOL', status: 'PAYING', level: 'HEALTHY', bps: 300, max: null, authority: D, feeMutable: false, adopted: true, flywheel: true,
  holders: 1100, top10: 21, mcap: 260_000, vol24: 70_000, chg24: 3, ageDays: 12, payouts: pay(6, 40, 0),
  shows: `pays every 6 h until ${new Date(LAUNCHPAD_STALE_LAST_PAYOUT_MS).toISOString()}, STALE from ${new Date(LAUNCHPAD_STALE_CROSSING_MS).toISOString()}`,
};

const QUOTES_BY_SYMBOL = new Map(LAUNCHPAD_QUOTES.map((q) => [q.symbol, q]));

function quoteOf(c: CoinDesign): QuoteDesign {
  const q = QUOTES_BY_SYMBOL.get(c.quote);
  if (!q) throw new Error(`launchpad cast: unknown quote ${c.quote}`);
  return q;
}

export function coinMint(c: CoinDesign): string {
  return deriveMint('launchpad', 'coin', c.symbol);
}

function dayStart(nowMs: number): number {
  return Math.floor(nowMs / DAY_MS) * DAY_MS;
}

function createdAt(c: CoinDesign, nowMs: number): number {
  return c === RAINSTOP ? RAINSTOP_CREATED_MS : dayStart(nowMs) - c.ageDays * DAY_MS - ROLLING_CREATED_LEAD_MS;
}

/** Payouts at or before `nowMs`, oldest first. */
function payoutsOf(c: CoinDesign, nowMs: number): LaunchpadPayout[] {
  const s = c.payouts;
  if (!s) return [];
  const created = createdAt(c, nowMs);
  const period = s.periodHours * HOUR_MS;
  const phase = s.phaseHours * HOUR_MS;
  const stop = c === RAINSTOP ? LAUNCHPAD_STALE_LAST_PAYOUT_MS : s.stoppedDaysAgo === undefined ? nowMs : dayStart(nowMs) - s.stoppedDaysAgo * DAY_MS;
  const end = Math.min(nowMs, stop);
  const q = quoteOf(c);
  const out: LaunchpadPayout[] = [];
  // First grid point strictly after creation (the fee has to accrue before the first withdrawal).
  for (let k = Math.floor((created - phase) / period) + 1; k * period + phase <= end; k++) {
    const at = k * period + phase;
    // ±25 % around the designed size, fixed per (coin, slot): deterministic, not flat.
    const jitter = 0.75 + (sha256('launchpad', 'payout', c.symbol, k)[0]! / 255) * 0.5;
    const usd = Math.round(s.usdPerPayout * jitter * 100) / 100;
    const quoteAmount = Math.round((usd / q.priceUsd) * 1e6) / 1e6;
    out.push({ at, quote_amount: quoteAmount, usd, signature: deriveAddress('launchpad', 'payout-sig', c.symbol, k) + deriveAddress('launchpad', 'payout-sig2', c.symbol, k).slice(0, 44) });
  }
  return out;
}

function coinsAt(nowMs: number): CoinDesign[] {
  return [...LAUNCHPAD_COINS, RAINSTOP].filter((c) => createdAt(c, nowMs) <= nowMs);
}

function summary(c: CoinDesign, nowMs: number, payouts: LaunchpadPayout[]): LaunchpadTokenSummary {
  const q = quoteOf(c);
  return {
    mint: coinMint(c),
    symbol: c.symbol,
    name: `${c.symbol} reward coin`,
    quote_mint: quoteMint(q),
    quote_symbol: q.symbol,
    quote_category: q.category,
    mode: c.bps === null ? 'standard' : 'reward',
    created_at: createdAt(c, nowMs),
    transfer_fee_bps: c.bps,
    transfer_fee_max: c.max,
    withdraw_authority: c.authority === 'distributor' ? LAUNCHPAD_DISTRIBUTOR : c.authority === 'outsider' ? OUTSIDER : null,
    fee_mutable: c.feeMutable,
    adopted: c.adopted,
    flywheel: c.flywheel,
    holders: c.holders,
    top10_pct: c.top10,
    market_cap_usd: c.mcap,
    volume_24h_usd: c.vol24,
    price_change_24h_pct: c.chg24,
    last_payout_at: payouts.at(-1)?.at ?? null,
    total_distributed_quote: Math.round(payouts.reduce((sum, p) => sum + p.quote_amount, 0) * 1e6) / 1e6,
  };
}

/** Every listed coin at `nowMs` with its payouts, in list order (creation, then mint). */
export function launchpadTokensAt(nowMs: number): LaunchpadTokenDetail[] {
  return coinsAt(nowMs)
    .map((c) => {
      const payouts = payoutsOf(c, nowMs);
      return { ...summary(c, nowMs, payouts), payouts };
    })
    .sort((a, b) => a.created_at - b.created_at || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0));
}

export function launchpadPairs(): LaunchpadPair[] {
  return LAUNCHPAD_QUOTES.map((q) => ({
    quote_mint: quoteMint(q),
    symbol: q.symbol,
    name: q.name,
    category: q.category,
    launchable: q.launchable,
    decimals: q.decimals,
    token_program: q.token2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID,
    price_usd: q.priceUsd,
  }));
}

/** The distributor's ledger at `nowMs`: entries strictly after `sinceMs`, oldest first (ties by mint). */
export function launchpadLedgerAt(nowMs: number, mint?: string, sinceMs?: number): LaunchpadLedgerEntry[] {
  const out: LaunchpadLedgerEntry[] = [];
  for (const t of launchpadTokensAt(nowMs)) {
    if (mint !== undefined && t.mint !== mint) continue;
    for (const p of t.payouts) if (sinceMs === undefined || p.at > sinceMs) out.push({ mint: t.mint, quote_mint: t.quote_mint, ...p });
  }
  return out.sort((a, b) => a.at - b.at || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0));
}

/** Launch parameters for a launchable quote and mode; null for an unknown or closed quote. */
export function launchpadPricing(quoteMintAddress: string, mode: LaunchpadMode): LaunchpadPricing | null {
  const q = LAUNCHPAD_QUOTES.find((x) => quoteMint(x) === quoteMintAddress);
  if (!q || !q.launchable) return null;
  return {
    quote_mint: quoteMintAddress,
    mode,
    program_id: LAUNCHPAD_PROGRAM_ID,
    global_config: LAUNCHPAD_GLOBAL_CONFIG,
    platform_id: LAUNCHPAD_PLATFORM_IDS[mode],
    quote_token_program: q.token2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID,
    base_decimals: LAUNCH_BASE_DECIMALS,
    curve_type: 0,
    supply: LAUNCH_SUPPLY_RAW,
    total_sell: LAUNCH_TOTAL_SELL_RAW,
    raise: (BigInt(q.raise) * 10n ** BigInt(q.decimals)).toString(),
    vesting: { total_locked: '0', cliff_seconds: 0, unlock_seconds: 0 },
    creator_fee_on: 'quote_token',
    curve_rule_account: LAUNCHPAD_CURVE_RULE_ACCOUNT,
    transfer_fee: mode === 'reward' ? { tiers_bps: [...REWARD_TIERS_BPS], max_fee: REWARD_MAX_FEE_RAW } : null,
  };
}

export function launchpadStatsAt(nowMs: number): LaunchpadStats {
  const tokens = launchpadTokensAt(nowMs);
  const isReward = (t: LaunchpadTokenDetail) => t.transfer_fee_bps !== null && t.transfer_fee_bps > 0 && t.transfer_fee_max !== 0 && t.adopted;
  const dayAgo = nowMs - DAY_MS;
  const sumUsd = (ps: LaunchpadPayout[]) => ps.reduce((s, p) => s + (p.usd ?? 0), 0);
  return {
    platform_distributor: LAUNCHPAD_DISTRIBUTOR,
    tokens: tokens.length,
    reward_tokens: tokens.filter(isReward).length,
    paying_24h: tokens.filter((t) => isReward(t) && t.last_payout_at !== null && t.last_payout_at > dayAgo).length,
    launches_24h: tokens.filter((t) => t.created_at > dayAgo).length,
    distributed_24h_usd: Math.round(tokens.reduce((s, t) => s + sumUsd(t.payouts.filter((p) => p.at > dayAgo)), 0) * 100) / 100,
    distributed_total_usd: Math.round(tokens.reduce((s, t) => s + sumUsd(t.payouts), 0) * 100) / 100,
    updated_at: nowMs,
  };
}
