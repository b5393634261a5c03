/**
 * Deep equality where numbers may differ by float rounding (a value scaled ×1000 on the wire and ÷1000 back,
 * USD open interest ÷ price then × price): everything else must match exactly.
 */
import assert from 'node:assert/strict';

export function assertApproxEqual(actual: unknown, expected: unknown, relativeTolerance = 1e-9, path = '$'): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const scale = Math.max(Math.abs(actual), Math.abs(expected));
    assert.ok(actual === expected || Math.abs(actual - expected) <= relativeTolerance * scale, `${path}: ${actual} is not ≈ ${expected}`);
    return;
  }
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${path}: expected an array`);
    assert.equal(actual.length, expected.length, `${path}: length`);
    expected.forEach((item, i) => assertApproxEqual(actual[i], item, relativeTolerance, `${path}[${i}]`));
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    assert.ok(actual !== null && typeof actual === 'object' && !Array.isArray(actual), `${path}: expected an object`);
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    assert.deepEqual(Object.keys(a).sort(), Object.keys(e).sort(), `${path}: keys`);
    for (const key of Object.keys(e)) assertApproxEqual(a[key], e[key], relativeTolerance, `${path}.${key}`);
    return;
  }
  assert.equal(actual, expected, path);
}
