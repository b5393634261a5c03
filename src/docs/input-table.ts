/**
 * Turns an endpoint's input JSON Schema into documentation rows, so bounds, enums, patterns and
 * defaults are phrased once for `/docs` and `/llms-full.txt`. Nested objects are flattened into
 * dotted names (`criteria.min_price_change_pct`) after their parent row.
 */

type Json = Record<string, unknown>;

export interface InputRow {
  /** Field name; nested fields are dotted (`criteria.perp_max_leverage`). */
  name: string;
  /** `string`, `integer`, `number`, `boolean`, `object`, `array<string>`, ... */
  type: string;
  required: boolean;
  /** Present when the schema declares a default (Ajv fills it in). */
  default?: unknown;
  description?: string;
  /** Human-readable bounds: lengths, ranges, enums, patterns, formats, item counts. */
  constraints: string;
}

const BASE58_PATTERN = '^[1-9A-HJ-NP-Za-km-z]+$';
const MATCH_ALL = new Set(['^(.*)$', '^.*$', '.*', '']);

const FORMAT_TEXT: Record<string, string> = {
  'utc-timestamp': 'ISO 8601 UTC timestamp ending in Z (e.g. 2026-02-28T12:00Z)',
  'date-time': 'RFC 3339 date-time',
  uri: 'URI',
};

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** `string`, `array<string>`, `string | null`, ... */
export function schemaType(schema: Json): string {
  const variants = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(variants)) {
    const names = [...new Set(variants.filter(isObject).map(schemaType))];
    return names.join(' | ') || 'any';
  }
  if ('const' in schema) return typeof schema.const === 'string' ? 'string' : typeof schema.const;
  const t = schema.type;
  if (Array.isArray(t)) return t.join(' | ');
  if (t === 'array') return isObject(schema.items) ? `array<${schemaType(schema.items)}>` : 'array';
  if (typeof t === 'string') return t;
  if (Array.isArray(schema.enum)) return 'string';
  return 'any';
}

function range(min: number | undefined, max: number | undefined, exMin: number | undefined, exMax: number | undefined): string | undefined {
  const lo = exMin !== undefined ? `> ${exMin}` : min !== undefined ? `≥ ${min}` : undefined;
  const hi = exMax !== undefined ? `< ${exMax}` : max !== undefined ? `≤ ${max}` : undefined;
  if (min !== undefined && max !== undefined && exMin === undefined && exMax === undefined) return `${min} to ${max}`;
  if (lo && hi) return `${lo} and ${hi}`;
  return lo ?? hi;
}

/** The constraints of one (non-object) schema as short phrases. */
export function describeConstraints(schema: Json): string[] {
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if ('const' in schema) parts.push(`exactly ${JSON.stringify(schema.const)}`);

  const minLen = num(schema.minLength);
  const maxLen = num(schema.maxLength);
  if (minLen !== undefined && maxLen !== undefined) parts.push(minLen === maxLen ? `length ${minLen}` : `length ${minLen} to ${maxLen}`);
  else if (minLen !== undefined) parts.push(`length ≥ ${minLen}`);
  else if (maxLen !== undefined) parts.push(`length ≤ ${maxLen}`);

  if (typeof schema.pattern === 'string') {
    parts.push(schema.pattern === BASE58_PATTERN ? 'base58 characters' : `pattern ${schema.pattern}`);
  }
  if (typeof schema.format === 'string') parts.push(FORMAT_TEXT[schema.format] ?? `format ${schema.format}`);

  const r = range(num(schema.minimum), num(schema.maximum), num(schema.exclusiveMinimum), num(schema.exclusiveMaximum));
  if (r) parts.push(r);
  if (typeof schema.multipleOf === 'number') parts.push(`multiple of ${schema.multipleOf}`);

  const minItems = num(schema.minItems);
  const maxItems = num(schema.maxItems);
  if (minItems !== undefined && maxItems !== undefined) parts.push(minItems === maxItems ? `exactly ${minItems} items` : `${minItems} to ${maxItems} items`);
  else if (minItems !== undefined) parts.push(`at least ${minItems} items`);
  else if (maxItems !== undefined) parts.push(`at most ${maxItems} items`);
  if (schema.uniqueItems === true) parts.push('unique items');
  if (schema.type === 'array' && isObject(schema.items)) {
    const each = describeConstraints(schema.items);
    if (each.length > 0) parts.push(`each: ${each.join(', ')}`);
  }

  if (isObject(schema.patternProperties)) {
    const entries = Object.entries(schema.patternProperties).filter(([, v]) => isObject(v));
    for (const [pattern, value] of entries) {
      if (MATCH_ALL.has(pattern) && Object.keys(value as Json).length === 0) {
        parts.push('free-form object');
        continue;
      }
      const keyText = pattern === BASE58_PATTERN ? 'base58 keys' : `keys matching ${pattern}`;
      const valueText = describeConstraints(value as Json);
      parts.push(`map of ${keyText} to ${schemaType(value as Json)}${valueText.length ? ` (${valueText.join(', ')})` : ''}`);
    }
  }
  const minProps = num(schema.minProperties);
  const maxProps = num(schema.maxProperties);
  if (minProps !== undefined || maxProps !== undefined) {
    parts.push(`${range(minProps, maxProps, undefined, undefined)} entries`);
  }
  return parts;
}

function visit(schema: Json, prefix: string, rows: InputRow[]): void {
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  for (const [key, raw] of Object.entries(props)) {
    if (!isObject(raw)) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const constraints = describeConstraints(raw);
    if (raw.type === 'object' && raw.additionalProperties !== false && !isObject(raw.properties) && !isObject(raw.patternProperties)) {
      constraints.push('free-form object');
    }
    rows.push({
      name,
      type: schemaType(raw),
      required: required.has(key),
      ...('default' in raw ? { default: raw.default } : {}),
      ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
      constraints: constraints.join('; '),
    });
    if (raw.type === 'object' && isObject(raw.properties)) visit(raw, name, rows);
  }
}

/** One row per input field (nested object fields dotted after their parent), in schema order. */
export function inputRows(schema: unknown): InputRow[] {
  const rows: InputRow[] = [];
  // JSON round-trip drops TypeBox's symbol keys and any undefined values.
  if (isObject(schema)) visit(JSON.parse(JSON.stringify(schema)) as Json, '', rows);
  return rows;
}

/** "required", "default 10", "optional". */
export function requirementText(row: InputRow): string {
  if ('default' in row) return `default ${JSON.stringify(row.default)}`;
  return row.required ? 'required' : 'optional';
}
