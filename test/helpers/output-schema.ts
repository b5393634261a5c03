/**
 * Checks an answer's data fields against the endpoint's declared output schema (what OpenAPI, /docs and
 * MCP promise), so the documented shape cannot drift from what the handler returns.
 */
import assert from 'node:assert/strict';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { createAjv } from '../../src/registry/validation.js';

const ajv = createAjv();
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

export function assertMatchesOutputSchema(key: string, answer: Record<string, unknown>): void {
  let validate = validators.get(key);
  if (!validate) {
    const def = ENDPOINTS.find((e) => e.key === key);
    assert.ok(def, `unknown endpoint ${key}`);
    validate = ajv.compile(def.output);
    validators.set(key, validate);
  }
  const { caveats: _c, next_steps: _n, meta: _m, llm_summary: _l, ...data } = answer;
  assert.ok(validate(data), `${key} answer does not match its output schema: ${ajv.errorsText(validate.errors)}`);
}
