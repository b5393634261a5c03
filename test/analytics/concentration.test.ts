import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hhiBand, hhiFromPercents, holderConcentration, supplyShortfall } from '../../src/analytics/concentration.js';
import type { HolderRow } from '../../src/analytics/types.js';

const row = (owner: string, uiAmount: number, kind?: HolderRow['kind'], tokenAccount = `${owner}-ata`): HolderRow => ({
  owner, tokenAccount, amountRaw: String(uiAmount * 1e6), uiAmount, ...(kind ? { kind } : {}),
});

test('HHI bands: < 1500 well, 1500–2500 moderate (inclusive), > 2500 high', () => {
  assert.equal(hhiBand(0), 'well_distributed');
  assert.equal(hhiBand(1499.99), 'well_distributed');
  assert.equal(hhiBand(1500), 'moderately_concentrated');
  assert.equal(hhiBand(2500), 'moderately_concentrated');
  assert.equal(hhiBand(2500.01), 'highly_concentrated');
  assert.equal(hhiBand(10_000), 'highly_concentrated');
  assert.equal(hhiBand(null), 'unknown');
});

test('HHI is the sum of squared percentages over the top 20, capped at 10 000', () => {
  assert.equal(hhiFromPercents([100]), 10_000);
  assert.equal(hhiFromPercents([50, 50]), 5000);
  assert.equal(hhiFromPercents(Array(10).fill(10)), 1000);
  // 25 holders of 4 %: only the top 20 count → 20·16 = 320.
  assert.equal(hhiFromPercents(Array(25).fill(4)), 320);
  // Top-20 selection picks the largest, whatever the input order.
  assert.equal(hhiFromPercents([...Array(20).fill(1), 30]), 900 + 19);
  assert.equal(hhiFromPercents([120]), 10_000);
});

test('raw supply and tradeable float with pools, bonding curve, burn and exchange excluded', () => {
  const holders = [
    row('POOL', 300, 'pool'),
    row('CURVE', 100, 'bonding_curve'),
    row('BURN', 50, 'burn'),
    row('CEX', 50, 'exchange'),
    row('W1', 250),
    row('W2', 100, 'other'),
    row('W3', 60),
    row('W3', 40, undefined, 'W3-second'), // same owner, second token account
    row('W4', 25),
  ];
  const r = holderConcentration(holders, 1000);
  assert.equal(r.counted_by, 'owner');
  assert.equal(r.holders_considered, 8);

  const raw = r.raw_supply;
  assert.equal(raw.basis, 'raw_supply');
  assert.equal(raw.denominator_ui, 1000);
  assert.deepEqual(raw.excluded, []);
  // 30² + 25² + 10² + 10² + 10² + 5² + 5² + 2.5² = 900 + 625 + 300 + 50 + 6.25
  assert.equal(raw.hhi, 1881.25);
  assert.equal(raw.band, 'moderately_concentrated');
  assert.equal(raw.top1_pct, 30);
  assert.equal(raw.top5_pct, 85); // POOL, W1, CURVE, W2, W3
  assert.equal(raw.top_holders[0]!.owner, 'POOL');
  assert.equal(raw.top_holders.find((h) => h.owner === 'W3')!.ui_amount, 100);

  const fl = r.tradeable_float;
  assert.equal(fl.basis, 'tradeable_float');
  assert.equal(fl.denominator_ui, 500); // 1000 − 300 − 100 − 50 − 50
  assert.deepEqual(fl.excluded, [
    { owner: 'POOL', kind: 'pool', ui_amount: 300 },
    { owner: 'CURVE', kind: 'bonding_curve', ui_amount: 100 },
    { owner: 'BURN', kind: 'burn', ui_amount: 50 },
    { owner: 'CEX', kind: 'exchange', ui_amount: 50 },
  ]);
  // W1 50 %, W2 20 %, W3 20 %, W4 5 % → 2500 + 400 + 400 + 25
  assert.equal(fl.hhi, 3325);
  assert.equal(fl.band, 'highly_concentrated');
  assert.equal(fl.top1_pct, 50);
  assert.equal(fl.top5_pct, 95);
  assert.deepEqual(fl.top_holders.map((h) => [h.owner, h.pct]), [['W1', 50], ['W2', 20], ['W3', 20], ['W4', 5]]);
});

test('unknown supply gives nulls and band unknown, never a reassuring 0', () => {
  const r = holderConcentration([row('W1', 10)], null);
  assert.equal(r.raw_supply.hhi, null);
  assert.equal(r.raw_supply.band, 'unknown');
  assert.equal(r.raw_supply.top1_pct, null);
  assert.equal(r.tradeable_float.band, 'unknown');
  // Everything excluded → float denominator 0 → unknown.
  const all = holderConcentration([row('POOL', 100, 'pool')], 100);
  assert.equal(all.tradeable_float.denominator_ui, null);
  assert.equal(all.tradeable_float.band, 'unknown');
  assert.equal(all.raw_supply.hhi, 10_000);
});

test('well-distributed: 20 equal holders of 2.5 % each', () => {
  const holders = Array.from({ length: 20 }, (_, i) => row(`W${String(i).padStart(2, '0')}`, 25));
  const r = holderConcentration(holders, 1000);
  assert.equal(r.raw_supply.hhi, 125);
  assert.equal(r.raw_supply.band, 'well_distributed');
  assert.equal(r.raw_supply.top5_pct, 12.5);
});

test('a pool holding most of supply: high on raw supply, well distributed on float', () => {
  const holders = [row('POOL', 600, 'pool'), ...Array.from({ length: 20 }, (_, i) => row(`W${String(i).padStart(2, '0')}`, 20))];
  const r = holderConcentration(holders, 1000);
  assert.equal(r.raw_supply.hhi, 3676); // top 20 = the pool + 19 holders: 60² + 19·2²
  assert.equal(r.raw_supply.band, 'highly_concentrated');
  assert.equal(r.tradeable_float.denominator_ui, 400);
  assert.equal(r.tradeable_float.hhi, 500); // 20·5²
  assert.equal(r.tradeable_float.band, 'well_distributed');
});

test('listed holders above the supply read: every share null, band unknown, never a share above 100 %', () => {
  // SELR as the sandbox showed it before its world conserved supply: a 60 % pool, the 35 % dev and
  // early holders, 107 % of supply together.
  const holders = [row('POOL', 600, 'pool'), row('DEV', 353.5), row('E1', 25.2), row('E2', 20.7), row('E3', 16.9), row('E4', 13.9)];
  assert.deepEqual(supplyShortfall(holders, 1000), { listed_ui: 1030.2, supply_ui: 1000 });
  const r = holderConcentration(holders, 1000);
  for (const b of [r.raw_supply, r.tradeable_float]) {
    assert.deepEqual([b.denominator_ui, b.hhi, b.band, b.top1_pct, b.top5_pct], [null, null, 'unknown', null, null], b.basis);
    assert.ok(b.top_holders.every((h) => h.pct === null), b.basis);
  }
  assert.equal(r.raw_supply.top_holders.length, 6, 'the holders themselves are still listed, with their amounts');
  assert.deepEqual(r.tradeable_float.excluded, [{ owner: 'POOL', kind: 'pool', ui_amount: 600 }]);
});

test('boundary: holders owning exactly the supply give 100 %, one raw unit (6 decimals) more gives nulls', () => {
  const exact = holderConcentration([row('A', 700), row('B', 300)], 1000);
  assert.equal(supplyShortfall([row('A', 700), row('B', 300)], 1000), null);
  assert.deepEqual([exact.raw_supply.top1_pct, exact.raw_supply.top5_pct, exact.raw_supply.hhi], [70, 100, 5800]);
  // Float sums of UI amounts that equal the supply on chain (0.1 + 0.2 = 0.30000000000000004) are no disagreement.
  const thirds = [row('A', 0.1), row('B', 0.2)];
  assert.equal(0.1 + 0.2 > 0.3, true);
  assert.equal(supplyShortfall(thirds, 0.3), null);
  const over = holderConcentration([row('A', 700), row('B', 300.000001)], 1000);
  assert.equal(over.raw_supply.top5_pct, null);
  assert.equal(over.raw_supply.band, 'unknown');
  assert.equal(supplyShortfall([row('A', 1)], null), null, 'an unknown supply is no disagreement (shares are null anyway)');
});
