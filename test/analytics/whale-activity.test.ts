import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { whaleActivity, isWhaleCandidate, type WhaleHolderInput } from '../../src/analytics/whale-activity.js';
import { flowsOf } from '../../src/endpoints/shared/whale-activity.js';
import type { EnhancedTransaction } from '../../src/sources/wire/helius.js';

const holder = (rank: number, over: Partial<WhaleHolderInput> = {}): WhaleHolderInput => ({
  rank, owner: `owner${rank}`, kind: 'other', entityName: null, uiAmount: 1_000_000, flows: [], historyFailed: false, coverageComplete: true, ...over,
});
const flow = (delta: number, timestamp = 100) => ({ signature: `sig${timestamp}${delta}`, timestamp, delta });
const run = (holders: WhaleHolderInput[], price: number | null = 1) => whaleActivity({ holders, priceUsd: price, supplyUi: 10_000_000, thresholdUsd: 10_000 });

describe('whale activity: who is a whale', () => {
  it('an ordinary holder worth at least the threshold is a whale; one dollar less is a holder', () => {
    assert.equal(isWhaleCandidate('other', 10_000, 1, 10_000), true);
    assert.equal(isWhaleCandidate('other', 9_999, 1, 10_000), false);
    const { rows } = run([holder(1, { uiAmount: 10_000 }), holder(2, { uiAmount: 9_999, flows: null })]);
    assert.deepEqual(rows.map((r) => r.role), ['whale', 'holder']);
  });
  it('pools, curves, burn addresses and exchanges keep their role and are never whales, whatever they hold', () => {
    const { rows, summary } = run((['pool', 'bonding_curve', 'burn', 'exchange'] as const).map((kind, i) => holder(i + 1, { kind, uiAmount: 5_000_000, flows: [flow(-4_000_000)] })));
    assert.deepEqual(rows.map((r) => [r.role, r.activity]), [['pool', null], ['bonding_curve', null], ['burn', null], ['exchange', null]]);
    assert.equal(summary.whales, 0);
    assert.equal(summary.signal, 'neutral');
    assert.equal(summary.distribution_detected, false);
  });
  it('unknown price: every ordinary holder is a candidate and USD values are null', () => {
    const { rows, summary } = run([holder(1, { uiAmount: 5 })], null);
    assert.equal(rows[0]!.role, 'whale');
    assert.equal(rows[0]!.balance_usd, null);
    assert.equal(summary.net_flow_usd, null);
  });
});

describe('whale activity: trend over the window (±0.5 % of the start balance)', () => {
  // Start balance = now − net: with now 1 000 000, a net of −5 000 means a start of 1 005 000 (−0.4975 %).
  const trend = (net: number) => run([holder(1, { flows: [flow(net)] })]).rows[0]!.activity!.trend;
  it('exactly +0.5 % accumulates; just under holds', () => {
    assert.equal(trend(1_000_000 - 1_000_000 / 1.005), 'accumulating');
    assert.equal(trend(4_900), 'holding');
  });
  it('exactly −0.5 % distributes; just under holds', () => {
    assert.equal(trend(-(1_000_000 / 0.995 - 1_000_000)), 'distributing');
    assert.equal(trend(-4_900), 'holding');
  });
  it('a holder that bought everything inside the window (start 0) is accumulating', () => {
    const a = run([holder(1, { flows: [flow(1_000_000)] })]).rows[0]!.activity!;
    assert.deepEqual([a.trend, a.balance_start_ui, a.change_pct], ['accumulating', 0, null]);
  });
  it('bought, sold, net, evidence in time order, last move', () => {
    const a = run([holder(1, { flows: [flow(-30_000, 300), flow(10_000, 100), flow(-5_000, 200)] })]).rows[0]!.activity!;
    assert.deepEqual([a.bought_ui, a.sold_ui, a.net_change_ui, a.balance_start_ui, a.change_pct, a.transfers, a.last_move_at], [10_000, 35_000, -25_000, 1_025_000, -2.44, 3, 300]);
    assert.deepEqual(a.evidence.map((e) => e.timestamp), [100, 200, 300]);
    assert.equal(a.net_change_usd, -25_000);
  });
});

describe('whale activity: USD buy and sell volume', () => {
  it('each transfer valued at the current price in cents; per whale and summary volumes are sums of the cents shown', () => {
    // Price 0.0123457: 1,001 tokens → 12.3580457 → 12.36; 2,002 → 24.72; −1,500 → −18.52 (18.51855 rounds up).
    const { rows, summary } = run([
      holder(1, { flows: [flow(1_001, 100), flow(2_002, 200), flow(-1_500, 300)] }),
      holder(2, { flows: [flow(-3_333, 150)] }),
      holder(3, { flows: [flow(7, 120), flow(-7, 130)] }), // holding: still counted in the volumes
    ], 0.0123457);
    const [a, b, c] = rows.map((r) => r.activity!);
    assert.deepEqual(a!.evidence.map((e) => e.delta_usd), [12.36, 24.72, -18.52]);
    assert.deepEqual([a!.bought_usd, a!.sold_usd], [37.08, 18.52]);
    // 3,333 × 0.0123457 = 41.1482… → 41.15.
    assert.deepEqual([b!.bought_usd, b!.sold_usd], [0, 41.15]);
    assert.equal(c!.trend, 'holding');
    assert.deepEqual([c!.bought_usd, c!.sold_usd], [0.09, 0.09]);
    // 37.08 + 0 + 0.09 = 37.17; 18.52 + 41.15 + 0.09 = 59.76 — the parts shown, not the unrounded flows.
    assert.deepEqual([summary.buy_volume_usd, summary.sell_volume_usd], [37.17, 59.76]);
  });
  it('no price: every USD volume is null; failed and unread whales add nothing', () => {
    const none = run([holder(1, { flows: [flow(100)] })], null);
    assert.deepEqual([none.rows[0]!.activity!.bought_usd, none.rows[0]!.activity!.evidence[0]!.delta_usd, none.summary.buy_volume_usd, none.summary.sell_volume_usd], [null, null, null, null]);
    const partial = run([holder(1, { flows: [flow(100)] }), holder(2, { flows: null, historyFailed: true })], 2);
    assert.deepEqual([partial.summary.buy_volume_usd, partial.summary.sell_volume_usd], [200, 0]);
  });
});

describe('whale activity: the token signal', () => {
  it('distribution when sellers outweigh buyers; accumulation for the reverse; holders do not count', () => {
    const s1 = run([holder(1, { flows: [flow(-50_000)] }), holder(2, { flows: [flow(20_000)] }), holder(3, { flows: [flow(1)] })]).summary;
    assert.deepEqual([s1.signal, s1.distributing, s1.accumulating, s1.holding, s1.net_flow_ui, s1.distribution_detected], ['distribution', 1, 1, 1, -30_000, true]);
    const s2 = run([holder(1, { flows: [flow(-10_000)] }), holder(2, { flows: [flow(20_000)] })]).summary;
    assert.deepEqual([s2.signal, s2.distribution_detected], ['accumulation', true]);
  });
  it('a failed history makes "no distribution" unknown; whales beyond the cap (not read) do not', () => {
    const failed = run([holder(1, { flows: null, historyFailed: true }), holder(2)]).summary;
    assert.deepEqual([failed.unknown, failed.not_read, failed.distribution_detected, failed.signal], [1, 0, null, 'neutral']);
    const allFailed = run([holder(1, { flows: null, historyFailed: true })]).summary;
    assert.equal(allFailed.signal, 'unknown');
    const capped = run([holder(1), holder(2, { flows: null })]).summary;
    assert.deepEqual([capped.unknown, capped.not_read, capped.distribution_detected], [0, 1, false]);
  });
  it('supply percent of each holder', () => {
    assert.equal(run([holder(1, { uiAmount: 2_500_000 })]).rows[0]!.supply_pct, 25);
  });
});

describe('whale flows from enhanced transactions', () => {
  const tx = (over: Partial<EnhancedTransaction>): EnhancedTransaction => ({
    description: '', type: 'SWAP', source: 'RAYDIUM', fee: 5000, feePayer: 'W', signature: 's', slot: 1, timestamp: 1_000, nativeTransfers: [], tokenTransfers: [], accountData: [], ...over,
  } as EnhancedTransaction);
  const t = (from: string, to: string, amount: number, mint = 'M') => ({ fromUserAccount: from, toUserAccount: to, tokenAmount: amount, mint });
  it('counts this mint in and out of the owner, inside the window, successful transactions only', () => {
    const flows = flowsOf([
      tx({ signature: 'in', tokenTransfers: [t('P', 'W', 50)] }),
      tx({ signature: 'out', tokenTransfers: [t('W', 'P', 20), t('X', 'W', 5, 'OTHER')] }),
      tx({ signature: 'old', timestamp: 10, tokenTransfers: [t('W', 'P', 999)] }),
      tx({ signature: 'failed', transactionError: { error: 'x' }, tokenTransfers: [t('W', 'P', 999)] }),
      tx({ signature: 'self', tokenTransfers: [t('W', 'W', 999)] }),
      tx({ signature: 'none', tokenTransfers: [t('A', 'B', 7)] }),
    ], 'W', 'M', 500);
    assert.deepEqual(flows.map((f) => [f.signature, f.delta]), [['in', 50], ['out', -20]]);
  });
});
