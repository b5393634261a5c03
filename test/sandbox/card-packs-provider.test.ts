/**
 * The sandbox card-pack machines: the body validates against the very parser the production client uses
 * (Collector Crypt's real format, nothing else), it is read back by that client (through HttpSource) and
 * scored by the pack EV analytics: the designed verdicts hold under every exit strategy at every moment of
 * the weekly restock cycle, the designed special cases (hidden, zero price, over the buyback cap, sold out,
 * another franchise) are there, stock drifts with the clock, and the leg is wired into the sandbox providers.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { scanPackMachines, type ExitStrategy, type PackVerdict } from '../../src/analytics/discovery/pack-ev.js';
import { cardPackMachinesAt, createCardPackHandler, restockCycleFraction, SANDBOX_CARD_MACHINES, stockAt } from '../../src/sandbox/providers/card-packs.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import { CardPackClient, parseCatalog } from '../../src/sources/card-packs.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { failure } from '../helpers/source-failure.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

/** A Monday 00:00 UTC: the restock moment. */
const MONDAY = Date.UTC(2025, 2, 3);
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const MOMENTS_H = [0, 1, 37, 84, 125, 167.99];

let nowMs = MONDAY;
const faults = new FaultController();
let server: ProviderServer;
let client: CardPackClient;

before(async () => {
  server = await startProviderServer('card_packs', createCardPackHandler(() => new Date(nowMs)), faults);
  client = new CardPackClient({ http: new HttpSource({ leg: 'card_packs', baseUrl: server.url, backoffMs: 1, retries: 0, timers: sourceTimers }) });
});
after(() => server.close());
beforeEach(() => {
  nowMs = MONDAY;
  faults.clear();
});

/** Per public machine: our gross EV, buyback edge, marketplace edge (as docs/sandbox.md and the designs' comments state). */
const DESIGNED: Record<string, [ev: number | null, buyback: number | null, marketplace: number | null]> = {
  pokemon_50: [54, -8.2, 5.84],
  pokemon_250: [291, 4.76, 14.07],
  pokemon_1000: [727.5, -32.34, -28.71],
  pokemon_25: [17.9, -39.12, -29.84],
  onepiece_50: [50, -15, -2],
  onepiece_100: [92, -17.2, -9.84],
  onepiece_2500: [2350, -13.21, -7.88],
  onepiece_25: [null, null, null],
  baseball_100: [109, -1.9, 6.82],
};

/** The catalog fields Collector Crypt sends that the sandbox serves, and nothing else. */
const REAL_FIELDS = ['code', 'name', 'shortName', 'price', 'contains', 'instantBuyback', 'turboMode', 'public', 'targetEv', 'ev', 'odds', 'tierRanges', 'stock'];
const REAL_TIERS = ['common', 'uncommon', 'rare', 'epic'];

describe('the sandbox body is the real format', () => {
  test('at every moment of the week it validates against the client\'s own parser, no machine skipped', () => {
    for (const h of MOMENTS_H) {
      const body = cardPackMachinesAt(new Date(MONDAY + h * HOUR));
      // Through JSON, as the client receives it.
      const catalog = parseCatalog(JSON.parse(JSON.stringify(body)));
      assert.deepEqual(catalog.skipped, [], `+${h} h`);
      assert.equal(catalog.machines.length, SANDBOX_CARD_MACHINES.length);
    }
  });

  test('only the real envelope, field names, tiers and units', () => {
    const body = cardPackMachinesAt(new Date(MONDAY)) as unknown as Record<string, unknown>;
    assert.deepEqual(Object.keys(body), ['machines']);
    for (const m of cardPackMachinesAt(new Date(MONDAY)).machines) {
      assert.deepEqual(Object.keys(m).filter((k) => !REAL_FIELDS.includes(k)), [], m.code);
      assert.ok(Object.keys(m.odds).every((t) => REAL_TIERS.includes(t)), `${m.code}: tiers`);
      assert.deepEqual(Object.keys(m.tierRanges), Object.keys(m.odds));
      assert.deepEqual(Object.keys(m.stock), Object.keys(m.odds));
      // Odds are fractions summing to 1; the buyback is a percent the platform states (85, 90 or 93).
      assert.ok(Math.abs(Object.values(m.odds).reduce((s, p) => s + p, 0) - 1) < 1e-9, `${m.code}: odds`);
      assert.ok([85, 90, 93].includes(m.instantBuyback), `${m.code}: buyback ${m.instantBuyback}`);
      assert.equal(typeof m.public, 'boolean');
    }
  });
});

describe('sandbox card-pack machines through the production client', () => {
  test('serves every machine, hidden ones included, with stock at its base right after the restock', async () => {
    const { machines, skipped } = await client.machines();
    assert.deepEqual(skipped, []);
    assert.deepEqual(machines.map((m) => m.code), SANDBOX_CARD_MACHINES.map((d) => d.code));
    assert.deepEqual(machines.filter((m) => m.public === false).map((m) => m.code), ['pokemon_80', 'promo_0']);
    const p50 = machines.find((m) => m.code === 'pokemon_50')!;
    assert.deepEqual(p50.stock, { common: 1800, uncommon: 520, rare: 210, epic: 48 });
    assert.deepEqual(p50.odds, { common: 0.7, uncommon: 0.2, rare: 0.08, epic: 0.02 });
    assert.deepEqual(p50.tierRanges.epic, { start: 250, end: 650 });
    assert.deepEqual([p50.price, p50.contains, p50.instantBuyback, p50.ev], [50, 1, 85, 55]);
  });

  test('the designed EVs and edges hold at every moment of the week, under every strategy; every verdict shows', async () => {
    for (const offsetHours of MOMENTS_H) {
      nowMs = MONDAY + offsetHours * HOUR;
      const { machines } = await client.machines();
      for (const strategy of ['buyback', 'marketplace', 'both'] as ExitStrategy[]) {
        const scan = scanPackMachines(machines, { exitStrategy: strategy });
        assert.deepEqual(scan.machines.map((m) => m.code).sort(), Object.keys(DESIGNED).sort(), 'the public machines');
        assert.equal(scan.hidden_excluded, 2);
        for (const m of scan.machines) {
          const [ev, buyback, market] = DESIGNED[m.code]!;
          assert.deepEqual([m.gross_ev_usd, m.exits.buyback.edge_pct, m.exits.marketplace.edge_pct], [ev, buyback, market], `${m.code} at +${offsetHours} h`);
        }
        const verdicts = new Set(scan.machines.map((m) => m.verdict));
        for (const v of ['POSITIVE_EV', 'HOUSE_EDGE', 'NEGATIVE_EV'] as PackVerdict[]) assert.ok(verdicts.has(v), `${v} under ${strategy} at +${offsetHours} h`);
        assert.equal(scan.verdict_counts.unavailable, 1);
      }
      // The hidden free machine gives the last status the endpoint has: unpriced.
      assert.equal(scanPackMachines(machines, { machine: 'promo_0' }).verdict_counts.unpriced, 1);
    }
  });

  test('the designed special cases', async () => {
    const { machines } = await client.machines();
    const scan = scanPackMachines(machines, { exitStrategy: 'both' });
    const byCode = new Map(scan.machines.map((m) => [m.code, m]));
    // The marketplace exit is positive while the buyback is not; `both` rests on the certain buyback: HOUSE_EDGE.
    const p50 = byCode.get('pokemon_50')!;
    assert.deepEqual([p50.exits.buyback.verdict, p50.exits.marketplace.verdict, p50.verdict_exit, p50.verdict], ['HOUSE_EDGE', 'POSITIVE_EV', 'buyback', 'HOUSE_EDGE']);
    // Rare and epic sold out: renormalized, 0 % rare + epic stock.
    const p25 = byCode.get('pokemon_25')!;
    assert.deepEqual([p25.depleted_tiers, p25.odds_renormalized, p25.rare_epic_stock_share_pct], [['rare', 'epic'], true, 0]);
    // The buyback exactly at −15 %: HOUSE_EDGE, the boundary.
    assert.deepEqual([byCode.get('onepiece_50')!.exits.buyback.edge_pct, byCode.get('onepiece_50')!.exits.buyback.verdict], [-15, 'HOUSE_EDGE']);
    // An epic tier above the 40,000 USD cap.
    const op2500 = byCode.get('onepiece_2500')!;
    assert.deepEqual([op2500.exits.buyback.capped_tiers, op2500.exits.buyback.cap_reduction_usd, op2500.exits.buyback.value_usd], [['epic'], 15.8, 2169.7]);
    assert.equal(op2500.tiers.find((t) => t.rarity === 'epic')!.value_range_usd.end, 100_000);
    // Our EV and the platform's more than 10 % apart.
    const p250 = byCode.get('pokemon_250')!;
    assert.deepEqual([p250.platform_ev_usd, p250.ev_gap_pct, p250.ev_gap_flagged], [262.5, 10.86, true]);
    // Another franchise, two cards per pull: only `all` shows it.
    const bsb = byCode.get('baseball_100')!;
    assert.deepEqual([bsb.franchise, bsb.cards_per_pull], ['other', 2]);
    assert.equal(scanPackMachines(machines, { franchise: 'pokemon' }).machines.some((m) => m.code === 'baseball_100'), false);
    // Sold out entirely: ranked last, no verdict.
    assert.deepEqual([scan.machines.at(-1)!.code, scan.machines.at(-1)!.available, scan.machines.at(-1)!.verdict], ['onepiece_25', false, null]);
    // The hidden machines: scored when asked for by code; the free one's franchise comes from its name.
    const hidden = scanPackMachines(machines, { machine: 'pokemon_80', exitStrategy: 'buyback' }).machines[0]!;
    assert.deepEqual([hidden.hidden, hidden.edge_pct, hidden.verdict], [true, -2.8, 'HOUSE_EDGE']);
    const promo = scanPackMachines(machines, { machine: 'promo_0' }).machines[0]!;
    assert.deepEqual([promo.hidden, promo.priced, promo.gross_ev_usd, promo.verdict, promo.franchise, promo.franchise_from], [true, false, 6, null, 'pokemon', 'name']);
  });

  test('stock drains through the week and is restocked on Monday 00:00 UTC', async () => {
    assert.equal(restockCycleFraction(new Date(MONDAY)), 0);
    nowMs = MONDAY + WEEK / 2;
    const mid = (await client.machines()).machines.find((m) => m.code === 'pokemon_50')!;
    // Half a week: common 1800 − ⌊1800 × 0.45 × 0.5⌋ = 1395; uncommon 520 − ⌊91⌋ = 429; rare 210 − ⌊31.5⌋ = 179; epic 48 − ⌊6⌋ = 42.
    assert.deepEqual(mid.stock, { common: 1395, uncommon: 429, rare: 179, epic: 42 });
    // The last moment before the restock: drained by less than the DRAIN share (45 % … 25 %), never to 0;
    // a designed-empty tier stays empty.
    nowMs = MONDAY + WEEK - 1;
    let drained = 0;
    for (const m of (await client.machines()).machines) {
      const design = SANDBOX_CARD_MACHINES.find((d) => d.code === m.code)!;
      for (const [tier, , base] of design.tiers) {
        const stock = m.stock[tier]!;
        assert.ok(base === 0 ? stock === 0 : stock >= 0.55 * base && stock >= 1 && stock <= base, `${m.code} ${tier}: ${stock} of ${base}`);
        if (stock < base) drained++;
      }
    }
    assert.ok(drained >= 25, `most tiers drained (${drained})`);
    nowMs = MONDAY + WEEK;
    assert.deepEqual((await client.machines()).machines.find((m) => m.code === 'pokemon_50')!.stock, { common: 1800, uncommon: 520, rare: 210, epic: 48 });
    // Before the world's first restock the cycle still runs (no negative fractions).
    assert.equal(stockAt(100, 'common', new Date(Date.UTC(2023, 11, 28))), 100 - Math.floor(100 * 0.45 * (3 / 7)));
  });

  test('the same clock gives the same body', () => {
    const at = new Date(MONDAY + 50 * HOUR);
    assert.deepEqual(cardPackMachinesAt(at), cardPackMachinesAt(new Date(at)));
    assert.notDeepEqual(cardPackMachinesAt(at), cardPackMachinesAt(new Date(MONDAY)), 'stock moves with the clock');
  });

  test('other paths are 404; injected faults reach the client', async () => {
    const res = await fetch(`${server.url}/api/stock`);
    assert.equal(res.status, 404);
    for (const fault of [{ malformed: true }, { wrongShape: true }, { wrongTypes: true }, { missingFields: true }]) {
      faults.set('card_packs', fault);
      assert.equal((await failure(client.machines())).kind, 'malformed', JSON.stringify(fault));
    }
    faults.set('card_packs', { errorRate: 1 });
    assert.equal((await failure(client.machines())).kind, 'unavailable');
  });
});

describe('card_packs in the sandbox providers', () => {
  test('startSandboxProviders serves the leg and hands its URL to createSources', async () => {
    // Imported here so the tests above depend on this provider alone, not on every sandbox provider.
    const { startSandboxProviders } = await import('../../src/sandbox/providers/index.js');
    const { createSandboxWorld } = await import('../../src/sandbox/world/index.js');
    const { createSources } = await import('../../src/sources/index.js');
    const providers = await startSandboxProviders(createSandboxWorld('card-packs-test'), () => new Date(MONDAY), new FaultController());
    try {
      assert.equal(providers.servers.card_packs.leg, 'card_packs');
      assert.equal(providers.urls.cardPacks, providers.servers.card_packs.url);
      const sources = createSources(providers.urls, {}, { timeoutMs: 2000, retries: 0 }, undefined, sourceTimers);
      assert.equal((await sources.cardPacks.machines()).machines.length, SANDBOX_CARD_MACHINES.length);
    } finally {
      await providers.close();
    }
  });
});
