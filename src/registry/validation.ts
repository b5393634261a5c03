/**
 * Input validation: one Ajv instance, every endpoint's schema compiled once at start-up.
 * Defaults are applied here, so handlers always see complete inputs.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { InputIssue } from '../app/errors.js';
import { isUtcTimestamp } from './timestamp.js';

export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, strict: false });
  ajv.addFormat('utc-timestamp', { type: 'string', validate: isUtcTimestamp });
  return ajv;
}

export type InputValidator = (input: Record<string, unknown>) => { ok: true; value: Record<string, unknown> } | { ok: false; issues: InputIssue[] };

function pointer(base: string, key: string | number): string {
  return `${base}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** Ajv's errors as the stable `{path, message}` issues (JSON Pointer paths relative to the input). */
export function toIssues(errors: ErrorObject[]): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const e of errors) {
    if (e.keyword === 'required') {
      issues.push({ path: pointer(e.instancePath, String(e.params.missingProperty)), message: 'is required' });
    } else if (e.keyword === 'additionalProperties') {
      issues.push({ path: pointer(e.instancePath, String(e.params.additionalProperty)), message: 'is not a known field' });
    } else if (e.keyword === 'format' && e.params.format === 'utc-timestamp') {
      issues.push({ path: e.instancePath || '/', message: 'must be an ISO 8601 UTC timestamp ending in Z with a real calendar date (e.g. 2026-02-28T12:00Z)' });
    } else if (e.keyword === 'enum') {
      const allowed = (e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      issues.push({ path: e.instancePath || '/', message: `must be one of ${allowed}` });
    } else {
      issues.push({ path: e.instancePath || '/', message: e.message ?? 'is invalid' });
    }
  }
  // Ajv can report the same path twice (e.g. type + pattern); keep the first message per path+message.
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.path}\u0000${i.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function compileValidator(ajv: Ajv, schema: object): InputValidator {
  const validate: ValidateFunction = ajv.compile(schema);
  return (input) => {
    // Ajv fills defaults in place: validate a copy so the caller's object is never mutated.
    const value = structuredClone(input);
    if (validate(value)) return { ok: true, value };
    return { ok: false, issues: toIssues(validate.errors ?? []) };
  };
}
