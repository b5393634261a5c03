/** The hand-written reference pages stay true to the code: every error code and every variable is documented. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '../../src/errors/api-error.js';

test('docs/errors.md lists every error code with its status and retry hint', () => {
  const page = readFileSync('docs/errors.md', 'utf8');
  for (const [code, { status, retryable }] of Object.entries(ERROR_CODES)) {
    const row = page.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));
    assert.ok(row, `${code} missing from docs/errors.md`);
    const [, , http, retry] = row.split('|').map((cell) => cell.trim());
    assert.ok(http?.includes(String(status)), `${code}: status ${status} not in its row`);
    assert.equal(retry, retryable ? 'yes' : 'no', `${code}: retryable ${retryable} not in its row`);
  }
});

test('docs/configuration.md documents every environment variable the config reads', () => {
  const source = readFileSync('src/config/index.ts', 'utf8');
  const page = readFileSync('docs/configuration.md', 'utf8');
  const names = new Set([...source.matchAll(/env\.([A-Z_]+)|intFromEnv\(env, '([A-Z_]+)'|'([A-Z_]{3,})'/g)].map((m) => m[1] ?? m[2] ?? m[3]));
  assert.ok(names.size > 15);
  for (const name of names) assert.ok(page.includes(`\`${name}\``), `${name} missing from docs/configuration.md`);
});

test('docs/query-routing.md lists every routing rule, in order, with its example question', async () => {
  const { RULES } = await import('../../src/analytics/query/router.js');
  const page = readFileSync('docs/query-routing.md', 'utf8');
  const rows = page.split('\n').filter((line) => /^\| \d+ \|/.test(line));
  assert.equal(rows.length, RULES.length, 'one table row per rule');
  RULES.forEach((rule, i) => {
    assert.ok(rows[i]!.startsWith(`| ${i + 1} | \`${rule.intent}\` |`), `row ${i + 1} should be ${rule.intent}: ${rows[i]}`);
    assert.ok(rows[i]!.includes(rule.example.replace(/\|/g, '\\|')), `${rule.intent}: example missing`);
  });
});
