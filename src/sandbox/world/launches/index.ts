/**
 * Fresh launches (docs/sandbox.md, "Fresh launches"): the launch cast with its stage schedules, the background
 * stream, and the list of recent launches that the sandbox DEX Screener's latest-profiles feed serves. See
 * designs.ts and background.ts; docs/sandbox.md "Fresh launches".
 */
import { CAST_ADDRESS } from '../cast.js';
import { DAY } from '../time.js';
import { backgroundLaunchesSince } from './background.js';
import { LAUNCH_DESIGNS, type LaunchName, type RunnerStage, type StageBand } from './designs.js';

export { LAUNCH_DESIGNS, type LaunchDesign, type LaunchName, type RunnerStage, type StageBand } from './designs.js';
export { launchCastSpecs } from './specs.js';
export { backgroundLaunchKind, backgroundLaunchSpec, backgroundLaunchesSince, launchesInHour, LaunchIndex, type BackgroundProfileKind, type LaunchRef } from './background.js';

export interface LaunchCastMember {
  name: LaunchName;
  mint: string;
  periodMinutes: number;
  schedule: readonly StageBand[];
  /** Age (minutes) from which the wash-trade flag holds to the end of each life. */
  washFrom?: number;
  /** Age (minutes) of the liquidity pull in each life. */
  rugAt?: number;
}

export const LAUNCH_NAMES = Object.keys(LAUNCH_DESIGNS) as LaunchName[];

function member(name: LaunchName): LaunchCastMember {
  const d = LAUNCH_DESIGNS[name];
  return {
    name,
    mint: CAST_ADDRESS[name],
    periodMinutes: d.periodMinutes,
    schedule: d.schedule,
    ...(d.washFrom !== undefined ? { washFrom: d.washFrom } : {}),
    ...(d.rugAt !== undefined ? { rugAt: d.rugAt } : {}),
  };
}

/** The launch cast by name: mint, period, stage schedule, wash and rug ages. */
export const LAUNCH_CAST: Readonly<Record<LaunchName, LaunchCastMember>> = {
  TOKEN_LAUNCH_RUNNER: member('TOKEN_LAUNCH_RUNNER'),
  TOKEN_LAUNCH_RUG: member('TOKEN_LAUNCH_RUG'),
  TOKEN_LAUNCH_WASH: member('TOKEN_LAUNCH_WASH'),
  TOKEN_LAUNCH_BUYERS: member('TOKEN_LAUNCH_BUYERS'),
  TOKEN_LAUNCH_SELLERS: member('TOKEN_LAUNCH_SELLERS'),
  TOKEN_LAUNCH_QUIET: member('TOKEN_LAUNCH_QUIET'),
};

/** Start of the life current at `atMs` (unix ms): lives are UTC-aligned multiples of the period. */
export function launchLifeStartMs(name: LaunchName, atMs: number): number {
  const period = LAUNCH_DESIGNS[name].periodMinutes * 60_000;
  return Math.floor(atMs / period) * period;
}

/** Age in minutes of the launch-cast token at `atMs` (unix ms), in [0, period). */
export function launchAgeMinutes(name: LaunchName, atMs: number): number {
  return (atMs - launchLifeStartMs(name, atMs)) / 60_000;
}

/**
 * The designed stage at `ageMinutes` of a life. Readings taken every 5 minutes match it exactly; between
 * two readings in the 5 minutes before a band starts the pool may already read the next stage.
 */
export function launchStageAt(name: LaunchName, ageMinutes: number): RunnerStage {
  const d = LAUNCH_DESIGNS[name];
  const age = ((ageMinutes % d.periodMinutes) + d.periodMinutes) % d.periodMinutes;
  let stage = d.schedule[0]!.stage;
  for (const band of d.schedule) if (band.from <= age) stage = band.stage;
  return stage;
}

export interface RecentLaunch {
  mint: string;
  /** Unix seconds. */
  createdAt: number;
}

/**
 * Launches of the last `windowSec` (default 24 h) at unix second `t`, newest first (ties by mint): the
 * launch cast's current lives (every period is ≤ 24 h, so each is always listed) and the background
 * stream.
 */
export function recentLaunches(seed: string, t: number, windowSec = DAY): RecentLaunch[] {
  const cast = LAUNCH_NAMES.map((name) => ({ mint: CAST_ADDRESS[name], createdAt: launchLifeStartMs(name, t * 1000) / 1000 })).filter((l) => l.createdAt > t - windowSec);
  const background = backgroundLaunchesSince(seed, t, windowSec).map((l) => ({ mint: l.mint, createdAt: l.createdAt }));
  return [...cast, ...background].sort((a, b) => b.createdAt - a.createdAt || (a.mint < b.mint ? -1 : 1));
}
