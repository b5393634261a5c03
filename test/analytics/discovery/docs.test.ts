/** docs/discovery.md stays in step with the code: every exported threshold is named there, with its value. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as thresholds from '../../../src/analytics/discovery/thresholds.js';

const page = readFileSync('docs/discovery.md', 'utf8');
const shown = (n: number) => [String(n), n.toLocaleString('en-US')];

test('every threshold constant is named in docs/discovery.md', () => {
  for (const name of Object.keys(thresholds)) assert.ok(page.includes(`\`${name}\``), `${name} missing from docs/discovery.md`);
});

test('every numeric threshold value appears in docs/discovery.md', () => {
  for (const [name, value] of Object.entries(thresholds)) {
    const values = typeof value === 'number' ? [value] : Object.values(value as Record<string, number>);
    for (const v of values) assert.ok(shown(Math.abs(v)).some((s) => page.includes(s)), `${name} = ${v} not in docs/discovery.md`);
  }
});

test('every weight table in the doc matches the constants', () => {
  for (const [table, weights] of [['VELOCITY_WEIGHTS', thresholds.VELOCITY_WEIGHTS], ['EXIT_WEIGHTS', thresholds.EXIT_WEIGHTS]] as const) {
    for (const [factor, w] of Object.entries(weights)) {
      assert.ok(page.includes(`| \`${factor}\` | ${w} |`), `${table}.${factor} = ${w} not in its docs/discovery.md table`);
    }
  }
});
