/**
 * Reading published schemas as closed, for the tests that hold real bodies to /openapi.json
 * (test/docs/route-bodies.test.ts, test/docs/subscription-routes-openapi.test.ts): every object schema that lists
 * its properties refuses others, and a body with an unknown field added to any of its objects must be refused —
 * so a field added to a body but not to its schema fails.
 */
export const UNKNOWN_FIELD = 'not_in_the_schema';

type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The paths (arrays of keys) of every object in a value, the value itself included; `open` keys are not entered. */
export function objectPaths(value: unknown, open: readonly string[] = [], path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => objectPaths(item, open, [...path, i]));
  if (!isObject(value) || open.includes(String(path.at(-1)))) return [];
  return [path, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, open, [...path, k]))];
}

/** A copy of a published schema with every object schema that lists its properties closed to others. */
export function closedReading(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedReading);
  if (!isObject(schema)) return schema;
  const copy: Json = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closedReading(v)]));
  if (isObject(copy.properties) && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

/** A copy of `body` with an unknown field added to the object at `path`. */
export function withUnknownField(body: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(body);
  let target = copy as Record<string | number, unknown>;
  for (const key of path) target = target[key] as Record<string | number, unknown>;
  target[UNKNOWN_FIELD] = true;
  return copy;
}
