/** A schema without TypeBox's symbol keys (`[Kind]`, `[OptionalKind]`): plain JSON, as documents and validators publish it. */
export function plainSchema<T>(schema: T): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}
