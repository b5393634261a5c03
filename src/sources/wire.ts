/**
 * Typed parsing of provider bodies: each client declares the part of the documented wire format it
 * relies on as a TypeBox schema, and a body that does not match is `malformed` rather than trusted.
 * Extra fields are allowed (providers add fields over time; that must not break us).
 *
 * Lists are validated per item (`wireListParser`): one malformed entry of a provider's list (an old DEX
 * Screener pair without `quoteToken.address`, a DAS asset missing a field) is skipped and counted instead
 * of rejecting the whole answer. The envelope stays strict: a body that is not the list at all is still
 * `malformed`.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { Ajv, type ValidateFunction } from 'ajv';
import { UpstreamFormatError } from './format-error.js';

const ajv = new Ajv({ strict: false, allErrors: false, coerceTypes: false, useDefaults: false });

function firstErrorOf(validate: ValidateFunction, prefix = ''): string {
  const e = validate.errors?.[0];
  return `${prefix}${e?.instancePath || (prefix ? '' : '/')} ${e?.message ?? 'is invalid'}`;
}

export function wireParser<S extends TSchema>(schema: S): (json: unknown) => Static<S> {
  const validate = ajv.compile(schema);
  return (json) => {
    if (!validate(json)) throw new UpstreamFormatError(firstErrorOf(validate));
    return json as Static<S>;
  };
}

/** A list validated item by item: the entries that match, how many did not, and why the first one did not. */
export interface ParsedList<T> {
  items: T[];
  skipped: number;
  /** The first rejected entry's first problem, e.g. `/3/quoteToken must have required property 'address'`; null when none. */
  firstError: string | null;
}

/**
 * Validates a JSON array entry by entry against `itemSchema` (the same ajv settings as `wireParser`).
 * Entries that do not match are left out and counted; the order of the others is kept. A value that is
 * not an array throws (→ `malformed`): only the items may be individually bad, never the envelope.
 */
export function wireListParser<S extends TSchema>(itemSchema: S): (items: unknown) => ParsedList<Static<S>> {
  const validate = ajv.compile(itemSchema);
  return (items) => {
    if (!Array.isArray(items)) throw new UpstreamFormatError('/ must be array');
    const out: Static<S>[] = [];
    let skipped = 0;
    let firstError: string | null = null;
    for (let i = 0; i < items.length; i++) {
      const item: unknown = items[i];
      if (validate(item)) {
        out.push(item as Static<S>);
        continue;
      }
      skipped++;
      firstError ??= firstErrorOf(validate, `/${i}`);
    }
    return { items: out, skipped, firstError };
  };
}

/**
 * A list that had entries but none that matched is a changed format, not an odd entry: it throws like any
 * body that does not match (→ `malformed`, the leg fails or degrades as it always did). Otherwise the list.
 */
export function someValid<T>(list: ParsedList<T>, what: string): ParsedList<T> {
  if (list.items.length === 0 && list.skipped > 0) throw new UpstreamFormatError(`all ${list.skipped} ${what} entries are malformed (first: ${list.firstError})`);
  return list;
}

/** `wireListParser` for a client: the same per-item validation, and `someValid`'s rule on the whole list. `what` names one entry ("pair"). */
export function usableListParser<S extends TSchema>(itemSchema: S, what: string): (items: unknown) => ParsedList<Static<S>> {
  const parse = wireListParser(itemSchema);
  return (items) => someValid(parse(items), what);
}

/** The lists of a batched call (one per request) as one: items in order, skips summed, the first error kept. */
export function mergeParsedLists<T>(lists: readonly ParsedList<T>[]): ParsedList<T> {
  const merged: ParsedList<T> = { items: [], skipped: 0, firstError: null };
  for (const list of lists) {
    merged.items.push(...list.items);
    merged.skipped += list.skipped;
    merged.firstError ??= list.firstError;
  }
  return merged;
}

/**
 * `wireListParser` for a keyed map (`{ "BTC-USD": {...}, … }`): each value checked on its own, a malformed
 * one left out and counted; `firstError` names the key (`/BTC-USD/oraclePrice must be string`). The caller
 * has checked that the body is an object.
 */
export function wireRecordParser<S extends TSchema>(valueSchema: S): (record: Readonly<Record<string, unknown>>) => ParsedList<[string, Static<S>]> {
  const validate = ajv.compile(valueSchema);
  return (record) => {
    const items: [string, Static<S>][] = [];
    let skipped = 0;
    let firstError: string | null = null;
    for (const [key, value] of Object.entries(record)) {
      if (validate(value)) {
        items.push([key, value as Static<S>]);
        continue;
      }
      skipped++;
      firstError ??= firstErrorOf(validate, `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
    return { items, skipped, firstError };
  };
}
