/**
 * Contract tests of the card-pack machines client: the real client (and HttpSource underneath) runs against
 * a loopback server serving a body written here in Collector Crypt's real `GET /api/machines` format
 * (`{machines: [...]}`, camelCase, `instantBuyback` in percent, `odds` as fractions, `tierRanges` in USD,
 * `public`, `ev`; src/sources/wire/card-packs.ts, docs/gacha.md). The list is validated machine by machine:
 * one malformed machine is skipped and listed, never the whole list.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { CARD_PACKS_LIVE_URL, CardPackClient, parseCatalog } from '../../src/sources/card-packs.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { LIVE_SOURCE_URLS } from '../../src/sources/index.js';
import { failure } from '../helpers/source-failure.js';
import { startScriptedServer, type ScriptedServer } from '../helpers/scripted-server.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

type Json = Record<string, unknown>;

/** Three machines as the real catalog lists them: a public Pokémon machine, a hidden One Piece one, a baseball one. */
function realBody(): { machines: Json[] } {
  return {
    machines: [
      {
        code: 'pokemon_50', name: 'Elite Pokémon Gacha Pack', shortName: 'PKMN 50', image: '', price: 50, contains: 1,
        instantBuyback: 85, turboMode: true, public: true, targetEv: 55, ev: 55.02, freeSpins: 0, pointsMultiplier: 1,
        odds: { common: 0.8, uncommon: 0.15, rare: 0.04, epic: 0.01 },
        tierRanges: { common: { start: 30, end: 60 }, uncommon: { start: 60, end: 120 }, rare: { start: 120, end: 250 }, epic: { start: 250, end: 5001 } },
        stock: { common: 7211, uncommon: 1043, rare: 2710, epic: 531 },
      },
      {
        code: 'onepiece_250', name: 'One Piece Crew Pack', price: 250, contains: 1, instantBuyback: 90, public: false, ev: 262.48,
        odds: { common: 0.75, uncommon: 0.2, rare: 0.04, epic: 0.01 },
        tierRanges: { common: { start: 150, end: 300 }, uncommon: { start: 300, end: 600 }, rare: { start: 600, end: 1500 }, epic: { start: 1500, end: 45000 } },
        stock: { common: 900, uncommon: 240, rare: 0, epic: 12 },
      },
      {
        code: 'baseball_100', name: 'Baseball 100 Gacha Pack', price: 100, contains: 1, instantBuyback: 90, public: true, ev: 105.03,
        odds: { common: 0.8, uncommon: 0.15, rare: 0.04, epic: 0.01 },
        tierRanges: { common: { start: 60, end: 120 }, uncommon: { start: 120, end: 240 }, rare: { start: 240, end: 500 }, epic: { start: 500, end: 10000 } },
        stock: { common: 400, uncommon: 80, rare: 20, epic: 4 },
      },
    ],
  };
}

let fake: ScriptedServer;

before(async () => {
  fake = await startScriptedServer();
});
after(() => fake.close());
beforeEach(() => fake.reset());

function client(): CardPackClient {
  return new CardPackClient({ http: new HttpSource({ leg: 'card_packs', baseUrl: fake.baseUrl, backoffMs: 1, retries: 2, timers: sourceTimers }) });
}

/** The real body with one edit applied to its second machine (`onepiece_250`). */
function withSecond(edit: (machine: Json) => void): string {
  const body = realBody();
  edit(body.machines[1]!);
  return JSON.stringify(body);
}

describe('CardPackClient.machines on the real format', () => {
  test('asks GET /api/machines and reads every machine with its real fields and units', async () => {
    fake.script = [{ body: JSON.stringify(realBody()) }];
    const { machines, skipped } = await client().machines();
    assert.deepEqual(fake.requests.map((r) => r.url), ['/api/machines']);
    assert.deepEqual(skipped, []);
    assert.deepEqual(machines.map((m) => m.code), ['pokemon_50', 'onepiece_250', 'baseball_100']);
    const first = machines[0]!;
    assert.deepEqual(
      [first.name, first.shortName, first.price, first.contains, first.instantBuyback, first.public, first.ev, first.targetEv, first.turboMode],
      ['Elite Pokémon Gacha Pack', 'PKMN 50', 50, 1, 85, true, 55.02, 55, true],
    );
    assert.deepEqual(first.odds, { common: 0.8, uncommon: 0.15, rare: 0.04, epic: 0.01 });
    assert.deepEqual(first.tierRanges.epic, { start: 250, end: 5001 });
    assert.deepEqual(first.stock, { common: 7211, uncommon: 1043, rare: 2710, epic: 531 });
    // Hidden machines are read (the analytics decide who sees them); a tier may be empty.
    assert.equal(machines[1]!.public, false);
    assert.equal(machines[1]!.stock.rare, 0);
    // Optional fields may be absent.
    assert.equal(machines[1]!.shortName, undefined);
    assert.equal(machines[1]!.targetEv, undefined);
  });

  test('an empty machine list is an answer, not an error', async () => {
    fake.script = [{ body: '{"machines":[]}' }];
    assert.deepEqual(await client().machines(), { machines: [], skipped: [] });
  });

  test('a machine without `public` or `ev` is read (public by default; our EV does not need theirs)', async () => {
    fake.script = [{ body: withSecond((m) => { delete m.public; delete m.ev; }) }];
    const { machines, skipped } = await client().machines();
    assert.equal(skipped.length, 0);
    assert.deepEqual([machines[1]!.public, machines[1]!.ev], [undefined, undefined]);
  });

  test('a price of 0 is read, not rejected (the analytics report it as unpriced)', async () => {
    fake.script = [{ body: withSecond((m) => { m.price = 0; }) }];
    assert.equal((await client().machines()).machines[1]!.price, 0);
  });

  test('the live default is Collector Crypt\'s gacha host', () => {
    assert.equal(CARD_PACKS_LIVE_URL, 'https://gacha.collectorcrypt.com');
    assert.equal(LIVE_SOURCE_URLS.cardPacks, CARD_PACKS_LIVE_URL);
  });
});

describe('CardPackClient: one malformed machine is skipped, the rest answer', () => {
  const cases: [string, (m: Json) => void, RegExp][] = [
    ['a machine without a code', (m) => { delete m.code; }, /^\/1 must have required property 'code'$/],
    ['a negative price', (m) => { m.price = -1; }, /^\/1\/price must be >= 0$/],
    ['a price as a string', (m) => { m.price = '250'; }, /^\/1\/price must be number$/],
    ['a buyback percent above 100', (m) => { m.instantBuyback = 190; }, /^\/1\/instantBuyback must be <= 100$/],
    ['odds given in percent (75) instead of a fraction', (m) => { (m.odds as Json).common = 75; }, /^\/1\/odds\/common must be <= 1$/],
    ['no odds at all', (m) => { m.odds = {}; }, /^\/1\/odds must NOT have fewer than 1 properties$/],
    ['zero cards per pull', (m) => { m.contains = 0; }, /^\/1\/contains must be >= 1$/],
    ['a fractional stock', (m) => { (m.stock as Json).common = 2.5; }, /^\/1\/stock\/common must be integer$/],
    ['a range given as a number', (m) => { (m.tierRanges as Json).rare = 900; }, /^\/1\/tierRanges\/rare must be object$/],
    ['a tier with odds but no range', (m) => { delete (m.tierRanges as Json).epic; }, /^\/1\/tierRanges\/epic is missing/],
    ['a tier with odds but no stock count', (m) => { delete (m.stock as Json).uncommon; }, /^\/1\/stock\/uncommon is missing/],
    ['a range that starts above its end', (m) => { (m.tierRanges as Json).common = { start: 300, end: 150 }; }, /^\/1\/tierRanges\/common starts above its end$/],
    ['a machine that is not an object', () => undefined, /^\/1 must be object$/],
  ];
  for (const [name, edit, reason] of cases) {
    test(`${name}: that machine is skipped with its reason, the other two are kept`, async () => {
      const body = name === 'a machine that is not an object'
        ? JSON.stringify({ machines: [realBody().machines[0], 'onepiece_250', realBody().machines[2]] })
        : withSecond(edit);
      fake.script = [{ body }];
      const value = await client().machines();
      assert.deepEqual(value.machines.map((m) => m.code), ['pokemon_50', 'baseball_100']);
      assert.equal(value.skipped.length, 1);
      const [skip] = value.skipped;
      assert.equal(skip!.index, 1);
      assert.equal(skip!.code, name === 'a machine without a code' || name === 'a machine that is not an object' ? null : 'onepiece_250');
      assert.match(skip!.reason, reason);
      assert.equal(fake.requests.length, 1, 'a skipped machine is not a reason to retry');
    });
  }

  test('two malformed machines: both skipped, in list order', async () => {
    const body = realBody();
    body.machines[0]!.contains = 1.5;
    body.machines[2]!.price = null;
    fake.script = [{ body: JSON.stringify(body) }];
    const { machines, skipped } = await client().machines();
    assert.deepEqual(machines.map((m) => m.code), ['onepiece_250']);
    assert.deepEqual(skipped, [
      { index: 0, code: 'pokemon_50', reason: '/0/contains must be integer' },
      { index: 2, code: 'baseball_100', reason: '/2/price must be number' },
    ]);
  });
});

describe('CardPackClient failures (malformed as a whole)', () => {
  const allBroken = realBody();
  for (const m of allBroken.machines) m.instantBuyback = 0.85 * 1000;
  const cases: [string, string][] = [
    ['a truncated body', JSON.stringify(realBody()).slice(0, 300)],
    ['a bare array where the `machines` envelope is sent', JSON.stringify(realBody().machines)],
    ['`machines` that is not a list', JSON.stringify({ machines: { pokemon_50: {} } })],
    ['a list in which no machine is readable (the format changed)', JSON.stringify(allBroken)],
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

  test('parseCatalog names the first problem when nothing is readable', () => {
    assert.throws(() => parseCatalog(allBroken), /no machine of 3 matches the format \(first: \/0\/instantBuyback must be <= 100\)/);
  });
});

describe('CardPackClient transport', () => {
  test('a 503 then a 200 is retried to success', async () => {
    fake.script = [{ status: 503, body: '{"error":"busy"}' }, { body: JSON.stringify(realBody()) }];
    assert.equal((await client().machines()).machines.length, 3);
    assert.equal(fake.requests.length, 2);
  });

  test('three 500s are `unavailable` after exactly three attempts', async () => {
    fake.script = [{ status: 500, body: '{"error":"Machine empty"}' }];
    const err = await failure(client().machines());
    assert.equal(err.kind, 'unavailable');
    assert.equal(fake.requests.length, 3);
  });
});
