/**
 * The `since` cursor of the polling sources (check-alerts, launchpad-alerts): where the group's last
 * successful tick left off, or the group's first subscription on its first tick (nothing before a
 * subscriber existed is theirs to receive).
 */
import type { DetectionGroup } from '../../store/subscriptions/types.js';
import { parseState } from './read-answer.js';

export function readCursorState(group: DetectionGroup): { since: string; state: Record<string, unknown> | null } {
  if (group.state === null) return { since: group.firstSubscribedAt.toISOString(), state: null };
  const state = parseState(group.source, group.state);
  const cursor = state.cursor;
  if (typeof cursor !== 'string' || Number.isNaN(Date.parse(cursor))) throw new Error(`${group.source} detection state has no cursor`);
  return { since: cursor, state };
}
