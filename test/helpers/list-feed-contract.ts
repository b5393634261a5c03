/**
 * What every DEX Screener list feed (a JSON array of token entries: `/token-boosts/top/v1`,
 * `/token-profiles/latest/v1`) answers beyond its entry shape, for their contract tests: the real client
 * (HttpSource underneath) against a loopback server, fed the feed's fixture or edits of it.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { DexScreenerClient } from '../../src/sources/dexscreener.js';
import { collectSkipped } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { failure } from './source-failure.js';
import { startScriptedServer, type ScriptedServer } from './scripted-server.js';

export interface ScriptedDexScreener {
  server: () => ScriptedServer;
  client: () => DexScreenerClient;
  /** Serves `body` once, reads with a fresh client and checks the read asked exactly `path`: what it read. */
  served: <T>(body: string, read: (client: DexScreenerClient) => Promise<T>, path: string) => Promise<T>;
}

/** Starts the loopback server for the calling file (hooks registered there) and builds clients of it. */
export function scriptedDexScreener(): ScriptedDexScreener {
  let fake: ScriptedServer;
  before(async () => {
    fake = await startScriptedServer();
  });
  after(() => fake.close());
  beforeEach(() => fake.reset());
  const client = () => new DexScreenerClient({ http: new HttpSource({ leg: 'market_data', baseUrl: fake.baseUrl, backoffMs: 1, retries: 2 }) });
  return {
    server: () => fake,
    client,
    served: async (body, read, path) => {
      fake.script = [{ body }];
      const out = await read(client());
      assert.deepEqual(fake.requests.map((r) => r.url), [path]);
      return out;
    },
  };
}

/**
 * The failure contract of one list feed (register inside its `describe`): an empty list answers, a lone
 * object is malformed, an entry without `required.field` is skipped and reported (a list of such entries only
 * is malformed), and a 503 on every attempt is unavailable.
 */
export function listFeedContract(o: {
  server: () => ScriptedServer;
  /** The feed's fixture (a JSON array). */
  fixture: string;
  read: () => Promise<readonly unknown[]>;
  /** The entry to strip and the field it cannot do without. */
  required: { entry: number; field: string };
}): void {
  test('an empty list is an answer', async () => {
    o.server().script = [{ body: '[]' }];
    assert.deepEqual(await o.read(), []);
  });

  test('a single object where the array is served is malformed', async () => {
    const [first] = JSON.parse(o.fixture) as unknown[];
    o.server().script = [{ body: JSON.stringify(first) }];
    assert.equal((await failure(o.read())).kind, 'malformed');
  });

  test(`an entry without ${o.required.field} is skipped and reported; the other entries answer`, async () => {
    const entries = JSON.parse(o.fixture) as Record<string, unknown>[];
    const whole = await (async () => {
      o.server().script = [{ body: o.fixture }];
      return o.read();
    })();
    delete entries[o.required.entry]![o.required.field];
    o.server().script = [{ body: JSON.stringify(entries) }];
    const { value, skipped } = await collectSkipped(() => o.read());
    // Only the broken entry is lost (it may have been a filtered-out chain's: then nothing is).
    assert.ok(value.length > 0 && value.length >= whole.length - 1 && value.length <= whole.length, `the other entries are kept (${value.length} of ${whole.length})`);
    assert.deepEqual(skipped.map((n) => ({ leg: n.leg, provider: n.provider, count: n.count, firstError: n.firstError })), [
      { leg: 'market_data', provider: 'DEX Screener', count: 1, firstError: `/${o.required.entry} must have required property '${o.required.field}'` },
    ]);
  });

  test(`a list in which every entry lacks ${o.required.field} is malformed (a changed format, not an odd entry)`, async () => {
    const entries = (JSON.parse(o.fixture) as Record<string, unknown>[]).map((e) => {
      delete e[o.required.field];
      return e;
    });
    o.server().script = [{ body: JSON.stringify(entries) }];
    const err = await failure(o.read());
    assert.equal(err.kind, 'malformed');
    assert.equal(err.leg, 'market_data');
  });

  test('a 503 three times is unavailable', async () => {
    o.server().script = [{ status: 503, body: '{}' }];
    assert.equal((await failure(o.read())).kind, 'unavailable');
    assert.equal(o.server().requests.length, 3);
  });
}
