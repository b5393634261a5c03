import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ADEQUATE_SAMPLE_CALLS,
  attentionTrend,
  MIN_PARTIAL_HOUR,
  rankEntities,
  sampleQuality,
  windowBounds,
} from '../../src/analytics/consensus.js';

const at = (iso: string) => new Date(iso);

describe('windowBounds', () => {
  test('1h is the running UTC hour; the previous window is the hour before', () => {
    const b = windowBounds('1h', at('2026-03-10T14:45:00Z'));
    assert.equal(b.from.toISOString(), '2026-03-10T14:00:00.000Z');
    assert.equal(b.to.toISOString(), '2026-03-10T15:00:00.000Z');
    assert.equal(b.previousFrom.toISOString(), '2026-03-10T13:00:00.000Z');
    assert.equal(b.coveredHours, 0.75);
  });

  test('6h and 24h hold the running hour and the whole hours before it, across a day boundary', () => {
    const six = windowBounds('6h', at('2026-03-10T02:30:00Z'));
    assert.equal(six.from.toISOString(), '2026-03-09T21:00:00.000Z');
    assert.equal(six.previousFrom.toISOString(), '2026-03-09T15:00:00.000Z');
    assert.equal(six.coveredHours, 5.5);
    const day = windowBounds('24h', at('2026-03-10T00:00:00Z'));
    assert.equal(day.from.toISOString(), '2026-03-09T01:00:00.000Z');
    assert.equal(day.to.toISOString(), '2026-03-10T01:00:00.000Z');
    assert.equal(day.previousFrom.toISOString(), '2026-03-08T01:00:00.000Z');
  });

  test('the first quarter of an hour counts as a quarter hour; exactly a quarter past is a quarter', () => {
    assert.equal(windowBounds('1h', at('2026-03-10T14:00:00Z')).coveredHours, MIN_PARTIAL_HOUR);
    assert.equal(windowBounds('1h', at('2026-03-10T14:05:00Z')).coveredHours, MIN_PARTIAL_HOUR);
    assert.equal(windowBounds('1h', at('2026-03-10T14:15:00Z')).coveredHours, 0.25);
    assert.equal(windowBounds('1h', at('2026-03-10T14:30:00Z')).coveredHours, 0.5);
  });
});

describe('attentionTrend', () => {
  test('no calls in either window: inactive; none before: new', () => {
    assert.deepEqual(attentionTrend(0, 0, 1, 1), { trend: 'inactive', ratio: null });
    assert.deepEqual(attentionTrend(3, 0, 1, 1), { trend: 'new', ratio: null });
  });

  test('thresholds: exactly 1.5× is rising, exactly 1/1.5× is falling, just inside either is steady', () => {
    assert.deepEqual(attentionTrend(15, 10, 1, 1), { trend: 'rising', ratio: 1.5 });
    assert.equal(attentionTrend(149, 100, 1, 1).trend, 'steady');
    assert.deepEqual(attentionTrend(2, 3, 1, 1), { trend: 'falling', ratio: 0.6667 });
    assert.equal(attentionTrend(67, 100, 1, 1).trend, 'steady');
    assert.equal(attentionTrend(66, 100, 1, 1).trend, 'falling');
    assert.deepEqual(attentionTrend(0, 4, 1, 1), { trend: 'falling', ratio: 0 });
  });

  test('rates, not counts: half an hour elapsed with half the previous hour\'s calls is steady', () => {
    assert.deepEqual(attentionTrend(5, 10, 0.5, 1), { trend: 'steady', ratio: 1 });
    // 24h window with 23.5 h elapsed: 47 calls vs 48 → exactly the same rate.
    assert.deepEqual(attentionTrend(47, 48, 23.5, 24), { trend: 'steady', ratio: 1 });
  });
});

describe('sampleQuality', () => {
  test('boundaries', () => {
    assert.equal(sampleQuality(0), 'none');
    assert.equal(sampleQuality(1), 'low');
    assert.equal(sampleQuality(ADEQUATE_SAMPLE_CALLS - 1), 'low');
    assert.equal(sampleQuality(ADEQUATE_SAMPLE_CALLS), 'adequate');
  });
});

describe('rankEntities', () => {
  test('ties share a competition rank; percentiles count the others asked strictly less', () => {
    const ranked = rankEntities([
      { entity: 'b', count: 5 },
      { entity: 'a', count: 5 },
      { entity: 'c', count: 3 },
      { entity: 'd', count: 1 },
      { entity: 'e', count: 1 },
    ]);
    assert.deepEqual(ranked.map((r) => [r.entity, r.rank, r.percentile, r.share_pct]), [
      ['a', 1, 75, 33.33],
      ['b', 1, 75, 33.33],
      ['c', 3, 50, 20],
      ['d', 4, 0, 6.67],
      ['e', 4, 0, 6.67],
    ]);
  });

  test('the single entity is at the 100th percentile; the top of distinct counts at 100, the bottom at 0', () => {
    assert.deepEqual(rankEntities([{ entity: 'x', count: 2 }]).map((r) => [r.rank, r.percentile, r.share_pct]), [[1, 100, 100]]);
    const ranked = rankEntities([{ entity: 'lo', count: 1 }, { entity: 'hi', count: 9 }, { entity: 'mid', count: 4 }]);
    assert.deepEqual(ranked.map((r) => [r.entity, r.rank, r.percentile]), [['hi', 1, 100], ['mid', 2, 50], ['lo', 3, 0]]);
  });

  test('everyone tied: all rank 1 at percentile 0 (nobody outranks anybody)', () => {
    const ranked = rankEntities([{ entity: 'a', count: 2 }, { entity: 'b', count: 2 }, { entity: 'c', count: 2 }]);
    assert.deepEqual(ranked.map((r) => [r.rank, r.percentile]), [[1, 0], [1, 0], [1, 0]]);
  });

  test('zero counts are not ranked; an empty window ranks nothing', () => {
    assert.deepEqual(rankEntities([{ entity: 'a', count: 0 }]), []);
    assert.deepEqual(rankEntities([]), []);
  });

  test('20 000 tied entities rank in linear time and all share rank 1', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ entity: `e${i}`, count: 7 }));
    const started = performance.now();
    const ranked = rankEntities(many);
    assert.ok(performance.now() - started < 500);
    assert.ok(ranked.every((r) => r.rank === 1));
  });
});
