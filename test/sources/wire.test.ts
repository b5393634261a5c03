/**
 * The per-item list parser (src/sources/wire.ts `wireListParser`): a malformed entry is skipped and counted,
 * the envelope (the array itself) stays strict, and the item rules are wireParser's (extra fields allowed,
 * no coercion, no defaults written into the body).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { wireListParser, wireParser } from '../../src/sources/wire.js';

const Pair = Type.Object({
  pairAddress: Type.String(),
  quoteToken: Type.Object({ address: Type.String(), symbol: Type.String() }),
  volume: Type.Object({ h24: Type.Optional(Type.Number({ default: 0 })) }),
});
const parse = wireListParser(Pair);
const good = (n: number) => ({ pairAddress: `P${n}`, quoteToken: { address: `Q${n}`, symbol: 'SOL' }, volume: { h24: n } });

describe('wireListParser', () => {
  test('every entry valid: all kept in order, nothing skipped', () => {
    assert.deepEqual(parse([good(1), good(2)]), { items: [good(1), good(2)], skipped: 0, firstError: null });
  });

  test('one entry without quoteToken.address is skipped and counted; the others are kept in order', () => {
    const old = { pairAddress: 'OLD', quoteToken: { symbol: 'SOL' }, volume: {} };
    const out = parse([good(1), old, good(3)]);
    assert.deepEqual(out.items.map((p) => p.pairAddress), ['P1', 'P3']);
    assert.equal(out.skipped, 1);
    assert.equal(out.firstError, "/1/quoteToken must have required property 'address'");
  });

  test('firstError names the first rejected entry, skipped counts them all', () => {
    const out = parse([good(1), 'not an object', null, { ...good(4), volume: { h24: '12.5' } }]);
    assert.deepEqual(out.items.map((p) => p.pairAddress), ['P1']);
    assert.equal(out.skipped, 3);
    assert.equal(out.firstError, '/1 must be object');
  });

  test('the same rules as wireParser: extra fields allowed, a numeric string is not coerced, no default written', () => {
    const extra = { ...good(1), labels: ['CLMM'], info: { imageUrl: 'x' } };
    assert.deepEqual(parse([extra]).items, [extra]);
    assert.equal(parse([{ ...good(2), volume: { h24: '7' } }]).skipped, 1);
    const noVolume = { pairAddress: 'P5', quoteToken: { address: 'Q5', symbol: 'SOL' }, volume: {} };
    assert.deepEqual(parse([noVolume]).items[0]!.volume, {}, 'the schema default is not written into the body');
    assert.deepEqual(wireParser(Type.Array(Pair))([extra]), [extra]);
  });

  test('an empty list is an answer with nothing skipped', () => {
    assert.deepEqual(parse([]), { items: [], skipped: 0, firstError: null });
  });

  test('every entry malformed: nothing kept, all counted (the caller sees the count, not a rejection)', () => {
    const out = parse([{}, {}]);
    assert.deepEqual(out.items, []);
    assert.equal(out.skipped, 2);
  });

  test('a body that is not an array is still a thrown error (the envelope must be right)', () => {
    assert.throws(() => parse(good(1)), /must be array/);
    assert.throws(() => parse(null), /must be array/);
    assert.throws(() => parse({ pairs: [good(1)] }), /must be array/);
  });
});
