import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tokenRiskScore, tokenVerdict, TOKEN_RISK_INCREMENTS, type TokenRiskScoreInputs } from '../../src/analytics/token-risk-score.js';
import { tokenRiskFlags, type TokenRiskFlag } from '../../src/analytics/token-risk-flags.js';

const clean: TokenRiskScoreInputs = {
  flags: [],
  verified: true,
  mintAuthorityActive: false,
  freezeAuthorityActive: false,
  top1Pct: 10,
  top5Pct: 30,
  whaleDistribution: false,
};
const flag = (name: string, kind: 'risk' | 'unknown' = 'risk'): TokenRiskFlag => ({ flag: name, severity: 'high', kind, detail: name });
const names = (i: TokenRiskScoreInputs) => tokenRiskScore(i).factors.map((f) => f.name);

describe('token risk score: the spec table', () => {
  it('a clean token scores 0, SAFE, with no factor and no unknown', () => {
    const s = tokenRiskScore(clean);
    assert.deepEqual([s.score, s.verdict, s.factors, s.unknown_factors, s.is_lower_bound, s.capped], [0, 'SAFE', [], [], false, false]);
  });

  it('each factor adds exactly its increment', () => {
    const cases: [Partial<TokenRiskScoreInputs>, string, number][] = [
      [{ verified: false }, 'unverified', 0.1],
      [{ mintAuthorityActive: true }, 'mint_authority_active', 0.15],
      [{ freezeAuthorityActive: true }, 'freeze_authority_active', 0.1],
      [{ top1Pct: 50.01 }, 'top_holder_over_50pct', 0.15],
      [{ top5Pct: 80.01 }, 'top5_over_80pct', 0.1],
      [{ whaleDistribution: true }, 'whale_distribution', 0.05],
      [{ flags: [flag('low_liquidity')] }, 'risk_flag:low_liquidity', 0.1],
    ];
    for (const [over, name, value] of cases) {
      const s = tokenRiskScore({ ...clean, ...over });
      assert.deepEqual(s.factors.map((f) => [f.name, f.value]), [[name, value]], name);
      assert.equal(s.score, value, name);
    }
  });

  it('"above" is strict: exactly 50 % and 80 % add nothing', () => {
    assert.deepEqual(names({ ...clean, top1Pct: 50, top5Pct: 80 }), []);
  });

  it('each risk flag counts once; flags that are named factors are not counted twice; unknown flags add nothing', () => {
    const flags = tokenRiskFlags({ mintAuthority: 'Auth', freezeAuthority: null, verified: false, liquidityUsd: 500, top1Pct: 60, top5Pct: 90, tokenProgram: 'spl-token' });
    const s = tokenRiskScore({ ...clean, flags, verified: false, mintAuthorityActive: true, top1Pct: 60, top5Pct: 90 });
    assert.deepEqual(names({ ...clean, flags, verified: false, mintAuthorityActive: true, top1Pct: 60, top5Pct: 90 }).sort(), [
      'mint_authority_active', 'risk_flag:low_liquidity', 'top5_over_80pct', 'top_holder_over_50pct', 'unverified',
    ]);
    assert.equal(s.score, 0.6);
    assert.deepEqual(names({ ...clean, flags: [flag('liquidity_unknown', 'unknown'), flag('transfer_fee'), flag('permanent_delegate')] }), ['risk_flag:transfer_fee', 'risk_flag:permanent_delegate']);
  });

  it('the named factors sum to 0.65, one flag more is 0.75, and the sum is capped at 1', () => {
    const all: TokenRiskScoreInputs = { flags: [flag('low_liquidity')], verified: false, mintAuthorityActive: true, freezeAuthorityActive: true, top1Pct: 60, top5Pct: 90, whaleDistribution: true };
    const s = tokenRiskScore(all);
    assert.equal(s.score, 0.75);
    assert.equal(s.verdict, 'RISKY');
    const capped = tokenRiskScore({ ...all, flags: ['a', 'b', 'c', 'd'].map((n) => flag(n)) });
    assert.equal(capped.score, 1);
    assert.equal(capped.capped, true);
  });

  it('unknown inputs add nothing, are listed, and make the score a lower bound', () => {
    const s = tokenRiskScore({ ...clean, verified: null, mintAuthorityActive: null, freezeAuthorityActive: null, top1Pct: null, top5Pct: null, whaleDistribution: null });
    assert.equal(s.score, 0);
    assert.deepEqual(s.unknown_factors, ['unverified', 'mint_authority_active', 'freeze_authority_active', 'top_holder_over_50pct', 'top5_over_80pct', 'whale_distribution']);
    assert.equal(s.is_lower_bound, true);
  });

  it('the increments are the spec table', () => {
    assert.deepEqual(TOKEN_RISK_INCREMENTS, { risk_flag: 0.1, unverified: 0.1, mint_authority_active: 0.15, freeze_authority_active: 0.1, top_holder_over_50pct: 0.15, top5_over_80pct: 0.1, whale_distribution: 0.05 });
  });
});

describe('token verdict boundaries: SAFE < 0.30 ≤ CAUTION ≤ 0.60 < RISKY', () => {
  for (const [score, verdict] of [[0, 'SAFE'], [0.29, 'SAFE'], [0.2999, 'SAFE'], [0.3, 'CAUTION'], [0.45, 'CAUTION'], [0.6, 'CAUTION'], [0.6001, 'RISKY'], [0.61, 'RISKY'], [1, 'RISKY']] as const) {
    it(`${score} → ${verdict}`, () => assert.equal(tokenVerdict(score), verdict));
  }
  it('float sums land on the boundary they mean: 0.1 + 0.1 + 0.1 is CAUTION, 0.15 + 0.15 + 0.1 + 0.1 + 0.1 is CAUTION', () => {
    assert.equal(tokenRiskScore({ ...clean, flags: [flag('a'), flag('b')], verified: false }).verdict, 'CAUTION');
    const s = tokenRiskScore({ ...clean, flags: [flag('a')], verified: false, mintAuthorityActive: true, top1Pct: 51, freezeAuthorityActive: false, top5Pct: 81 });
    assert.equal(s.score, 0.6);
    assert.equal(s.verdict, 'CAUTION');
    const r = tokenRiskScore({ ...clean, flags: [flag('a')], verified: false, mintAuthorityActive: true, top1Pct: 51, top5Pct: 81, whaleDistribution: true });
    assert.equal(r.score, 0.65);
    assert.equal(r.verdict, 'RISKY');
  });
});
