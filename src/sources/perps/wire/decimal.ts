/**
 * Decimal strings: Hyperliquid's info API and the dYdX v4 indexer both send every price, size and rate
 * as a JSON string ("152.34", "-0.0000125") so no precision is lost in JSON numbers. The documented
 * form is a plain decimal (the @nktkas/hyperliquid SDK pins it as `^-?[0-9]+(\.[0-9]+)?$`; the dYdX
 * indexer prints Big.js `toFixed()`); an exponent is accepted too, as it is still an exact number.
 * Anything else (empty, "NaN", "1,5") does not match, so the body is `malformed`, never read as 0.
 */
import { Type } from '@sinclair/typebox';
import { UpstreamFormatError } from '../../format-error.js';

export const DecimalString = Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$' });

/** The number a `DecimalString` holds (the schema has already checked the form). */
export function decimal(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value)) throw new UpstreamFormatError('not a finite decimal'); // the upstream text itself is never echoed (docs/sources.md)
  return value;
}
