import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { attentionPresent, confluence, confluenceVerdict, type ConfluenceInput } from '../../../src/analytics/discovery/confluence.js';
import { readingDeltas } from '../../../src/analytics/discovery/deltas.js';
import { HOUR, MIN, NOW } from './fixtures.js';

const base: ConfluenceInput = {
  runnerStage: 'RUNNING',
  smartBuyers: [{ wallet: 'S1', atMs: NOW - HOUR }],
  // A stream above the minimum sample (10 tokens, 30 calls): the attention rule itself decides.
  attention: { calls: 3, percentile: 50, rankedEntities: 12, streamCalls: 40 },
  current: { liquidityUsd: 50_000, holderCount: 110 },
  nowMs: NOW,
};

describe('confluence verdict', () => {
  test('count → verdict', () => {
    assert.deepEqual([3, 2, 1, 0].map(confluenceVerdict), ['HIGH_CONFLUENCE', 'MODERATE', 'SINGLE_SIGNAL', 'NO_SIGNAL']);
  });

  test('all three signals → HIGH_CONFLUENCE, with reasoning per signal', () => {
    const c = confluence(base);
    assert.equal(c.verdict, 'HIGH_CONFLUENCE');
    assert.equal(c.confluence_count, 3);
    assert.deepEqual(c.signals.map((s) => s.present), [true, true, true]);
    assert.equal(c.reasoning[0], '3 of 3 signals present → HIGH_CONFLUENCE');
    assert.match(c.reasoning.join('\n'), /smart_money: present — 1 distinct smart wallet\(s\) bought in the last 24 h and still hold it/);
  });

  test('runner: RUNNING or IGNITING only, and not on washed trades', () => {
    assert.equal(confluence({ ...base, runnerStage: 'IGNITING' }).confluence_count, 3);
    const washed = confluence({ ...base, runnerStage: 'RUNNING', washTradeSuspected: true }).signals[0]!;
    assert.deepEqual([washed.present, washed.status], [false, 'absent']);
    assert.match(washed.detail, /runner stage RUNNING, but wash trading is suspected/);
    for (const stage of ['PARABOLIC_LATE', 'QUIET', 'FADING'] as const) {
      const c = confluence({ ...base, runnerStage: stage });
      assert.deepEqual([c.confluence_count, c.verdict], [2, 'MODERATE'], stage);
    }
  });

  test('smart money: at least one distinct buyer within 24 h (the edge included)', () => {
    assert.equal(confluence({ ...base, smartBuyers: [{ wallet: 'S1', atMs: NOW - 24 * HOUR }] }).signals[1]!.present, true);
    assert.equal(confluence({ ...base, smartBuyers: [{ wallet: 'S1', atMs: NOW - 24 * HOUR - 1 }] }).signals[1]!.present, false);
    assert.equal(confluence({ ...base, smartBuyers: [] }).verdict, 'MODERATE');
  });

  test('attention: ≥ 3 calls in 6 h, or top decile among ≥ 10 tokens with at least one call', () => {
    const stream = { streamCalls: 100 };
    assert.equal(attentionPresent({ calls: 3, percentile: 0, rankedEntities: 50, ...stream }), true);
    assert.equal(attentionPresent({ calls: 2, percentile: 50, rankedEntities: 50, ...stream }), false);
    assert.equal(attentionPresent({ calls: 1, percentile: 90, rankedEntities: 10, ...stream }), true);
    assert.equal(attentionPresent({ calls: 1, percentile: 89.99, rankedEntities: 10, ...stream }), false);
    assert.equal(attentionPresent({ calls: 0, percentile: null, rankedEntities: 40, ...stream }), false);
  });

  test('attention below the minimum sample (< 10 tokens or < 30 calls in the window) is unknown, never present', () => {
    // A caller's own calls: 3 about one token and 1 about another, "percentile 100 of 2 tokens".
    assert.equal(attentionPresent({ calls: 3, percentile: 100, rankedEntities: 2, streamCalls: 4 }), null);
    assert.equal(attentionPresent({ calls: 1, percentile: 100, rankedEntities: 9, streamCalls: 100 }), null); // 9 tokens
    assert.equal(attentionPresent({ calls: 20, percentile: 100, rankedEntities: 10, streamCalls: 29 }), null); // 29 calls
    assert.equal(attentionPresent({ calls: 3, percentile: 100, rankedEntities: 10, streamCalls: 30 }), true); // both edges met
    const c = confluence({ ...base, attention: { calls: 3, percentile: 100, rankedEntities: 2, streamCalls: 4 } });
    const a = c.signals[2]!;
    assert.deepEqual([a.present, a.status], [null, 'insufficient_sample']);
    assert.match(a.detail, /holds only 2 token\(s\) and 4 call\(s\).*below the minimum sample \(10 tokens and 30 calls\), not a signal/);
    // Not counted, and not a failed leg: the leg answered.
    assert.deepEqual([c.confluence_count, c.verdict, c.legs_missing, c.degraded], [2, 'MODERATE', [], false]);
    assert.match(c.reasoning.join('\n'), /attention: insufficient sample/);
  });

  test('smart money present means holding now: a buyer that sold out since is exited, not present', () => {
    const exited = confluence({ ...base, smartExits: new Map([['S1', NOW - 30 * MIN]]) });
    const s = exited.signals[1]!;
    assert.deepEqual([s.present, s.status], [false, 'absent']);
    assert.match(s.detail, /1 smart wallet\(s\) bought in the last 24 h but all sold out since \(S1 exited at .*\): none holds it now/);
    assert.equal(exited.confluence_count, 2);
    // Two buyers, one exited: present, and the exit is said.
    const one = confluence({ ...base, smartBuyers: [{ wallet: 'S1', atMs: NOW - HOUR }, { wallet: 'S2', atMs: NOW - 2 * HOUR }], smartExits: new Map([['S2', NOW - MIN]]) });
    assert.equal(one.signals[1]!.present, true);
    assert.match(one.signals[1]!.detail, /^1 distinct smart wallet\(s\) bought in the last 24 h and still hold it.*; 1 more sold out since \(S2 exited at /);
  });

  test('one or no signal', () => {
    const single = confluence({ ...base, runnerStage: 'QUIET', smartBuyers: [] });
    assert.deepEqual([single.confluence_count, single.verdict], [1, 'SINGLE_SIGNAL']);
    const none = confluence({ ...base, runnerStage: 'QUIET', smartBuyers: [], attention: { calls: 0, percentile: null, rankedEntities: 40, streamCalls: 100 } });
    assert.deepEqual([none.confluence_count, none.verdict, none.degraded], [0, 'NO_SIGNAL', false]);
  });

  test('a failed leg is unknown, not absent: listed, not counted, degraded', () => {
    const c = confluence({ ...base, smartBuyers: null, attention: null });
    assert.deepEqual([c.confluence_count, c.verdict], [1, 'SINGLE_SIGNAL']);
    assert.deepEqual(c.legs_missing, ['smart_money', 'attention']);
    assert.equal(c.degraded, true);
    assert.deepEqual(c.signals.map((s) => s.present), [true, null, null]);
    assert.match(c.reasoning.at(-1)!, /missing leg\(s\) smart_money, attention: the count is a lower bound/);
  });
});

describe('deltas (repeat spacing)', () => {
  const prior = (ageMs: number) => ({ at: NOW - ageMs, liquidityUsd: 40_000, holderCount: 100, priceUsd: 0.001 });

  test('no prior reading: null with the reason', () => {
    const c = confluence(base);
    assert.equal(c.deltas, null);
    assert.equal(c.deltas_unavailable!.code, 'no_prior_reading');
    assert.match(c.deltas_unavailable!.message, /repeat call at least 5 minutes later/);
  });

  test('a prior younger than 5 minutes: null; at 5 minutes: liquidity and holder change %', () => {
    const recent = confluence({ ...base, prior: prior(4 * MIN) });
    assert.equal(recent.deltas, null);
    assert.deepEqual(recent.deltas_unavailable, { code: 'prior_too_recent', message: 'the last reading is 4 minutes old: deltas unlock when it is at least 5 minutes old' });
    const spaced = confluence({ ...base, prior: prior(5 * MIN) });
    assert.deepEqual(spaced.deltas, {
      prior_at: new Date(NOW - 5 * MIN).toISOString(),
      minutes_since_prior: 5,
      liquidity_change_pct: 25, // 50k vs 40k
      holder_change_pct: 10, // 110 vs 100
    });
    assert.equal(spaced.deltas_unavailable, null);
  });

  test('an unknown or zero side makes that delta null, not 0', () => {
    const d = readingDeltas({ liquidityUsd: null, holderCount: 100 }, { at: NOW - HOUR, liquidityUsd: 1, holderCount: 0, priceUsd: null }, NOW);
    assert.deepEqual([d.deltas!.liquidity_change_pct, d.deltas!.holder_change_pct], [null, null]);
  });
});
