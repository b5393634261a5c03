/**
 * Wallet plans of the designed cast (what each wallet shows: cast.ts, docs/sandbox-cast.md), assembled
 * from the plan files by cast group, and the DeFi positions a wallet's tokens imply. Cast wallets'
 * background details (exact times, amounts) come from the seed; what makes each one show its class holds
 * for every seed. The documented transactions on FEATURED_DAY are seed-independent and come first in
 * their day, so their signatures are fixed. Addresses outside the cast get generic-wallet.ts's plans.
 */
import { CAST_ADDRESS as A } from './cast.js';
import { activityPatternPlans } from './cast-activity-patterns.js';
import { sybilRingPlans } from './cast-clusters.js';
import { defiWalletPlan } from './cast-defi-wallet.js';
import { nftWalletPlans } from './cast-nft-wallets.js';
import { riskWalletPlans } from './cast-risk-wallets.js';
import { smartMoneyPlans } from './cast-smart.js';
import { tokenFlowPlans } from './cast-token-flows.js';
import { castTraderPlans } from './cast-traders.js';
import { JITOSOL_MINT, MSOL_MINT } from './entities.js';
import type { WalletPlan } from './history.js';
import type { PlanCtx } from './plan-context.js';
import { basePlan } from './plan-kit.js';
import type { DefiPositionState } from './types.js';

/** The cast wallets' plans by address. */
export function castWalletPlans(ctx: PlanCtx): Map<string, WalletPlan> {
  const designed = [
    ...activityPatternPlans(ctx),
    ...nftWalletPlans(ctx),
    ...riskWalletPlans(ctx),
    defiWalletPlan(ctx),
    basePlan(A.WALLET_EMPTY, { bornAt: () => null, day: () => [] }),
    ...tokenFlowPlans(ctx),
  ];
  return new Map([...designed, ...sybilRingPlans(ctx), ...castTraderPlans(ctx), ...smartMoneyPlans(ctx)].map((p) => [p.address, p]));
}

/** LST and LP holdings as the DeFi positions they stand for (Marinade and Jito staking, Raydium liquidity). */
export function defiPositionsFromHoldings(tokens: { mint: string; tokenAccount: string; amountRaw: string; decimals: number }[], price: (mint: string) => number | null): DefiPositionState[] {
  const out: DefiPositionState[] = [];
  for (const t of tokens) {
    const protocol = t.mint === MSOL_MINT ? 'marinade' : t.mint === JITOSOL_MINT ? 'jito' : t.mint === A.TOKEN_LP_SOL_USDC ? 'raydium' : null;
    if (!protocol) continue;
    const p = price(t.mint) ?? 0;
    const ui = Number(BigInt(t.amountRaw)) / 10 ** t.decimals;
    out.push({ protocol, kind: protocol === 'raydium' ? 'liquidity' : 'staking', account: t.tokenAccount, mint: t.mint, amountRaw: t.amountRaw, valueUsd: Math.round(ui * p * 100) / 100 });
  }
  return out;
}

