/**
 * Input validation: one Ajv instance, every endpoint's schema compiled once at start-up.
 * Defaults are applied here, so handlers always see complete inputs.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { InputIssue } from '../errors/api-error.js';
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

/**
 * How deeply a field's value may nest (arrays and objects). No schema nests past a few levels; a 64 KiB
 * body can nest ~30,000 levels, which overflows the stack of the recursive copy (structuredClone) and of
 * JSON.stringify — a 500 before this limit (found by test/reliability/fuzz.test.ts).
 */
export const MAX_INPUT_DEPTH = 100;

interface Structural {
  /** Top-level fields nested deeper than MAX_INPUT_DEPTH. */
  deepKeys: string[];
  issues: InputIssue[];
}

/**
 * What JSON Schema does not catch, found by one iterative walk (a recursive one would overflow too):
 * fields nested too deeply, and numbers that overflowed to ±Infinity while parsing (`1e309` is valid
 * JSON; Ajv's `type: number` accepts Infinity, which would reach handlers and cache keys as null).
 */
function structuralIssues(input: Record<string, unknown>): Structural {
  const deepKeys: string[] = [];
  const issues: InputIssue[] = [];
  for (const key of Object.keys(input)) {
    const top = pointer('', key);
    const found: InputIssue[] = [];
    const stack: [unknown, number, string][] = [[input[key], 0, top]];
    let deep = false;
    while (stack.length > 0 && !deep) {
      const [v, depth, path] = stack.pop()!;
      if (typeof v === 'number' && !Number.isFinite(v)) found.push({ path, message: 'must be a finite number (a JSON number beyond ±1.8e308 overflows)' });
      if (typeof v !== 'object' || v === null) continue;
      if (depth + 1 > MAX_INPUT_DEPTH) deep = true;
      else for (const [k, child] of Object.entries(v)) stack.push([child, depth + 1, pointer(path, k)]);
    }
    if (deep) {
      deepKeys.push(key);
      issues.push({ path: top, message: `nests deeper than ${MAX_INPUT_DEPTH} levels` });
    } else issues.push(...found);
  }
  return { deepKeys, issues };
}

export function compileValidator(ajv: Ajv, schema: object): InputValidator {
  const validate: ValidateFunction = ajv.compile(schema);
  // Ajv changes its input only by filling defaults (no coercion, no removal): a schema without any `default`
  // validates the caller's object as is (a copy per call was a share of every warm free call). A property
  // named "default" only costs the copy.
  const fillsDefaults = JSON.stringify(schema).includes('"default"');
  return (input) => {
    const structural = structuralIssues(input);
    // A field nested too deeply is validated as null (its schema issues are replaced by the depth one).
    const shallow = structural.deepKeys.length === 0 ? input : { ...input, ...Object.fromEntries(structural.deepKeys.map((k) => [k, null])) };
    // Ajv fills defaults in place: validate a copy so the caller's object is never mutated.
    const value = fillsDefaults ? structuredClone(shallow) : shallow;
    const valid = validate(value);
    if (valid && structural.issues.length === 0) return { ok: true, value };
    const deepPaths = structural.deepKeys.map((k) => pointer('', k));
    const covered = (path: string) => structural.issues.some((i) => i.path === path) || deepPaths.some((p) => path.startsWith(`${p}/`));
    const schemaIssues = valid ? [] : toIssues(validate.errors ?? []).filter((i) => !covered(i.path));
    return { ok: false, issues: [...structural.issues, ...schemaIssues] };
  };
}
