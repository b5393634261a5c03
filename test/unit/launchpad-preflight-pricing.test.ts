/**
 * preflightPricing: the platform's wire launch pricing → the preflight checker's LaunchPricing. Every field
 * is checked, against the sandbox platform's pricing and against hand-made wire values that differ from
 * the sandbox's defaults (so a field read from the wrong place would show).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { curveTypeOf, preflightPricing } from '../../src/endpoints/launchpad/shared/preflight-pricing.js';
import {
  LAUNCHPAD_CURVE_RULE_ACCOUNT,
  LAUNCHPAD_GLOBAL_CONFIG,
  LAUNCHPAD_PLATFORM_IDS,
  LAUNCHPAD_PROGRAM_ID,
  launchpadPricing,
} from '../../src/sandbox/world/launchpad.js';
import { SourceError } from '../../src/sources/errors.js';
import type { LaunchpadPricing } from '../../src/sources/launchpad.js';

const SOL = 'So11111111111111111111111111111111111111112';
const reward = launchpadPricing(SOL, 'reward')!;
const standard = launchpadPricing(SOL, 'standard')!;

test('the sandbox SOL reward pricing maps field by field; the other mode supplies the other platform id', () => {
  assert.deepEqual(preflightPricing(reward, standard), {
    program_id: LAUNCHPAD_PROGRAM_ID,
    global_config: LAUNCHPAD_GLOBAL_CONFIG,
    platform_ids: { reward: LAUNCHPAD_PLATFORM_IDS.reward, standard: LAUNCHPAD_PLATFORM_IDS.standard },
    quote_token_program: reward.quote_token_program,
    curve_type: 'constant',
    supply: 1_000_000_000_000_000n,
    total_sell: 793_100_000_000_000n,
    raise: 85_000_000_000n,
    vesting: { total_locked_amount: 0n, cliff_period: 0n, unlock_period: 0n },
    creator_fee_on: 'quote_token',
    curve_rule_account: LAUNCHPAD_CURVE_RULE_ACCOUNT,
    reward_fee: { tiers_bps: [100, 300], maximum_fee: 10_000_000_000_000n },
  });
});

test('standard mode: no fee terms (null stays null); platform ids keyed by mode', () => {
  const p = preflightPricing(standard, reward);
  assert.equal(p.reward_fee, null);
  assert.deepEqual(p.platform_ids, { standard: LAUNCHPAD_PLATFORM_IDS.standard, reward: LAUNCHPAD_PLATFORM_IDS.reward });
});

test('other mode unreadable: both modes get the requested mode\'s platform id', () => {
  assert.deepEqual(preflightPricing(reward, null).platform_ids, { reward: LAUNCHPAD_PLATFORM_IDS.reward, standard: LAUNCHPAD_PLATFORM_IDS.reward });
  assert.deepEqual(preflightPricing(standard, null).platform_ids, { reward: LAUNCHPAD_PLATFORM_IDS.standard, standard: LAUNCHPAD_PLATFORM_IDS.standard });
});

test('values beyond 2^53, vesting, both_tokens, curve tags and the fee cap are carried exactly', () => {
  const wire: LaunchpadPricing = {
    ...reward,
    curve_type: 2,
    supply: '18446744073709551615',
    total_sell: '9007199254740993',
    raise: '123456789012345678',
    vesting: { total_locked: '5000000000000', cliff_seconds: 86_400, unlock_seconds: 2_592_000 },
    creator_fee_on: 'both_tokens',
    transfer_fee: { tiers_bps: [50, 500], max_fee: '9007199254740995' },
  };
  const p = preflightPricing(wire, null);
  assert.equal(p.curve_type, 'linear');
  assert.equal(p.supply, 18_446_744_073_709_551_615n);
  assert.equal(p.total_sell, 9_007_199_254_740_993n);
  assert.equal(p.raise, 123_456_789_012_345_678n);
  assert.deepEqual(p.vesting, { total_locked_amount: 5_000_000_000_000n, cliff_period: 86_400n, unlock_period: 2_592_000n });
  assert.equal(p.creator_fee_on, 'both_tokens');
  assert.deepEqual(p.reward_fee, { tiers_bps: [50, 500], maximum_fee: 9_007_199_254_740_995n });
  // The tiers array is a copy: the checker's input never aliases the wire answer.
  assert.notEqual(p.reward_fee!.tiers_bps, wire.transfer_fee!.tiers_bps);
});

test('curve tags: 0 constant, 1 fixed, 2 linear; anything else is a malformed platform answer', () => {
  assert.deepEqual([0, 1, 2].map(curveTypeOf), ['constant', 'fixed', 'linear']);
  assert.throws(() => curveTypeOf(3), (e: unknown) => e instanceof SourceError && e.kind === 'malformed' && e.leg === 'launchpad');
});
