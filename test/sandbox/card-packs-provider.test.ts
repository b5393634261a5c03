/**
 * The sandbox card-pack machines, read back by the production client (through HttpSource) and scored by
 * the pack EV analytics: the designed verdicts hold under every exit strategy at every moment of the
 * weekly restock cycle, stock drifts with the clock, and the leg is wired into the sandbox providers.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { scanPackMachines, type ExitStrategy, type PackVerdict } from '../../src/analytics/discovery/pack-ev.js';
import { cardPackMachinesAt, createCardPackHandler, restockCycleFraction, SANDBOX_CARD_MACHINES, stockAt } from '../../src/sandbox/providers/card-packs.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderServer } from '../../src/sandbox/providers/server.js';
import { CardPackClient } from '../../src/sources/card-packs.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { failure } from '../helpers/source-failure.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

/** A Monday 00:00 UTC: the restock moment. */
const MONDAY = Date.UTC(2025, 2, 3);
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

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

/** Per machine: gross EV, buyback edge, marketplace edge (as docs/sandbox.md and the designs' comments state). */
const DESIGNED: Record<string, [ev: number | null, buyback: number | null, marketplace: number | null]> = {
  pokemon_50: [54, -8.2, 5.84],
  pokemon_250: [291, 4.76, 14.07],
  pokemon_1000: [780.5, -27.41, -23.51],
  pokemon_25: [17.9, -39.12, -29.84],
  onepiece_50: [50, -12, -2],
  onepiece_100: [92, -21.8, -9.84],
  onepiece_500: [561, 4.35, 9.96],
  onepiece_25: [null, null, null],
};

describe('sandbox card-pack machines', () => {
  test('serves eight machines of both franchises through the production client', async () => {
    const machines = await client.machines();
    assert.deepEqual(machines.map((m) => m.code), SANDBOX_CARD_MACHINES.map((d) => d.code));
    assert.equal(machines.length, 8);
    assert.deepEqual([...new Set(machines.map((m) => m.franchise))].sort(), ['onepiece', 'pokemon']);
    // Right after the restock every tier holds its base stock.
    const p50 = machines.find((m) => m.code === 'pokemon_50')!;
    assert.deepEqual(p50.tiers.map((t) => t.stock), [1800, 520, 210, 48]);
    assert.deepEqual(p50.tiers.map((t) => [t.rarity, t.odds, t.avg_insured_value_usd]), [['common', 0.7, 30], ['uncommon', 0.2, 60], ['rare', 0.08, 150], ['epic', 0.02, 450]]);
    assert.equal(p50.buyback_rate, 0.85);
  });

  test('the designed EVs and edges hold at every moment of the week, under every strategy', async () => {
    for (const offsetHours of [0, 1, 37, 84, 125, 167.99]) {
      nowMs = MONDAY + offsetHours * HOUR;
      const machines = await client.machines();
      for (const strategy of ['buyback', 'marketplace', 'both'] as ExitStrategy[]) {
        const scan = scanPackMachines(machines, { exitStrategy: strategy });
        for (const m of scan.machines) {
          const [ev, buyback, market] = DESIGNED[m.code]!;
          assert.deepEqual([m.gross_ev_usd, m.exits.buyback.edge_pct, m.exits.marketplace.edge_pct], [ev, buyback, market], `${m.code} at +${offsetHours} h`);
        }
        // Every verdict shows under every strategy.
        const verdicts = new Set(scan.machines.map((m) => m.verdict));
        for (const v of ['POSITIVE_EV', 'HOUSE_EDGE', 'NEGATIVE_EV'] as PackVerdict[]) assert.ok(verdicts.has(v), `${v} under ${strategy} at +${offsetHours} h`);
        assert.equal(scan.verdict_counts.unavailable, 1);
      }
    }
  });

  test('the designed special cases', async () => {
    const scan = scanPackMachines(await client.machines(), { exitStrategy: 'both' });
    const byCode = new Map(scan.machines.map((m) => [m.code, m]));
    // The marketplace exit is positive while the buyback is not; `both` then reads POSITIVE_EV from the marketplace.
    const p50 = byCode.get('pokemon_50')!;
    assert.deepEqual([p50.exits.buyback.verdict, p50.exits.marketplace.verdict, p50.verdict_exit, p50.verdict], ['HOUSE_EDGE', 'POSITIVE_EV', 'marketplace', 'POSITIVE_EV']);
    // Rare and epic sold out: renormalized, 0 % rare + epic stock.
    const p25 = byCode.get('pokemon_25')!;
    assert.deepEqual([p25.depleted_tiers, p25.odds_renormalized, p25.rare_epic_stock_share_pct], [['rare', 'epic'], true, 0]);
    // An advertised 95 % buyback, clamped to 93 %.
    const op500 = byCode.get('onepiece_500')!.exits.buyback;
    assert.deepEqual([op500.advertised_rate_pct, op500.rate_pct, op500.rate_clamped], [95, 93, true]);
    // Sold out entirely: ranked last, no verdict.
    assert.deepEqual([scan.machines.at(-1)!.code, scan.machines.at(-1)!.available, scan.machines.at(-1)!.verdict], ['onepiece_25', false, null]);
    // A legendary tier exists somewhere.
    assert.ok(byCode.get('pokemon_1000')!.tiers.some((t) => t.rarity === 'legendary'));
  });

  test('stock drains through the week and is restocked on Monday 00:00 UTC', async () => {
    assert.equal(restockCycleFraction(new Date(MONDAY)), 0);
    nowMs = MONDAY + WEEK / 2;
    const mid = (await client.machines()).find((m) => m.code === 'pokemon_50')!;
    // Half a week: common 1800 − ⌊1800 × 0.45 × 0.5⌋ = 1395; uncommon 520 − ⌊91⌋ = 429; rare 210 − ⌊31.5⌋ = 179; epic 48 − ⌊6⌋ = 42.
    assert.deepEqual(mid.tiers.map((t) => t.stock), [1395, 429, 179, 42]);
    // The last moment before the restock: drained by less than the DRAIN share (45 % … 20 %), never to 0;
    // a designed-empty tier stays empty.
    nowMs = MONDAY + WEEK - 1;
    let drained = 0;
    for (const m of await client.machines()) {
      const design = SANDBOX_CARD_MACHINES.find((d) => d.code === m.code)!;
      m.tiers.forEach((t, i) => {
        const base = design.tiers[i]![2];
        assert.ok(base === 0 ? t.stock === 0 : t.stock >= 0.55 * base && t.stock >= 1 && t.stock <= base, `${m.code} ${t.rarity}: ${t.stock} of ${base}`);
        if (t.stock < base) drained++;
      });
    }
    assert.ok(drained >= 25, `most tiers drained (${drained})`);
    nowMs = MONDAY + WEEK;
    assert.deepEqual((await client.machines()).find((m) => m.code === 'pokemon_50')!.tiers.map((t) => t.stock), [1800, 520, 210, 48]);
    // Before the world's first restock the cycle still runs (no negative fractions).
    assert.equal(stockAt(100, 'common', new Date(Date.UTC(2023, 11, 28))), 100 - Math.floor(100 * 0.45 * (3 / 7)));
  });

  test('the same clock gives the same body', () => {
    const at = new Date(MONDAY + 50 * HOUR);
    assert.deepEqual(cardPackMachinesAt(at), cardPackMachinesAt(new Date(at)));
    assert.equal(cardPackMachinesAt(at).updated_at, at.toISOString());
  });

  test('other paths are 404; injected faults reach the client', async () => {
    const res = await fetch(`${server.url}/api/stock`);
    assert.equal(res.status, 404);
    faults.set('card_packs', { malformed: true });
    assert.equal((await failure(client.machines())).kind, 'malformed');
    faults.set('card_packs', { wrongShape: true });
    assert.equal((await failure(client.machines())).kind, 'malformed');
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
      assert.equal((await sources.cardPacks.machines()).length, 8);
    } finally {
      await providers.close();
    }
  });
});
