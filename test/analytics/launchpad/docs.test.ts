/** docs/launchpad.md stays in step with the code: every exported threshold is named there, with its value. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as thresholds from '../../../src/analytics/launchpad/thresholds.js';

const page = readFileSync('docs/launchpad.md', 'utf8');
const shown = (n: number) => [String(n), n.toLocaleString('en-US')];

test('every threshold constant is named in docs/launchpad.md', () => {
  for (const name of Object.keys(thresholds)) assert.ok(page.includes(`\`${name}\``), `${name} missing from docs/launchpad.md`);
});

test('every numeric threshold value appears in docs/launchpad.md', () => {
  for (const [name, value] of Object.entries(thresholds)) {
    const values = typeof value === 'number' ? [value] : Object.values(value as Record<string, number>);
    for (const v of values) assert.ok(shown(Math.abs(v)).some((s) => page.includes(s)), `${name} = ${v} not in docs/launchpad.md`);
  }
});

test('every weight table in the doc matches the constants', () => {
  const tables = [['HEALTH_WEIGHTS', thresholds.HEALTH_WEIGHTS], ['GEM_WEIGHTS', thresholds.GEM_WEIGHTS], ['DEMAND_WEIGHTS', thresholds.DEMAND_WEIGHTS]] as const;
  for (const [table, weights] of tables) {
    for (const [factor, w] of Object.entries(weights)) assert.ok(page.includes(`| \`${factor}\` | ${w} |`), `${table}.${factor} = ${w} not in its docs/launchpad.md table`);
  }
});

test('weights sum to 100 (scores are 0–100)', () => {
  for (const w of [thresholds.HEALTH_WEIGHTS, thresholds.GEM_WEIGHTS, thresholds.DEMAND_WEIGHTS]) assert.equal(Object.values(w).reduce((s, x) => s + x, 0), 100);
});

test('every quote category strength is listed as "`category` value"', () => {
  for (const [cat, v] of Object.entries(thresholds.QUOTE_STRENGTH)) assert.ok(page.includes(`\`${cat}\` ${v}`), `QUOTE_STRENGTH.${cat} = ${v} not in docs/launchpad.md`);
});
