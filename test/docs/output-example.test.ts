/**
 * The example responses /docs, OpenAPI and the Bazaar extension show are generated from each endpoint's
 * output schema (src/registry/output-example.ts). They must be valid against that schema, so the shape a
 * reader copies is the shape the service answers with; and the Bazaar part must stay inside its budget.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import { plainSchema } from '../../src/lib/plain-schema.js';
import { BAZAAR_OUTPUT_BUDGET, bazaarOutput, compactSchema, exampleData, exampleFromSchema, exampleResponse } from '../../src/registry/output-example.js';

const registry = buildServiceRegistry();
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function ajv(): Ajv {
  const a = new Ajv({ allErrors: true, strict: false });
  addFormats(a);
  return a;
}

test('every endpoint\'s example data is valid against its output schema', () => {
  const a = ajv();
  assert.equal(registry.list.length, 48);
  for (const e of registry.list) {
    const validate = a.compile(plainSchema(e.def.output));
    assert.ok(validate(exampleData(e)), `${e.def.key}: ${a.errorsText(validate.errors)}`);
  }
});

test('the example response adds the envelope and names the endpoint', () => {
  for (const e of registry.list) {
    const body = exampleResponse(e);
    assert.deepEqual(body.caveats, []);
    assert.deepEqual(body.next_steps, []);
    assert.equal((body.meta as { endpoint: string }).endpoint, e.def.key);
  }
});

test('the skeleton follows enums, bounds, patterns, nullable branches and arrays', () => {
  const schema = {
    type: 'object',
    properties: {
      level: { type: 'string', enum: ['LOW', 'HIGH'] },
      score: { type: 'number', minimum: 0.5, maximum: 1 },
      day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      at: { type: 'string', format: 'date-time' },
      maybe: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 3 }] },
      list: { type: 'array', items: { type: 'boolean' }, minItems: 2 },
    },
  };
  assert.deepEqual(exampleFromSchema(schema), { level: 'LOW', score: 0.5, day: '2026-01-01', at: '2026-01-01T00:00:00.000Z', maybe: 3, list: [false, false] });
});

test('Bazaar output: within budget, and its example fits its compacted schema', () => {
  const a = ajv();
  for (const e of registry.list) {
    const out = bazaarOutput(e);
    assert.ok(JSON.stringify(out).length <= BAZAAR_OUTPUT_BUDGET, `${e.def.key}: ${JSON.stringify(out).length} bytes`);
    const validate = a.compile(out.schema);
    assert.ok(validate(out.example), `${e.def.key}: ${a.errorsText(validate.errors)}`);
  }
  // Compaction drops prose and cuts depth.
  assert.deepEqual(compactSchema({ type: 'object', description: 'x', properties: { a: { type: 'object', properties: { b: { type: 'string' } } } } }, 1), {
    type: 'object',
    properties: { a: { type: 'object' } },
  });
});
