import { test } from 'node:test';
import assert from 'node:assert/strict';
import { overallPick, pickLeader, rankMetric } from '../../src/analytics/rankings.js';
import { activityRate } from '../../src/analytics/activity-rate.js';

const ranks = (r: ReturnType<typeof rankMetric>) => r.entries.map((e) => [e.id, e.rank, e.tied]);

test('rankMetric: highest first and lowest first', () => {
  const values = [{ id: 'a', value: 10 }, { id: 'b', value: 30 }, { id: 'c', value: 20 }];
  assert.deepEqual(ranks(rankMetric(values, 'highest')), [['b', 1, false], ['c', 2, false], ['a', 3, false]]);
  assert.deepEqual(ranks(rankMetric(values, 'lowest')), [['a', 1, false], ['c', 2, false], ['b', 3, false]]);
  assert.deepEqual(rankMetric(values, 'lowest').leaders, ['a']);
});

test('rankMetric: ties share a rank (1, 1, 3), keep input order, and are marked', () => {
  const r = rankMetric([{ id: 'a', value: 5 }, { id: 'b', value: 1 }, { id: 'c', value: 1 }], 'lowest');
  assert.deepEqual(ranks(r), [['b', 1, true], ['c', 1, true], ['a', 3, false]]);
  assert.deepEqual(r.leaders, ['b', 'c']);
  // A tie below the top.
  const below = rankMetric([{ id: 'a', value: 9 }, { id: 'b', value: 4 }, { id: 'c', value: 4 }], 'highest');
  assert.deepEqual(ranks(below), [['a', 1, false], ['b', 2, true], ['c', 2, true]]);
  // Zero is a value, not unknown.
  assert.deepEqual(ranks(rankMetric([{ id: 'a', value: 0 }, { id: 'b', value: 0.0001 }], 'lowest')), [['a', 1, false], ['b', 2, false]]);
});

test('rankMetric: unknown values (null, NaN, Infinity) come last with rank null, whatever the direction', () => {
  const values = [{ id: 'n', value: null }, { id: 'a', value: 2 }, { id: 'x', value: Number.NaN }, { id: 'b', value: 1 }, { id: 'i', value: Number.POSITIVE_INFINITY }];
  for (const first of ['highest', 'lowest'] as const) {
    const r = rankMetric(values, first);
    assert.deepEqual(r.entries.slice(2).map((e) => [e.id, e.rank, e.value]), [['n', null, null], ['x', null, null], ['i', null, null]], first);
    assert.deepEqual(r.unknown, ['n', 'x', 'i']);
  }
  assert.equal(rankMetric(values, 'lowest').entries[0]!.id, 'b');
  assert.equal(rankMetric(values, 'highest').entries[0]!.id, 'a');
});

test('rankMetric: all unknown → no leader; empty input → empty ranking', () => {
  const r = rankMetric([{ id: 'a', value: null }, { id: 'b', value: null }], 'highest');
  assert.deepEqual(r.leaders, []);
  assert.deepEqual(r.unknown, ['a', 'b']);
  assert.deepEqual(rankMetric([], 'lowest'), { first: 'lowest', entries: [], leaders: [], unknown: [] });
});

test('pickLeader: the single leader; a tied top or all unknown gives no pick', () => {
  assert.deepEqual(pickLeader(rankMetric([{ id: 'a', value: 1 }, { id: 'b', value: 2 }], 'highest')), { id: 'b', tied: [], value: 2 });
  assert.deepEqual(pickLeader(rankMetric([{ id: 'a', value: 2 }, { id: 'b', value: 2 }, { id: 'c', value: 1 }], 'highest')), { id: null, tied: ['a', 'b'], value: 2 });
  assert.deepEqual(pickLeader(rankMetric([{ id: 'a', value: null }], 'highest')), { id: null, tied: [], value: null });
  // An unknown never wins even when the only known value is "bad".
  assert.equal(pickLeader(rankMetric([{ id: 'a', value: null }, { id: 'b', value: 0.9 }], 'lowest')).id, 'b');
});

test('overallPick: the best tier wins before the mean rank', () => {
  const liquidity = rankMetric([{ id: 'safe', value: 10 }, { id: 'risky', value: 1000 }], 'highest');
  const volume = rankMetric([{ id: 'safe', value: 1 }, { id: 'risky', value: 50 }], 'highest');
  const tier = (id: string) => (id === 'safe' ? 0 : 2);
  const p = overallPick(['safe', 'risky'], [liquidity, volume], tier);
  assert.equal(p.id, 'safe', 'a risky token never wins on liquidity alone');
  assert.deepEqual(p.candidates.map((c) => [c.id, c.tier, c.mean_rank]), [['safe', 0, 2], ['risky', 2, 1]]);
  // Without tiers the mean rank decides.
  assert.equal(overallPick(['safe', 'risky'], [liquidity, volume]).id, 'risky');
});

test('overallPick: unknown counts as last place; an unknown tier counts as the worst; ties give no pick', () => {
  const m1 = rankMetric([{ id: 'a', value: 1 }, { id: 'b', value: null }, { id: 'c', value: 3 }], 'lowest');
  const p = overallPick(['a', 'b', 'c'], [m1]);
  assert.deepEqual(p.candidates.map((c) => [c.id, c.mean_rank]), [['a', 1], ['c', 2], ['b', 3]]);
  const unknownTier = overallPick(['a', 'b'], [rankMetric([{ id: 'a', value: 9 }, { id: 'b', value: 1 }], 'lowest')], (id) => (id === 'b' ? null : 1));
  assert.equal(unknownTier.id, 'a', 'b ranks better but its tier is unknown');
  const tied = overallPick(['a', 'b'], [rankMetric([{ id: 'a', value: 1 }, { id: 'b', value: 2 }], 'lowest'), rankMetric([{ id: 'a', value: 1 }, { id: 'b', value: 2 }], 'highest')]);
  assert.deepEqual([tied.id, tied.tied, tied.value], [null, ['a', 'b'], 1.5]);
  assert.deepEqual(overallPick([], []), { id: null, tied: [], value: null, candidates: [] });
});

test('activityRate: intervals per day over the history read; 0, 1 and same-second samples', () => {
  const every4h = Array.from({ length: 100 }, (_, i) => 1_700_000_000 + i * 4 * 3600);
  assert.deepEqual(activityRate(every4h), { transactions_seen: 100, span_days: 16.5, tx_per_day: 6 });
  assert.deepEqual(activityRate([]), { transactions_seen: 0, span_days: null, tx_per_day: 0 });
  assert.deepEqual(activityRate([5]), { transactions_seen: 1, span_days: null, tx_per_day: null });
  assert.deepEqual(activityRate([7, 7, 7]), { transactions_seen: 3, span_days: 0, tx_per_day: null });
  // Order does not matter; two transactions one day apart = 1 per day.
  assert.deepEqual(activityRate([86_400, 0]), { transactions_seen: 2, span_days: 1, tx_per_day: 1 });
});
