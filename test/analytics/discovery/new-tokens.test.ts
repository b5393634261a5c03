import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { newTokenFilter, trenchesLiquidityPasses } from '../../../src/analytics/discovery/new-tokens.js';

const opts = { minLiquidityUsd: 1_000, maxRiskScore: 0.8 };

describe('newTokenFilter', () => {
  test('bounds are inclusive: liquidity ≥ min, risk ≤ max; unknown readings are excluded with the reason', () => {
    const r = newTokenFilter(
      [
        { mint: 'atMin', liquidityUsd: 1_000, riskScore: 0.8 },
        { mint: 'belowMin', liquidityUsd: 999.99, riskScore: 0.1 },
        { mint: 'aboveMax', liquidityUsd: 5_000, riskScore: 0.8001 },
        { mint: 'noLiquidity', liquidityUsd: null, riskScore: 0.1 },
        { mint: 'noRisk', liquidityUsd: 5_000, riskScore: null },
      ],
      opts,
    );
    assert.deepEqual(r.kept.map((e) => e.mint), ['atMin']);
    assert.deepEqual(r.excluded, [
      { mint: 'belowMin', reason: 'liquidity_below_min' },
      { mint: 'aboveMax', reason: 'risk_above_max' },
      { mint: 'noLiquidity', reason: 'liquidity_unknown' },
      { mint: 'noRisk', reason: 'risk_unknown' },
    ]);
  });

  test('safest first: risk ascending, then liquidity descending, then mint', () => {
    const r = newTokenFilter(
      [
        { mint: 'c', liquidityUsd: 2_000, riskScore: 0.3 },
        { mint: 'b', liquidityUsd: 9_000, riskScore: 0.3 },
        { mint: 'd', liquidityUsd: 9_000, riskScore: 0.1 },
        { mint: 'a', liquidityUsd: 2_000, riskScore: 0.3 },
        { mint: 'e', liquidityUsd: 90_000, riskScore: 0.55 },
      ],
      opts,
    );
    assert.deepEqual(r.kept.map((e) => e.mint), ['d', 'b', 'a', 'c', 'e']);
  });
});

describe('trenchesLiquidityPasses', () => {
  test('unknown liquidity passes (spec); known must be ≥ the minimum', () => {
    assert.equal(trenchesLiquidityPasses(null, 5_000), true);
    assert.equal(trenchesLiquidityPasses(5_000, 5_000), true);
    assert.equal(trenchesLiquidityPasses(4_999.99, 5_000), false);
  });
});
