/**
 * Reference venue C (Hyperliquid) accounts: the named cast, ≥ 40 "smart" traders and the rows the
 * smart-money filter must exclude, with their positions, per-window performance and the leaderboard.
 *
 * Addresses are 0x + the first 20 bytes of sha256("perps-refvenue", name), lowercase hex: the same in
 * every sandbox (the whole C population is seed-independent; its values move with time only).
 *
 * Leaderboard design (60 rows; the analytics' filter: turnover = month volume ÷ account value ≤ 50,
 * account value within [$25,000, $50,000,000], week PnL > 0 and month PnL > 0 — bounds kept):
 *  - 48 kept rows: 42 smart traders, the cast DIRECTIONAL, MARKET_NEUTRAL, DIVERSIFIED, and three rows
 *    ON the bounds: EDGE_TURNOVER_50 (month volume = exactly 50 × its whole-dollar account value),
 *    EDGE_ACCOUNT_25K (exactly $25,000.00) and EDGE_ACCOUNT_50M (exactly $50,000,000.00).
 *  - excluded: MARKET_MAKER, HFT, MARKET_MAKER_2 (turnover 250, 1800, 800); DUST_EDGE ($24,999.99), DUST,
 *    DUST_2 (< $25k); MEGA, MEGA_2 (> $50M); NEAR_LIQUIDATION (week < 0), INCONSISTENT_ZERO_WEEK (week
 *    PnL exactly 0), INCONSISTENT_NEGATIVE_MONTH (month < 0), INCONSISTENT_BOTH (both < 0). Each fails
 *    one rule only, so its reason is the same in any order of checks.
 *  - Month PnL: kept rank r has $450k × 0.9^r, every row's base is distinct and all move by one common
 *    factor (0.88–1.12), so the ranking by month PnL never changes and never ties. A kept row's account
 *    value is the larger of its gross notional ÷ an effective leverage of 0.8–2.5 and its month PnL ÷ a
 *    month return of 8–35 % (within the bounds above).
 *
 * Consensus design (by rank among the kept rows, so it holds for the top 10, the top 25 and all): SOL
 * mostly long (≥ 85 % of the traders holding SOL), BTC mostly short (≥ 75 %), ETH mixed (long and
 * short counts differ by at most one in any prefix of ranks, notional near 50/50), BONK few (one
 * position in ten traders), and a non-listed coin (HYPE) on a few.
 *
 * Position model: `hold` keeps its coin size from its open (lives of 18–35 days, always ≥ 2 days old),
 * entry = the oracle at the open; `rebalance` resizes continuously to a target notional (entry still the
 * open's); `tracking` (isolated margin) averages in so its entry stays 0.3–0.8 % above the mark. Margin
 * used = notional ÷ leverage. Liquidation price per the venue's documented formula (Hyperliquid docs,
 * "Liquidations"): price − side × margin_available ÷ size ÷ (1 − l × side), l = 1 ÷ maintenance leverage
 * (maintenance margin = half the initial margin at max leverage: l = 1 ÷ (2 × max leverage)); cross
 * margin (every account but NEAR_LIQUIDATION): margin_available = account value − the account's total
 * maintenance margin; isolated: the position's own margin + PnL − its maintenance margin. A long whose
 * formula gives ≤ 0 cannot be liquidated: null.
 */
import type { LeaderboardRow, LeaderboardWindow, PerpsAsset, PositionSide, RefAccount, RefPortfolio, RefPosition, RefWindowStats } from '../../../analytics/perps/venue-data.js';
import { sha256 } from '../random.js';
import { DAY } from '../time.js';
import { sig } from '../tokens.js';
import { assetPriceUsd, OTHER_COIN, otherCoinPriceUsd } from './prices.js';
import { venueCMarkUsd } from './ref-markets.js';
import { band, cents, fixed, lifeStart } from './shape.js';

export type RefTraderGroup = 'smart' | 'cast' | 'edge' | 'market_maker' | 'dust' | 'mega' | 'inconsistent';

interface PositionDesign {
  coin: string;
  side: PositionSide;
  notionalUsd: number;
  leverage: number;
  style: 'hold' | 'rebalance' | 'tracking';
}

export interface RefTraderDesign {
  name: string;
  address: string;
  displayName: string | null;
  group: RefTraderGroup;
  /** The reason the smart-money filter excludes the row, or null when it is kept. */
  excludedAs: 'market_maker_or_hft' | 'dust_account' | 'mega_account' | 'inconsistent' | null;
  /** Account value (USD) around which it moves ±3 %; `exactAccount`: constant; `wholeDollars`: an integer at every moment. */
  accountUsd: number;
  exactAccount: boolean;
  wholeDollars: boolean;
  /** Month volume ÷ account value. */
  turnover: number;
  /** Bases of the window PnLs (each scaled by its window's common factor; 0 stays exactly 0). */
  pnl: { day: number; week: number; month: number; allTime: number };
  positions: PositionDesign[];
  /** Decorrelates this trader's paths. */
  phase: number;
}

export const refAddress = (name: string): string => `0x${sha256('perps-refvenue', name).subarray(0, 20).toString('hex')}`;

const COIN_ASSET: Readonly<Record<string, PerpsAsset>> = { SOL: 'SOL', BTC: 'BTC', ETH: 'ETH', kBONK: 'BONK' };
/** Venue C's max leverage per coin (its maintenance margin is half the initial margin at max leverage). */
const COIN_MAX_LEVERAGE: Readonly<Record<string, number>> = { SOL: 20, BTC: 40, ETH: 25, kBONK: 10, [OTHER_COIN]: 5 };
/** Venue C's size decimals per coin (kBONK sizes are whole kBONK: multiples of 1000 BONK). */
const SIZE_DECIMALS: Readonly<Record<string, number>> = { SOL: 2, BTC: 5, ETH: 4, kBONK: 0, [OTHER_COIN]: 2 };

const p = (coin: string, side: 'L' | 'S', notionalUsd: number, leverage: number, style: PositionDesign['style'] = 'hold'): PositionDesign =>
  ({ coin, side: side === 'L' ? 'long' : 'short', notionalUsd, leverage, style });

/** The smart traders of the top ten that are not cast, by rank. */
const TOP_SMART: Readonly<Record<number, PositionDesign[]>> = {
  0: [p('SOL', 'L', 600_000, 5), p('BTC', 'S', 900_000, 4)],
  1: [p('SOL', 'L', 350_000, 6), p('ETH', 'L', 600_000, 5)],
  3: [p('BTC', 'S', 700_000, 5), p('ETH', 'S', 400_000, 4)],
  4: [p('SOL', 'L', 300_000, 10), p('BTC', 'S', 500_000, 5), p('ETH', 'S', 350_000, 5)],
  6: [p('SOL', 'S', 250_000, 3), p('BTC', 'S', 450_000, 5)],
  7: [p('SOL', 'L', 280_000, 7), p('ETH', 'L', 550_000, 8)],
  9: [p('SOL', 'L', 200_000, 5), p('BTC', 'S', 400_000, 6), p('ETH', 'S', 380_000, 5)],
};

/** Ranks 10 on repeat this pattern of ten (ETH alternates so any prefix stays balanced). */
const PATTERN: readonly PositionDesign[][] = [
  [p('SOL', 'L', 300_000, 5), p('BTC', 'S', 450_000, 5)],
  [p('SOL', 'L', 250_000, 4), p('ETH', 'L', 300_000, 5)],
  [p('SOL', 'L', 200_000, 6), p('ETH', 'S', 300_000, 5)],
  [p('BTC', 'S', 400_000, 3), p('ETH', 'L', 300_000, 4)],
  [p('SOL', 'L', 220_000, 10), p('BTC', 'S', 380_000, 5), p('ETH', 'S', 300_000, 6)],
  [p('SOL', 'S', 180_000, 3), p('BTC', 'L', 250_000, 4), p('ETH', 'S', 300_000, 5)],
  [p('SOL', 'L', 260_000, 5), p('BTC', 'S', 420_000, 8), p(OTHER_COIN, 'L', 120_000, 3)],
  [p('SOL', 'L', 150_000, 4), p('ETH', 'L', 300_000, 5), p('kBONK', 'L', 40_000, 3)],
  [p('BTC', 'S', 350_000, 5), p('ETH', 'S', 300_000, 4)],
  [p('SOL', 'L', 240_000, 6), p('BTC', 'S', 400_000, 5), p('ETH', 'L', 300_000, 7)],
];

const CAST_POSITIONS: Readonly<Record<string, PositionDesign[]>> = {
  DIRECTIONAL: [p('SOL', 'L', 420_000, 8), p('BTC', 'L', 300_000, 5), p('ETH', 'L', 360_000, 12)],
  MARKET_NEUTRAL: [p('BTC', 'L', 500_000, 5, 'rebalance'), p('ETH', 'S', 482_000, 5, 'rebalance')],
  // Rebalanced, so its four sizes stay distinct and its book stays neither one-sided (long 72 % of gross)
  // nor neutral (|long − short| = 43 % of gross) whatever the prices do.
  DIVERSIFIED: [p('SOL', 'L', 150_000, 6, 'rebalance'), p('BTC', 'S', 70_000, 4, 'rebalance'), p('ETH', 'L', 90_000, 5, 'rebalance'), p('kBONK', 'S', 25_000, 3, 'rebalance')],
};

const KEPT_COUNT = 48;
const CAST_RANK: Readonly<Record<number, string>> = { 2: 'DIRECTIONAL', 5: 'MARKET_NEUTRAL', 8: 'DIVERSIFIED' };
const EDGE_RANK: Readonly<Record<number, string>> = { 12: 'EDGE_ACCOUNT_50M', 20: 'EDGE_TURNOVER_50', [KEPT_COUNT - 1]: 'EDGE_ACCOUNT_25K' };
const frac = (x: number) => x - Math.floor(x);

function keptDesigns(): RefTraderDesign[] {
  const out: RefTraderDesign[] = [];
  let smart = 0;
  for (let r = 0; r < KEPT_COUNT; r++) {
    const month = Math.round(450_000 * 0.9 ** r);
    const cast = CAST_RANK[r];
    const edge = EDGE_RANK[r];
    const name = cast ?? edge ?? `SMART_${String(++smart).padStart(2, '0')}`;
    const positions = (cast ? CAST_POSITIONS[cast] : r < 10 ? TOP_SMART[r] : PATTERN[(r - 10) % 10])!;
    const gross = positions.reduce((s, x) => s + x.notionalUsd, 0);
    // Big enough to carry its book (effective leverage 0.8–2.5) and for its month PnL to be a plausible
    // 8–35 % return.
    const effectiveLeverage = 0.8 + 1.7 * frac(r * 0.618_034 + 0.1);
    const monthReturn = 0.08 + 0.27 * frac(r * 0.414_214 + 0.7);
    let accountUsd = Math.round(Math.max(gross / effectiveLeverage, month / monthReturn));
    if (edge === 'EDGE_ACCOUNT_50M') accountUsd = 50_000_000;
    if (edge === 'EDGE_ACCOUNT_25K') accountUsd = 25_000;
    // A small account holds proportionally smaller positions: at most 2 × the account in notional.
    const scale = Math.min(1, (2 * accountUsd) / gross);
    out.push({
      name,
      address: refAddress(name),
      displayName: cast ? `${cast.toLowerCase().replace('_', '-')} (sandbox)` : r % 7 === 0 ? `sandbox-whale-${r}` : null,
      group: cast ? 'cast' : edge ? 'edge' : 'smart',
      excludedAs: null,
      accountUsd,
      exactAccount: edge === 'EDGE_ACCOUNT_50M' || edge === 'EDGE_ACCOUNT_25K',
      wholeDollars: edge === 'EDGE_TURNOVER_50',
      turnover: edge === 'EDGE_TURNOVER_50' ? 50 : fixed(1.5 + 36 * frac(r * 0.414_214 + 0.3), 2),
      pnl: { day: Math.round(month / 14), week: Math.round(month * 0.3), month, allTime: month * 7 },
      positions: scale === 1 ? positions : positions.map((x) => ({ ...x, notionalUsd: Math.round(x.notionalUsd * scale) })),
      phase: r * 0.37,
    });
  }
  return out;
}

function excluded(name: string, group: RefTraderGroup, excludedAs: NonNullable<RefTraderDesign['excludedAs']>, accountUsd: number, turnover: number, pnl: RefTraderDesign['pnl'], positions: PositionDesign[], opts: { exactAccount?: boolean } = {}): RefTraderDesign {
  return { name, address: refAddress(name), displayName: null, group, excludedAs, accountUsd, exactAccount: opts.exactAccount ?? false, wholeDollars: false, turnover, pnl, positions, phase: name.length * 0.9 };
}

function excludedDesigns(): RefTraderDesign[] {
  const mm = 'market_maker_or_hft';
  return [
    excluded('MARKET_MAKER', 'market_maker', mm, 6_000_000, 250, { day: 14_500, week: 91_000, month: 421_000, allTime: 5_100_000 },
      [p('SOL', 'L', 400_000, 5), p('BTC', 'S', 380_000, 5), p('ETH', 'L', 210_000, 5), p('kBONK', 'S', 60_000, 5)]),
    excluded('HFT', 'market_maker', mm, 2_500_000, 1_800, { day: 9_800, week: 70_500, month: 265_000, allTime: 3_300_000 },
      [p('SOL', 'S', 90_000, 10), p('ETH', 'L', 80_000, 10)]),
    excluded('MARKET_MAKER_2', 'market_maker', mm, 12_000_000, 800, { day: 31_000, week: 201_000, month: 912_000, allTime: 11_400_000 },
      [p('BTC', 'L', 1_200_000, 5), p('ETH', 'S', 1_100_000, 5)]),
    excluded('DUST_EDGE', 'dust', 'dust_account', 24_999.99, 6, { day: 150, week: 410, month: 2_110, allTime: 7_300 },
      [p('SOL', 'L', 20_000, 5)], { exactAccount: true }),
    excluded('DUST', 'dust', 'dust_account', 8_000, 12, { day: 45, week: 125, month: 645, allTime: 2_900 }, [p('ETH', 'L', 9_000, 4)]),
    excluded('DUST_2', 'dust', 'dust_account', 900, 30, { day: 6, week: 21, month: 77, allTime: 310 }, [p('kBONK', 'L', 2_500, 5)]),
    excluded('MEGA', 'mega', 'mega_account', 75_000_000, 3, { day: 310_000, week: 1_150_000, month: 4_610_000, allTime: 38_000_000 },
      [p('BTC', 'L', 60_000_000, 3), p('ETH', 'S', 25_000_000, 5)]),
    excluded('MEGA_2', 'mega', 'mega_account', 210_000_000, 1.5, { day: 520_000, week: 2_300_000, month: 9_930_000, allTime: 95_000_000 },
      [p('BTC', 'S', 150_000_000, 2), p('SOL', 'L', 40_000_000, 4)]),
    excluded('NEAR_LIQUIDATION', 'cast', 'inconsistent', 180_000, 18, { day: -4_200, week: -18_300, month: 24_100, allTime: 61_000 },
      [p('ETH', 'L', 240_000, 25, 'tracking')]),
    excluded('INCONSISTENT_ZERO_WEEK', 'inconsistent', 'inconsistent', 1_400_000, 8, { day: 2_100, week: 0, month: 155_000, allTime: 640_000 },
      [p('SOL', 'L', 500_000, 5), p('ETH', 'S', 200_000, 3)]),
    excluded('INCONSISTENT_NEGATIVE_MONTH', 'inconsistent', 'inconsistent', 900_000, 15, { day: 3_300, week: 30_200, month: -85_000, allTime: 120_000 },
      [p('BTC', 'L', 800_000, 4)]),
    excluded('INCONSISTENT_BOTH', 'inconsistent', 'inconsistent', 2_200_000, 22, { day: -7_700, week: -60_400, month: -210_000, allTime: -350_000 },
      [p('SOL', 'S', 600_000, 6), p('BTC', 'L', 900_000, 5)]),
  ];
}

let designs: RefTraderDesign[] | null = null;
let byAddress: Map<string, RefTraderDesign> | null = null;

/** Every designed venue C trader (kept rows in rank order, then the excluded rows). */
export function refTraderDesigns(): readonly RefTraderDesign[] {
  if (!designs) {
    designs = [...keptDesigns(), ...excludedDesigns()];
    const months = new Set(designs.map((d) => d.pnl.month));
    if (months.size !== designs.length) throw new Error('perps world: month PnL bases must be distinct');
    byAddress = new Map(designs.map((d) => [d.address, d]));
  }
  return designs;
}

function design(address: string): RefTraderDesign | undefined {
  refTraderDesigns();
  return byAddress!.get(address.toLowerCase());
}

const NAMED = [
  'DIRECTIONAL', 'MARKET_NEUTRAL', 'DIVERSIFIED', 'NEAR_LIQUIDATION',
  'MARKET_MAKER', 'HFT', 'MARKET_MAKER_2', 'DUST_EDGE', 'DUST', 'DUST_2', 'MEGA', 'MEGA_2',
  'INCONSISTENT_ZERO_WEEK', 'INCONSISTENT_NEGATIVE_MONTH', 'INCONSISTENT_BOTH',
  'EDGE_TURNOVER_50', 'EDGE_ACCOUNT_25K', 'EDGE_ACCOUNT_50M', 'SMART_01',
] as const;
export type RefVenueCastName = (typeof NAMED)[number];

/** The named venue C accounts (the cast, every excluded or boundary row, and the top smart trader), by name. */
export const REFVENUE_CAST: Readonly<Record<RefVenueCastName, string>> = Object.freeze(
  Object.fromEntries(NAMED.map((n) => [n, refAddress(n)])) as Record<RefVenueCastName, string>,
);

// ---------------------------------------------------------------------------------------------
// Values at a moment

const noNegZero = (x: number) => (x === 0 ? 0 : x);

function accountValueAt(d: RefTraderDesign, t: number): number {
  if (d.exactAccount) return d.accountUsd;
  const v = d.accountUsd * band(t, 0.97, 1.03, 12, d.phase);
  return d.wholeDollars ? Math.round(v) : cents(v);
}

/** The common factors every row's window PnL moves by (so rankings never change). */
const WINDOW_FACTOR = {
  day: (t: number) => band(t, -0.6, 1, 0.7, 2),
  week: (t: number) => band(t, 0.8, 1.2, 3.1, 1.2),
  month: (t: number) => band(t, 0.88, 1.12, 9, 0.4),
  allTime: (t: number) => band(t, 0.98, 1.02, 30, 0.2),
};
/** Window volume ÷ month volume. */
const VOLUME_SHARE = {
  day: (t: number, d: RefTraderDesign) => 0.035 * band(t, 0.5, 1.5, 0.6, d.phase),
  week: (t: number, d: RefTraderDesign) => 0.25 * band(t, 0.85, 1.15, 2.9, d.phase),
  month: () => 1,
  allTime: () => 12,
};

type WindowName = keyof RefPortfolio;
const WINDOWS: readonly WindowName[] = ['day', 'week', 'month', 'allTime'];

function windowsAt(d: RefTraderDesign, t: number): { accountValueUsd: number; windows: Record<WindowName, RefWindowStats> } {
  const accountValueUsd = accountValueAt(d, t);
  // Whole-dollar accounts keep month volume ÷ account value exact (the turnover-50 boundary row).
  const monthVolume = d.wholeDollars ? d.turnover * accountValueUsd : cents(d.turnover * accountValueUsd);
  const windows = Object.fromEntries(WINDOWS.map((w) => [w, {
    pnlUsd: noNegZero(cents(d.pnl[w] * WINDOW_FACTOR[w](t))),
    volumeUsd: w === 'month' ? monthVolume : cents(monthVolume * VOLUME_SHARE[w](t, d)),
  }])) as Record<WindowName, RefWindowStats>;
  return { accountValueUsd, windows };
}

function priceOf(coin: string, t: number): { mark: number; oracle: number } {
  const asset = COIN_ASSET[coin];
  if (!asset) {
    const x = otherCoinPriceUsd(t);
    return { mark: x, oracle: x };
  }
  return { mark: venueCMarkUsd(asset, t), oracle: assetPriceUsd(asset, t) };
}

/** Rounded to the coin's size step (kBONK: whole kBONK = 1000 BONK). */
function roundSize(coin: string, units: number): number {
  if (coin === 'kBONK') return Math.max(1, Math.round(units / 1000)) * 1000;
  const f = 10 ** (SIZE_DECIMALS[coin] ?? 2);
  return Math.max(1 / f, Math.round(units * f) / f);
}

/** A position before its liquidation price (which needs the whole account under cross margin). */
interface Priced {
  design: PositionDesign;
  size: number;
  mark: number;
  entry: number;
  notional: number;
  pnl: number;
  /** Maintenance margin fraction: half the initial margin at the coin's max leverage. */
  mmf: number;
}

function pricePosition(d: RefTraderDesign, x: PositionDesign, i: number, t: number): Priced {
  const { mark } = priceOf(x.coin, t);
  const phase = d.phase + i * 1.3;
  const open = lifeStart(t, (18 + 7 * i + (d.name.length % 5)) * DAY, 2 * DAY, phase * DAY);
  const openPrice = priceOf(x.coin, open).oracle;
  let entry: number;
  let size: number;
  if (x.style === 'tracking') {
    entry = sig(mark * (1 + band(t, 0.003, 0.008, 0.29, phase)), 6);
    size = roundSize(x.coin, x.notionalUsd / mark);
  } else if (x.style === 'rebalance') {
    entry = sig(openPrice, 6);
    size = roundSize(x.coin, (x.notionalUsd * band(t, 0.996, 1.004, 1.3, phase)) / mark);
  } else {
    entry = sig(openPrice, 6);
    size = roundSize(x.coin, x.notionalUsd / entry);
  }
  const sign = x.side === 'long' ? 1 : -1;
  return { design: x, size, mark, entry, notional: size * mark, pnl: sign * size * (mark - entry), mmf: 1 / (2 * (COIN_MAX_LEVERAGE[x.coin] ?? 10)) };
}

/** The venue's liquidation price for `marginAvailable` (see the file comment); null when a long cannot be liquidated. */
function liquidationPrice(x: Priced, marginAvailable: number): number | null {
  const side = x.design.side === 'long' ? 1 : -1;
  const price = x.mark - (side * marginAvailable) / x.size / (1 - x.mmf * side);
  return price > 0 ? sig(price, 6) : null;
}

function toPosition(x: Priced, marginAvailable: number): RefPosition {
  return {
    coin: x.design.coin,
    asset: COIN_ASSET[x.design.coin] ?? null,
    side: x.design.side,
    size: x.size,
    notionalUsd: cents(x.notional),
    entryPriceUsd: x.entry,
    unrealizedPnlUsd: noNegZero(cents(x.pnl)),
    leverage: x.design.leverage,
    liquidationPriceUsd: liquidationPrice(x, marginAvailable),
    marginUsedUsd: cents(x.notional / x.design.leverage),
  };
}

export function refAccountAt(address: string, t: number): RefAccount {
  const d = design(address);
  if (!d) return { address: address.toLowerCase(), accountValueUsd: 0, totalNotionalUsd: 0, withdrawableUsd: 0, positions: [] };
  const priced = d.positions.map((x, i) => pricePosition(d, x, i, t));
  const accountValueUsd = accountValueAt(d, t);
  const isolated = (x: Priced) => x.design.style === 'tracking';
  // Cross margin: the account's value less the maintenance margin of all its cross positions.
  const crossAvailable = accountValueUsd - priced.filter((x) => !isolated(x)).reduce((s, x) => s + x.notional * x.mmf, 0);
  const positions = priced
    .map((x) => toPosition(x, isolated(x) ? (x.size * x.entry) / x.design.leverage + x.pnl - x.notional * x.mmf : crossAvailable))
    .sort((a, b) => (a.coin < b.coin ? -1 : 1));
  const margin = positions.reduce((s, x) => s + x.marginUsedUsd, 0);
  return {
    address: d.address,
    accountValueUsd,
    totalNotionalUsd: cents(positions.reduce((s, x) => s + x.notionalUsd, 0)),
    withdrawableUsd: cents(Math.max(0, accountValueUsd - margin)),
    positions,
  };
}

const ZERO: RefWindowStats = { pnlUsd: 0, volumeUsd: 0 };

export function refPortfolioAt(address: string, t: number): RefPortfolio {
  const d = design(address);
  if (!d) return { day: { ...ZERO }, week: { ...ZERO }, month: { ...ZERO }, allTime: { ...ZERO } };
  return windowsAt(d, t).windows;
}

/**
 * Return on the equity at the window's start, pnl ÷ (account value − pnl); that starting equity is
 * floored at a quarter of today's account, since deposits and withdrawals are not modelled (an
 * all-time PnL larger than today's account was partly withdrawn). 0 for an empty account.
 */
function roi(pnl: number, accountValue: number): number {
  const base = Math.max(accountValue - pnl, accountValue / 4);
  return base > 0 ? noNegZero(fixed(pnl / base, 6)) : 0;
}

/** The leaderboard at unix time `t`: every designed row, in address order (the venue's own order is not by rank). */
export function leaderboardAt(t: number): LeaderboardRow[] {
  return refTraderDesigns()
    .map((d) => {
      const { accountValueUsd, windows } = windowsAt(d, t);
      const row = (w: WindowName): LeaderboardWindow => ({ pnlUsd: windows[w].pnlUsd, roi: roi(windows[w].pnlUsd, accountValueUsd), volumeUsd: windows[w].volumeUsd });
      return { address: d.address, displayName: d.displayName, accountValueUsd, day: row('day'), week: row('week'), month: row('month'), allTime: row('allTime') };
    })
    .sort((a, b) => (a.address < b.address ? -1 : 1));
}
