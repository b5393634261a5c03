import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  WALLET_RISK_FACTORS,
  assessWalletRisk,
  walletRiskInputs,
  walletRiskLevel,
  walletRiskScore,
  type WalletRiskFactorName,
  type WalletRiskInputs,
} from '../../src/analytics/wallet-risk.js';
import { JUPITER_V6, ORCA_WHIRLPOOL, RAYDIUM_AMM_V4, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../src/analytics/known-programs.js';
import type { TokenHolding, WalletActivity } from '../../src/analytics/types.js';

function inputs(on: WalletRiskFactorName[], unknown: WalletRiskFactorName[] = []): WalletRiskInputs {
  return Object.fromEntries(WALLET_RISK_FACTORS.map((f) => [f, unknown.includes(f) ? null : on.includes(f)])) as WalletRiskInputs;
}

test('level boundaries are lower-inclusive; HIGH includes 0.80, CRITICAL is above it', () => {
  const cases: [number, string][] = [
    [0, 'LOW'], [0.2499, 'LOW'], [0.25, 'MODERATE'], [0.4999, 'MODERATE'], [0.5, 'ELEVATED'],
    [0.6499, 'ELEVATED'], [0.65, 'HIGH'], [0.7999, 'HIGH'], [0.8, 'HIGH'], [0.8001, 'CRITICAL'], [1, 'CRITICAL'],
  ];
  for (const [score, level] of cases) assert.equal(walletRiskLevel(score), level, `score ${score}`);
  // Float sums that land on a boundary classify as the boundary value.
  assert.equal(walletRiskLevel(0.15 + 0.1), 'MODERATE');
  assert.equal(walletRiskLevel(0.1 + 0.2 + 0.2), 'ELEVATED');
  assert.equal(walletRiskLevel(0.15 + 0.15 + 0.15 + 0.1 + 0.1), 'HIGH'); // naive sum 0.6499999999999999
});

test('factor sums landing exactly on each boundary', () => {
  const cases: [WalletRiskFactorName[], number, string][] = [
    [[], 0, 'LOW'],
    [['low_tx_diversity', 'airdrop_farming'], 0.2, 'LOW'],
    [['high_tx_concentration', 'low_tx_diversity'], 0.25, 'MODERATE'],
    [['high_tx_concentration', 'new_wallet', 'low_protocol_diversity'], 0.4, 'MODERATE'],
    [['bot_like_patterns', 'high_tx_concentration', 'new_wallet'], 0.5, 'ELEVATED'],
    [['bot_like_patterns', 'high_tx_concentration', 'new_wallet', 'low_tx_diversity'], 0.6, 'ELEVATED'],
    [['bot_like_patterns', 'high_tx_concentration', 'new_wallet', 'risky_program_interactions'], 0.65, 'HIGH'],
    // Summed naively in table order this is 0.6499999999999999 (ELEVATED): must be exactly 0.65, HIGH.
    [['high_tx_concentration', 'new_wallet', 'risky_program_interactions', 'airdrop_farming', 'low_protocol_diversity'], 0.65, 'HIGH'],
    // Naive sum 0.7999999999999999; must be exactly 0.80, still HIGH.
    [['low_tx_diversity', 'new_wallet', 'bot_like_patterns', 'risky_program_interactions', 'airdrop_farming', 'low_protocol_diversity'], 0.8, 'HIGH'],
    [['bot_like_patterns', 'high_tx_concentration', 'new_wallet', 'risky_program_interactions', 'low_tx_diversity', 'airdrop_farming'], 0.85, 'CRITICAL'],
    [['bot_like_patterns', 'high_tx_concentration', 'new_wallet', 'risky_program_interactions', 'low_tx_diversity'], 0.75, 'HIGH'],
    [['high_tx_concentration', 'new_wallet', 'risky_program_interactions', 'low_tx_diversity', 'airdrop_farming', 'low_protocol_diversity'], 0.75, 'HIGH'],
    [['bot_like_patterns', 'high_tx_concentration', 'new_wallet', 'low_tx_diversity', 'airdrop_farming', 'low_protocol_diversity'], 0.8, 'HIGH'],
    [WALLET_RISK_FACTORS, 0.95, 'CRITICAL'],
  ];
  for (const [on, score, level] of cases) {
    const r = walletRiskScore(inputs(on));
    assert.equal(r.risk_score, score, on.join('+'));
    assert.equal(r.level, level, on.join('+'));
    assert.equal(r.data_complete, true);
  }
});

test('each factor has its spec increment; every factor is listed, 0 when not triggered', () => {
  const expected: Record<WalletRiskFactorName, number> = {
    high_tx_concentration: 0.15, low_tx_diversity: 0.1, new_wallet: 0.15, bot_like_patterns: 0.2,
    risky_program_interactions: 0.15, airdrop_farming: 0.1, low_protocol_diversity: 0.1,
  };
  for (const f of WALLET_RISK_FACTORS) {
    const r = walletRiskScore(inputs([f]));
    assert.equal(r.risk_score, expected[f], f);
    assert.equal(r.factors.length, 7);
    for (const row of r.factors) {
      assert.equal(row.value, row.name === f ? expected[f] : 0);
      assert.equal(row.weight, expected[row.name]);
      assert.equal(row.triggered, row.name === f);
      assert.ok(row.reason.length > 0);
    }
  }
});

test('unknown inputs add nothing but mark the score incomplete with an upper bound', () => {
  const r = walletRiskScore(inputs(['new_wallet'], ['bot_like_patterns', 'airdrop_farming']));
  assert.equal(r.risk_score, 0.15);
  assert.equal(r.level, 'LOW');
  assert.equal(r.data_complete, false);
  assert.deepEqual(r.unknown_factors, ['bot_like_patterns', 'airdrop_farming']);
  assert.equal(r.max_risk_score, 0.45);
  assert.equal(r.max_level, 'MODERATE');
  assert.equal(r.factors.find((f) => f.name === 'bot_like_patterns')!.triggered, null);
});

const NOW = 1_750_000_000;
const DAY = 86_400;
const A = 'A'.repeat(44);

function act(i: number, over: Partial<WalletActivity> = {}): WalletActivity {
  return {
    signature: `sig${i}`,
    timestamp: NOW - 90 * DAY + i * 7919 + (i % 5) * 1000,
    type: ['SWAP', 'TRANSFER', 'NFT_SALE', 'STAKE'][i % 4]!,
    programIds: [[JUPITER_V6], [SYSTEM_PROGRAM], [ORCA_WHIRLPOOL], [RAYDIUM_AMM_V4]][i % 4]!,
    counterparties: [`peer${i % 12}`],
    success: true,
    ...over,
  };
}

const diverse = Array.from({ length: 40 }, (_, i) => act(i));
const holdings = (n: number, value: number | null): TokenHolding[] =>
  Array.from({ length: n }, (_, i) => ({ mint: `mint${i}`, amountRaw: '1000', decimals: 3, uiAmount: 1, valueUsd: value }));

test('a diverse, old wallet with few dust tokens scores 0 with complete data', () => {
  const r = assessWalletRisk(diverse, holdings(5, 0.5), NOW - 400 * DAY, NOW, []);
  assert.equal(r.risk_score, 0);
  assert.equal(r.level, 'LOW');
  assert.equal(r.data_complete, true);
  assert.deepEqual(r.measurements.protocols, ['Jupiter', 'Orca', 'Raydium']);
});

test('activity unavailable is unknown, not safe', () => {
  const d = walletRiskInputs(null, holdings(1, 5), NOW - 400 * DAY, NOW, []);
  assert.equal(d.data_complete, false);
  for (const f of ['high_tx_concentration', 'low_tx_diversity', 'bot_like_patterns', 'risky_program_interactions', 'low_protocol_diversity'] as const) {
    assert.equal(d.inputs[f], null, f);
  }
  const empty = walletRiskInputs([], null, null, NOW, []);
  assert.equal(empty.data_complete, false);
  assert.equal(empty.inputs.airdrop_farming, null);
  assert.equal(empty.inputs.new_wallet, null);
  assert.match(empty.reasons.high_tx_concentration, /no transactions/);
});

test('new wallet: under 30 days is new, exactly 30 days is not', () => {
  assert.equal(walletRiskInputs(diverse, [], NOW - 30 * DAY + 1, NOW, []).inputs.new_wallet, true);
  assert.equal(walletRiskInputs(diverse, [], NOW - 30 * DAY, NOW, []).inputs.new_wallet, false);
});

test('concentration: ≤ 3 counterparties, or one counterparty in ≥ 50 % of ≥ 10 transactions', () => {
  const few = diverse.map((a, i) => ({ ...a, counterparties: [`p${i % 3}`] }));
  assert.equal(walletRiskInputs(few, [], null, NOW, []).inputs.high_tx_concentration, true);
  const four = diverse.map((a, i) => ({ ...a, counterparties: [`p${i % 4}`] }));
  assert.equal(walletRiskInputs(four, [], null, NOW, []).inputs.high_tx_concentration, false);
  const dominated = diverse.map((a, i) => ({ ...a, counterparties: i % 2 === 0 ? [A] : [`p${i}`] }));
  assert.equal(walletRiskInputs(dominated, [], null, NOW, []).inputs.high_tx_concentration, true);
  const justUnder = diverse.map((a, i) => ({ ...a, counterparties: i < 19 ? [A] : [`p${i}`] })); // 19/40
  assert.equal(walletRiskInputs(justUnder, [], null, NOW, []).inputs.high_tx_concentration, false);
});

test('diversity: one type, or one type ≥ 90 % of ≥ 10 transactions', () => {
  const one = diverse.map((a) => ({ ...a, type: 'SWAP' }));
  assert.equal(walletRiskInputs(one, [], null, NOW, []).inputs.low_tx_diversity, true);
  const ninety = diverse.map((a, i) => ({ ...a, type: i < 36 ? 'SWAP' : 'TRANSFER' }));
  assert.equal(walletRiskInputs(ninety, [], null, NOW, []).inputs.low_tx_diversity, true);
  const under = diverse.map((a, i) => ({ ...a, type: i < 35 ? 'SWAP' : 'TRANSFER' }));
  assert.equal(walletRiskInputs(under, [], null, NOW, []).inputs.low_tx_diversity, false);
});

test('bot-like comes from high_frequency or repetitive_actions', () => {
  const bot = Array.from({ length: 30 }, (_, i) => act(i, { timestamp: NOW - 10_000 + i * 150 + (i % 3) * 7, type: 'SWAP', programIds: [JUPITER_V6], counterparties: [A] }));
  const d = walletRiskInputs(bot, [], null, NOW, []);
  assert.equal(d.inputs.bot_like_patterns, true);
  assert.match(d.reasons.bot_like_patterns, /high_frequency, repetitive_actions/);
  assert.equal(walletRiskInputs(diverse, [], null, NOW, []).inputs.bot_like_patterns, false);
});

test('risky programs and protocol diversity', () => {
  const risky = 'R1sky1111111111111111111111111111111111111';
  const withRisky = [...diverse, act(99, { programIds: [risky] })];
  assert.equal(walletRiskInputs(withRisky, [], null, NOW, new Set([risky])).inputs.risky_program_interactions, true);
  assert.equal(walletRiskInputs(withRisky, [], null, NOW, []).inputs.risky_program_interactions, false);
  // Only System/Token (infrastructure): zero protocols → low diversity.
  const plain = diverse.map((a) => ({ ...a, programIds: [SYSTEM_PROGRAM, TOKEN_PROGRAM] }));
  assert.equal(walletRiskInputs(plain, [], null, NOW, []).inputs.low_protocol_diversity, true);
  // Jupiter v6 only → 1 protocol → low diversity; adding Orca → 2 → not low.
  const jup = diverse.map((a) => ({ ...a, programIds: [JUPITER_V6] }));
  assert.equal(walletRiskInputs(jup, [], null, NOW, []).inputs.low_protocol_diversity, true);
  const two = jup.map((a, i) => (i === 0 ? { ...a, programIds: [ORCA_WHIRLPOOL] } : a));
  assert.equal(walletRiskInputs(two, [], null, NOW, []).inputs.low_protocol_diversity, false);
});

test('airdrop farming: ≥ 20 holdings worth < $1; unpriced holdings that could tip it make it unknown', () => {
  assert.equal(walletRiskInputs(diverse, holdings(20, 0.5), null, NOW, []).inputs.airdrop_farming, true);
  assert.equal(walletRiskInputs(diverse, holdings(19, 0.5), null, NOW, []).inputs.airdrop_farming, false);
  assert.equal(walletRiskInputs(diverse, holdings(30, 1), null, NOW, []).inputs.airdrop_farming, false); // $1 is not < $1
  assert.equal(walletRiskInputs(diverse, [...holdings(15, 0.5), ...holdings(5, null)], null, NOW, []).inputs.airdrop_farming, null);
  assert.equal(walletRiskInputs(diverse, [...holdings(10, 0.5), ...holdings(5, null)], null, NOW, []).inputs.airdrop_farming, false);
  assert.equal(walletRiskInputs(diverse, null, null, NOW, []).inputs.airdrop_farming, null);
});
