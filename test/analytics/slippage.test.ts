import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slippageTable } from '../../src/analytics/slippage.js';

test('impact vs spot at each size; a missing size is unavailable, not 0', () => {
  const rows = slippageTable(
    [
      { size_usd: 100, in_amount: 100, out_amount: 99.5 }, // effective 1.005025…
      { size_usd: 1000, in_amount: 1000, out_amount: 980 },
      { size_usd: 10_000, in_amount: 10_000, out_amount: 8000 },
    ],
    1,
  );
  assert.deepEqual(rows.map((r) => r.size_usd), [100, 1000, 10_000, 100_000]);
  assert.equal(rows[0]!.price_impact_pct, 0.5);
  assert.equal(rows[0]!.method, 'vs_spot');
  assert.equal(rows[1]!.price_impact_pct, 2.04);
  assert.equal(rows[2]!.price_impact_pct, 25);
  assert.equal(rows[2]!.effective_price_usd, 1.25);
  assert.deepEqual(rows[3], { size_usd: 100_000, available: false, price_impact_pct: null, effective_price_usd: null, method: null, reason: 'no_quote' });
});

test('non-USD input priced via in_price_usd; quoted impact used without a spot price', () => {
  const [r] = slippageTable([{ size_usd: 100, in_amount: 0.5, in_price_usd: 200, out_amount: 50 }], 2);
  assert.equal(r!.effective_price_usd, 2);
  assert.equal(r!.price_impact_pct, 0);
  const [q] = slippageTable([{ size_usd: 100, in_amount: 100, out_amount: 50, price_impact_pct: 0.7 }], null);
  assert.equal(q!.method, 'quoted');
  assert.equal(q!.price_impact_pct, 0.7);
  const [n] = slippageTable([{ size_usd: 100, in_amount: 100, out_amount: 50 }], null);
  assert.equal(n!.available, true);
  assert.equal(n!.price_impact_pct, null);
  assert.equal(n!.reason, 'no_reference_price');
});

test('invalid quotes are unavailable; better-than-spot is reported as 0', () => {
  const rows = slippageTable([{ size_usd: 100, in_amount: 100, out_amount: 0 }, null, { size_usd: 1000, in_amount: Number.NaN, out_amount: 5 }], 1);
  assert.equal(rows[0]!.available, false);
  assert.equal(rows[0]!.reason, 'invalid_quote');
  assert.equal(rows[1]!.reason, 'invalid_quote');
  const [better] = slippageTable([{ size_usd: 100, in_amount: 100, out_amount: 110 }], 1);
  assert.equal(better!.price_impact_pct, 0);
  assert.ok(slippageTable([], 1).every((r) => !r.available && r.price_impact_pct === null));
});
