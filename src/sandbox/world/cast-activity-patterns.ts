/**
 * Cast wallets that show an activity pattern (what each shows: cast.ts, docs/sandbox-cast.md "Wallets"):
 * WALLET_REGULAR_INTERVALS, WALLET_HIGH_FREQUENCY, WALLET_24_7_ACTIVE and WALLET_REPETITIVE. Their
 * background details (exact times, amounts) come from the seed; the pattern holds for every seed.
 */
import { CAST_ADDRESS as A } from './cast.js';
import { ENTITY, MSOL_MINT, USDC_MINT } from './entities.js';
import type { Draft, WalletPlan } from './history.js';
import type { PlanCtx } from './plan-context.js';
import { castPlan, commonPools, continuousTimes, fixed, friendsOf, poolRef, poolSwap, timesIn } from './plan-kit.js';
import { deriveWallet } from './random.js';
import { DAY, HOUR, MINUTE, WORLD_START } from './time.js';
import { marinadeStakeTx, solTransferTx, splTransferTx } from './transactions.js';

/** The activity-pattern wallets' plans, in cast order. */
export function activityPatternPlans(ctx: PlanCtx): WalletPlan[] {
  return [regularIntervalsPlan(ctx), highFrequencyPlan(ctx), alwaysActivePlan(ctx), repetitivePlan(ctx)];
}

/** regular_intervals: every 4 h ± 45 s, five rotating actions. */
function regularIntervalsPlan(ctx: PlanCtx): WalletPlan {
  const { solUsdcOrca, rockOrca } = commonPools(ctx);
  const me = A.WALLET_REGULAR_INTERVALS;
  const friend = deriveWallet('friend', me, 0);
  return castPlan(ctx, me, {
    bornAt: fixed(WORLD_START + 10 * DAY),
    sol: 24,
    holdings: [{ mint: USDC_MINT, ui: 800 }, { mint: A.TOKEN_SAFE, ui: 300 }, { mint: MSOL_MINT, ui: 2 }],
    day: (d, r) => {
      const out: Draft[] = [];
      for (let k = 0; k < 6; k++) {
        const ts = d * DAY + k * 4 * HOUR + 17 * MINUTE + Math.round(r.range(-45, 45));
        switch ((d * 6 + k) % 5) {
          case 0: out.push({ tx: poolSwap(ctx, me, ts, solUsdcOrca, false, r.range(35, 45), true) }); break;
          case 1: out.push({ tx: solTransferTx({ ts, from: me, to: ENTITY.okx.address, sol: 0.2 }) }); break;
          case 2: out.push({ tx: poolSwap(ctx, me, ts, rockOrca, true, r.range(20, 30), true) }); break;
          case 3: out.push({ tx: splTransferTx(ctx, { ts, from: me, to: friend, mint: USDC_MINT, ui: 25 }) }); break;
          default: out.push({ tx: marinadeStakeTx(ctx, { ts, owner: me, sol: 0.1 }) });
        }
      }
      return out;
    },
  });
}

/** high_frequency: ≈ 20 swaps/h around the clock over 8 pools, Jupiter-routed or direct. */
function highFrequencyPlan(ctx: PlanCtx): WalletPlan {
  const { solUsdcOrca, solUsdcRay, rockRay, rockOrca } = commonPools(ctx);
  const me = A.WALLET_HIGH_FREQUENCY;
  const pools = [solUsdcOrca, solUsdcRay, rockRay, rockOrca, poolRef(ctx, A.TOKEN_VOL_LOW), poolRef(ctx, A.TOKEN_VOL_MODERATE), poolRef(ctx, A.TOKEN_HHI_WELL), poolRef(ctx, A.TOKEN_FLOAT)];
  return castPlan(ctx, me, {
    bornAt: fixed(WORLD_START + 30 * DAY),
    sol: 61,
    holdings: [{ mint: USDC_MINT, ui: 5_400 }, { mint: A.TOKEN_SAFE, ui: 1_200 }, { mint: A.TOKEN_VOL_LOW, ui: 400 }, { mint: A.TOKEN_FLOAT, ui: 90_000 }],
    hour: (h, r) => {
      return continuousTimes(r, h, 180).map((ts) => ({ tx: poolSwap(ctx, me, ts, r.pick(pools), r.chance(0.5), r.range(20, 300), r.chance(0.5)) }));
    },
  });
}

/** 24_7_active: exactly one transaction in every UTC hour. */
function alwaysActivePlan(ctx: PlanCtx): WalletPlan {
  const { solUsdcOrca } = commonPools(ctx);
  const me = A.WALLET_24_7_ACTIVE;
  const friends = friendsOf(me, 5);
  const swell = poolRef(ctx, A.TOKEN_VOL_MODERATE);
  return castPlan(ctx, me, {
    bornAt: fixed(WORLD_START + 20 * DAY),
    sol: 17,
    holdings: [{ mint: USDC_MINT, ui: 650 }, { mint: A.TOKEN_VOL_MODERATE, ui: 900 }],
    day: (d, r) => {
      const out: Draft[] = [];
      for (let h = 0; h < 24; h++) {
        const ts = d * DAY + h * HOUR + r.int(HOUR);
        const friend = friends[(d + h) % friends.length]!;
        switch (r.int(5)) {
          case 0: out.push({ tx: poolSwap(ctx, me, ts, solUsdcOrca, r.chance(0.5), r.range(10, 90), true) }); break;
          case 1: out.push({ tx: poolSwap(ctx, me, ts, swell, r.chance(0.5), r.range(10, 60), true) }); break;
          case 2: out.push({ tx: solTransferTx({ ts, from: me, to: friend, sol: r.range(0.01, 0.3) }) }); break;
          case 3: out.push({ tx: splTransferTx(ctx, { ts, from: me, to: friend, mint: USDC_MINT, ui: Math.round(r.range(1, 40)) }) }); break;
          default: out.push({ tx: marinadeStakeTx(ctx, { ts, owner: me, sol: r.range(0.05, 0.5) }) });
        }
      }
      return out;
    },
  });
}

/** repetitive_actions: the same Jupiter→Raydium SOL→USDC swap 3–5 times a day (08–20 UTC). */
function repetitivePlan(ctx: PlanCtx): WalletPlan {
  const { solUsdcRay } = commonPools(ctx);
  const me = A.WALLET_REPETITIVE;
  return castPlan(ctx, me, {
    bornAt: fixed(WORLD_START + 40 * DAY),
    sol: 44,
    holdings: [{ mint: USDC_MINT, ui: 3_100 }],
    day: (d, r) => {
      return timesIn(r, d, 3 + r.int(3), 8, 20).map((ts) => ({ tx: poolSwap(ctx, me, ts, solUsdcRay, false, 75, true) }));
    },
  });
}
