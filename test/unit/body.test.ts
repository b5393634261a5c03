import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeBody } from '../../src/app/body.js';
import { ApiError } from '../../src/errors/api-error.js';

test('flat and wrapped bodies normalize to the same input; format may sit beside input', () => {
  assert.deepEqual(normalizeBody({ address: 'a', format: 'llm' }).input, { address: 'a', format: 'llm' });
  assert.deepEqual(normalizeBody({ input: { address: 'a' }, format: 'llm' }).input, { address: 'a', format: 'llm' });
  assert.deepEqual(normalizeBody({ input: { address: 'a', format: 'both' }, format: 'llm' }).issues, [{ path: '/format', message: 'is not a known field (inputs go inside "input")' }]);
  assert.deepEqual(normalizeBody({ input: { a: 1 }, extra: 1 }).issues.map((i) => i.path), ['/extra']);
});

test('no body is an empty probe; a non-object body is invalid JSON for this API', () => {
  assert.deepEqual(normalizeBody(undefined), { input: {}, sent: false, issues: [] });
  assert.equal(normalizeBody({}).sent, true);
  for (const bad of [[1], 'text', 3, true]) assert.throws(() => normalizeBody(bad), (e: unknown) => e instanceof ApiError && e.code === 'invalid_json');
});
