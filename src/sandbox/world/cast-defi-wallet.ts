/**
 * The DeFi cast wallet (WALLET_DEFI; what it shows: cast.ts, docs/sandbox-cast.md "Wallets"): LST
 * staking, an LP position and a Kamino deposit, plus the featured transfer, stake and liquidity transactions.
 */
import { CAST_ADDRESS as A, FEATURED_TX } from './cast.js';
import { ENTITY, JITOSOL_MINT, MSOL_MINT, USDC_MINT } from './entities.js';
import type { Draft, WalletPlan } from './history.js';
import type { PlanCtx } from './plan-context.js';
import { castPlan, commonPools, fixed, poolRef, poolSwap, timesIn } from './plan-kit.js';
import { deriveAddress, deriveWallet } from './random.js';
import { DAY, FEATURED_DAY, HOUR, MINUTE, WORLD_START } from './time.js';
import {
  addLiquidityTx,
  bridgeOutTx,
  kaminoDepositTx,
  marinadeStakeTx,
  marinadeUnstakeTx,
  nativeStakeTx,
  solTransferTx,
  splTransferTx,
  withdrawLiquidityTx,
} from './transactions.js';

/** DeFi: LST staking, an LP position, a Kamino deposit; varied activity. */
export function defiWalletPlan(ctx: PlanCtx): WalletPlan {
  const { solUsdcOrca, solUsdcRay, rockOrca } = commonPools(ctx);
  const me = A.WALLET_DEFI;
  const friend = deriveWallet('friend', me, 0);
  const lpPool = solUsdcRay;
  const kaminoAccount = deriveAddress('kamino-obligation', me);
  return castPlan(ctx, me, {
    bornAt: fixed(WORLD_START - 300 * DAY),
    sol: 12.5,
    holdings: [
      { mint: MSOL_MINT, ui: 40 }, { mint: JITOSOL_MINT, ui: 25 }, { mint: A.TOKEN_LP_SOL_USDC, ui: 180 },
      { mint: USDC_MINT, ui: 1_200 }, { mint: A.TOKEN_SAFE, ui: 500 },
    ],
    extraPositions: (t) => {
      const usdc = 2_500 * (1 + 0.08 * ((t - WORLD_START) / (365 * DAY)));
      return [{ protocol: 'kamino', kind: 'lending', account: kaminoAccount, mint: USDC_MINT, amountRaw: String(Math.round(usdc * 1e6)), valueUsd: Math.round(usdc * ctx.price(USDC_MINT, t) * 100) / 100 }];
    },
    day: (d, r) => {
      const out: Draft[] = [];
      if (d === FEATURED_DAY) {
        const t0 = d * DAY + 9 * HOUR;
        out[FEATURED_TX.TX_TRANSFER_SOL.index] = { tx: solTransferTx({ ts: t0 + 2 * MINUTE + 5, from: me, to: friend, sol: 3.5 }) };
        out[FEATURED_TX.TX_TRANSFER_SPL.index] = { tx: splTransferTx(ctx, { ts: t0 + 9 * MINUTE + 41, from: me, to: friend, mint: USDC_MINT, ui: 250 }) };
        out[FEATURED_TX.TX_STAKE_MARINADE.index] = { tx: marinadeStakeTx(ctx, { ts: t0 + 31 * MINUTE + 12, owner: me, sol: 10 }) };
        out[FEATURED_TX.TX_STAKE_NATIVE.index] = { tx: nativeStakeTx({ ts: t0 + 47 * MINUTE + 3, owner: me, stakeAccount: deriveAddress('stake-account', me, 0), sol: 5 }) };
        out[FEATURED_TX.TX_ADD_LIQUIDITY.index] = { tx: addLiquidityTx(ctx, { ts: t0 + 2 * HOUR + 13 * MINUTE + 58, owner: me, pool: lpPool.address, lpMint: A.TOKEN_LP_SOL_USDC, usd: 2_000, quoteMint: USDC_MINT }) };
      }
      if (!r.chance(0.8)) return out;
      for (const ts of timesIn(r, d, 1 + r.int(2), 8, 23)) {
        switch (r.int(8)) {
          case 0: out.push({ tx: marinadeStakeTx(ctx, { ts, owner: me, sol: Math.round(r.range(0.5, 5) * 10) / 10 }) }); break;
          case 1: out.push({ tx: marinadeUnstakeTx(ctx, { ts, owner: me, msol: Math.round(r.range(0.5, 3) * 10) / 10 }) }); break;
          case 2: out.push({ tx: poolSwap(ctx, me, ts, r.pick([solUsdcOrca, rockOrca, poolRef(ctx, JITOSOL_MINT)]), r.chance(0.5), r.range(50, 800), true) }); break;
          case 3: out.push({ tx: kaminoDepositTx(ctx, { ts, owner: me, mint: USDC_MINT, ui: Math.round(r.range(50, 400)) }) }); break;
          case 4: out.push({ tx: addLiquidityTx(ctx, { ts, owner: me, pool: lpPool.address, lpMint: A.TOKEN_LP_SOL_USDC, usd: r.range(100, 900), quoteMint: USDC_MINT }) }); break;
          case 5: out.push({ tx: withdrawLiquidityTx(ctx, { ts, owner: me, pool: lpPool.address, lpMint: A.TOKEN_LP_SOL_USDC, usd: r.range(100, 600), quoteMint: USDC_MINT }) }); break;
          case 6: out.push({ tx: solTransferTx({ ts, from: ENTITY.kraken.address, to: me, sol: Math.round(r.range(1, 10)), feePayer: ENTITY.kraken.address }) }); break;
          default: out.push({ tx: bridgeOutTx(ctx, { ts, owner: me, mint: USDC_MINT, ui: Math.round(r.range(50, 500)) }) });
        }
      }
      return out;
    },
  });
}
