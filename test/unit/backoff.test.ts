/** Webhook retry backoff: 10 s, then ×3 each time, capped at one hour, the same every time. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_RETRY_DELAY_MS, retryDelayMs } from '../../src/lib/backoff.js';

test('the sequence: 10 s, 30 s, 90 s, 270 s, 810 s, 2430 s, then the one-hour cap', () => {
  const seconds = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => retryDelayMs(attempt) / 1000);
  assert.deepEqual(seconds, [10, 30, 90, 270, 810, 2430, 3600, 3600]);
  assert.equal(MAX_RETRY_DELAY_MS, 3_600_000);
});

test('the cap holds for very large attempts (no overflow to Infinity) and the answer is reproducible', () => {
  assert.equal(retryDelayMs(1000), 3_600_000);
  assert.equal(retryDelayMs(Number.MAX_SAFE_INTEGER), 3_600_000);
  assert.equal(retryDelayMs(4), retryDelayMs(4));
});

test('an attempt below 1 or not an integer is a programming error', () => {
  for (const attempt of [0, -1, 1.5, Number.NaN]) assert.throws(() => retryDelayMs(attempt), RangeError, String(attempt));
});
