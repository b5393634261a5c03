/**
 * fast-check arbitraries derived from an endpoint's JSON input schema (the registry's TypeBox schema with
 * `format` added): valid inputs (random or pinned to the bounds) and invalid ones that break exactly one
 * field, each naming the JSON Pointer the server must report. The model of validity here is written
 * independently of the server's Ajv: the fuzz checks the server against it, not against itself.
 */
import fc from 'fast-check';

/** The subset of JSON Schema the registry's inputs use. */
export interface FieldSchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
  required?: string[];
  additionalProperties?: boolean;
  patternProperties?: Record<string, unknown>;
}

export type Input = Record<string, unknown>;
/** Per-field arbitraries that replace the schema-derived one (semantic or cross-field constraints). */
export type Overrides = Record<string, fc.Arbitrary<unknown>>;

const BASE58_RE = '^[1-9A-HJ-NP-Za-km-z]+$';
const EVM_RE = '^0x[a-fA-F0-9]{40}$';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const HEX = '0123456789abcdefABCDEF';

/** JSON Pointer segment escaping (RFC 6901). */
export const pointer = (...segments: (string | number)[]): string =>
  segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

const charsOf = (alphabet: string, min: number, max: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max }).map((a) => a.join(''));

/**
 * One code point per element, so the length is exactly what Ajv counts: ASCII, emoji (a surrogate pair),
 * right-to-left letters and marks, NUL and other controls, combining marks, and lone LOW surrogates
 * (a lone high one could pair with a following low one and change the count).
 */
export const unicodeUnit = fc.oneof(
  fc.constantFrom('a', 'Z', '0', ' ', '"', '\\', '/', '~', '<', '%', '{'),
  fc.constantFrom('😀', '🚀', '👍🏽'.slice(0, 2), '𝕏', '🏳'),
  fc.constantFrom('\u05D0', '\u05EA', '\u0627', '\u064A', '\u200F', '\u202E', '\u2067'),
  fc.constantFrom('\u0000', '\u0001', '\u001F', '\u007F', '\u2028', '\u2029', '\uFEFF', '\uFFFD', '\uFFFF'),
  fc.constantFrom('\u0301', '\u0308', '\u200D'),
  fc.integer({ min: 0xdc00, max: 0xdfff }).map((c) => String.fromCharCode(c)),
);
export const unicodeString = (min: number, max: number) =>
  fc.array(unicodeUnit, { minLength: min, maxLength: max }).map((a) => a.join(''));

const pad2 = (n: number) => String(n).padStart(2, '0');
/** Real calendar moments (leap days included) as the four accepted spellings, all ending in Z. */
export const utcTimestamp = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true })
  .chain((d) => {
    const day = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}T${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
    return fc.constantFrom(`${day}Z`, `${day}:${pad2(d.getUTCSeconds())}Z`, `${day}:${pad2(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, '0')}Z`, '2024-02-29T23:59Z');
  });

/** Numbers the schema accepts; `boundary` pins them to the bounds and to extreme magnitudes. */
function numberArb(s: FieldSchema, boundary: boolean): fc.Arbitrary<number> {
  const integer = s.type === 'integer';
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum : -1e308);
  const hi = s.maximum ?? 1e308;
  const edges: number[] = [];
  if (s.minimum !== undefined) edges.push(s.minimum);
  if (s.maximum !== undefined) edges.push(s.maximum);
  if (s.exclusiveMinimum !== undefined) {
    const x = s.exclusiveMinimum;
    // The smallest value above the exclusive bound: the next integer, or the next double up.
    edges.push(integer ? Math.floor(x) + 1 : x === 0 ? Number.MIN_VALUE : x + Math.abs(x) * Number.EPSILON);
  }
  // Huge and odd values, kept only where the schema has no bound against them.
  for (const v of [1e308, -1e308, 2 ** 64, Number.MAX_SAFE_INTEGER, -0, 0, 5e-324, 1.7976931348623157e308]) {
    if (v >= lo && v <= hi && (s.exclusiveMinimum === undefined || v > s.exclusiveMinimum) && (!integer || Number.isInteger(v))) edges.push(v);
  }
  const inRange = integer
    ? fc.integer({ min: Math.max(Math.ceil(lo), -1e9), max: Math.min(Math.floor(hi), 1e9) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }).filter((v) => s.exclusiveMinimum === undefined || v > s.exclusiveMinimum);
  return boundary && edges.length > 0 ? fc.constantFrom(...edges) : fc.oneof({ weight: 4, arbitrary: inRange }, { weight: 1, arbitrary: edges.length > 0 ? fc.constantFrom(...edges) : inRange });
}

function stringArb(s: FieldSchema, boundary: boolean): fc.Arbitrary<string> {
  if (s.format === 'utc-timestamp') return utcTimestamp;
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 80);
  if (s.pattern === BASE58_RE) return boundary ? fc.constantFrom(min, max).chain((n) => charsOf(BASE58, n, n)) : charsOf(BASE58, min, max);
  if (s.pattern === EVM_RE) return charsOf(HEX, 40, 40).map((h) => `0x${h}`);
  if (s.pattern) throw new Error(`no generator for pattern ${s.pattern}`);
  if (boundary) return fc.constantFrom(min, max).chain((n) => fc.oneof(charsOf('abcxyz019-', n, n), unicodeString(n, n)));
  return fc.oneof(charsOf('abcdefghijklmnopqrstuvwxyz0123456789 -.', min, max), unicodeString(min, max));
}

/** A value the field schema accepts. */
export function valueArb(s: FieldSchema, boundary: boolean): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'string':
      return stringArb(s, boundary);
    case 'number':
    case 'integer':
      return numberArb(s, boundary);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = s.minItems ?? 0;
      const max = s.maxItems ?? Math.max(min, 5);
      const item = valueArb(s.items ?? {}, false);
      // Unique items: the comparison endpoints refuse duplicates (a cross-field rule, not a schema one).
      const lengths = boundary ? fc.constantFrom(min, max) : fc.integer({ min, max });
      return lengths.chain((n) => fc.uniqueArray(item, { minLength: n, maxLength: n, selector: (v) => JSON.stringify(v) }));
    }
    case 'object':
      if (s.properties) return objectArb(s, boundary, {});
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A valid object for `s`; each optional property present or absent. */
export function objectArb(s: FieldSchema, boundary: boolean, overrides: Overrides): fc.Arbitrary<Input> {
  const props = s.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, field] of Object.entries(props)) model[name] = overrides[name] ?? valueArb(field, boundary);
  return fc.record(model, { requiredKeys: s.required ?? [] }) as fc.Arbitrary<Input>;
}

/** An invalid input: a valid one with one field broken, and the pointer the server must name. */
export interface Broken {
  input: Input;
  path: string;
  how: string;
}

/** Depth-`n` nesting of arrays or objects (iterative: the generator must not overflow itself). */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

/** Values of the wrong JSON type for a field of `type`, hostile ones included. */
function wrongTypeArb(type: string | undefined): fc.Arbitrary<unknown> {
  const all = fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 'NaN', 'Infinity', '-0', '1e308', '', '0x10', '[]', '{}'),
    fc.constantFrom<unknown>(1e308, -1e308, 2 ** 64, -0, 0, Number.MIN_VALUE, 0.1),
    unicodeString(0, 12),
    fc.constantFrom<unknown>(nested(1000, 'array'), nested(1000, 'object'), {}, [], [null], { $ref: '#' }),
    fc.array(fc.integer(), { maxLength: 3 }),
  );
  return all.filter((v) => {
    const t = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
    if (type === 'integer' || type === 'number') return t !== 'number';
    return t !== type;
  });
}

/** Values of the right type that break a bound, pattern, enum or format of `s` (none when it has none). */
function outOfBoundsArbs(s: FieldSchema): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [];
  if (s.enum) out.push(fc.oneof(unicodeString(1, 10), fc.constantFrom('JSON', 'Light', ' light', 'light\u0000', '')).filter((v) => !s.enum!.includes(v)));
  if (s.type === 'number' || s.type === 'integer') {
    if (s.maximum !== undefined) out.push(fc.constantFrom(1e308, 2 ** 64, s.maximum + (s.type === 'integer' ? 1 : 1e-9 * Math.max(1, Math.abs(s.maximum)))));
    if (s.minimum !== undefined) out.push(fc.constantFrom(-1e308, s.minimum - (s.type === 'integer' ? 1 : 1e-9 * Math.max(1, Math.abs(s.minimum)))));
    if (s.exclusiveMinimum !== undefined) out.push(fc.constantFrom(s.exclusiveMinimum, -0, -1e308).filter((v) => v <= s.exclusiveMinimum!));
    if (s.type === 'integer') {
      const lo = s.minimum ?? 0;
      out.push(fc.constantFrom(lo + 0.5, lo + 1e-9, 1.5));
    }
  }
  if (s.type === 'string' && !s.enum) {
    if (s.minLength !== undefined && s.minLength > 0) out.push(charsOf('abc123', 0, s.minLength - 1));
    if (s.maxLength !== undefined) out.push(charsOf('abc123', s.maxLength + 1, s.maxLength + 40));
    if (s.pattern) {
      const min = s.minLength ?? 42;
      const max = s.maxLength ?? 42;
      // The right length, but characters outside the alphabet: base58 excludes 0, O, I and l.
      out.push(fc.tuple(unicodeString(1, 1), fc.integer({ min, max })).map(([bad, n]) => ('1'.repeat(n - 1) + bad).slice(0, n)).filter((v) => !new RegExp(s.pattern!, 'u').test(v)));
      out.push(fc.integer({ min, max }).map((n) => '0OIl'.repeat(n).slice(0, n)));
    }
    if (s.format === 'utc-timestamp') {
      out.push(fc.constantFrom('2026-02-29T00:00Z', '2026-13-01T00:00Z', '2026-01-01T24:00Z', '2026-01-01T00:00', '2026-01-01', '2026-01-01T00:00+01:00', 'now', '', '2026-01-01T00:00Z\u0000', '٢٠٢٦-01-01T00:00Z'));
    }
  }
  if (s.type === 'array') {
    if (s.minItems !== undefined && s.minItems > 0) out.push(fc.constant([]));
  }
  return out;
}

/** Keys no endpoint knows, odd ones included; `input` is excluded (it switches the body to wrapped form). */
const unknownKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'a/b', 'a~b', '~1', '', ' ', 'FORMAT', 'Address', '\u0000', '😀', '\u202Eevil'),
  unicodeString(1, 10),
).filter((k) => k !== 'input');

/**
 * One invalid input for `s`: from a valid base, one field made wrong (type, bound, pattern, format, enum),
 * an array item made wrong, a required field removed, or an unknown field added.
 */
export function brokenArb(s: FieldSchema, overrides: Overrides): fc.Arbitrary<Broken> {
  const props = Object.entries(s.properties ?? {});
  const required = s.required ?? [];
  const choices: fc.Arbitrary<(base: Input) => Broken>[] = [];
  for (const [name, field] of props) {
    const path = pointer(name);
    choices.push(wrongTypeArb(field.enum ? 'string' : field.type).map((v) => (base: Input) => ({ input: { ...base, [name]: v }, path, how: 'wrong type' })));
    for (const arb of outOfBoundsArbs(field)) choices.push(arb.map((v) => (base: Input) => ({ input: { ...base, [name]: v }, path, how: 'out of bounds' })));
    if (field.type === 'array' && field.items) {
      const itemBad = fc.oneof(wrongTypeArb(field.items.type), ...outOfBoundsArbs(field.items));
      choices.push(fc.tuple(itemBad, fc.nat()).map(([v, at]) => (base: Input) => {
        const items = Array.isArray(base[name]) && (base[name] as unknown[]).length > 0 ? [...(base[name] as unknown[])] : [valueArbSample(field.items!)];
        const i = at % items.length;
        items[i] = v;
        return { input: { ...base, [name]: items }, path: pointer(name, i), how: 'bad item' };
      }));
    }
    if (field.type === 'object' && field.properties && field.additionalProperties === false) {
      choices.push(unknownKey.map((k) => (base: Input) => ({ input: { ...base, [name]: { [k]: 1 } }, path: pointer(name, k), how: 'unknown nested field' })));
    }
    if (required.includes(name)) {
      choices.push(fc.constant((base: Input) => {
        const { [name]: _gone, ...rest } = base;
        return { input: rest, path, how: 'missing required' };
      }));
    }
  }
  choices.push(fc.tuple(unknownKey, fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(nested(1000, 'object')))).map(([k, v]) => (base: Input) => {
    const input = { ...base };
    // defineProperty: `__proto__` must become an own key, as JSON.parse makes it on the server.
    Object.defineProperty(input, k, { value: v, enumerable: true, writable: true, configurable: true });
    return { input, path: pointer(k), how: 'unknown field' };
  }));
  return fc.tuple(objectArb(s, false, overrides), fc.oneof(...choices)).map(([base, breakIt]) => breakIt(base));
}

/** A deterministic valid item for an array whose generated base was empty. */
function valueArbSample(s: FieldSchema): unknown {
  if (s.pattern === BASE58_RE) return '1'.repeat(s.minLength ?? 32);
  return fc.sample(valueArb(s, false), { numRuns: 1, seed: 1 })[0];
}
