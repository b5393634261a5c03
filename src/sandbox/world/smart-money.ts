/**
 * The smart-money cast (docs/sandbox.md, "Smart money"): seven wallets whose histories give `smart-money-flow`,
 * `smart-money-trenches` and `trenches-*` a known answer, and the curated seed list.
 *
 * What each wallet does (the plans are in cast-smart.ts):
 *  - Fresh-launch buys: in every period of a launch token (relaunched every P hours, created at the
 *    start of each period), at a fixed minute after its launch — RUNNER by SMART_1/2/3 (+10/+20/+35 min,
 *    each sold at +3 h 30/40/50, the PARABOLIC_LATE stage, for a gain), BUYERS by SMART_4 (+30 min),
 *    QUIET by SMART_5 (+60 min), RUG by SMART_NOT_1 (+15 min); the last three are held, never sold.
 *    SOL → token swaps of $300–$900 through the launch's pump pool, on the 5-minute grid the service
 *    prices SOL on.
 *  - Established round trips: in fixed slots of a 2-day cycle, each slot one round trip on the 20-minute
 *    grid (minute class `gridMinute`: :02/:22/:42 …) through one of three USDC-quoted Orca pools (HURR,
 *    STORM, SWELL), its outcome designed: a winner's win is the slot's best rise over the three pools,
 *    its loss the pair closest to 0.995 below 1; a loser's win is the pair closest to 1.015 at or above
 *    1.012, its loss the slot's worst fall. The round trip costs two Orca fees (a ratio of 1.006 breaks
 *    even); test/sandbox/smart-money.test.ts checks over 2023-09 … 2031 that every slot's best rise is
 *    ≥ 1.008 (≥ 1.012 in the slots of 6 h or more) and a fall exists, so every designed outcome holds.
 *  - Accumulation: SMART_1, 2, 4 buy GULP (TOKEN_WHALE_ACCUMULATING) every day, SMART_3 every other
 *    day ($800–$1,500, never sold), so GULP is the clear top of the winners' accumulated tokens.
 *  - One operator: every odd day WALLET_SMART_FUNDER tops up SMART_1 and SMART_2 in one batch transfer,
 *    SMART_1 sends SOL to SMART_2 15 s later and SMART_2 sends it back 15 s after that — three signers
 *    within a minute (synchronized_activity with the funder) and a two-hop loop (circular_flow), in
 *    SMART_2's history.
 *
 * Why the win rates hold in every 14- and 30-day window, at every moment: the whole pattern repeats
 * every 2 days, so a window of a whole number of days holds every slot the same number of times, except
 * the one round trip open at the window's phase (its sell not yet in, or its buy before the start):
 * within ±1 trade of the nominal count. Slots never overlap each other or a runner trade, so at most one
 * trade is affected, and the designed rates are far enough apart that their ±1 ranges stay disjoint and
 * inside (0.6, 0.8) for the winners (SMART_1 7/9, SMART_2 6/8, SMART_3 7/10, SMART_4 4/6, SMART_5 5/8 —
 * three runner wins a day count for SMART_1–3) and under 0.45 for the losers (1/4, 1/3).
 *
 * Nobody else acts at the same moments: each wallet's grid minutes, launch minutes and GULP times are
 * its own or shared by at most two seed wallets, so wallet clustering (≥ 3 signers within 60 s) finds
 * only the operator's trio.
 */
import { CAST_ADDRESS as A, type CastWalletName } from './cast.js';
import { deriveMint } from './random.js';

export type LaunchName = 'TOKEN_LAUNCH_RUNNER' | 'TOKEN_LAUNCH_RUG' | 'TOKEN_LAUNCH_WASH' | 'TOKEN_LAUNCH_BUYERS' | 'TOKEN_LAUNCH_SELLERS' | 'TOKEN_LAUNCH_QUIET';

/** The launch cast's mints (the same derivation as cast.ts's `mint(name)`). */
export const LAUNCH_MINT: Readonly<Record<LaunchName, string>> = {
  TOKEN_LAUNCH_RUNNER: deriveMint('cast', 'TOKEN_LAUNCH_RUNNER'),
  TOKEN_LAUNCH_RUG: deriveMint('cast', 'TOKEN_LAUNCH_RUG'),
  TOKEN_LAUNCH_WASH: deriveMint('cast', 'TOKEN_LAUNCH_WASH'),
  TOKEN_LAUNCH_BUYERS: deriveMint('cast', 'TOKEN_LAUNCH_BUYERS'),
  TOKEN_LAUNCH_SELLERS: deriveMint('cast', 'TOKEN_LAUNCH_SELLERS'),
  TOKEN_LAUNCH_QUIET: deriveMint('cast', 'TOKEN_LAUNCH_QUIET'),
};

/** Relaunch periods (hours) the launch cast is designed with; a buy follows the token's own spec. */
export const LAUNCH_PERIOD_HOURS: Readonly<Record<LaunchName, number>> = {
  TOKEN_LAUNCH_RUNNER: 8,
  TOKEN_LAUNCH_RUG: 6,
  TOKEN_LAUNCH_WASH: 12,
  TOKEN_LAUNCH_BUYERS: 12,
  TOKEN_LAUNCH_SELLERS: 12,
  TOKEN_LAUNCH_QUIET: 24,
};

export type SmartName = Exclude<Extract<CastWalletName, `WALLET_SMART_${string}`>, 'WALLET_SMART_FUNDER'>;
export type Outcome = 'win' | 'loss';
export type TraderKind = 'winner' | 'loser';

/** One established round trip per 2-day cycle: on cycle day `cycleDay`, between the two UTC hours. */
export interface EstSlot {
  cycleDay: 0 | 1;
  fromHour: number;
  /** Exclusive. */
  toHour: number;
  outcome: Outcome;
}

export interface LaunchBuy {
  token: LaunchName;
  /** Minutes after each launch. */
  minute: number;
  /** Minutes after the launch it is sold at, or null (held). */
  sellMinute: number | null;
}

export interface SmartDesign {
  name: SmartName;
  kind: TraderKind;
  /** Minute class of the 20-minute grid its established round trips use (2, 7, 12 or 17). */
  gridMinute: number;
  slots: readonly EstSlot[];
  launchBuys: readonly LaunchBuy[];
  /** GULP buys: every `everyDays` days (on even days when 2), at this minute of the UTC day. */
  accumulate: { everyDays: 1 | 2; minuteOfDay: number } | null;
}

const slot = (cycleDay: 0 | 1, fromHour: number, toHour: number, outcome: Outcome): EstSlot => ({ cycleDay, fromHour, toHour, outcome });
/** The hours between the runner trades (bought at +10…35 min, sold by +3 h 50 of each 8-hour period). */
const GAP = { a: [4, 8], b: [12, 16], c: [20, 24] } as const;
const gap = (cycleDay: 0 | 1, g: keyof typeof GAP, outcome: Outcome) => slot(cycleDay, GAP[g][0], GAP[g][1], outcome);
const runner = (minute: number, sellMinute: number): LaunchBuy => ({ token: 'TOKEN_LAUNCH_RUNNER', minute, sellMinute });

export const SMART_DESIGN: Readonly<Record<SmartName, SmartDesign>> = {
  WALLET_SMART_1: {
    name: 'WALLET_SMART_1', kind: 'winner', gridMinute: 2,
    slots: [gap(0, 'a', 'win'), gap(0, 'c', 'loss'), gap(1, 'b', 'loss')],
    launchBuys: [runner(10, 210)],
    accumulate: { everyDays: 1, minuteOfDay: 9 * 60 + 5 },
  },
  WALLET_SMART_2: {
    name: 'WALLET_SMART_2', kind: 'winner', gridMinute: 7,
    slots: [gap(0, 'b', 'loss'), gap(1, 'a', 'loss')],
    launchBuys: [runner(20, 220)],
    accumulate: { everyDays: 1, minuteOfDay: 9 * 60 + 15 },
  },
  WALLET_SMART_3: {
    name: 'WALLET_SMART_3', kind: 'winner', gridMinute: 12,
    slots: [gap(0, 'a', 'win'), gap(0, 'c', 'loss'), gap(1, 'b', 'loss'), gap(1, 'c', 'loss')],
    launchBuys: [runner(35, 230)],
    accumulate: { everyDays: 2, minuteOfDay: 9 * 60 + 45 },
  },
  WALLET_SMART_4: {
    name: 'WALLET_SMART_4', kind: 'winner', gridMinute: 17,
    slots: [slot(0, 0, 8, 'win'), slot(0, 8, 16, 'loss'), slot(0, 16, 24, 'win'), slot(1, 0, 8, 'win'), slot(1, 8, 16, 'win'), slot(1, 16, 24, 'loss')],
    launchBuys: [{ token: 'TOKEN_LAUNCH_BUYERS', minute: 30, sellMinute: null }],
    accumulate: { everyDays: 1, minuteOfDay: 9 * 60 + 55 },
  },
  WALLET_SMART_5: {
    name: 'WALLET_SMART_5', kind: 'winner', gridMinute: 2,
    slots: [
      slot(0, 0, 6, 'win'), slot(0, 6, 12, 'loss'), slot(0, 12, 18, 'win'), slot(0, 18, 24, 'win'),
      slot(1, 0, 6, 'loss'), slot(1, 6, 12, 'win'), slot(1, 12, 18, 'win'), slot(1, 18, 24, 'loss'),
    ],
    launchBuys: [{ token: 'TOKEN_LAUNCH_QUIET', minute: 60, sellMinute: null }],
    accumulate: null,
  },
  WALLET_SMART_NOT_1: {
    name: 'WALLET_SMART_NOT_1', kind: 'loser', gridMinute: 7,
    slots: [slot(0, 0, 12, 'loss'), slot(0, 12, 24, 'win'), slot(1, 0, 12, 'loss'), slot(1, 12, 24, 'loss')],
    launchBuys: [{ token: 'TOKEN_LAUNCH_RUG', minute: 15, sellMinute: null }],
    accumulate: null,
  },
  WALLET_SMART_NOT_2: {
    name: 'WALLET_SMART_NOT_2', kind: 'loser', gridMinute: 12,
    slots: [slot(0, 0, 12, 'loss'), slot(0, 12, 24, 'win'), slot(1, 0, 24, 'loss')],
    launchBuys: [],
    accumulate: null,
  },
};

export const SMART_NAMES = Object.keys(SMART_DESIGN) as SmartName[];
export const WINNER_NAMES = SMART_NAMES.filter((n) => SMART_DESIGN[n].kind === 'winner');

/** The established tokens the round trips trade (each through its USDC Orca pool). */
export const EST_TOKENS: readonly string[] = [A.TOKEN_VOL_EXTREME, A.TOKEN_VOL_HIGH, A.TOKEN_VOL_MODERATE];
/** What the winners accumulate. */
export const ACCUMULATED_TOKEN = A.TOKEN_WHALE_ACCUMULATING;
export const GRID_STEP_MINUTES = 20;
/** Ratio bands of the designed picks (see the file comment). */
export const WINNER_LOSS_TARGET = 0.995;
export const LOSER_WIN_MIN = 1.012;
export const LOSER_WIN_TARGET = 1.015;
/** Trade sizes (USD, from the seed within each band). */
export const LAUNCH_BUY_USD = { min: 300, max: 900 } as const;
export const EST_TRADE_USD = { min: 400, max: 800 } as const;
export const ACCUMULATE_USD = { min: 800, max: 1_500 } as const;
/** The operator event: odd days at 22:03:10 (+ 0–10 s), three signers 15 s apart. */
export const OPERATOR_EVENT = { hour: 22, minute: 3, second: 10, jitterS: 10, stepS: 15, topUpSol: 0.5, loopSol: { min: 1, max: 2 } } as const;

/** Round trips of a winner's runner buys per 2-day cycle (6 = 3 periods a day). */
export function launchRoundTripsPerCycle(d: SmartDesign): number {
  return d.launchBuys.filter((b) => b.sellMinute !== null).reduce((s, b) => s + (48 / LAUNCH_PERIOD_HOURS[b.token]), 0);
}

/** The designed win rate: (launch wins + slot wins) / (launch round trips + slots), per cycle. */
export function nominalWinRate(d: SmartDesign): number {
  const launch = launchRoundTripsPerCycle(d);
  const wins = d.slots.filter((s) => s.outcome === 'win').length;
  return (launch + wins) / (launch + d.slots.length);
}

/** 2-day cycle position of UTC day d (negative days included). */
export const cycleDayOf = (d: number): 0 | 1 => (((d % 2) + 2) % 2) as 0 | 1;

/**
 * The curated default seed list of smart-money-flow in the sandbox: the five winners, the two losers,
 * and the copy-trade cast's profitable and losing traders. The service keeps its own copy
 * (src/endpoints/discovery/shared/smart-money-seed.ts: the service never imports the sandbox);
 * test/sandbox/smart-money.test.ts checks they agree.
 */
export const SMART_MONEY_SEED: readonly string[] = [
  A.WALLET_SMART_1,
  A.WALLET_SMART_2,
  A.WALLET_SMART_3,
  A.WALLET_SMART_4,
  A.WALLET_SMART_5,
  A.WALLET_SMART_NOT_1,
  A.WALLET_SMART_NOT_2,
  A.WALLET_TRADER_SKILLED,
  A.WALLET_TRADER_LOSING,
];
