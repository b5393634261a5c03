/**
 * Typed parsing of provider bodies: each client declares the part of the documented wire format it
 * relies on as a TypeBox schema, and a body that does not match is `malformed` rather than trusted.
 * Extra fields are allowed (providers add fields over time; that must not break us).
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { Ajv } from 'ajv';

const ajv = new Ajv({ strict: false, allErrors: false, coerceTypes: false, useDefaults: false });

export function wireParser<S extends TSchema>(schema: S): (json: unknown) => Static<S> {
  const validate = ajv.compile(schema);
  return (json) => {
    if (!validate(json)) {
      const e = validate.errors?.[0];
      throw new Error(`${e?.instancePath || '/'} ${e?.message ?? 'is invalid'}`);
    }
    return json as Static<S>;
  };
}
