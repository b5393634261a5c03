/**
 * A provider's answer (or one entry of it) that breaks the format we rely on. Its message is written by us
 * from what was checked — a JSON pointer and the broken rule (`/3/quoteToken must have required property
 * 'address'`), or which account or field is wrong — so it may be shown to a caller in an `items_skipped`
 * caveat (src/sources/errors.ts; docs/sources.md). Any other error met while reading an answer (a runtime
 * error, a library's exception) says nothing a caller should read: `formatProblem` puts a fixed text in its
 * place, and the whole answer is `malformed` (its text for the logs only, in the SourceError's message).
 */
import { SourceError } from './errors.js';

export class UpstreamFormatError extends Error {}

/** What may be shown of `err` as the reason an answer or entry was rejected: our own checks' words, else `fallback`. */
export function formatProblem(err: unknown, fallback: string): string {
  return err instanceof UpstreamFormatError || err instanceof SourceError ? err.message : fallback;
}
