/**
 * gacha-ev-scan's verdict rests on the exit that is certain. With `exit_strategy: both` (the default) a
 * machine is judged on its instant buyback (guaranteed cash); the marketplace — which may not fill — is
 * reported beside it as upside with what it would take to break even. Paid calls on the sandbox catalog
 * (src/sandbox/providers/card-packs.ts): pokemon_50 and baseball_100 lose money on the buyback (−8.20 %,
 * −1.90 %) and gain only on a marketplace sale at insured value (+5.84 %, +6.82 %); before the rule they
 * read POSITIVE_EV.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paidCall } from '../helpers/paid-answers.js';
import { suiteService } from '../helpers/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('gacha-ev-scan: the verdict on the certain exit, the marketplace as upside', () => {
  const service = suiteService({ fixedNow: new Date('2026-11-20T10:00:00Z') });

  async function scan(body: Record<string, unknown>): Promise<Json> {
    const r = await paidCall(service, 'solana', 'gacha-ev-scan', body, { outputSchema: true });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json;
  }

  it('both: every verdict is the buyback\'s; no machine whose guaranteed exit loses money reads POSITIVE_EV', async () => {
    const d = await scan({ exit_strategy: 'both', format: 'both' });
    const priced = d.machines.filter((m: Json) => m.edge_pct !== null);
    assert.ok(priced.length >= 8);
    for (const m of priced) {
      assert.equal(m.verdict_exit, 'buyback', m.code);
      assert.deepEqual([m.verdict, m.edge_pct], [m.exits.buyback.verdict, m.exits.buyback.edge_pct], m.code);
      if (m.exits.buyback.edge_pct <= 0) assert.notEqual(m.verdict, 'POSITIVE_EV', `${m.code}: its certain exit loses money`);
    }
    const byCode = (code: string) => d.machines.find((m: Json) => m.code === code);
    // The two machines the marketplace alone would have called POSITIVE_EV.
    assert.deepEqual([byCode('pokemon_50').verdict, byCode('pokemon_50').exits.marketplace.verdict], ['HOUSE_EDGE', 'POSITIVE_EV']);
    assert.deepEqual([byCode('baseball_100').verdict, byCode('baseball_100').exits.marketplace.verdict], ['HOUSE_EDGE', 'POSITIVE_EV']);
    assert.equal(d.verdict_counts.POSITIVE_EV, 1, 'pokemon_250 alone pays on the buyback (+4.76 %)');
    // Ranking follows the buyback edge.
    const edges = priced.map((m: Json) => m.edge_pct);
    assert.deepEqual(edges, [...edges].sort((a: number, b: number) => b - a));
    assert.match(d.llm_summary, /by the instant buyback \(certain cash\), the marketplace beside it as upside/);
  });

  it('the marketplace beside it: its upside over the buyback and the share of insured value a sale must fetch, recomputable', async () => {
    const d = await scan({});
    for (const m of d.machines.filter((x: Json) => x.edge_pct !== null)) {
      const mk = m.exits.marketplace;
      assert.equal(mk.upside_over_buyback_usd, Math.round((mk.value_usd - m.exits.buyback.value_usd) * 100) / 100, m.code);
      assert.equal(mk.breakeven_sale_pct_of_insured, Math.round((m.price_usd / mk.value_usd) * 10_000) / 100, m.code);
    }
    // pokemon_50: marketplace 52.92 vs buyback 45.90 → +7.02; break-even at 50 ÷ 52.92 = 94.48 % of insured value.
    const p50 = d.machines.find((m: Json) => m.code === 'pokemon_50');
    assert.deepEqual([p50.exits.marketplace.upside_over_buyback_usd, p50.exits.marketplace.breakeven_sale_pct_of_insured], [7.02, 94.48]);
    const upside = d.caveats.find((c: Json) => c.code === 'marketplace_upside_only');
    assert.ok(upside, JSON.stringify(d.caveats));
    assert.match(upside.message, /pokemon_50 \(buyback -8\.2 % HOUSE_EDGE; marketplace \+5\.84 % only if sales fetch at least 94\.48 % of insured value\)/);
    assert.match(upside.message, /baseball_100/);
    assert.doesNotMatch(upside.message, /pokemon_250/, 'its buyback pays: no upside-only caveat for it');
  });

  it('min_edge_pct with both filters on the buyback edge; marketplace is a what-if, caveated', async () => {
    const positive = await scan({ min_edge_pct: 0 });
    assert.deepEqual(positive.machines.map((m: Json) => m.code), ['pokemon_250']);

    const market = await scan({ exit_strategy: 'marketplace' });
    assert.equal(market.machines[0].verdict_exit, 'marketplace');
    const c = market.caveats.find((x: Json) => x.code === 'verdict_not_certain');
    assert.ok(c, JSON.stringify(market.caveats));
    assert.match(c.message, /may not fill; the certain exit is the instant buyback, which loses money on .*pokemon_50/);
    // The what-if points to the certain exit of its top machine; a scan already on the buyback does not.
    assert.deepEqual(market.next_steps.find((x: Json) => x.endpoint === 'gacha-ev-scan')?.input, { machine: 'pokemon_250', exit_strategy: 'buyback' });
    assert.ok(!positive.next_steps.some((x: Json) => x.endpoint === 'gacha-ev-scan' && x.input.exit_strategy === 'buyback'));
  });
});
