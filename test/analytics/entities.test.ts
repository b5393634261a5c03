import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILTIN_ENTITIES, createEntityDirectory, labelFor } from '../../src/analytics/entities.js';
import { KNOWN_PROGRAM_LIST, TOKEN_2022_PROGRAM } from '../../src/analytics/known-programs.js';

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

test('20+ entities across cex, protocol, bridge and foundation; all valid base58, no duplicates', () => {
  assert.ok(BUILTIN_ENTITIES.length >= 20);
  const kinds = new Set(BUILTIN_ENTITIES.map((e) => e.kind));
  assert.deepEqual([...kinds].sort(), ['bridge', 'cex', 'foundation', 'protocol']);
  for (const e of BUILTIN_ENTITIES) assert.match(e.address, BASE58, e.name);
  assert.equal(new Set(BUILTIN_ENTITIES.map((e) => e.address)).size, BUILTIN_ENTITIES.length);
  assert.equal(new Set(KNOWN_PROGRAM_LIST.map((p) => p.programId)).size, KNOWN_PROGRAM_LIST.length);
  // Program ids are first-party (high); exchange wallets never claim high confidence.
  for (const e of BUILTIN_ENTITIES) if (e.kind === 'cex') assert.notEqual(e.confidence, 'high', e.address);
});

test('labelFor: known programs, exchanges, unknown addresses', () => {
  assert.deepEqual(labelFor('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'), {
    name: 'Jupiter Aggregator v6', kind: 'protocol', tags: ['program', 'defi', 'dex_aggregator'], confidence: 'high',
  });
  assert.equal(labelFor(TOKEN_2022_PROGRAM)!.name, 'SPL Token-2022');
  assert.equal(labelFor('worm2ZoG2kUd4vFXhvjh93UUH596ayRfgQ2MgjNMTth')!.kind, 'bridge');
  assert.equal(labelFor('H8sMJSCQxfKiFTCfDR3DUMLPwcRbM61LGFJ8N4dK3WjS')!.name, 'Coinbase');
  assert.equal(labelFor('So11111111111111111111111111111111111111112'), null);
});

test('createEntityDirectory extends and overrides; returned labels are copies', () => {
  const sandbox = 'SandboxExchange1111111111111111111111111111';
  const dir = createEntityDirectory([{ address: sandbox, name: 'Sandbox CEX', kind: 'cex', tags: ['exchange'], confidence: 'high' }]);
  assert.equal(dir.labelFor(sandbox)!.name, 'Sandbox CEX');
  assert.equal(dir.size, BUILTIN_ENTITIES.length + 1);
  assert.equal(labelFor(sandbox), null); // the default directory is untouched
  const over = createEntityDirectory({ 'H8sMJSCQxfKiFTCfDR3DUMLPwcRbM61LGFJ8N4dK3WjS': { name: 'Renamed', kind: 'cex', tags: [], confidence: 'low' } });
  assert.equal(over.labelFor('H8sMJSCQxfKiFTCfDR3DUMLPwcRbM61LGFJ8N4dK3WjS')!.name, 'Renamed');
  const l = dir.labelFor(sandbox)!;
  l.tags.push('mutated');
  assert.deepEqual(dir.labelFor(sandbox)!.tags, ['exchange']);
  const entries = dir.entries();
  assert.deepEqual(entries.map((e) => e.address), [...entries.map((e) => e.address)].sort());
});
