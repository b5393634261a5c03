/**
 * The launch cast (docs/sandbox.md, "Fresh launches"): six fresh tokens, each relaunched every period (created
 * = the start of the current period, UTC-aligned), so each is always young and moves through a designed stage
 * schedule in every life. A design is an activity profile (world/activity.ts: volume rate, buyer share and
 * trade size per phase of the pool's age), a liquidity path and a log-price path, all over the age in minutes;
 * the pool opens with the token (pool age = token age).
 *
 * The schedules hold under the SHARED STAGE RULES (docs/sandbox.md "Fresh launches"), computed from the
 * rendered DEX Screener windows with fixed window lengths (rate_w = volume_w ÷ 5, 60, 360, 1440 min).
 * Because windows are trailing, a pool younger than an hour has h1 = h6 = h24 = its whole life, so
 * a2 = rate_h1 ÷ rate_h6 is mechanically 6 in its first hour (and a3 = 4 in its first 6 h): in that hour
 * the variable is a1 and the buyer share. Each stage change happens within the 5 minutes before the
 * band's stated start (continuous integrals cross a threshold between two 5-minute readings), except
 * the rug's pull, which is a step at exactly 120 minutes.
 */
import type { ActivityPhase, ActivityProfile, Knot } from '../activity.js';

export type RunnerStage = 'QUIET' | 'IGNITING' | 'RUNNING' | 'PARABOLIC_LATE' | 'FADING';

export type LaunchName =
  | 'TOKEN_LAUNCH_RUNNER'
  | 'TOKEN_LAUNCH_RUG'
  | 'TOKEN_LAUNCH_WASH'
  | 'TOKEN_LAUNCH_BUYERS'
  | 'TOKEN_LAUNCH_SELLERS'
  | 'TOKEN_LAUNCH_QUIET';

/** A stage from `from` minutes of age until the next band. */
export interface StageBand {
  from: number;
  stage: RunnerStage;
}

export interface LaunchDesign {
  name: LaunchName;
  tokenName: string;
  symbol: string;
  periodMinutes: number;
  /** USD at age 0 (the path multiplies it). */
  basePrice: number;
  /** ln price multiplier over the age (minutes). */
  path: Knot[];
  activity: ActivityProfile;
  schedule: StageBand[];
  /** Age (minutes) from which the wash-trade flag holds to the end of the life; absent = never. */
  washFrom?: number;
  /** Age (minutes) at which the liquidity is pulled; absent = never. */
  rugAt?: number;
  mintAuthority: boolean;
  freezeAuthority: boolean;
  /** Percent of supply held by the dev wallet (the largest non-pool holder). */
  devPct: number;
  holdersPerDay: number;
}

const phase = (from: number, rate: number, growth: number, buyShare: number, avgTradeUsd: number): ActivityPhase => ({ from, rate, growth, buyShare, avgTradeUsd });
const k = (at: number, value: number): Knot => ({ at, value });
const ln = Math.log;

/**
 * The runner's first two hours (the rug copies them): a sniper burst of small trades that decays fast
 * (e-fold every 2 min; buyers = sellers: QUIET, and already a1 < 1.5 by 10 min so the burst's end never
 * reads RUNNING), a calm stretch with 65 % buyers (IGNITING: a1 < 1.5 while a2 = 6), then from 40 min a
 * run whose volume compounds 2 %/min (a1 ≈ 1.63 and a2 ≥ 1.5: RUNNING) with 74 % buyers. Trade sizes keep
 * ≥ 30 trades in every 5-minute window, so a window's buyer share is within a few points of the design.
 */
const RUN_PHASES: ActivityPhase[] = [
  phase(0, 6_000, -0.5, 0.5, 15),
  phase(10, 260, 0, 0.65, 40),
  phase(40, 1_000, 0.02, 0.74, 100),
];
const RUN_PATH: Knot[] = [k(0, 0), k(10, ln(1.25)), k(40, ln(1.35)), k(176, ln(9))];
const RUN_LIQUIDITY: Knot[] = [k(0, 15_000), k(40, 18_000), k(176, 120_000)];

const RUNNER: LaunchDesign = {
  name: 'TOKEN_LAUNCH_RUNNER',
  tokenName: 'Launch Runner',
  symbol: 'RUNR',
  periodMinutes: 8 * 60,
  basePrice: 0.00006,
  path: [...RUN_PATH, k(300, ln(11)), k(480, ln(3))],
  activity: {
    phases: [
      ...RUN_PHASES,
      // Buying decelerates (volume falls to a third, then decays): a1 < 1 while the price is ×9–11.
      phase(176, 5_000, -0.006, 0.56, 300),
      phase(240, 5_000 * Math.exp(-0.006 * 64), -0.006, 0.52, 300),
      // Sellers take over: buyers 25 %, the price bleeds back to ×3.
      phase(297, 6_000, -0.004, 0.25, 250),
    ],
    liquidity: [...RUN_LIQUIDITY, k(300, 122_000), k(480, 16_000)],
  },
  schedule: [
    { from: 0, stage: 'QUIET' },
    { from: 15, stage: 'IGNITING' },
    { from: 45, stage: 'RUNNING' },
    { from: 180, stage: 'PARABOLIC_LATE' },
    { from: 300, stage: 'FADING' },
  ],
  mintAuthority: false,
  freezeAuthority: false,
  devPct: 4,
  holdersPerDay: 4_000,
};

const RUG: LaunchDesign = {
  name: 'TOKEN_LAUNCH_RUG',
  tokenName: 'Launch Rug',
  symbol: 'RUGL',
  periodMinutes: 6 * 60,
  basePrice: 0.00005,
  // At 120 min the price falls to 5 % of the launch price in one step, then loses 90 % every hour
  // (−17.5 % every 5 minutes: an active dump to the end of the life).
  path: [...RUN_PATH.slice(0, 3), k(120, ln(1.35) + ((ln(9) - ln(1.35)) * 80) / 136), k(120, ln(0.05)), k(360, ln(0.05) + 4 * ln(0.1))],
  activity: {
    phases: [
      ...RUN_PHASES,
      // The pull: holders dump into what is left (95 % sells), then a trickle of sells.
      phase(120, 3_000, -0.3, 0.05, 40),
      phase(125, 40, -0.002, 0.2, 20),
    ],
    liquidity: [...RUN_LIQUIDITY.slice(0, 2), k(120, 18_000 + ((120_000 - 18_000) * 80) / 136), k(120, 650), k(360, 420)],
  },
  schedule: [
    { from: 0, stage: 'QUIET' },
    { from: 15, stage: 'IGNITING' },
    { from: 45, stage: 'RUNNING' },
    { from: 120, stage: 'FADING' },
  ],
  rugAt: 120,
  mintAuthority: true,
  freezeAuthority: false,
  devPct: 18,
  holdersPerDay: 3_000,
};

/**
 * ≈ 120 trades an hour (rising slowly to ≈ 230) averaging $3,500 on a $60k pool: the wash-trade flag
 * (h1 trades ≥ 20 and average ≥ $2,000 while liquidity < $100k) holds from 15 minutes of age to the end of
 * the life. With 75 % buys it reads like a runner — RUNNING while young, IGNITING (a2 only) until the
 * steady churn's a2 falls under 1.5 at ≈ 268 min (the 0.108 %/min growth puts that crossing mid-way
 * between two 5-minute readings), then QUIET.
 */
const WASH: LaunchDesign = {
  name: 'TOKEN_LAUNCH_WASH',
  tokenName: 'Launch Wash',
  symbol: 'WASH',
  periodMinutes: 12 * 60,
  basePrice: 0.00003,
  path: [k(0, 0), k(120, ln(1.4)), k(720, ln(1.6))],
  activity: {
    phases: [phase(0, 7_000, 0.00108, 0.75, 3_500)],
    liquidity: [k(0, 58_000), k(720, 62_000)],
  },
  schedule: [
    { from: 0, stage: 'QUIET' },
    { from: 5, stage: 'RUNNING' },
    { from: 45, stage: 'IGNITING' },
    { from: 270, stage: 'QUIET' },
  ],
  washFrom: 15,
  mintAuthority: false,
  freezeAuthority: true,
  devPct: 9,
  holdersPerDay: 600,
};

/**
 * BUYERS and SELLERS trade the same volume in every window (identical profiles, compounding 0.5 %/min,
 * so a2 ≥ 1.5 at every age) and differ only in who trades: 85 % buyers against 43 %.
 */
const twinActivity = (buyShare: number): ActivityProfile => ({
  phases: [phase(0, 300, 0.004, buyShare, 16)],
  liquidity: [k(0, 40_000), k(720, 40_000)],
});

const BUYERS: LaunchDesign = {
  name: 'TOKEN_LAUNCH_BUYERS',
  tokenName: 'Launch Buyers',
  symbol: 'BUYR',
  periodMinutes: 12 * 60,
  basePrice: 0.00004,
  path: [k(0, 0), k(720, ln(1.9))],
  activity: twinActivity(0.85),
  schedule: [
    { from: 0, stage: 'QUIET' },
    { from: 5, stage: 'RUNNING' },
    { from: 45, stage: 'IGNITING' },
  ],
  mintAuthority: false,
  freezeAuthority: false,
  devPct: 3,
  holdersPerDay: 2_000,
};

const SELLERS: LaunchDesign = {
  name: 'TOKEN_LAUNCH_SELLERS',
  tokenName: 'Launch Sellers',
  symbol: 'SELR',
  periodMinutes: 12 * 60,
  basePrice: 0.00004,
  path: [k(0, 0), k(720, ln(0.6))],
  activity: twinActivity(0.43),
  schedule: [
    { from: 0, stage: 'QUIET' },
    { from: 5, stage: 'FADING' },
  ],
  mintAuthority: false,
  freezeAuthority: false,
  devPct: 35,
  holdersPerDay: 500,
};

/** Steady, balanced, low: ≈ 7.5 trades a minute averaging $8, buyers 50 % — QUIET at every age. */
const QUIET: LaunchDesign = {
  name: 'TOKEN_LAUNCH_QUIET',
  tokenName: 'Launch Quiet',
  symbol: 'QUIE',
  periodMinutes: 24 * 60,
  basePrice: 0.00002,
  path: [k(0, 0), k(720, ln(1.08)), k(1_440, ln(1.03))],
  activity: {
    phases: [phase(0, 60, 0, 0.5, 8)],
    liquidity: [k(0, 6_000), k(1_440, 7_500)],
  },
  schedule: [{ from: 0, stage: 'QUIET' }],
  mintAuthority: false,
  freezeAuthority: false,
  devPct: 6,
  holdersPerDay: 150,
};

export const LAUNCH_DESIGNS: Readonly<Record<LaunchName, LaunchDesign>> = {
  TOKEN_LAUNCH_RUNNER: RUNNER,
  TOKEN_LAUNCH_RUG: RUG,
  TOKEN_LAUNCH_WASH: WASH,
  TOKEN_LAUNCH_BUYERS: BUYERS,
  TOKEN_LAUNCH_SELLERS: SELLERS,
  TOKEN_LAUNCH_QUIET: QUIET,
};
