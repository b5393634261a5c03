import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUtcTimestamp } from '../../src/registry/timestamp.js';

test('accepts minute precision, seconds and fractions, with Z', () => {
  for (const ok of ['2026-11-22T10:30Z', '2026-11-22T10:30:15Z', '2026-11-22T10:30:15.123Z', '2026-11-22T10:30:15.123456789Z', '2026-12-31T23:59:59Z', '2026-01-01T00:00Z']) {
    assert.equal(isUtcTimestamp(ok), true, ok);
  }
});

test('leap days: only in leap years (÷4, not ÷100 unless ÷400)', () => {
  assert.equal(isUtcTimestamp('2024-02-29T00:00Z'), true);
  assert.equal(isUtcTimestamp('2000-02-29T00:00Z'), true);
  assert.equal(isUtcTimestamp('2026-02-29T00:00Z'), false);
  assert.equal(isUtcTimestamp('1900-02-29T00:00Z'), false);
  assert.equal(isUtcTimestamp('2100-02-29T00:00Z'), false);
  assert.equal(isUtcTimestamp('2026-02-28T23:59Z'), true);
});

test('rejects impossible dates and times, offsets, missing parts', () => {
  for (const bad of [
    '2026-04-31T00:00Z', '2026-13-01T00:00Z', '2026-00-10T00:00Z', '2026-01-00T00:00Z', '2026-01-01T24:00Z',
    '2026-01-01T23:60Z', '2026-01-01T23:59:60Z', '2026-01-01T10:30', '2026-01-01T10:30+00:00', '2026-01-01',
    '2026-01-01T10Z', '2026-1-01T10:30Z', '2026-01-01 10:30Z', '2026-01-01T10:30:15.Z', '2026-01-01T10:30:15.1234567890Z', '',
  ]) {
    assert.equal(isUtcTimestamp(bad), false, bad);
  }
});
