/**
 * A provider's answer (or one entry of it) that breaks the format we rely on. Its message is written by us
 * from what was checked — a JSON pointer and the broken rule (`/3/quoteToken must have required property
 * 'address'`), or which account or field is wrong — so it may be shown to a caller in an `items_skipped`
 * caveat (docs/sources.md). Any other error met while reading an answer (a runtime error, a library's
 * exception) says nothing a caller should read: `formatProblem` (./errors.ts) puts a fixed text in its place.
 *
 * No imports: the wire parsers and decoders throw it without depending on the rest of sources/.
 */
export class UpstreamFormatError extends Error {}
