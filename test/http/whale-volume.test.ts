/**
 * whale-watch's USD buy and sell volume, paid on the sandbox cast: every listed transfer carries its USD
 * value at the answer's price, each whale's bought_usd / sold_usd sum its transfers, and the summary's
 * buy_volume_usd / sell_volume_usd sum the whales' — to the cent, from the parts shown. RUGR's whales only
 * sell (a sell volume, no buy volume); GULP's whale buys, more over a week than over a day.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { paidSuite } from '../helpers/paid-answers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
// + 0: a sum of nothing is 0, never −0.
const cents = (v: number) => Math.round(v * 100) / 100 + 0;
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

/** Every USD volume of the answer recomputed from its parts. */
function assertVolumesAddUp(j: Json): void {
  assert.equal(typeof j.price_usd, 'number');
  const read = j.holders.filter((h: Json) => h.role === 'whale' && h.activity);
  assert.ok(read.length > 0, 'some whale history was read');
  for (const h of read) {
    const a = h.activity;
    for (const e of a.evidence) assert.equal(e.delta_usd, cents(e.delta_ui * j.price_usd), `${h.owner} ${e.signature}`);
    assert.equal(a.bought_usd, cents(sum(a.evidence.filter((e: Json) => e.delta_ui > 0).map((e: Json) => e.delta_usd))), h.owner);
    assert.equal(a.sold_usd, cents(-sum(a.evidence.filter((e: Json) => e.delta_ui < 0).map((e: Json) => e.delta_usd))), h.owner);
  }
  assert.equal(j.summary.buy_volume_usd, cents(sum(read.map((h: Json) => h.activity.bought_usd))));
  assert.equal(j.summary.sell_volume_usd, cents(sum(read.map((h: Json) => h.activity.sold_usd))));
}

describe('whale-watch: USD buy and sell volume of the whales over the window', () => {
  const { call } = paidSuite();

  it('RUGR: whales that only sell — a sell volume, no buy volume, every figure recomputed from the transfers listed', async () => {
    const j = await call('whale-watch', { mint: A.TOKEN_RISKY });
    assertVolumesAddUp(j);
    assert.equal(j.summary.signal, 'distribution');
    assert.ok(j.summary.sell_volume_usd > 0, JSON.stringify(j.summary));
    const dev = j.holders.find((h: Json) => h.owner === A.WALLET_RUGR_DEV);
    assert.equal(dev.activity.bought_usd, 0);
    // The net USD flow of the sellers is the sell volume less the buy volume of the same whales, within a cent per whale.
    const movers = j.holders.filter((h: Json) => h.activity && h.activity.trend !== 'holding');
    assert.ok(Math.abs(sum(movers.map((h: Json) => h.activity.bought_usd - h.activity.sold_usd)) - j.summary.net_flow_usd) <= 0.01 * (movers.length + 1));
  });

  it('GULP: the accumulating whale\'s buy volume, larger over a week than over a day', async () => {
    const [day, week] = await Promise.all([
      call('whale-watch', { mint: A.TOKEN_WHALE_ACCUMULATING }),
      call('whale-watch', { mint: A.TOKEN_WHALE_ACCUMULATING, lookback_hours: 168 }),
    ]);
    for (const j of [day, week]) {
      assertVolumesAddUp(j);
      assert.ok(j.summary.buy_volume_usd > 0);
    }
    assert.ok(week.summary.buy_volume_usd > day.summary.buy_volume_usd);
  });

  it('due-diligence carries the same whale volumes in its whale_activity, at the same price as whale-watch', async () => {
    const j = await call('due-diligence', { mint: A.TOKEN_RISKY });
    assert.equal(typeof j.whale_activity.summary.sell_volume_usd, 'number', JSON.stringify(j.whale_activity.summary));
    assertVolumesAddUp({ ...j.whale_activity, price_usd: j.token_analysis.price.price_usd });
  });
});

describe('whale-watch and due-diligence at one moment: the same price, the same USD flows', () => {
  const fixed = paidSuite({ fixedNow: new Date('2026-11-20T10:17:00Z') });

  it('whale-watch values the flows at the token analysis\'s median price (three sources), as due-diligence does', async () => {
    for (const mint of [A.TOKEN_RISKY, A.TOKEN_WHALE_ACCUMULATING]) {
      const [ww, dd] = await Promise.all([fixed.call('whale-watch', { mint }), fixed.call('due-diligence', { mint })]);
      assert.equal(ww.price_usd, dd.token_analysis.price.price_usd, mint);
      const pick = (s: Json) => [s.net_flow_usd, s.buy_volume_usd, s.sell_volume_usd];
      assert.deepEqual(pick(ww.summary), pick(dd.whale_activity.summary), mint);
    }
  });
});
