/**
 * Cast wallets whose trades move a cast token's holder shares (what each shows: cast.ts,
 * docs/sandbox-cast.md "Wallets"): the RUGR dev and whale sell into the pool every few hours (their
 * balances fall through the week), the GULP whale buys six times a day (its share rises), and the
 * drainer collector sells what it sweeps.
 */
import { CAST_ADDRESS as A } from './cast.js';
import { USDC_MINT } from './entities.js';
import type { Draft, WalletPlan } from './history.js';
import type { PlanCtx } from './plan-context.js';
import { castPlan, commonPools, fixed, poolRef, poolSwap, timesIn } from './plan-kit.js';
import { DAY, WORLD_START } from './time.js';

/** The token-flow wallets' plans, in cast order. */
export function tokenFlowPlans(ctx: PlanCtx): WalletPlan[] {
  return [
    rugrSellerPlan(ctx, A.WALLET_RUGR_DEV, WORLD_START + 100 * DAY, 8, 0.04, 220),
    rugrSellerPlan(ctx, A.WALLET_RUGR_WHALE, WORLD_START + 101 * DAY, 5, 0.02, 35),
    gulpWhalePlan(ctx),
    drainerCollectorPlan(ctx),
  ];
}

/** A RUGR seller: `perDay` sales a day that together sell `shareSoldPerWeek` of the supply each week. */
function rugrSellerPlan(ctx: PlanCtx, me: string, born: number, perDay: number, shareSoldPerWeek: number, sol: number): WalletPlan {
  const pool = poolRef(ctx, A.TOKEN_RISKY);
  const spec = ctx.spec(A.TOKEN_RISKY)!;
  const perSaleTokens = (shareSoldPerWeek * spec.supplyUi) / (7 * perDay);
  return castPlan(ctx, me, {
    bornAt: fixed(born),
    sol,
    day: (d, r) => {
      const out: Draft[] = [];
      for (let k = 0; k < perDay; k++) {
        const ts = Math.floor(d * DAY + ((k + r.range(0.1, 0.9)) * DAY) / perDay);
        const usd = perSaleTokens * r.range(0.9, 1.1) * ctx.price(A.TOKEN_RISKY, ts);
        out.push({ tx: poolSwap(ctx, me, ts, pool, false, usd, false) });
      }
      return out;
    },
  });
}

/** GULP whale: buys from the pool six times a day (its share rises through the week). */
function gulpWhalePlan(ctx: PlanCtx): WalletPlan {
  const me = A.WALLET_GULP_WHALE;
  const pool = poolRef(ctx, A.TOKEN_WHALE_ACCUMULATING);
  const spec = ctx.spec(A.TOKEN_WHALE_ACCUMULATING)!;
  const perDay = 6;
  const perBuyTokens = (0.03 * spec.supplyUi) / (7 * perDay);
  return castPlan(ctx, me, {
    bornAt: fixed(WORLD_START + 20 * DAY),
    sol: 900,
    holdings: [{ mint: USDC_MINT, ui: 250_000 }],
    day: (d, r) => {
      return Array.from({ length: perDay }, (_, k) => {
        const ts = Math.floor(d * DAY + ((k + r.range(0.1, 0.9)) * DAY) / perDay);
        return { tx: poolSwap(ctx, me, ts, pool, true, perBuyTokens * r.range(0.9, 1.1) * ctx.price(A.TOKEN_WHALE_ACCUMULATING, ts), false) };
      });
    },
  });
}

/** Drainer collector: sells what it sweeps a few times a day. */
function drainerCollectorPlan(ctx: PlanCtx): WalletPlan {
  const { rockRay } = commonPools(ctx);
  const me = A.WALLET_DRAINER_COLLECTOR;
  return castPlan(ctx, me, {
    bornAt: fixed(WORLD_START),
    sol: 410,
    holdings: [{ mint: USDC_MINT, ui: 3_100 }, { mint: A.TOKEN_SAFE, ui: 2_000 }],
    day: (d, r) => {
      return timesIn(r, d, 3, 0, 24).map((ts) => ({ tx: poolSwap(ctx, me, ts, rockRay, false, r.range(20, 200), true) }));
    },
  });
}
