/**
 * A launch the sandbox launch platform accepts: the reward-mode SOL launch, its accounts (the launch's own
 * are deterministic stand-ins, the platform's come from the sandbox world) and its initialize arguments
 * from the platform's pricing. The preflight HTTP tests vary it field by field; the fuzz suite sends it as is.
 */
import type { Address } from '@solana/kit';
import {
  LAUNCHPAD_CURVE_RULE_ACCOUNT,
  LAUNCHPAD_GLOBAL_CONFIG,
  LAUNCHPAD_PLATFORM_IDS,
  LAUNCHPAD_PROGRAM_ID,
  launchpadPricing,
} from '../../src/sandbox/world/launchpad.js';
import { addr, type LaunchAccounts, type Spec } from './launch-transaction.js';

export const SOL = 'So11111111111111111111111111111111111111112';
export const SOL_REWARD_PRICING = launchpadPricing(SOL, 'reward')!;

/** The launch's own accounts (payer, pool, vaults…) are the caller's; only the platform's come from the sandbox. */
export const SANDBOX_LAUNCH_ACCOUNTS: LaunchAccounts = {
  payer: addr(1), creator: addr(2), globalConfig: LAUNCHPAD_GLOBAL_CONFIG as Address, platform: LAUNCHPAD_PLATFORM_IDS.reward as Address,
  authority: addr(6), pool: addr(7), baseMint: addr(8), quoteMint: SOL as Address, baseVault: addr(10), quoteVault: addr(11),
  metadata: addr(12), eventAuthority: addr(13), quoteTokenProgram: SOL_REWARD_PRICING.quote_token_program as Address,
};

/** A reward-mode SOL launch matching the platform's pricing in every checked field. */
export const GOOD_REWARD_LAUNCH: Spec = {
  variant: 'initialize_with_token_2022', program: LAUNCHPAD_PROGRAM_ID as Address, decimals: 6, curve: 0,
  supply: BigInt(SOL_REWARD_PRICING.supply), totalSell: BigInt(SOL_REWARD_PRICING.total_sell), raise: BigInt(SOL_REWARD_PRICING.raise), migrate: 1,
  vesting: [0n, 0n, 0n], creatorFee: 0,
  fee: { bps: SOL_REWARD_PRICING.transfer_fee!.tiers_bps[0]!, max: BigInt(SOL_REWARD_PRICING.transfer_fee!.max_fee) },
  padNone: true, accounts: {}, remaining: [LAUNCHPAD_CURVE_RULE_ACCOUNT as Address],
};
