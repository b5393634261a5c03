/**
 * Cast wallets of the wallet-risk design (docs/sandbox-cast.md, "How the wallet-risk cast is designed"):
 * WALLET_NEW and WALLET_AIRDROP_FARMER (one factor each), then WALLET_RISK_LOW … WALLET_RISK_CRITICAL,
 * each showing its exact factor set over its whole history and over its 100 most recent transactions.
 */
import { CAST_ADDRESS as A, DUST_MINTS, FEATURED_TX } from './cast.js';
import { ENTITY, JITOSOL_MINT, MSOL_MINT, USDC_MINT, WSOL_MINT } from './entities.js';
import type { Draft, WalletPlan } from './history.js';
import type { PlanCtx } from './plan-context.js';
import { YOUNG_PERIOD, castPlan, commonPools, continuousTimes, dustHoldings, fixed, friendsOf, poolRef, poolSwap, timesIn, young } from './plan-kit.js';
import { deriveWallet, rng } from './random.js';
import { DAY, FEATURED_DAY, HOUR, MINUTE, WORLD_START } from './time.js';
import { SLIPPAGE_ERROR, drainerTx, solTransferTx, splTransferTx } from './transactions.js';

/** The wallet-risk cast's plans, in cast order. */
export function riskWalletPlans(ctx: PlanCtx): WalletPlan[] {
  return [newWalletPlan(ctx), airdropFarmerPlan(ctx), riskLowPlan(ctx), riskModeratePlan(ctx), riskElevatedPlan(ctx), riskHighPlan(ctx), riskCriticalPlan(ctx)];
}

/** New wallet: always 2–26 days old; funded by Binance (sandbox), then a few swaps and transfers. */
function newWalletPlan(ctx: PlanCtx): WalletPlan {
  const { solUsdcOrca, rockOrca } = commonPools(ctx);
  const me = A.WALLET_NEW;
  const friend = deriveWallet('friend', me, 0);
  return castPlan(ctx, me, {
    bornAt: young,
    sol: 3.5,
    holdings: [{ mint: USDC_MINT, ui: 120 }, { mint: A.TOKEN_SAFE, ui: 40 }],
    day: (d, r) => {
      const out: Draft[] = [];
      const dayStart = d * DAY;
      if (dayStart % YOUNG_PERIOD === 0) out.push({ tx: solTransferTx({ ts: dayStart + 10 * MINUTE, from: ENTITY.binance.address, to: me, sol: 5, feePayer: ENTITY.binance.address }) });
      for (const ts of timesIn(r, d, 1 + r.int(3), 10, 22)) {
        if (ts < dayStart + 20 * MINUTE) continue;
        const roll = r.int(3);
        if (roll === 0) out.push({ tx: poolSwap(ctx, me, ts, solUsdcOrca, false, r.range(10, 60), true) });
        else if (roll === 1) out.push({ tx: poolSwap(ctx, me, ts, rockOrca, true, r.range(5, 30), true) });
        else out.push({ tx: solTransferTx({ ts, from: me, to: friend, sol: r.range(0.01, 0.2) }) });
      }
      return out;
    },
  });
}

/** Airdrop farmer: 40 dust holdings under $1, receives dust drops from 12 distributors. */
function airdropFarmerPlan(ctx: PlanCtx): WalletPlan {
  const seed = ctx.seed;
  const me = A.WALLET_AIRDROP_FARMER;
  const distributors = Array.from({ length: 12 }, (_, i) => deriveWallet('dust-distributor', i));
  return castPlan(ctx, me, {
    bornAt: fixed(WORLD_START - 50 * DAY),
    sol: 0.8,
    holdings: dustHoldings(ctx, rng(seed, 'farmer-dust'), 40),
    day: (d, r) => {
      return timesIn(r, d, 1 + r.int(3), 6, 23).map((ts) => {
        if (r.chance(0.15)) return { tx: solTransferTx({ ts, from: me, to: deriveWallet('farmer-sibling', me, r.int(4)), sol: 0.002 }) };
        const mint = r.pick(DUST_MINTS);
        const from = r.pick(distributors);
        const base = ctx.spec(mint)?.price?.base ?? 1e-5;
        return { tx: splTransferTx(ctx, { ts, from, to: me, mint, ui: Math.round(r.range(0.01, 0.2) / base), feePayer: from }) };
      });
    },
  });
}

/** Risk LOW (0.10): SWAP only (low diversity) over 12 pools on 3 protocols, ~0.5/day, old. */
function riskLowPlan(ctx: PlanCtx): WalletPlan {
  const { solUsdcOrca, solUsdcRay, rockRay, rockOrca } = commonPools(ctx);
  const me = A.WALLET_RISK_LOW;
  const pools = [
    solUsdcOrca, solUsdcRay, rockRay, rockOrca,
    poolRef(ctx, A.TOKEN_VOL_LOW), poolRef(ctx, A.TOKEN_VOL_MODERATE), poolRef(ctx, A.TOKEN_VOL_HIGH), poolRef(ctx, A.TOKEN_HHI_WELL),
    poolRef(ctx, A.TOKEN_HHI_MODERATE), poolRef(ctx, A.TOKEN_FLOAT), poolRef(ctx, MSOL_MINT), poolRef(ctx, JITOSOL_MINT),
  ];
  return castPlan(ctx, me, {
    bornAt: fixed(WORLD_START - 30 * DAY),
    sol: 35,
    holdings: [{ mint: USDC_MINT, ui: 2_400 }, { mint: A.TOKEN_SAFE, ui: 900 }, { mint: A.TOKEN_VOL_LOW, ui: 150 }],
    day: (d, r) => {
      const out: Draft[] = [];
      if (d === FEATURED_DAY) {
        const ts = d * DAY + 10 * HOUR + 15 * MINUTE;
        const sol = ctx.price(WSOL_MINT, ts);
        out[FEATURED_TX.TX_SWAP_JUPITER.index] = { tx: poolSwap(ctx, me, ts, solUsdcRay, false, 2 * sol, true) };
        out[FEATURED_TX.TX_SWAP_FAILED.index] = { tx: poolSwap(ctx, me, ts + 6 * MINUTE + 30, solUsdcRay, false, 2 * sol, true, { error: SLIPPAGE_ERROR }) };
      }
      if (r.chance(0.5)) for (const ts of timesIn(r, d, 1, 8, 22)) out.push({ tx: poolSwap(ctx, me, ts, r.pick(pools), r.chance(0.5), r.range(50, 500), r.chance(0.6)) });
      return out;
    },
  });
}

/** Risk MODERATE (0.35): young; SOL transfers only (System) to 16 friends in rotation. */
function riskModeratePlan(ctx: PlanCtx): WalletPlan {
  const seed = ctx.seed;
  const me = A.WALLET_RISK_MODERATE;
  const friends = rng(seed, 'moderate-friends').shuffle(friendsOf(me, 16));
  return castPlan(ctx, me, {
    bornAt: young,
    sol: 6.2,
    holdings: [{ mint: USDC_MINT, ui: 40 }],
    day: (d, r) => {
      const out: Draft[] = [];
      const dayStart = d * DAY;
      if (dayStart % YOUNG_PERIOD === 0) out.push({ tx: solTransferTx({ ts: dayStart + 5 * MINUTE, from: ENTITY.kraken.address, to: me, sol: 12, feePayer: ENTITY.kraken.address }) });
      timesIn(r, d, 2 + r.int(4), 9, 22).forEach((ts, k) => {
        const friend = friends[(d * 5 + k) % friends.length]!;
        out.push({ tx: r.chance(0.8) ? solTransferTx({ ts, from: me, to: friend, sol: r.range(0.05, 1.5) }) : solTransferTx({ ts, from: friend, to: me, sol: r.range(0.05, 0.8) }) });
      });
      return out;
    },
  });
}

/** Risk ELEVATED (0.55): every ~2 days the same SOL transfer to Coinbase (sandbox); old. */
function riskElevatedPlan(ctx: PlanCtx): WalletPlan {
  const me = A.WALLET_RISK_ELEVATED;
  return castPlan(ctx, me, {
    bornAt: fixed(WORLD_START - 60 * DAY),
    sol: 3.1,
    holdings: [{ mint: USDC_MINT, ui: 210 }],
    day: (d, r) => {
      if (!r.chance(0.5)) return [];
      return timesIn(r, d, 1, 14, 20).map((ts) => ({ tx: solTransferTx({ ts, from: me, to: ENTITY.coinbase.address, sol: Math.round(r.range(1.8, 2.2) * 100) / 100 }) }));
    },
  });
}

/** Risk HIGH (0.75): young; ≈ 20 tx/h; 14 of 15 are swaps through 2 pools, every 15th a drainer call. */
function riskHighPlan(ctx: PlanCtx): WalletPlan {
  const { solUsdcRay, rockOrca } = commonPools(ctx);
  const me = A.WALLET_RISK_HIGH;
  const collector = A.WALLET_DRAINER_COLLECTOR;
  return castPlan(ctx, me, {
    bornAt: young,
    sol: 1.4,
    holdings: [{ mint: USDC_MINT, ui: 85 }, { mint: A.TOKEN_SAFE, ui: 40 }],
    hour: (h, r) => {
      // Every 15th transaction (counted across hours) is a drainer call.
      return continuousTimes(r, h, 180).map((ts, k) => {
        if ((h * 20 + k) % 15 === 7) return { tx: drainerTx(ctx, { ts, victim: me, collector, mint: A.TOKEN_SAFE, raw: BigInt(1 + r.int(5)) * 1_000_000n }) };
        const pool = r.chance(0.6) ? solUsdcRay : rockOrca;
        return { tx: poolSwap(ctx, me, ts, pool, r.chance(0.5), r.range(5, 40), true) };
      });
    },
  });
}

/** Risk CRITICAL (0.95): young; ≈ 20 drainer calls/h to one collector; 25 dust holdings. */
function riskCriticalPlan(ctx: PlanCtx): WalletPlan {
  const seed = ctx.seed;
  const me = A.WALLET_RISK_CRITICAL;
  const collector = A.WALLET_DRAINER_COLLECTOR;
  return castPlan(ctx, me, {
    bornAt: young,
    sol: 0.05,
    holdings: dustHoldings(ctx, rng(seed, 'critical-dust'), 25),
    hour: (h, r) => {
      return continuousTimes(r, h, 180).map((ts, k) => {
        const mint = DUST_MINTS[(h + k) % 25]!;
        const base = ctx.spec(mint)?.price?.base ?? 1e-5;
        return { tx: drainerTx(ctx, { ts, victim: me, collector, mint, raw: BigInt(Math.max(1, Math.round(r.range(0.001, 0.01) / base))) * 1_000_000n }) };
      });
    },
  });
}
