import { test } from 'node:test';
import assert from 'node:assert/strict';
import { median, medianPrice } from '../../src/analytics/token-price.js';

test('one source: that price, spread 0', () => {
  const r = medianPrice([{ source: 'market_data', price: 1.5 }, { source: 'wallet_assets', price: null }, { source: 'price_aggregator', price: undefined }]);
  assert.equal(r.price_usd, 1.5);
  assert.deepEqual(r.sources_used, [{ source: 'market_data', price: 1.5 }]);
  assert.equal(r.spread_pct, 0);
  assert.deepEqual(r.sources_rejected.map((x) => x.reason), ['missing', 'missing']);
});

test('two sources: their mean (median of two)', () => {
  const r = medianPrice([{ source: 'wallet_assets', price: 1 }, { source: 'price_aggregator', price: 1.2 }]);
  assert.equal(r.price_usd, 1.1);
  assert.equal(r.spread_pct, 18.18); // 0.2 / 1.1
});

test('three sources: the middle one, an outlier does not move it', () => {
  const r = medianPrice([
    { source: 'wallet_assets', price: 100 },
    { source: 'market_data', price: 2 },
    { source: 'price_aggregator', price: 2.1 },
  ]);
  assert.equal(r.price_usd, 2.1);
  assert.equal(r.sources_used.length, 3);
  assert.equal(r.spread_pct, 4666.67); // (100 − 2) / 2.1
  assert.equal(medianPrice([{ source: 'a', price: 3 }, { source: 'b', price: 1 }, { source: 'c', price: 2 }]).price_usd, 2);
});

test('junk readings are ignored; none usable → null, never 0', () => {
  const r = medianPrice([
    { source: 'wallet_assets', price: 0 },
    { source: 'market_data', price: -1 },
    { source: 'price_aggregator', price: Number.NaN },
    { source: 'x', price: Number.POSITIVE_INFINITY },
    { source: 'y', price: '1.5' as unknown as number },
  ]);
  assert.equal(r.price_usd, null);
  assert.equal(r.spread_pct, null);
  assert.deepEqual(r.sources_used, []);
  assert.deepEqual(r.sources_rejected.map((x) => x.reason), ['not_positive', 'not_positive', 'not_finite', 'not_finite', 'not_finite']);
  assert.equal(medianPrice([]).price_usd, null);
  // Junk plus two good readings → median of the good two.
  assert.equal(medianPrice([{ source: 'a', price: 0 }, { source: 'b', price: 4 }, { source: 'c', price: 6 }]).price_usd, 5);
  // Tiny memecoin prices are not rounded away.
  assert.equal(medianPrice([{ source: 'a', price: 1.234e-8 }]).price_usd, 1.234e-8);
});

test('median helper', () => {
  assert.equal(median([5]), 5);
  assert.equal(median([4, 2]), 3);
  assert.equal(median([9, 1, 5]), 5);
  assert.throws(() => median([]));
});
