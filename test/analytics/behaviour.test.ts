import { test } from 'node:test';
import assert from 'node:assert/strict';
import { behaviouralSignals, gapCoefficientOfVariation, type BehaviourLabel } from '../../src/analytics/behaviour.js';
import { JUPITER_V6, ORCA_WHIRLPOOL, SYSTEM_PROGRAM } from '../../src/analytics/known-programs.js';
import type { WalletActivity } from '../../src/analytics/types.js';

const T0 = 1_750_000_000 - (1_750_000_000 % 86_400); // a UTC midnight
const HOUR = 3600;

function tx(i: number, timestamp: number, over: Partial<WalletActivity> = {}): WalletActivity {
  return {
    signature: `s${i}`,
    timestamp,
    type: ['SWAP', 'TRANSFER', 'NFT_SALE'][i % 3]!,
    programIds: [[JUPITER_V6], [SYSTEM_PROGRAM], [ORCA_WHIRLPOOL]][i % 3]!,
    counterparties: [`peer${i % 7}`],
    success: true,
    ...over,
  };
}

function signal(activity: WalletActivity[], label: BehaviourLabel) {
  return behaviouralSignals(activity).signals.find((s) => s.label === label)!;
}

// A human-like history: irregular gaps, daytime hours only, varied actions.
const humanGaps = [300, 7200, 60, 86_000, 4000, 120, 50_000, 900, 30_000, 2000, 600, 90_000];
const human: WalletActivity[] = [];
{
  let t = T0 + 9 * HOUR;
  for (let i = 0; i < 30; i++) {
    human.push(tx(i, t));
    t += humanGaps[i % humanGaps.length]!;
    const h = new Date(t * 1000).getUTCHours();
    if (h < 8 || h > 22) t += (32 - h) % 24 * HOUR; // skip the night
  }
}

test('a human-like history shows none of the labels', () => {
  const r = behaviouralSignals(human);
  assert.deepEqual(r.labels, []);
  for (const s of r.signals) assert.equal(s.sufficient_sample, true, s.label);
});

test('regular_intervals: CV of gaps ≤ 0.25 over ≥ 8 transactions', () => {
  const regular = Array.from({ length: 12 }, (_, i) => tx(i, T0 + i * 600 + (i % 2) * 30));
  const s = signal(regular, 'regular_intervals');
  assert.equal(s.triggered, true);
  assert.ok(s.value! <= 0.25);
  assert.equal(s.threshold, 0.25);
  assert.equal(signal(human, 'regular_intervals').triggered, false);
  // Too few transactions: not measured.
  const short = signal(regular.slice(0, 7), 'regular_intervals');
  assert.equal(short.sufficient_sample, false);
  assert.equal(short.triggered, false);
  assert.equal(short.value, null);
  // Just over the threshold: gaps alternating 100/167 → CV = 33.5/133.5 ≈ 0.2509.
  const over = Array.from({ length: 9 }, (_, i) => i).map((i) => T0 + Math.floor(i / 2) * 267 + (i % 2) * 100);
  const cv = gapCoefficientOfVariation(over)!;
  assert.ok(cv > 0.25 && cv < 0.26, String(cv));
  assert.equal(signal(over.map((t, i) => tx(i, t)), 'regular_intervals').triggered, false);
  // Exactly constant gaps: CV 0.
  assert.equal(gapCoefficientOfVariation([0, 10, 20, 30]), 0);
});

test('high_frequency: ≥ 10 tx/hour sustained over ≥ 20 tx and ≥ 1 hour', () => {
  // 31 tx evenly over 3 hours → 10 tx/hour exactly.
  const exactly = Array.from({ length: 31 }, (_, i) => tx(i, T0 + i * 360));
  const s = signal(exactly, 'high_frequency');
  assert.equal(s.value, 10);
  assert.equal(s.triggered, true);
  // 30 tx over the same 3 hours → 9.67/hour.
  const under = Array.from({ length: 30 }, (_, i) => tx(i, T0 + Math.round((i * 3 * HOUR) / 29)));
  assert.equal(signal(under, 'high_frequency').triggered, false);
  // A human burst of 25 tx in 10 minutes is not "sustained" (span < 1 h → insufficient).
  const burst = Array.from({ length: 25 }, (_, i) => tx(i, T0 + i * 25));
  const b = signal(burst, 'high_frequency');
  assert.equal(b.sufficient_sample, false);
  assert.equal(b.triggered, false);
  // The same burst inside a week-long history does not trigger either.
  const mixed = [...burst, ...human.map((a) => ({ ...a, timestamp: a.timestamp + 7 * 86_400 }))];
  assert.equal(signal(mixed, 'high_frequency').triggered, false);
  assert.equal(signal(human, 'high_frequency').triggered, false);
});

test('24_7_active: activity in ≥ 20 of 24 UTC hours', () => {
  const hours = (n: number) => Array.from({ length: 40 }, (_, i) => tx(i, T0 + (i % n) * HOUR + Math.floor(i / n) * 86_400 + 17));
  const twenty = signal(hours(20), '24_7_active');
  assert.equal(twenty.value, 20);
  assert.equal(twenty.triggered, true);
  const nineteen = signal(hours(19), '24_7_active');
  assert.equal(nineteen.value, 19);
  assert.equal(nineteen.triggered, false);
  assert.equal(signal(hours(24), '24_7_active').triggered, true);
  assert.equal(signal(human, '24_7_active').triggered, false);
  assert.equal(signal(hours(24).slice(0, 19), '24_7_active').sufficient_sample, false);
});

test('repetitive_actions: one (type, program, counterparty) pattern in ≥ 80 % of ≥ 10 tx', () => {
  const same = { type: 'SWAP', programIds: [JUPITER_V6], counterparties: ['pool1'] };
  const mk = (repeat: number, total: number) =>
    Array.from({ length: total }, (_, i) => tx(i, T0 + i * 5000 + (i % 4) * 777, i < repeat ? same : { counterparties: [`other${i}`] }));
  const eighty = signal(mk(8, 10), 'repetitive_actions');
  assert.equal(eighty.value, 0.8);
  assert.equal(eighty.triggered, true);
  assert.equal(signal(mk(7, 10), 'repetitive_actions').triggered, false);
  // Same type and program but different counterparties is not one pattern.
  const varied = Array.from({ length: 12 }, (_, i) => tx(i, T0 + i * 5000, { ...same, counterparties: [`pool${i % 4}`] }));
  assert.equal(signal(varied, 'repetitive_actions').triggered, false);
  assert.equal(signal(mk(9, 9), 'repetitive_actions').sufficient_sample, false);
  assert.equal(signal(human, 'repetitive_actions').triggered, false);
});

test('signals are reported in a fixed order with value and threshold', () => {
  const r = behaviouralSignals([]);
  assert.deepEqual(r.signals.map((s) => [s.label, s.threshold, s.comparison]), [
    ['regular_intervals', 0.25, '<='],
    ['high_frequency', 10, '>='],
    ['24_7_active', 20, '>='],
    ['repetitive_actions', 0.8, '>='],
  ]);
  assert.deepEqual(r.labels, []);
});
