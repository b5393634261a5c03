/**
 * The fuzz suite's unpaid request list, generated with fast-check from a fixed seed: per endpoint, valid
 * and boundary inputs, inputs broken in one field, the deterministic per-constraint violations of
 * test/helpers/violations.ts, and raw-body cases (odd encodings, huge numbers as JSON tokens, deep
 * nesting, wrong content types, empty, non-object and oversized bodies, wrong methods). Each case
 * carries the outcome the contract promises (docs/errors.md).
 */
import fc from 'fast-check';
import type { RegisteredEndpoint } from '../../src/registry/index.js';
import { violationsOf } from '../helpers/violations.js';
import { brokenArb, nested, objectArb, pointer, type FieldSchema, type Input } from './fuzz-schema.js';
import { validFixup, validOverrides } from './fuzz-pools.js';

/**
 * - `valid`: a paid endpoint answers 402 `payment_required` without `input_errors`; the free one 200.
 * - `invalid`: a paid endpoint answers 402 with `input_errors` naming `path` (the challenge comes first,
 *   and says what to fix before paying); the free one 400 `invalid_input` with `issues` naming `path`.
 * - `error`: exactly this status and error code (unparsable bodies, size limit, unknown routes).
 */
export type Expect = { kind: 'valid' } | { kind: 'invalid'; path: string } | { kind: 'error'; status: number; code: string };

export interface FuzzCase {
  cls: string;
  key: string;
  method?: string;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Absent: application/json; null: no Content-Type header at all. */
  contentType?: string | null;
  expect: Expect;
}

export interface CaseCounts {
  valid: number;
  boundary: number;
  invalid: number;
}

const VALID: Expect = { kind: 'valid' };
const invalid = (path: string): Expect => ({ kind: 'invalid', path });
const INVALID_JSON: Expect = { kind: 'error', status: 400, code: 'invalid_json' };

/** A derived seed per endpoint and class, so one endpoint's cases do not shift when another's change. */
function seedOf(seed: number, key: string, cls: string): number {
  let h = seed | 0;
  for (const c of `${key}:${cls}`) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/** Flat or wrapped (`{ input }`, with `format` beside it half of the time), as callers send either. */
const wrapArb = fc.constantFrom<'flat' | 'wrapped' | 'wrapped+format'>('flat', 'flat', 'flat', 'wrapped', 'wrapped+format');
function shape(input: Input, how: 'flat' | 'wrapped' | 'wrapped+format'): unknown {
  if (how === 'flat') return input;
  if (how === 'wrapped+format' && !('format' in input)) return { input, format: 'both' };
  return { input };
}

/** The JSON value a numeric field's JSON token parses to is accepted by the schema (the model, not Ajv). */
function acceptsNumber(s: FieldSchema, v: unknown): boolean {
  if (typeof v !== 'number' || !Number.isFinite(v)) return false;
  if (s.type === 'integer' && !Number.isInteger(v)) return false;
  if (s.minimum !== undefined && v < s.minimum) return false;
  if (s.maximum !== undefined && v > s.maximum) return false;
  if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) return false;
  return true;
}

const NUMBER_TOKENS = ['1e308', '-1e308', '1e309', '-1e309', '-0', '0', '18446744073709551616', '-18446744073709551616', '1e-400', '5e-324', '9007199254740993', '123456789012345678901234567890.5', '"NaN"', '"Infinity"', '"1e308"', '0.1e1'];
const CONTENT_TYPES: (string | null)[] = [null, 'text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'application/octet-stream', 'application/json; charset=utf-16', 'x/y;;;=', '*/*', 'application/xml'];
const BODY_LIMIT = 64 * 1024;

export function buildCases(endpoints: readonly RegisteredEndpoint[], seed: number, counts: CaseCounts): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const fallbackMint = String((endpoints.find((e) => e.def.key === 'enrich-token-light')?.def.example as Input | undefined)?.mint ?? '');
  const enc = new TextEncoder();
  for (const e of endpoints) {
    const key = e.def.key;
    const schema = e.inputSchema as unknown as FieldSchema;
    const overrides = validOverrides(key);
    const fix = (i: Input) => validFixup(key, i, fallbackMint);
    const sample = <T>(arb: fc.Arbitrary<T>, cls: string, n: number): T[] => fc.sample(arb, { seed: seedOf(seed, key, cls), numRuns: n });
    const example = e.def.example as Input;
    const json = (v: unknown) => JSON.stringify(v);

    // Valid and boundary inputs (flat or wrapped).
    for (const [input, how] of sample(fc.tuple(objectArb(schema, false, overrides), wrapArb), 'valid', counts.valid)) {
      cases.push({ cls: 'valid', key, body: json(shape(fix(input), how)), expect: VALID });
    }
    for (const [input, how] of sample(fc.tuple(objectArb(schema, true, overrides), wrapArb), 'boundary', counts.boundary)) {
      cases.push({ cls: 'boundary', key, body: json(shape(fix(input), how)), expect: VALID });
    }
    // Inputs broken in one field: wrong type, out of bounds, bad item, missing, unknown field.
    for (const [broken, how] of sample(fc.tuple(brokenArb(schema, overrides), wrapArb), 'invalid', counts.invalid)) {
      cases.push({ cls: 'invalid', key, body: json(shape(broken.input, how)), expect: invalid(broken.path) });
    }
    // One per constraint, derived from the schema by test/helpers/violations.ts.
    for (const v of violationsOf(schema, example)) cases.push({ cls: 'violation', key, body: json(v.input), expect: invalid(v.path) });
    // A field beside `input` is refused at its own path.
    cases.push({ cls: 'invalid', key, body: json({ input: example, extra: 1 }), expect: invalid('/extra') });

    // Odd encodings.
    const text = json(example);
    // A UTF-8 byte-order mark is ignored (RFC 8259 §8.1); the other encodings are not JSON text.
    cases.push({ cls: 'encoding', key, body: `\uFEFF${text}`, expect: { kind: 'valid' } });
    cases.push({ cls: 'encoding', key, body: new Uint8Array(Buffer.from(text, 'utf16le')), expect: INVALID_JSON });
    cases.push({ cls: 'encoding', key, body: new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])), expect: INVALID_JSON });
    cases.push({ cls: 'encoding', key, body: new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe, 0x7b]), Buffer.from(text.slice(1))])), expect: INVALID_JSON });
    // Invalid UTF-8 (a lone continuation byte, an overlong "/", a truncated sequence, an encoded surrogate,
    // a 5-byte form) inside a key: read as U+FFFD, so the key is unknown and named in the answer.
    const tail = text === '{}' ? '}' : `,${text.slice(1)}`;
    for (const bytes of [[0x80], [0xc0, 0xaf], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]]) {
      const k = Buffer.concat([Buffer.from('k'), Buffer.from(bytes)]);
      cases.push({ cls: 'encoding', key, body: new Uint8Array(Buffer.concat([Buffer.from('{"'), k, Buffer.from(`":1${tail}`)])), expect: invalid(pointer(k.toString('utf8'))) });
    }
    // Unicode in keys, through escapes: a lone surrogate, RTL override, NUL, emoji, "/" and "~".
    for (const k of ['\udc00', '\ud800', '\u202Ename', '\u0000', '😀', 'a/b~c']) {
      cases.push({ cls: 'unicode', key, body: json({ ...example, [k]: 'x' }), expect: invalid(pointer(k)) });
    }

    // Huge and odd numbers as raw JSON tokens, in every numeric field (or an unknown one).
    const numeric = Object.entries(schema.properties ?? {}).filter(([, s]) => s.type === 'number' || s.type === 'integer');
    const targets = numeric.length > 0 ? numeric : [['n', undefined] as [string, FieldSchema | undefined]];
    for (const [field, s] of targets) {
      for (const token of NUMBER_TOKENS) {
        const body = json({ ...example, [field]: '__NUMBER__' }).replace('"__NUMBER__"', token);
        const expect = s !== undefined && acceptsNumber(s, JSON.parse(token)) ? VALID : invalid(pointer(field));
        cases.push({ cls: 'huge-number', key, body, expect });
      }
    }

    // Deep nesting: 1,000 levels in an unknown field; 10,000 and 30,000 (beyond the server's depth guard,
    // which once let them overflow the stack: a 500). Built as text: JSON.stringify would overflow here too.
    const withDeep = (field: string, depth: number, kind: 'array' | 'object') => {
      const value = kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;
      return `${text.slice(0, -1)}${text === '{}' ? '' : ','}"${field}":${value}}`;
    };
    for (const [depth, kind] of [[1000, 'object'], [1000, 'array'], [10_000, 'array'], [30_000, 'array']] as const) {
      cases.push({ cls: 'nesting', key, body: withDeep('deep', depth, kind), expect: invalid('/deep') });
    }
    // A free-form object field (launch_params) takes nesting up to the guard's 100 levels, not beyond.
    for (const [field] of Object.entries(schema.properties ?? {}).filter(([, f]) => f.type === 'object' && f.patternProperties)) {
      const { [field]: _drop, ...rest } = example;
      const base = JSON.stringify(rest);
      const put = (depth: number) => `${base.slice(0, -1)}${base === '{}' ? '' : ','}"${field}":${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}}`;
      cases.push({ cls: 'nesting', key, body: put(99), expect: VALID });
      cases.push({ cls: 'nesting', key, body: put(1000), expect: invalid(pointer(field)) });
    }
    const firstField = Object.keys(schema.properties ?? {}).find((k) => k !== 'format');
    if (firstField) cases.push({ cls: 'nesting', key, body: json({ ...example, [firstField]: nested(1000, 'object') }), expect: invalid(pointer(firstField)) });
    cases.push({ cls: 'nesting', key, body: `${'['.repeat(1000)}${']'.repeat(1000)}`, expect: INVALID_JSON });
    cases.push({ cls: 'nesting', key, body: json({ input: { input: { input: example } } }), expect: invalid('/input') });

    // Content types: the body is read as JSON whatever the header says (agents send text/plain or none).
    for (const ct of CONTENT_TYPES) {
      cases.push({ cls: 'content-type', key, body: ct === null ? enc.encode(text) : text, contentType: ct, expect: VALID });
    }
    cases.push({ cls: 'content-type', key, body: new URLSearchParams(Object.entries(example).map(([k, v]) => [k, String(v)])).toString() || 'a=b', contentType: 'application/x-www-form-urlencoded', expect: INVALID_JSON });
    cases.push({ cls: 'content-type', key, body: `--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n${text}\r\n--xyz--\r\n`, contentType: 'multipart/form-data; boundary=xyz', expect: INVALID_JSON });

    // Empty bodies are a probe: the challenge (or, free, the answer to the defaults) with no input errors.
    // Only endpoints without required fields can be answered from an empty body; the probe is the same 402.
    const probe: Expect = e.priceAtomic === null && (schema.required ?? []).length > 0 ? invalid(pointer(schema.required![0]!)) : VALID;
    for (const body of ['', '   \n\t', 'null', undefined]) cases.push({ cls: 'empty', key, body, contentType: body === undefined ? null : undefined, expect: probe });
    for (const body of ['[]', '1', '"text"', 'true', `[${text}]`, '{', '{"a":1}}', "{'a':1}", '{"a":1,}', 'NaN']) cases.push({ cls: 'non-object', key, body, expect: INVALID_JSON });

    // Size: exactly at the 64 KiB limit is read (the padding field is then unknown); one byte over is 413.
    const pad = (total: number) => {
      const head = `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"pad":"`;
      return `${head}${'x'.repeat(total - head.length - 2)}"}`;
    };
    cases.push({ cls: 'size', key, body: pad(BODY_LIMIT), expect: invalid('/pad') });
    cases.push({ cls: 'size', key, body: pad(BODY_LIMIT + 1), expect: { kind: 'error', status: 413, code: 'body_too_large' } });
    // 1 MiB: refused from Content-Length alone (a few endpoints suffice; the route is the same).
    if (endpoints.indexOf(e) % 12 === 0) cases.push({ cls: 'size', key, body: pad(1024 * 1024), expect: { kind: 'error', status: 413, code: 'body_too_large' } });

    // Wrong methods: only POST invokes.
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      cases.push({ cls: 'method', key, method, body: method === 'GET' ? undefined : text, expect: { kind: 'error', status: 404, code: 'unknown_endpoint' } });
    }
  }
  return cases;
}
