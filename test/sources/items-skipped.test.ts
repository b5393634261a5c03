/**
 * How a skipped list entry reaches the caller (src/sources/errors.ts): recorded for the endpoint call in
 * progress, never for another call running at the same time or for a nested call; merged into one
 * `items_skipped` caveat per (leg, provider, kind of entry); appended to the handler's answer by the
 * registry's `defineEndpoint`; replayed once per call from a list shared between calls.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { defineEndpoint, type HandlerContext, type HandlerResult } from '../../src/registry/types.js';
import { collectSkipped, replaySkipped, reportSkipped, servedCount, skippedCaveats, type SkippedItems } from '../../src/sources/errors.js';

const note = (over: Partial<SkippedItems> = {}): SkippedItems => ({ leg: 'market_data', provider: 'DEX Screener', what: 'pair', count: 1, firstError: '/1 must be object', ...over });
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('skipped entries per call', () => {
  test('outside an endpoint call a report is kept with the value only (nothing thrown, nothing collected)', async () => {
    const list = reportSkipped(['a'], note({ count: 2 }));
    assert.deepEqual(list, ['a']);
    assert.equal(servedCount(list), 3);
    assert.equal(servedCount(['a', 'b']), 2, 'a list nothing was skipped from is served as is');
  });

  test('a count of 0 records nothing', async () => {
    const { skipped } = await collectSkipped(async () => reportSkipped([], note({ count: 0 })));
    assert.deepEqual(skipped, []);
  });

  test('two calls at the same time each get their own skips, across awaits', async () => {
    const [a, b] = await Promise.all([
      collectSkipped(async () => {
        await tick();
        reportSkipped({}, note({ what: 'pair' }));
        await tick();
        return 'a';
      }),
      collectSkipped(async () => {
        reportSkipped({}, note({ what: 'boost' }));
        await tick();
        return 'b';
      }),
    ]);
    assert.deepEqual([a.value, a.skipped.map((n) => n.what)], ['a', ['pair']]);
    assert.deepEqual([b.value, b.skipped.map((n) => n.what)], ['b', ['boost']]);
  });

  test('a nested call (ctx.call) keeps its own skips: they reach its answer, not the outer one twice', async () => {
    const outer = await collectSkipped(async () => {
      const inner = await collectSkipped(async () => reportSkipped({}, note({ what: 'inner' })));
      reportSkipped({}, note({ what: 'outer' }));
      return inner.skipped.map((n) => n.what);
    });
    assert.deepEqual(outer.value, ['inner']);
    assert.deepEqual(outer.skipped.map((n) => n.what), ['outer']);
  });

  test('work a finished call left running does not leak into the next call, which collects its own', async () => {
    let late: Promise<void> = Promise.resolve();
    const first = await collectSkipped(async () => {
      late = tick().then(() => tick()).then(() => void reportSkipped({}, note({ what: 'late' })));
      reportSkipped({}, note({ what: 'early' }));
    });
    await late;
    const next = await collectSkipped(async () => {
      await tick();
      reportSkipped({}, note({ what: 'next' }));
    });
    assert.deepEqual(first.skipped.map((n) => n.what), ['early']);
    assert.deepEqual(next.skipped.map((n) => n.what), ['next']);
  });

  test('a shared value replays its skips into each later call, once per call however often it is replayed', async () => {
    const shared = { data: [] };
    const first = await collectSkipped(async () => replaySkipped(reportSkipped(shared, note({ count: 3 }))));
    const later = await collectSkipped(async () => replaySkipped(replaySkipped(shared)));
    assert.deepEqual(first.skipped.map((n) => n.count), [3]);
    assert.deepEqual(later.skipped.map((n) => n.count), [3]);
  });
});

describe('items_skipped caveats', () => {
  test('one caveat per (leg, provider, what): counts summed, the first error kept, singular and plural worded', () => {
    assert.deepEqual(skippedCaveats([
      note({ count: 1, firstError: null }),
      note({ count: 2, firstError: "/0/quoteToken must have required property 'address'" }),
      note({ what: 'boost', count: 1, firstError: null }),
      note({ leg: 'wallet_assets', provider: 'Helius', what: 'asset', count: 1, firstError: '/4 must be object' }),
    ]), [
      { code: 'items_skipped', leg: 'market_data', message: "3 malformed pair entries from DEX Screener were skipped (first: /0/quoteToken must have required property 'address'); the rest of the list was used." },
      { code: 'items_skipped', leg: 'market_data', message: '1 malformed boost entry from DEX Screener was skipped; the rest of the list was used.' },
      { code: 'items_skipped', leg: 'wallet_assets', message: '1 malformed asset entry from Helius was skipped (first: /4 must be object); the rest of the list was used.' },
    ]);
  });

  test('defineEndpoint: the answer carries the caveats after its own; an answer with no skip is the handler\'s own object', async () => {
    let result: HandlerResult = { data: { ok: true }, caveats: [{ code: 'sandbox_data', message: 'synthetic' }] };
    let skip: SkippedItems | null = note({ count: 2 });
    const def = defineEndpoint({
      key: 'test-list', family: 'discovery', price: null, summary: '', description: '', input: Type.Object({}), output: Type.Object({}),
      cacheTtlSeconds: 60, example: {},
      handler: async () => {
        await tick();
        if (skip) reportSkipped([], skip);
        return result;
      },
    });
    const ctx = {} as HandlerContext;
    const answered = await def.handler!({}, ctx);
    assert.deepEqual(answered.caveats?.map((c) => c.code), ['sandbox_data', 'items_skipped']);
    assert.deepEqual(answered.data, { ok: true });
    assert.deepEqual(result.caveats?.map((c) => c.code), ['sandbox_data'], "the handler's own result is not changed");
    skip = null;
    result = { data: {} };
    assert.equal(await def.handler!({}, ctx), result);
  });
});
