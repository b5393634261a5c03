/**
 * The platform's LaunchLab pricing document (`GET /launchlab/pricing?quoteMint`, one document for both
 * modes, decimal strings) as the preflight checker's `LaunchPricing` for one mode (bigints, the checker's
 * names). Kept apart from the handler so the mapping is unit-tested on its own: a wrong field here would
 * make every preflight report a false mismatch.
 */
import { CURVE_TYPES, type LaunchMode, type LaunchPricing } from '../../../analytics/launchpad-preflight/index.js';
import { SourceError } from '../../../sources/errors.js';
import { curveIndex, type StonkPricing } from '../../../sources/launchpad.js';

/** The checker's curve name for the platform's curve name (`ConstantCurve`, `FixedCurve`, `LinearCurve`). */
export function curveTypeOf(curveType: string): LaunchPricing['curve_type'] {
  const index = curveIndex(curveType);
  // An unknown curve is the platform's answer being unreadable (a 502), not the caller's fault.
  if (index === null) throw new SourceError('launchpad', 'malformed', `launch pricing has an unknown curve type ${curveType}`, undefined, false);
  return CURVE_TYPES[index]!;
}

/** LaunchLab's `AmmCreatorFeeOn`: 0 = creator fees in the quote token only, 1 = in both tokens. */
export function creatorFeeOnOf(flag: number): LaunchPricing['creator_fee_on'] {
  return flag === 1 ? 'both_tokens' : 'quote_token';
}

export function preflightPricing(doc: StonkPricing, mode: LaunchMode): LaunchPricing {
  const c = doc.curve;
  return {
    program_id: c.programId,
    global_config: c.configId,
    platform_ids: { standard: doc.platform.standard, reward: doc.platform.reward },
    quote_token_program: doc.quote.tokenProgram,
    curve_type: curveTypeOf(c.curveType),
    supply: BigInt(c.supply),
    total_sell: BigInt(c.totalSellA),
    raise: BigInt(doc.raise.raw),
    vesting: {
      total_locked_amount: BigInt(c.vesting.totalLockedAmount),
      cliff_period: BigInt(c.vesting.cliffPeriod),
      unlock_period: BigInt(c.vesting.unlockPeriod),
    },
    creator_fee_on: creatorFeeOnOf(c.cpmmCreatorFeeOn),
    curve_rule_account: mode === 'reward' ? doc.curveRule.reward : doc.curveRule.standard,
    // The platform publishes the tiers only: the cap is the launcher's (checked to be able to collect).
    reward_fee: mode === 'reward' ? { tiers_bps: [...doc.modes.reward.transferFeeBps], maximum_fee: null } : null,
  };
}
