/**
 * What a caller may read of a provider's bad answer (src/sources/format-error.ts, docs/errors.md): our own
 * checks' words (a JSON pointer and the broken rule) in an `items_skipped` caveat, never the text of an
 * unexpected runtime error, which stays with the SourceError as its cause, for the logs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UpstreamFormatError } from '../../src/sources/format-error.js';
import { formatProblem, SourceError } from '../../src/sources/errors.js';
import { HttpSource } from '../../src/sources/http-source.js';
import { AccountLayoutError } from '../../src/sources/perps/jupiter-perps-layout.js';
import { AdrenaLayoutError } from '../../src/sources/perps/adrena-layout.js';
import { wireParser } from '../../src/sources/wire.js';
import { Type } from '@sinclair/typebox';

const SECRET = 'https://rpc.internal/?api-key=hunter2';

test('our format checks are shown, anything else is replaced by the fallback', () => {
  assert.equal(formatProblem(new UpstreamFormatError('/3/price must be string'), 'x'), '/3/price must be string');
  assert.equal(formatProblem(new SourceError('chain_rpc', 'malformed', 'chain_rpc: position P is open without a side'), 'x'), 'chain_rpc: position P is open without a side');
  assert.equal(formatProblem(new TypeError(`Cannot read properties of undefined (${SECRET})`), 'undecodable'), 'undecodable');
  assert.equal(formatProblem('thrown string', 'undecodable'), 'undecodable');
  // The decoders' and parsers' own errors are format errors.
  assert.ok(new AccountLayoutError('Position: side variant 7') instanceof UpstreamFormatError);
  assert.ok(new AdrenaLayoutError('not a Position account (discriminator)') instanceof UpstreamFormatError);
  assert.throws(() => wireParser(Type.Object({ a: Type.String() }))({ a: 1 }), (err) => err instanceof UpstreamFormatError && err.message === '/a must be string');
});

test('a parse that fails unexpectedly is malformed without its text; the original is the cause', async () => {
  const fetchImpl = (async () => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;
  const source = new HttpSource({ leg: 'market_data', baseUrl: 'http://upstream.test', retries: 0, fetchImpl });
  const bug = new TypeError(`boom ${SECRET}`);
  await assert.rejects(source.request('/x', { parse: () => { throw bug; } }), (err: unknown) => {
    assert.ok(err instanceof SourceError);
    assert.equal(err.kind, 'malformed');
    assert.equal(err.message, 'market_data sent an unexpected shape: unreadable');
    assert.equal(err.cause, bug);
    return true;
  });
  // A format error keeps its words.
  await assert.rejects(source.request('/x', { parse: () => { throw new UpstreamFormatError('/ok must be boolean'); } }), (err: unknown) => {
    assert.ok(err instanceof SourceError);
    assert.equal(err.message, 'market_data sent an unexpected shape: /ok must be boolean');
    return true;
  });
});
