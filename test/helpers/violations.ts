/**
 * Generates, from an endpoint's own input schema, one invalid input per constraint: a missing
 * required field, a wrong type, each bound, length, pattern, enum and item count, an impossible
 * timestamp, and an unknown field. Each violation names the path the server must report.
 */
export interface Violation {
  name: string;
  input: Record<string, unknown>;
  path: string;
}

type Schema = Record<string, any>;

function set(input: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(input);
  let node: any = copy;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key];
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

function remove(input: Record<string, unknown>, path: string[]): Record<string, unknown> {
  const copy = structuredClone(input);
  let node: any = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  delete node[path[path.length - 1]!];
  return copy;
}

/** Values that break one constraint of a field schema each. */
function badValues(field: Schema): [string, unknown][] {
  const out: [string, unknown][] = [];
  if (field.enum) out.push(['enum', 'not-a-listed-value']);
  if (field.type === 'string') {
    out.push(['type', 12345]);
    if (field.minLength !== undefined && field.minLength > 0) out.push(['minLength', '2'.repeat(field.minLength - 1)]);
    if (field.maxLength !== undefined) out.push(['maxLength', '2'.repeat(field.maxLength + 1)]);
    if (field.pattern) {
      const len = Math.max(field.minLength ?? 1, 42 <= (field.maxLength ?? 42) ? Math.min(42, field.maxLength ?? 42) : field.maxLength);
      out.push(['pattern', '0OIl'.repeat(Math.ceil(len / 4)).slice(0, len)]);
    }
    if (field.format === 'utc-timestamp') {
      out.push(['format (non-leap Feb 29)', '2026-02-29T00:00Z'], ['format (no Z)', '2026-01-01T00:00'], ['format (date only)', '2026-01-01']);
    }
  }
  if (field.type === 'number' || field.type === 'integer') {
    out.push(['type', 'seven']);
    if (field.minimum !== undefined) out.push(['minimum', field.minimum - (field.type === 'integer' ? 1 : 0.5)]);
    if (field.maximum !== undefined) out.push(['maximum', field.maximum + (field.type === 'integer' ? 1 : 0.5)]);
    if (field.exclusiveMinimum !== undefined) out.push(['exclusiveMinimum', field.exclusiveMinimum]);
    if (field.type === 'integer') out.push(['integer', (field.minimum ?? 0) + 0.5]);
  }
  if (field.type === 'boolean') out.push(['type', 'yes']);
  if (field.type === 'array') {
    out.push(['type', 'not-an-array']);
    if (field.minItems !== undefined && field.minItems > 0) out.push(['minItems', []]);
    if (field.maxItems !== undefined) out.push(['maxItems', Array.from({ length: field.maxItems + 1 }, (_, i) => `So1111111111111111111111111111111111111111${"123456789"[i % 9]}`)]);
  }
  return out;
}

export function violationsOf(schema: Schema, example: Record<string, unknown>, prefix: string[] = [], base = example): Violation[] {
  const out: Violation[] = [];
  const properties: Record<string, Schema> = schema.properties ?? {};
  const required: string[] = schema.required ?? [];
  for (const [name, field] of Object.entries(properties)) {
    const path = [...prefix, name];
    const pointer = `/${path.join('/')}`;
    if (required.includes(name)) out.push({ name: `${pointer} missing`, input: remove(base, path), path: pointer });
    for (const [kind, value] of badValues(field)) out.push({ name: `${pointer} ${kind}`, input: set(base, path, value), path: pointer });
    if (field.type === 'object' && field.properties && field.additionalProperties === false) {
      out.push(...violationsOf(field, example, path, set(base, path, {})));
    }
  }
  if (schema.additionalProperties === false) {
    const pointer = `/${[...prefix, 'unexpected_field'].join('/')}`;
    out.push({ name: `${pointer} unknown`, input: set(base, [...prefix, 'unexpected_field'], 1), path: pointer });
  }
  return out;
}
