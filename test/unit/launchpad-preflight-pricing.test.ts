/**
 * preflightPricing(doc, mode): the platform's one both-modes pricing document (`GET /launchlab/pricing`,
 * StonkFun's format, test/fixtures/stonkfun/bodies.ts) → the preflight checker's LaunchPricing for one mode.
 * Every field is checked, and hand-made values that differ from the fixture's (so a field read from the
 * wrong place shows).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { creatorFeeOnOf, curveTypeOf, preflightPricing } from '../../src/endpoints/launchpad/launchpad-launch-preflight/pricing.js';
import { SourceError } from '../../src/sources/errors.js';
import type { StonkPricing } from '../../src/sources/launchpad.js';
import { wireParser } from '../../src/sources/wire.js';
import { StonkPricingDataSchema } from '../../src/sources/wire/launchpad.js';
import { LAUNCHLAB, PLATFORM_REWARD, PLATFORM_STANDARD, PRICING, TOKEN_2022 } from '../fixtures/stonkfun/bodies.js';

/** The fixture's `data`, read through the route's schema as the client reads it. */
const DOC: StonkPricing = wireParser(StonkPricingDataSchema)(PRICING.data);
const CURVE_RULE_STANDARD = 'QYZp1YzqEHU67ngXphF9LAkxkxWGvpWEv3rXh4yDbWA';
const CURVE_RULE_REWARD = '7MNLMFMmFVhN9Z3sj51QZso28oD2Ta3zDPwNAmfrs2vk';
const GLOBAL_CONFIG = 'B7ctMMdGvy46Am56myTtzfkNzt9kWZVTNGM2BWrJ9adg';

const COMMON = {
  program_id: LAUNCHLAB,
  global_config: GLOBAL_CONFIG,
  platform_ids: { standard: PLATFORM_STANDARD, reward: PLATFORM_REWARD },
  quote_token_program: TOKEN_2022,
  curve_type: 'constant',
  supply: 1_000_000_000_000_000n,
  total_sell: 793_100_000_000_000n,
  raise: 1_164_789_044n,
  vesting: { total_locked_amount: 0n, cliff_period: 0n, unlock_period: 0n },
  creator_fee_on: 'quote_token',
} as const;

describe('preflightPricing over the platform\'s document', () => {
  test('reward mode: field by field; the tiers only, no prescribed cap; the reward curve rule', () => {
    assert.deepEqual(preflightPricing(DOC, 'reward'), {
      ...COMMON,
      curve_rule_account: CURVE_RULE_REWARD,
      reward_fee: { tiers_bps: [100, 300], maximum_fee: null },
    });
  });

  test('standard mode: the same curve, the standard curve rule, no fee terms', () => {
    assert.deepEqual(preflightPricing(DOC, 'standard'), { ...COMMON, curve_rule_account: CURVE_RULE_STANDARD, reward_fee: null });
  });

  test('both platform ids in either mode (the checker names the other mode\'s platform when it is passed)', () => {
    for (const mode of ['standard', 'reward'] as const) {
      assert.deepEqual(preflightPricing(DOC, mode).platform_ids, { standard: PLATFORM_STANDARD, reward: PLATFORM_REWARD }, mode);
    }
  });

  test('values beyond 2^53, vesting, both_tokens and other tiers are carried exactly; the tiers are a copy', () => {
    const doc: StonkPricing = {
      ...DOC,
      raise: { ...DOC.raise, raw: '123456789012345678' },
      curve: {
        ...DOC.curve,
        curveType: 'LinearCurve',
        supply: '18446744073709551615',
        totalSellA: '9007199254740993',
        vesting: { totalLockedAmount: '5000000000000', cliffPeriod: '86400', unlockPeriod: '2592000' },
        cpmmCreatorFeeOn: 1,
      },
      modes: { ...DOC.modes, reward: { ...DOC.modes.reward, transferFeeBps: [50, 500] } },
    };
    const p = preflightPricing(doc, 'reward');
    assert.equal(p.curve_type, 'linear');
    assert.equal(p.supply, 18_446_744_073_709_551_615n);
    assert.equal(p.total_sell, 9_007_199_254_740_993n);
    assert.equal(p.raise, 123_456_789_012_345_678n);
    assert.deepEqual(p.vesting, { total_locked_amount: 5_000_000_000_000n, cliff_period: 86_400n, unlock_period: 2_592_000n });
    assert.equal(p.creator_fee_on, 'both_tokens');
    assert.deepEqual(p.reward_fee, { tiers_bps: [50, 500], maximum_fee: null });
    // The checker's input never aliases the wire answer.
    assert.notEqual(p.reward_fee!.tiers_bps, doc.modes.reward.transferFeeBps);
  });

  test('an unknown curve name in the document is a malformed platform answer, in either mode', () => {
    const doc: StonkPricing = { ...DOC, curve: { ...DOC.curve, curveType: 'ExponentialCurve' } };
    for (const mode of ['standard', 'reward'] as const) {
      assert.throws(() => preflightPricing(doc, mode), (e: unknown) => e instanceof SourceError && e.kind === 'malformed' && e.leg === 'launchpad' && /ExponentialCurve/.test(e.message));
    }
  });
});

describe('curveTypeOf / creatorFeeOnOf', () => {
  test('curve names: ConstantCurve constant, FixedCurve fixed, LinearCurve linear', () => {
    assert.deepEqual(['ConstantCurve', 'FixedCurve', 'LinearCurve'].map(curveTypeOf), ['constant', 'fixed', 'linear']);
  });
  test('anything else (wrong case, an index, empty) → SourceError malformed on the launchpad leg, not retryable', () => {
    for (const name of ['constantCurve', 'Constant', '0', '', 'ExponentialCurve']) {
      assert.throws(() => curveTypeOf(name), (e: unknown) => e instanceof SourceError && e.kind === 'malformed' && e.leg === 'launchpad' && e.retryable === false, name);
    }
  });
  test('creator-fee flag: 0 → quote_token (OnlyTokenB), 1 → both_tokens', () => {
    assert.deepEqual([creatorFeeOnOf(0), creatorFeeOnOf(1)], ['quote_token', 'both_tokens']);
  });
});
