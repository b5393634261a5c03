/**
 * A sybil ring for the wallet-graph cast: WALLET_SYBIL_FUNDER funds the ring's five wallets in one batch
 * transfer, then three times a day the ring passes SOL around within one minute. What each member's
 * history holds (the sandbox keeps every transaction in ONE history, like the other cast wallets):
 *
 *  - WALLET_SYBIL_RING (R0, the entry point): the batch funding (F → R0…R4, 2 SOL each), and per round
 *    R0 → R1 (+0 s), R3 → R0 (+18 s), R4 → R0 (+24 s), R0 → R4 (+30 s);
 *  - R1: R1 → R2 (+6 s) and a small Orca swap (+36 s); R2: R2 → R3 (+12 s) and a swap (+40 s);
 *    R3: a swap (+44 s); R4: a swap (+48 s) (each offset + 0–2 s of seeded jitter, order kept);
 *  - WALLET_SYBIL_FUNDER: one Binance (sandbox) deposit at the start of each ring life.
 *
 * So from R0 alone (wallet-graph depth 1): shared_funder (F first-funded all five), synchronized_activity
 * (R0, R3, R4 sign within 31 s each round) and circular_flow (R4 → R0 → R4 each round) — and at depth 2
 * the 4-wallet loop R0 → R1 → R2 → R3 → R0 and all five wallets acting together.
 *
 * Why it holds for every seed and at every moment: the ring's life restarts every 5 days and is always
 * at least 1 day old (like WALLET_NEW), so each member's history holds at least the 3 rounds of its first
 * day (3 ≥ the detector's occasion and loop thresholds), and R0's history (≤ 74 transactions: a life's
 * last day also shows the next life's batch funding) fits in one page: its first funding is always in view. Only round times and amounts come from the seed.
 */
import { CAST_ADDRESS } from './cast.js';
import { ENTITY, WSOL_MINT } from './entities.js';
import type { Draft, WalletPlan } from './history.js';
import { deriveWallet, keyOf, Rng } from './random.js';
import { DAY, HOUR, MINUTE, WORLD_START, epochStart } from './time.js';
import { batchSolTransferTx, solToLamports, solTransferTx, swapTx } from './transactions.js';
import type { PlanCtx } from './plan-context.js';

const SYBIL_LIFE_S = 5 * DAY;
const SYBIL_MIN_AGE_S = DAY;
const SYBIL_ROUND_HOURS: readonly number[] = [2, 10, 18];
export const SYBIL_FUNDING_SOL = 2;
const FUNDING_DELAY_S = 5 * MINUTE;
const HOP_FEE_SOL = 0.001;

/** R1…R4 (R0 is CAST_ADDRESS.WALLET_SYBIL_RING). */
export const SYBIL_RING_MEMBERS: readonly string[] = [1, 2, 3, 4].map((i) => deriveWallet('cast', 'WALLET_SYBIL_RING', 'member', i));
/** R0…R4 in ring order. */
export const SYBIL_RING: readonly string[] = [CAST_ADDRESS.WALLET_SYBIL_RING, ...SYBIL_RING_MEMBERS];

const ringLife = (t: number) => epochStart(t, SYBIL_LIFE_S, SYBIL_MIN_AGE_S);

export interface SybilRound {
  /** Unix seconds of the round's first transfer (R0 → R1). */
  start: number;
  /** Seconds after `start` of each step, in the order of the file comment. */
  at: { r0r1: number; r1r2: number; r2r3: number; r3r0: number; r4r0: number; r0r4: number; swaps: [number, number, number, number] };
  /** SOL sent around the 4-wallet loop (each hop keeps HOP_FEE_SOL less). */
  loopSol: number;
  /** SOL R4 sends to R0 (R0 sends it back less HOP_FEE_SOL). */
  bounceSol: number;
}

/** The rounds of day d: the same for every ring member (one shared stream per seed and day). */
function sybilRounds(seed: string, d: number): SybilRound[] {
  const r = Rng.fromKey(keyOf(seed, 'sybil-ring-rounds'), d);
  return SYBIL_ROUND_HOURS.map((h) => {
    const start = d * DAY + h * HOUR + r.int(30 * MINUTE);
    const off = (base: number) => base + r.int(3);
    return {
      start,
      at: { r0r1: 0, r1r2: off(6), r2r3: off(12), r3r0: off(18), r4r0: off(24), r0r4: off(30), swaps: [off(36), off(40), off(44), off(48)] },
      loopSol: Math.round(r.range(1, 3) * 1000) / 1000,
      bounceSol: Math.round(r.range(0.5, 1.5) * 1000) / 1000,
    };
  });
}

function plan(address: string, bornAt: (t: number) => number | null, sol: number, generate: (d: number) => Draft[]): WalletPlan {
  return { address, limit: 200, bornAt, lamports: () => solToLamports(sol), holdings: [], nfts: [], rollingNftLimit: 0, bucketSeconds: DAY, generate };
}

export function sybilRingPlans(ctx: PlanCtx): WalletPlan[] {
  const [r0, r1, r2, r3, r4] = SYBIL_RING as [string, string, string, string, string];
  const funder = CAST_ADDRESS.WALLET_SYBIL_FUNDER;
  const pool = ctx.spec(WSOL_MINT)!.pools[0]!;
  const rounds = (d: number) => sybilRounds(ctx.seed, d);
  const isLifeStart = (d: number) => (d * DAY) % SYBIL_LIFE_S === 0;
  const hop = (round: SybilRound, step: number) => Math.round((round.loopSol - step * HOP_FEE_SOL) * 1000) / 1000;
  const farmSwap = (owner: string, ts: number, k: number) =>
    swapTx(ctx, { owner, ts, pool: pool.address, dex: pool.dex, viaJupiter: false, inMint: pool.quoteMint, outMint: WSOL_MINT, usd: 5 + 2 * k });

  const entry = plan(r0, ringLife, 1.9, (d) => {
    const out: Draft[] = [];
    if (isLifeStart(d)) out.push({ tx: batchSolTransferTx({ ts: d * DAY + FUNDING_DELAY_S, from: funder, to: SYBIL_RING, sol: SYBIL_FUNDING_SOL }) });
    for (const round of rounds(d)) {
      const t = round.start;
      out.push(
        { tx: solTransferTx({ ts: t + round.at.r0r1, from: r0, to: r1, sol: hop(round, 0) }) },
        { tx: solTransferTx({ ts: t + round.at.r3r0, from: r3, to: r0, sol: hop(round, 3) }) },
        { tx: solTransferTx({ ts: t + round.at.r4r0, from: r4, to: r0, sol: round.bounceSol }) },
        { tx: solTransferTx({ ts: t + round.at.r0r4, from: r0, to: r4, sol: Math.round((round.bounceSol - HOP_FEE_SOL) * 1000) / 1000 }) },
      );
    }
    return out;
  });
  const member = (me: string, k: number, pass?: { to: string; step: number; key: 'r1r2' | 'r2r3' }) =>
    plan(me, ringLife, 1.9, (d) =>
      rounds(d).flatMap((round) => [
        ...(pass ? [{ tx: solTransferTx({ ts: round.start + round.at[pass.key], from: me, to: pass.to, sol: hop(round, pass.step) }) }] : []),
        { tx: farmSwap(me, round.start + round.at.swaps[k]!, k) },
      ]),
    );
  const funderPlan = plan(funder, () => WORLD_START - 30 * DAY, 4.2, (d) =>
    isLifeStart(d) ? [{ tx: solTransferTx({ ts: d * DAY + MINUTE, from: ENTITY.binance.address, to: funder, sol: 12, feePayer: ENTITY.binance.address }) }] : [],
  );
  return [
    entry,
    member(r1, 0, { to: r2, step: 1, key: 'r1r2' }),
    member(r2, 1, { to: r3, step: 2, key: 'r2r3' }),
    member(r3, 2),
    member(r4, 3),
    funderPlan,
  ];
}
