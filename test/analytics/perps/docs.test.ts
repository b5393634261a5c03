/** docs/perps.md stays in step with the code: every exported threshold is named there, with its value. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as thresholds from '../../../src/analytics/perps/thresholds.js';

const page = readFileSync('docs/perps.md', 'utf8');
const shown = (n: number) => [String(n), n.toLocaleString('en-US')];

test('every threshold constant is named in docs/perps.md', () => {
  for (const name of Object.keys(thresholds)) assert.ok(page.includes(`\`${name}\``), `${name} missing from docs/perps.md`);
});

test('every numeric threshold value appears in docs/perps.md', () => {
  for (const [name, value] of Object.entries(thresholds)) {
    const values = typeof value === 'number' ? [value] : Object.values(value as Record<string, number>);
    for (const v of values) assert.ok(shown(Math.abs(v)).some((s) => page.includes(s)), `${name} = ${v} not in docs/perps.md`);
  }
});
