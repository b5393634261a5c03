/**
 * Building blocks shared by the wallet plan builders (the cast-*.ts plan files and generic-wallet.ts):
 * pool references and swaps through them, seeded times within a day or an hour, friends, dust holdings,
 * life spans, `basePlan`, the defaults every cast wallet starts from, and `castPlan`, a designed wallet's plan.
 */
import { CAST_ADDRESS as A, DUST_MINTS } from './cast.js';
import { WSOL_MINT } from './entities.js';
import type { Draft, Holding, WalletPlan } from './history.js';
import type { PlanCtx } from './plan-context.js';
import { deriveWallet, keyOf, Rng } from './random.js';
import { DAY, HOUR, epochStart } from './time.js';
import type { PoolSpec } from './tokens.js';
import { swapTx, type Dex } from './transactions.js';
import { lamportsWave } from './wallet-drift.js';

/** History cap of cast wallets (generic wallets keep fewer). */
const CAST_HISTORY_LIMIT = 200;
/** Perpetually young wallets: a life lasts 24 days and is always at least 2 days old. */
export const YOUNG_PERIOD = 24 * DAY;
const YOUNG_MIN_AGE = 2 * DAY;

export interface PoolRef {
  address: string;
  dex: Dex;
  mint: string;
  quoteMint: string;
}

/** The `i`-th pool of a token's spec (throws when the token has no such pool: a cast design error). */
export function poolRef(ctx: PlanCtx, mint: string, i = 0): PoolRef {
  const spec = ctx.spec(mint);
  const p: PoolSpec | undefined = spec?.pools[i];
  if (!p) throw new Error(`no pool ${i} for ${mint}`);
  return { address: p.address, dex: p.dex, mint, quoteMint: p.quoteMint };
}

/** The four pools most cast wallets trade in: SOL/USDC on Orca and Raydium, ROCK (TOKEN_SAFE) on both. */
export function commonPools(ctx: PlanCtx): { solUsdcOrca: PoolRef; solUsdcRay: PoolRef; rockRay: PoolRef; rockOrca: PoolRef } {
  return {
    solUsdcOrca: poolRef(ctx, WSOL_MINT, 0),
    solUsdcRay: poolRef(ctx, WSOL_MINT, 1),
    rockRay: poolRef(ctx, A.TOKEN_SAFE, 0),
    rockOrca: poolRef(ctx, A.TOKEN_SAFE, 1),
  };
}

/** A swap through `pool`, buying (quote → token) or selling (token → quote). */
export function poolSwap(ctx: PlanCtx, owner: string, ts: number, pool: PoolRef, buy: boolean, usd: number, viaJupiter: boolean, extra: { error?: string | null; extraPrograms?: string[] } = {}) {
  return swapTx(ctx, {
    owner,
    ts,
    pool: pool.address,
    dex: pool.dex,
    viaJupiter,
    inMint: buy ? pool.quoteMint : pool.mint,
    outMint: buy ? pool.mint : pool.quoteMint,
    usd,
    ...extra,
  });
}

/** A cast wallet's seeded generator per time bucket (a UTC day, or an hour for busy wallets): one Rng per (seed, address, bucket). */
function castRng(seed: string, address: string): (bucket: number) => Rng {
  const key = keyOf(seed, 'cast-wallet-day', address);
  return (bucket) => Rng.fromKey(key, bucket);
}

/** n sorted times on day d between the two UTC hours. */
export function timesIn(r: Rng, d: number, n: number, fromHour: number, toHour: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(d * DAY + Math.floor(r.range(fromHour * HOUR, toHour * HOUR)));
  return out.sort((a, b) => a - b);
}

/** Times across hour h with gaps of mean × U(0.2, 1.8) (CV ≈ 0.46: busy but not clockwork). */
export function continuousTimes(r: Rng, h: number, meanGap: number): number[] {
  const out: number[] = [];
  let ts = h * HOUR + r.range(0, meanGap);
  while (ts < (h + 1) * HOUR) {
    out.push(Math.floor(ts));
    ts += meanGap * r.range(0.2, 1.8);
  }
  return out;
}

/** A wallet born at a fixed moment. */
export const fixed = (at: number) => () => at;
/** A perpetually young wallet's birth as seen at t (its life restarts every YOUNG_PERIOD). */
export const young = (t: number) => epochStart(t, YOUNG_PERIOD, YOUNG_MIN_AGE);
export const friendsOf = (address: string, n: number, seed = '') => Array.from({ length: n }, (_, i) => deriveWallet(seed, 'friend', address, i));

/** Dust holdings worth $0.05–$0.60 each at the dust token's base price. */
export function dustHoldings(ctx: PlanCtx, r: Rng, count: number): Holding[] {
  return DUST_MINTS.slice(0, count).map((mint) => {
    const base = ctx.spec(mint)?.price?.base ?? 1e-5;
    return { mint, ui: Math.round(r.range(0.05, 0.6) / base), amp: 0.01 };
  });
}

type PlanInput = Partial<Omit<WalletPlan, 'generate'>> & Pick<WalletPlan, 'bornAt'> & { day?: (d: number) => Draft[]; hour?: (h: number) => Draft[] };

/** A cast plan generating per UTC day (`day`) or, for busy wallets, per hour (`hour`). */
export function basePlan(address: string, over: PlanInput): WalletPlan {
  const { day, hour, ...rest } = over;
  const generate = hour ?? day ?? (() => []);
  return { address, limit: CAST_HISTORY_LIMIT, lamports: () => 0n, holdings: [], nfts: [], rollingNftLimit: 0, bucketSeconds: hour ? HOUR : DAY, generate, ...rest };
}

type CastPlanInput = Omit<PlanInput, 'lamports' | 'day' | 'hour'> & {
  /** The SOL the balance drifts around (wallet-drift.ts). */
  sol: number;
  /** The drafts of UTC day `d`, drawn from `r`: the wallet's own Rng of that day. */
  day?: (d: number, r: Rng) => Draft[];
  /** The drafts of hour `h` (busy wallets), drawn from `r`: the wallet's own Rng of that hour. */
  hour?: (h: number, r: Rng) => Draft[];
};

/** A designed cast wallet's plan: `basePlan` with a balance drifting around `sol` SOL and one seeded Rng per day or hour. */
export function castPlan(ctx: PlanCtx, address: string, over: CastPlanInput): WalletPlan {
  const { sol, day, hour, ...rest } = over;
  const R = castRng(ctx.seed, address);
  return basePlan(address, {
    ...rest,
    lamports: lamportsWave(sol, address),
    ...(day ? { day: (d: number) => day(d, R(d)) } : {}),
    ...(hour ? { hour: (h: number) => hour(h, R(h)) } : {}),
  });
}
