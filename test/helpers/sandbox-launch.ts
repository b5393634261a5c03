/**
 * A launch the sandbox launch platform accepts: the reward-mode SOL launch, its accounts (the launch's own
 * are deterministic stand-ins, the platform's come from the sandbox world) and its initialize arguments
 * from the platform's pricing document (`GET /launchlab/pricing?quoteMint=SOL`, one document for both
 * modes). The preflight HTTP tests vary it field by field; the fuzz suite sends it as is.
 */
import type { Address } from '@solana/kit';
import { LAUNCHPAD_PROGRAM_ID, LAUNCHPAD_STALE_CROSSING_MS, launchpadPricing } from '../../src/sandbox/world/launchpad/index.js';
import { addr, type LaunchAccounts, type Spec } from './launch-transaction.js';

export const SOL = 'So11111111111111111111111111111111111111112';
/**
 * The platform's SOL pricing document. Only `prices.observedAt` depends on the clock, so any fixed moment
 * gives the constants a launch is checked against.
 */
export const SOL_PRICING = launchpadPricing(SOL, LAUNCHPAD_STALE_CROSSING_MS)!;

/** The launch's own accounts (payer, pool, vaults…) are the caller's; only the platform's come from the sandbox. */
export const SANDBOX_LAUNCH_ACCOUNTS: LaunchAccounts = {
  payer: addr(1), creator: addr(2), globalConfig: SOL_PRICING.curve.configId as Address, platform: SOL_PRICING.platform.reward as Address,
  authority: addr(6), pool: addr(7), baseMint: addr(8), quoteMint: SOL as Address, baseVault: addr(10), quoteVault: addr(11),
  metadata: addr(12), eventAuthority: addr(13), quoteTokenProgram: SOL_PRICING.quote.tokenProgram as Address,
};

/**
 * A reward-mode SOL launch matching the platform's pricing in every checked field. The transfer-fee cap is
 * the supply: the pricing names no cap, and Raydium's launches set `maximumFee` to the supply (uncapped).
 */
export const GOOD_REWARD_LAUNCH: Spec = {
  variant: 'initialize_with_token_2022', program: LAUNCHPAD_PROGRAM_ID as Address, decimals: SOL_PRICING.curve.baseDecimals, curve: 0,
  supply: BigInt(SOL_PRICING.curve.supply), totalSell: BigInt(SOL_PRICING.curve.totalSellA), raise: BigInt(SOL_PRICING.raise.raw), migrate: 1,
  vesting: [0n, 0n, 0n], creatorFee: SOL_PRICING.curve.cpmmCreatorFeeOn,
  fee: { bps: SOL_PRICING.modes.reward.transferFeeBps[0]!, max: BigInt(SOL_PRICING.curve.supply) },
  padNone: true, accounts: {}, remaining: [SOL_PRICING.curveRule.reward as Address],
};
