/**
 * The headline spec of every endpoint `query` may route to that is priced above query itself (see
 * ../preview.ts for the rule and types.ts for what a spec shows). An endpoint without a spec here is never
 * shown in part: its leg says only that the full answer is one call away.
 */
import { Reader } from '../reader.js';
import { DISCOVERY_HEADLINES } from './discovery.js';
import { HISTORY_HEADLINES } from './history.js';
import { LAUNCHPAD_HEADLINES } from './launchpad.js';
import { PERPS_HEADLINES } from './perps.js';
import { SUBJECT_HEADLINES } from './subjects.js';
import type { HeadlineSpec, Headlines } from './types.js';

export type { Headlines, HeadlineSpec } from './types.js';

export const HEADLINE_SPECS: Readonly<Record<string, HeadlineSpec>> = {
  ...SUBJECT_HEADLINES,
  ...HISTORY_HEADLINES,
  ...PERPS_HEADLINES,
  ...DISCOVERY_HEADLINES,
  ...LAUNCHPAD_HEADLINES,
};

export interface HeadlineReading {
  headlines: Headlines;
  /** One paragraph in words, from the headlines only. */
  summary: string;
  /** What the full answer adds. */
  full: string;
  /** Paths the spec read that the answer does not have (schema drift; tests keep it empty). */
  missing: string[];
}

export function readHeadlines(endpoint: string, data: Record<string, unknown>): HeadlineReading | null {
  const spec = HEADLINE_SPECS[endpoint];
  if (!spec) return null;
  const reader = new Reader(data);
  const headlines = spec.pick(reader);
  return { headlines, summary: spec.brief(headlines), full: spec.full, missing: reader.missing };
}
