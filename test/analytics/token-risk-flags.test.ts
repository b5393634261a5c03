import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenRiskFlags, type TokenRiskInputs } from '../../src/analytics/token-risk-flags.js';

const AUTH = 'Auth1111111111111111111111111111111111111111';
const clean: TokenRiskInputs = {
  mintAuthority: null, freezeAuthority: null, verified: true, liquidityUsd: 2_000_000, top1Pct: 10, top5Pct: 30, tokenProgram: 'spl-token',
};
const flags = (i: TokenRiskInputs) => tokenRiskFlags(i).map((f) => f.flag);
const one = (i: TokenRiskInputs, flag: string) => tokenRiskFlags(i).find((f) => f.flag === flag);

test('a clean, fully known token has no flags', () => {
  assert.deepEqual(tokenRiskFlags(clean), []);
});

test('authority, verification, liquidity and holder flags', () => {
  assert.equal(one({ ...clean, mintAuthority: AUTH }, 'mint_authority_active')!.severity, 'high');
  assert.equal(one({ ...clean, freezeAuthority: AUTH }, 'freeze_authority_active')!.severity, 'high');
  assert.equal(one({ ...clean, verified: false }, 'unverified')!.severity, 'medium');
  assert.deepEqual(flags({ ...clean, liquidityUsd: 9_999.99 }), ['low_liquidity']);
  assert.deepEqual(flags({ ...clean, liquidityUsd: 10_000 }), []);
  assert.deepEqual(flags({ ...clean, top1Pct: 50 }), []);
  assert.deepEqual(flags({ ...clean, top1Pct: 50.01, top5Pct: 60 }), ['top_holder_over_50pct']);
  assert.deepEqual(flags({ ...clean, top5Pct: 80 }), []);
  assert.deepEqual(flags({ ...clean, top5Pct: 80.01 }), ['top5_over_80pct']);
});

test('missing inputs produce unknown entries, never silence', () => {
  const r = tokenRiskFlags({});
  assert.deepEqual(r.map((f) => f.flag).sort(), [
    'authority_status_unknown', 'holder_concentration_unknown', 'liquidity_unknown', 'token_program_unknown', 'verification_unknown',
  ]);
  assert.ok(r.every((f) => f.kind === 'unknown'));
  assert.match(one({ ...clean, freezeAuthority: undefined }, 'authority_status_unknown')!.detail, /^freeze authority/);
  assert.equal(one({ ...clean, verified: null }, 'verification_unknown')!.kind, 'unknown');
  assert.ok(one({ ...clean, liquidityUsd: Number.NaN }, 'liquidity_unknown'));
  assert.ok(one({ ...clean, top5Pct: null }, 'holder_concentration_unknown'));
  assert.ok(one({ ...clean, tokenProgram: 'token-2022' }, 'extensions_unknown'));
  assert.ok(one({ ...clean, tokenProgram: 'token-2022', extensions: null }, 'extensions_unknown'));
  // Risks sort before unknowns.
  const mixed = tokenRiskFlags({ ...clean, verified: undefined, mintAuthority: AUTH });
  assert.deepEqual(mixed.map((f) => f.kind), ['risk', 'unknown']);
});

const t22 = (extensions: TokenRiskInputs['extensions']): TokenRiskInputs => ({ ...clean, tokenProgram: 'token-2022', extensions });

test('Token-2022: a mint with no risky extensions has no flags', () => {
  assert.deepEqual(tokenRiskFlags(t22({})), []);
  assert.deepEqual(tokenRiskFlags(t22({ transferFee: { basisPoints: 0, authority: null }, permanentDelegate: null, transferHook: { programId: null }, nonTransferable: false, defaultAccountState: 'initialized', mintCloseAuthority: null })), []);
});

test('Token-2022: transfer_fee with bps and severity by size', () => {
  const f = one(t22({ transferFee: { basisPoints: 250, authority: null } }), 'transfer_fee')!;
  assert.equal(f.severity, 'medium');
  assert.equal(f.data!.basis_points, 250);
  assert.match(f.detail, /2\.5% \(250 bps\)/);
  assert.equal(one(t22({ transferFee: { basisPoints: 99 } }), 'transfer_fee')!.severity, 'low');
  assert.equal(one(t22({ transferFee: { basisPoints: 100 } }), 'transfer_fee')!.severity, 'medium');
  assert.equal(one(t22({ transferFee: { basisPoints: 500 } }), 'transfer_fee')!.severity, 'high');
  // 0 bps but the fee authority can raise it.
  const zero = one(t22({ transferFee: { basisPoints: 0, authority: AUTH } }), 'transfer_fee')!;
  assert.equal(zero.severity, 'low');
  assert.match(zero.detail, /can change it/);
  assert.ok(one(t22({ transferFee: { basisPoints: Number.NaN } }), 'transfer_fee_unknown'));
});

test('Token-2022: each other extension flag', () => {
  assert.equal(one(t22({ permanentDelegate: AUTH }), 'permanent_delegate')!.severity, 'high');
  assert.equal(one(t22({ transferHook: { programId: AUTH } }), 'transfer_hook')!.severity, 'medium');
  assert.equal(one(t22({ nonTransferable: true }), 'non_transferable')!.severity, 'high');
  assert.equal(one(t22({ defaultAccountState: 'frozen' }), 'default_frozen')!.severity, 'high');
  assert.equal(one(t22({ mintCloseAuthority: AUTH }), 'mint_close_authority')!.severity, 'low');
  const all = flags(t22({
    transferFee: { basisPoints: 1000 }, permanentDelegate: AUTH, transferHook: { programId: AUTH }, nonTransferable: true, defaultAccountState: 'frozen', mintCloseAuthority: AUTH,
  }));
  assert.deepEqual(all, ['default_frozen', 'non_transferable', 'permanent_delegate', 'transfer_fee', 'transfer_hook', 'mint_close_authority']);
  // Extensions are ignored for classic SPL Token mints.
  assert.deepEqual(flags({ ...clean, extensions: { permanentDelegate: AUTH } }), []);
});

test('flag shape: flag, severity, kind, detail', () => {
  for (const f of tokenRiskFlags({ mintAuthority: AUTH, freezeAuthority: AUTH, verified: false, liquidityUsd: 5, top1Pct: 90, top5Pct: 99, tokenProgram: 'spl-token' })) {
    assert.ok(['low', 'medium', 'high'].includes(f.severity));
    assert.equal(typeof f.detail, 'string');
    assert.equal(f.kind, 'risk');
  }
});
