/** Awaits a call that must fail with a SourceError and returns it (for asserting its kind and message). */
import assert from 'node:assert/strict';
import { SourceError } from '../../src/sources/errors.js';

export async function failure(promise: Promise<unknown>): Promise<SourceError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof SourceError, `expected a SourceError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to fail');
}
