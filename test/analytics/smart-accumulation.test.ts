/**
 * What the winners accumulate (src/analytics/smart-accumulation.ts) on hand-computed fills: net amount and
 * net USD both positive, the dust boundary of a round trip sold back to the last unit, a profitable partial
 * exit and a losing round trip (not accumulating), and the ranking by wallets, then net USD, then last buy.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Fill } from '../../src/analytics/copy-trade-ledger.js';
import { ACCUMULATION_DUST, accumulatedTokens, isAccumulating } from '../../src/analytics/smart-accumulation.js';

const T0 = 1_795_000_000;
let seq = 0;
const buy = (mint: string, amount: number, usd: number, t = T0): Fill => ({ signature: `b${seq++}`, timestamp: t, side: 'buy', mint, amount, usd, quote: 'stable' });
const sell = (mint: string, amount: number, usd: number, t = T0 + 60): Fill => ({ signature: `s${seq++}`, timestamp: t, side: 'sell', mint, amount, usd, quote: 'sol' });
const iso = (t: number) => new Date(t * 1000).toISOString();

describe('isAccumulating', () => {
  it('holds more (beyond dust) and put net cash in', () => {
    assert.equal(isAccumulating({ bought: 100, sold: 40, boughtUsd: 100, soldUsd: 50 }), true);
    // A profitable partial exit: cost taken back out.
    assert.equal(isAccumulating({ bought: 100, sold: 50, boughtUsd: 100, soldUsd: 150 }), false);
    // Net USD exactly 0: not accumulating (strictly positive).
    assert.equal(isAccumulating({ bought: 100, sold: 50, boughtUsd: 100, soldUsd: 100 }), false);
    // Sold more than bought (earlier holdings): distributing, even at a loss in USD.
    assert.equal(isAccumulating({ bought: 100, sold: 150, boughtUsd: 100, soldUsd: 50 }), false);
  });

  it('dust boundary: a losing round trip sold back to the last unit is not a holding', () => {
    const bought = 1_000_000;
    const atDust = bought - bought * ACCUMULATION_DUST; // net = exactly the dust share
    assert.equal(isAccumulating({ bought, sold: atDust, boughtUsd: 500, soldUsd: 480 }), false);
    assert.equal(isAccumulating({ bought, sold: atDust - 1, boughtUsd: 500, soldUsd: 480 }), true);
    assert.equal(isAccumulating({ bought, sold: bought - 1e-6, boughtUsd: 500, soldUsd: 480 }), false, 'one raw unit of a 6-decimal token');
  });
});

describe('accumulatedTokens', () => {
  it('per token over the accumulating wallets only; ranked by wallets, then net USD, then last buy, then mint', () => {
    const fills = new Map<string, Fill[]>([
      // W1: GULP twice ($800 + $1,000) → accumulating; RUN bought $500, sold at 7× → not.
      ['W1', [buy('GULP', 10, 800, T0), buy('GULP', 12, 1_000, T0 + 86_400), buy('RUN', 1_000, 500, T0 + 100), sell('RUN', 1_000, 3_500, T0 + 200)]],
      // W2: GULP $1,200, then a partial sale $300 → net $900, still accumulating; BIG alone $5,000.
      ['W2', [buy('GULP', 15, 1_200, T0 + 50), sell('GULP', 5, 300, T0 + 500), buy('BIG', 100, 5_000, T0 + 10)]],
      // W3: TIE1 and TIE2 $700 each, TIE2 bought later; DUMP lost on a round trip sold to the last unit.
      ['W3', [buy('TIE1', 7, 700, T0 + 1), buy('TIE2', 7, 700, T0 + 2), buy('DUMP', 1_000_000, 500, T0), sell('DUMP', 1_000_000 - 1e-6, 450, T0 + 9)]],
      // W4: ALPHA, the same USD as BIG at the same moment: the mint decides.
      ['W4', [buy('ALPHA', 1, 5_000, T0 + 10)]],
    ]);
    const r = accumulatedTokens(fills);
    assert.deepEqual(r.map((t) => [t.mint, t.wallets, t.net_usd]), [
      ['GULP', 2, 2_700], // 2 wallets first: $1,800 + $900
      ['ALPHA', 1, 5_000], // $5,000 ties BIG at the same last buy: mint order
      ['BIG', 1, 5_000],
      ['TIE2', 1, 700], // $700 ties TIE1: the later last buy first
      ['TIE1', 1, 700],
    ]);
    const gulp = r[0]!;
    assert.equal(gulp.bought_usd, 3_000);
    assert.equal(gulp.sold_usd, 300);
    assert.equal(gulp.buys, 3);
    assert.equal(gulp.sells, 1);
    assert.equal(gulp.last_buy_at, iso(T0 + 86_400));
    assert.deepEqual(gulp.by_wallet.map((w) => [w.wallet, w.net_usd, w.net_amount_ui, w.buys, w.sells, w.last_buy_at]), [
      ['W1', 1_800, 22, 2, 0, iso(T0 + 86_400)],
      ['W2', 900, 10, 1, 1, iso(T0 + 50)],
    ]);
    assert.ok(!r.some((t) => t.mint === 'RUN' || t.mint === 'DUMP'), 'profit taken and dust round trips are not accumulation');
  });

  it('no fills, or only round trips: nothing accumulated', () => {
    assert.deepEqual(accumulatedTokens(new Map()), []);
    assert.deepEqual(accumulatedTokens(new Map([['W', [buy('X', 5, 100), sell('X', 5, 120)]]])), []);
  });
});
