/**
 * The launch platform's wire pricing (`GET /api/v1/launch-pricing`, decimal strings and seconds) as the
 * preflight checker's `LaunchPricing` (bigints, the checker's names). Kept apart from the handler so the
 * mapping is unit-tested on its own: a wrong field here would make every preflight report a false mismatch.
 */
import { CURVE_TYPES, type LaunchMode, type LaunchPricing } from '../../../analytics/launchpad-preflight/index.js';
import { SourceError } from '../../../sources/errors.js';
import type { LaunchpadPricing } from '../../../sources/launchpad.js';

/** The checker's curve name for the wire's LaunchLab curve tag (0 constant product, 1 fixed, 2 linear). */
export function curveTypeOf(tag: number): LaunchPricing['curve_type'] {
  const curve = CURVE_TYPES[tag];
  // The wire schema already bounds the tag to 0–2; this guards a schema/constant drift, which is the
  // platform's answer being unreadable (a 502), not the caller's fault.
  if (curve === undefined) throw new SourceError('launchpad', 'malformed', `launch pricing has an unknown curve type ${tag}`, undefined, false);
  return curve;
}

/**
 * `wire` is the pricing for the requested mode; `otherMode` the other mode's, or null when it could not be
 * read. The other mode's platform id only feeds the checker's "you passed the other mode's platform" hint:
 * when it is unknown, using the requested mode's own id there is harmless — the hint then never fires
 * (an account equal to it already passes), and no check reads `platform_ids[otherMode]` otherwise.
 */
export function preflightPricing(wire: LaunchpadPricing, otherMode: LaunchpadPricing | null): LaunchPricing {
  const mode: LaunchMode = wire.mode;
  const other: LaunchMode = mode === 'reward' ? 'standard' : 'reward';
  const platform_ids = { [mode]: wire.platform_id, [other]: otherMode?.platform_id ?? wire.platform_id } as Record<LaunchMode, string>;
  return {
    program_id: wire.program_id,
    global_config: wire.global_config,
    platform_ids,
    quote_token_program: wire.quote_token_program,
    curve_type: curveTypeOf(wire.curve_type),
    supply: BigInt(wire.supply),
    total_sell: BigInt(wire.total_sell),
    raise: BigInt(wire.raise),
    vesting: {
      total_locked_amount: BigInt(wire.vesting.total_locked),
      cliff_period: BigInt(wire.vesting.cliff_seconds),
      unlock_period: BigInt(wire.vesting.unlock_seconds),
    },
    creator_fee_on: wire.creator_fee_on,
    curve_rule_account: wire.curve_rule_account,
    reward_fee: wire.transfer_fee === null ? null : { tiers_bps: [...wire.transfer_fee.tiers_bps], maximum_fee: BigInt(wire.transfer_fee.max_fee) },
  };
}
