/**
 * Contract tests of the card-pack machines client: the real client (and HttpSource underneath) runs
 * against a loopback server serving a fixture hand-written to the service's documented (assumed)
 * `GET /api/machines` format (src/sources/wire/card-packs.ts, docs/gacha.md).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, beforeEach, describe, test } from 'node:test';
import { CARD_PACKS_LIVE_URL, CardPackClient } from '../../src/sources/card-packs.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { LIVE_SOURCE_URLS } from '../../src/sources/index.js';
import { failure } from '../helpers/source-failure.js';
import { startScriptedServer, type ScriptedServer } from '../helpers/scripted-server.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

const MACHINES = readFileSync(new URL('../fixtures/card-packs/machines.json', import.meta.url), 'utf8');

let fake: ScriptedServer;

before(async () => {
  fake = await startScriptedServer();
});
after(() => fake.close());
beforeEach(() => fake.reset());

function client(): CardPackClient {
  return new CardPackClient({ http: new HttpSource({ leg: 'card_packs', baseUrl: fake.baseUrl, backoffMs: 1, retries: 2, timers: sourceTimers }) });
}

/** The fixture with one edit applied to its parsed body. */
function edited(edit: (body: { machines: Record<string, unknown>[] }) => void): string {
  const body = JSON.parse(MACHINES) as { machines: Record<string, unknown>[] };
  edit(body);
  return JSON.stringify(body);
}

describe('CardPackClient.machines', () => {
  test('asks GET /api/machines and parses every machine and tier', async () => {
    fake.script = [{ body: MACHINES }];
    const machines = await client().machines();
    assert.deepEqual(fake.requests.map((r) => r.url), ['/api/machines']);
    assert.deepEqual(machines.map((m) => m.code), ['pokemon_50', 'onepiece_25', 'pokemon_1000']);
    const first = machines[0]!;
    assert.equal(first.name, 'Pokémon Classic Pack');
    assert.equal(first.franchise, 'pokemon');
    assert.equal(first.price_usd, 50);
    assert.equal(first.buyback_rate, 0.85);
    assert.deepEqual(first.tiers[3], { rarity: 'epic', odds: 0.02, stock: 45, avg_insured_value_usd: 450 });
    assert.deepEqual(machines[2]!.tiers.map((t) => t.rarity), ['common', 'uncommon', 'rare', 'epic', 'legendary']);
  });

  test('an empty machine list is an answer, not an error', async () => {
    fake.script = [{ body: '{"machines":[]}' }];
    assert.deepEqual(await client().machines(), []);
  });

  test('the live default is Collector Crypt\'s gacha host', () => {
    assert.equal(CARD_PACKS_LIVE_URL, 'https://gacha.collectorcrypt.com');
    assert.equal(LIVE_SOURCE_URLS.cardPacks, CARD_PACKS_LIVE_URL);
  });
});

describe('CardPackClient failures (malformed)', () => {
  const cases: [string, string][] = [
    ['a truncated body', MACHINES.slice(0, 300)],
    ['a bare array where the `machines` envelope is documented', JSON.stringify(JSON.parse(MACHINES).machines)],
    ['a machine without a code', edited((b) => delete b.machines[0]!.code)],
    ['a price of 0 (an edge per dollar cannot be computed)', edited((b) => (b.machines[0]!.price_usd = 0))],
    ['a buyback rate given in percent (85) instead of a fraction', edited((b) => (b.machines[0]!.buyback_rate = 85))],
    ['odds above 1', edited((b) => ((b.machines[0]!.tiers as Record<string, unknown>[])[0]!.odds = 1.2))],
    ['a fractional stock', edited((b) => ((b.machines[0]!.tiers as Record<string, unknown>[])[0]!.stock = 2.5))],
    ['a negative insured value', edited((b) => ((b.machines[0]!.tiers as Record<string, unknown>[])[1]!.avg_insured_value_usd = -1))],
    ['an unknown rarity', edited((b) => ((b.machines[0]!.tiers as Record<string, unknown>[])[1]!.rarity = 'mythic'))],
    ['a price as a string', edited((b) => (b.machines[0]!.price_usd = '50'))],
  ];
  for (const [name, body] of cases) {
    test(`${name} is malformed on leg card_packs`, async () => {
      fake.script = [{ body }];
      const err = await failure(client().machines());
      assert.equal(err.kind, 'malformed');
      assert.equal(err.leg, 'card_packs');
      assert.equal(fake.requests.length, 1, 'a malformed body is not retried');
    });
  }
});

describe('CardPackClient transport', () => {
  test('a 503 then a 200 is retried to success', async () => {
    fake.script = [{ status: 503, body: '{"error":"busy"}' }, { body: MACHINES }];
    assert.equal((await client().machines()).length, 3);
    assert.equal(fake.requests.length, 2);
  });

  test('three 500s are `unavailable` after exactly three attempts', async () => {
    fake.script = [{ status: 500, body: '{"error":"Machine empty"}' }];
    const err = await failure(client().machines());
    assert.equal(err.kind, 'unavailable');
    assert.equal(fake.requests.length, 3);
  });
});
