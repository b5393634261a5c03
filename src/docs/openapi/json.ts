/** The small JSON vocabulary the OpenAPI builders share: the object type, `$ref`s and component names. */

export type Json = Record<string, unknown>;

export const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string): Json => ({ $ref: `#/components/responses/${name}` });
export const headerRef = (name: string): Json => ({ $ref: `#/components/headers/${name}` });

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `perps-cross-venue-funding` → `PerpsCrossVenueFunding` (component names). */
export function pascalCase(key: string): string {
  return key
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** Tag of the free routes that describe the service. */
export const DOCS_TAG = 'Discovery and documentation';
/** Tag of the free demo. */
export const DEMO_TAG = 'Demo';
