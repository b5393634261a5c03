/**
 * Example responses derived from an endpoint's output schema, never from a call: /docs, OpenAPI and
 * the Bazaar extension must not run handlers (no I/O at document build time) and 48 hand-written
 * bodies would drift from the schemas. The result is a *shape*: every field present, placeholder
 * values chosen to satisfy the schema (first enum member, lower bound, a string matching the pattern),
 * so it validates against the schema it came from (test/docs/output-example.test.ts checks all 48).
 * Also the compacted output schema the Bazaar extension carries, sized to keep the 402 header small.
 */
import type { RegisteredEndpoint } from './index.js';
import { plainSchema } from '../lib/plain-schema.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Placeholder strings that satisfy the few patterns and formats output schemas use. */
function stringExample(schema: Json): string {
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return '2026-01-01';
  if (schema.pattern === '^[0-9]+$') return '0';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return 'string'.padEnd(min, '_');
}

function numberExample(schema: Json): number {
  if (typeof schema.minimum === 'number') return schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === 'number' && schema.maximum < 0) return schema.maximum;
  return 0;
}

/** A value of the schema's shape; `depth` bounds recursion (output schemas are not recursive today). */
export function exampleFromSchema(schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > 12) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) {
      // A nullable field shows its non-null shape: that is what a reader needs to know.
      const branch = branches.find((b) => !(isObject(b) && b.type === 'null')) ?? branches[0];
      return exampleFromSchema(branch, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((s) => exampleFromSchema(s, depth + 1)).filter(isObject));
  }
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? schema.type[0]) : schema.type;
  switch (type) {
    case 'object': {
      const out: Json = {};
      if (isObject(schema.properties)) for (const [name, sub] of Object.entries(schema.properties)) out[name] = exampleFromSchema(sub, depth + 1);
      return out;
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
      const count = Math.min(Math.max(1, min), max);
      return Array.from({ length: count }, () => exampleFromSchema(schema.items, depth + 1));
    }
    case 'string':
      return stringExample(schema);
    case 'integer':
      return Math.ceil(numberExample(schema));
    case 'number':
      return numberExample(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return null;
  }
}

/** The envelope every json answer carries besides the data fields (see OpenAPI `Envelope`). */
function envelopeExample(key: string): Json {
  return {
    caveats: [],
    next_steps: [],
    meta: { endpoint: key, request_id: 'req_01J9Z8X7', served_at: '2026-01-01T00:00:00.000Z', data_mode: 'live', cache: 'miss', version: '1.0.0' },
  };
}

/** The data fields alone: valid against the endpoint's output schema. */
export function exampleData(endpoint: RegisteredEndpoint): unknown {
  return exampleFromSchema(plainSchema(endpoint.def.output));
}

/** The shape of a `format: "json"` answer: the data fields from the output schema plus the envelope. */
export function exampleResponse(endpoint: RegisteredEndpoint): Json {
  const data = exampleData(endpoint);
  return { ...(isObject(data) ? data : { data }), ...envelopeExample(endpoint.def.key) };
}

/** Keywords a machine needs to read the output's shape; descriptions and titles are dropped. */
const KEPT = new Set(['type', 'properties', 'items', 'required', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'format', 'minimum', 'maximum', 'additionalProperties']);

/** The schema without prose, and below `maxDepth` nested levels reduced to its bare type. */
export function compactSchema(schema: unknown, maxDepth: number, depth = 0): unknown {
  if (!isObject(schema)) return schema;
  if (depth >= maxDepth) return typeof schema.type === 'string' || Array.isArray(schema.type) ? { type: schema.type } : {};
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (!KEPT.has(k)) continue;
    if (k === 'properties' && isObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, compactSchema(s, maxDepth, depth + 1)]));
    else if ((k === 'anyOf' || k === 'oneOf' || k === 'allOf') && Array.isArray(v)) out[k] = v.map((s) => compactSchema(s, maxDepth, depth));
    else if (k === 'items' || (k === 'additionalProperties' && isObject(v))) out[k] = compactSchema(v, maxDepth, depth + 1);
    else out[k] = v;
  }
  return out;
}

/**
 * Bytes of JSON the Bazaar output (schema + example) may take. The largest 402 header without it is
 * ≈ 4.8 KB (check-alerts' input schema); base64 adds a third, so about 2 KB of JSON keeps every header under
 * the 8 KB many proxies and CDNs accept (test/http/unpaid.test.ts measures all of them). 2,100 rather than
 * 2,000: launchpad-reward-risk's 29 top-level fields take 2,005 bytes even with every level below the top cut.
 */
export const BAZAAR_OUTPUT_BUDGET = 2100;

/**
 * The output schema and example for the Bazaar extension: the deepest compaction (fewest levels cut)
 * whose schema and example together fit the budget. The example is built from the compacted schema
 * so it agrees with it.
 */
export function bazaarOutput(endpoint: RegisteredEndpoint): { schema: Json; example: Json } {
  const full = plainSchema(endpoint.def.output);
  let chosen: { schema: Json; example: Json } | undefined;
  for (const maxDepth of [8, 6, 5, 4, 3, 2, 1]) {
    const schema = compactSchema(full, maxDepth) as Json;
    const ex = exampleFromSchema(schema);
    const example = isObject(ex) ? ex : { data: ex };
    chosen = { schema, example };
    if (JSON.stringify(chosen).length <= BAZAAR_OUTPUT_BUDGET) break;
  }
  return chosen!;
}
