/**
 * The background stream of fresh launches: about 24 a day besides the launch cast, so discovery has
 * more than the cast to filter. Hour h (unix seconds ÷ 3600) launches 0, 1, 1 or 2 tokens (equally
 * likely; 24 a day on average) at random seconds of that hour; launch i of hour h is the mint
 * deriveMint('launch', seed, h, i). Each draws a profile: QUIET (50 %: steady, balanced), FADING (35 %:
 * a burst, then sellers and a bleeding price and pool) or IGNITING (15 %: six hours of compounding
 * volume with buyers ahead, then flat). Everything is a pure function of (seed, hour, index).
 *
 * The world recognises a launch mint by indexing the launches of the days around the asked moment
 * (`LaunchIndex`: 30 days back, 1 day ahead, so a launch answers null from the day before it); a launch
 * asked about more than 30 days after it happened (or earlier than the day before) reads as an ordinary
 * generated token (a documented limit).
 */
import type { ActivityPhase, ActivityProfile, Knot } from '../activity.js';
import { Lru } from '../lru.js';
import { deriveMint, rng, type Rng } from '../random.js';
import { DAY, HOUR } from '../time.js';
import type { TokenSpec } from '../tokens.js';
import { launchTokenSpec } from './specs.js';

export interface LaunchRef {
  mint: string;
  /** Unix seconds. */
  createdAt: number;
  hour: number;
  index: number;
}

export type BackgroundProfileKind = 'QUIET' | 'FADING' | 'IGNITING';

/** The launches of hour `hour`, in launch order. */
export function launchesInHour(seed: string, hour: number): LaunchRef[] {
  const r = rng(seed, 'launch-hour', hour);
  const n = r.pick([0, 1, 1, 2]);
  const refs: LaunchRef[] = [];
  for (let index = 0; index < n; index++) refs.push({ mint: deriveMint('launch', seed, hour, index), createdAt: hour * HOUR + r.int(HOUR), hour, index });
  return refs.sort((a, b) => a.createdAt - b.createdAt || a.index - b.index);
}

const phase = (from: number, rate: number, growth: number, buyShare: number, avgTradeUsd: number): ActivityPhase => ({ from, rate, growth, buyShare, avgTradeUsd });
const k = (at: number, value: number): Knot => ({ at, value });

function backgroundKind(r: Rng): BackgroundProfileKind {
  const u = r.next();
  return u < 0.5 ? 'QUIET' : u < 0.85 ? 'FADING' : 'IGNITING';
}

/** A profile of the drawn kind; trades per minute stay ≥ 4 so a 5-minute buyer share is not noise. */
function profile(r: Rng, kind: BackgroundProfileKind): { activity: ActivityProfile; path: Knot[] } {
  if (kind === 'QUIET') {
    const rate = r.range(25, 120);
    const liq = r.logRange(2_000, 20_000);
    return {
      activity: { phases: [phase(0, rate, 0, r.range(0.47, 0.53), rate / r.range(5, 9))], liquidity: [k(0, liq), k(1_440, liq * r.range(0.9, 1.2))] },
      path: [k(0, 0), k(1_440, Math.log(r.range(0.7, 1.3)))],
    };
  }
  if (kind === 'FADING') {
    const burst = r.range(300, 1_500);
    const rate = r.range(60, 200);
    const liq = r.logRange(8_000, 30_000);
    return {
      activity: {
        phases: [phase(0, burst, -0.1, 0.5, burst / r.range(6, 10)), phase(15, rate, -0.003, r.range(0.3, 0.4), rate / r.range(5, 9))],
        liquidity: [k(0, liq), k(15, liq * 1.1), k(720, liq * r.range(0.15, 0.3))],
      },
      path: [k(0, 0), k(15, Math.log(r.range(1.2, 1.8))), k(720, Math.log(r.range(0.1, 0.5)))],
    };
  }
  const rate = r.range(80, 300);
  const liq = r.logRange(10_000, 25_000);
  return {
    activity: {
      phases: [phase(0, rate, 0.005, r.range(0.6, 0.7), rate / r.range(4, 8)), phase(360, rate * Math.exp(1.8), 0, 0.52, (rate * Math.exp(1.8)) / 30)],
      liquidity: [k(0, liq), k(360, liq * r.range(2, 4))],
    },
    path: [k(0, 0), k(360, Math.log(r.range(1.5, 3)))],
  };
}

const SYLLABLES = ['pe', 'po', 'mo', 'on', 'do', 'ge', 'wi', 'fi', 'bo', 'nk', 'ga', 'chu', 'zo', 'ra', 'ki', 'lu', 'ma', 'ti'];

/** The token of one background launch (a pure function of the seed and the launch). */
export function backgroundLaunchSpec(seed: string, ref: LaunchRef): TokenSpec {
  const r = rng(seed, 'launch', ref.mint);
  const kind = backgroundKind(r);
  const word = Array.from({ length: 2 + r.int(2) }, () => r.pick(SYLLABLES)).join('');
  const name = `${word[0]!.toUpperCase()}${word.slice(1)} ${r.pick(['Inu', 'Cat', 'Frog', 'Coin', 'AI', 'Moon', 'Wif Hat'])}`;
  const { activity, path } = profile(r, kind);
  return launchTokenSpec(r, {
    mint: ref.mint,
    name,
    symbol: word.slice(0, 6).toUpperCase(),
    created: { at: ref.createdAt },
    basePrice: r.logRange(5e-6, 1e-4),
    path,
    activity,
    mintAuthority: r.chance(0.3),
    freezeAuthority: r.chance(0.2),
    devPct: r.range(2, 25),
    holdersPerDay: r.range(100, 3_000),
  });
}

/** The profile kind of a background launch (tests and docs). */
export function backgroundLaunchKind(seed: string, mint: string): BackgroundProfileKind {
  return backgroundKind(rng(seed, 'launch', mint));
}

const INDEX_DAYS_BACK = 30;

/** Finds background launches by mint around a moment; day blocks are cached (pure, so caching never changes answers). */
export class LaunchIndex {
  private readonly days = new Lru<number, Map<string, LaunchRef>>(48);

  constructor(private readonly seed: string) {}

  private day(d: number): Map<string, LaunchRef> {
    return this.days.getOrCreate(d, () => {
      const map = new Map<string, LaunchRef>();
      for (let h = 0; h < 24; h++) for (const ref of launchesInHour(this.seed, d * 24 + h)) map.set(ref.mint, ref);
      return map;
    });
  }

  /** The launch `mint` if it is one of the days [t − 30 d, t + 1 d], else null. */
  find(mint: string, t: number): LaunchRef | null {
    const today = Math.floor(t / DAY);
    for (let d = today + 1; d >= today - INDEX_DAYS_BACK; d--) {
      const ref = this.day(d).get(mint);
      if (ref) return ref;
    }
    return null;
  }
}

/** Background launches created in (t − windowSec, t], newest first. */
export function backgroundLaunchesSince(seed: string, t: number, windowSec: number): LaunchRef[] {
  const out: LaunchRef[] = [];
  for (let h = Math.floor(t / HOUR); h * HOUR > t - windowSec - HOUR; h--) {
    for (const ref of launchesInHour(seed, h)) if (ref.createdAt <= t && ref.createdAt > t - windowSec) out.push(ref);
  }
  return out.sort((a, b) => b.createdAt - a.createdAt || (a.mint < b.mint ? -1 : 1));
}
