/**
 * What `query` shows of a leg it does not return whole (an endpoint priced above query's own price): a few
 * headline fields and one paragraph made from them. The rule each spec follows (docs/query-routing.md):
 * scope and verdicts, never the payload — the subject, the window every count or change is measured over,
 * how much the full answer found (counts, not the items), and the one top-line verdict when the endpoint
 * has one. Lists, rankings, per-item figures, reasons and factors stay in the full answer.
 */
import type { Reader, Scalar } from '../reader.js';

export type Headlines = Record<string, Scalar>;

export interface HeadlineSpec<H extends Headlines = Headlines> {
  /** The fields, each named so that it reads right on its own (units and windows in the names or beside them). */
  pick: (r: Reader) => H;
  /** One paragraph in words, made from the picked fields only (never from the payload). */
  brief: (h: H) => string;
  /** What the full answer holds beyond the headlines: the reason of the next step that buys it. */
  full: string;
}

/** Keeps each spec's fields typed against its own brief while listing specs of different shapes together. */
export const spec = <H extends Headlines>(s: HeadlineSpec<H>): HeadlineSpec => s as unknown as HeadlineSpec;
