/**
 * Detection for launchpad-alerts subscriptions: the group polls launchpad-alerts with its own `since` cursor
 * (docs/launchpad.md, "Endpoint: launchpad-alerts"). The endpoint's events carry no id, and some of them are
 * states re-reported at every poll, so each kind is decided here:
 *
 * - `payout_landed` — a moment (`at` = the payout). Id from the kind, mint and `at`: the cursor lists it
 *   once; a repeated window gives the same id.
 * - `payout_stale` — a moment (`at` = last payout + stale_after_hours, the PAYING → STALE crossing). As above.
 * - `stopped_trading` — a STATE (`at` = the poll time): listed at every poll while the coin has no 24 h volume.
 *   Emitted when it starts, again only after it has ended and come back.
 * - `holders_change` — a STATE (`at` = the poll time): listed at every poll while holders differ by the
 *   threshold from the daily snapshot nearest `since`. Its identity is the mint, the snapshot day and the
 *   direction: a move against a new day's snapshot, or a reversal, is a new fact; the same move re-read
 *   every minute is not.
 * - `rewards_since` — EXCLUDED. It is a per-poll summary (what was distributed between the snapshot and
 *   now), present at every poll whether anything happened or not; as an event it would charge every
 *   subscriber every tick for no news. The payouts themselves arrive as `payout_landed`.
 * - a kind this file does not know yet — treated as a state, the cautious choice: at worst one event per
 *   episode instead of one per tick.
 *
 * A state's id is the hash of its identity and the window (`since`) in which it started: stable when a tick
 * is repeated after its state failed to save (same window: the store keeps it once), and new for a later
 * episode, which starts in a later window.
 *
 * State: `{"cursor": ISO, "present": [state key…]}` — the next `since` and the states seen at the last tick.
 * A mint the answer does not cover (`not_found`, so absent from `coins`) keeps its states: not knowing is not
 * an end, and it must not re-arm them.
 */
import type { Detector } from '../types.js';
import { isRecord } from '../../lib/is-record.js';
import type { GroupEvent } from '../../store/subscriptions/types.js';
import { eventId, groupEvent } from './event.js';
import { readCursorState } from './cursor.js';
import { asNumber, asObject, asString } from '../../lib/read.js';
import { arrayAt, recordAt, stringAt, timeAt } from './read-answer.js';

const KEY = 'launchpad-alerts';

const MOMENT_KINDS: ReadonlySet<string> = new Set(['payout_landed', 'payout_stale']);
const EXCLUDED_KINDS: ReadonlySet<string> = new Set(['rewards_since']);

/** The identity of a state event beyond its kind and mint (holders_change: snapshot day and direction). */
function stateIdentity(kind: string, eventData: Record<string, unknown> | null): string {
  if (kind !== 'holders_change') return '';
  const day = asString(eventData?.snapshot_day) ?? '';
  const change = asNumber(eventData?.change_pct) ?? 0;
  return `${day}:${change < 0 ? 'down' : 'up'}`;
}

/** `kind|mint|identity`; mints are base58, so `|` never occurs inside one. */
const stateKey = (kind: string, mint: string, identity: string) => `${kind}|${mint}|${identity}`;
const mintOfKey = (key: string) => key.split('|')[1] ?? '';

function previousPresent(state: Record<string, unknown> | null): Set<string> {
  if (state === null) return new Set();
  const present = state.present;
  if (!Array.isArray(present) || !present.every((p) => typeof p === 'string')) throw new Error('launchpad-alerts detection state has no present list');
  return new Set(present);
}

export const launchpadAlertsDetector: Detector = {
  source: 'launchpad-alerts',
  async detect(group, now, call, signal) {
    const { since, state } = readCursorState(group);
    const before = previousPresent(state);
    const { data } = await call(KEY, { ...group.input, since }, signal);
    const answered = new Set(arrayAt(KEY, data, 'coins').map((c, i) => stringAt(KEY, recordAt(KEY, c, `coins/${i}`), 'mint', `coins/${i}/mint`)));
    const present = new Set<string>();
    const events: GroupEvent[] = [];
    arrayAt(KEY, data, 'events').forEach((raw, i) => {
      const e = recordAt(KEY, raw, `events/${i}`);
      const kind = stringAt(KEY, e, 'kind', `events/${i}/kind`);
      if (EXCLUDED_KINDS.has(kind)) return;
      const mint = stringAt(KEY, e, 'mint', `events/${i}/mint`);
      const at = timeAt(KEY, e, 'at', `events/${i}/at`);
      let id: string;
      if (MOMENT_KINDS.has(kind)) {
        id = eventId(KEY, kind, mint, at.toISOString());
      } else {
        const identity = stateIdentity(kind, asObject(e.data));
        const key = stateKey(kind, mint, identity);
        // Listed twice in one answer (it never is today): the first stands.
        if (present.has(key)) return;
        present.add(key);
        if (before.has(key)) return;
        id = eventId(KEY, kind, mint, identity, since);
      }
      events.push(groupEvent({ id, type: kind, source: 'launchpad-alerts', subject: { type: 'token', address: mint }, occurredAt: at, detectedAt: now, data: e }));
    });
    for (const key of before) if (!answered.has(mintOfKey(key))) present.add(key);
    const cursor = timeAt(KEY, data, 'checked_at').toISOString();
    return { events, state: JSON.stringify({ cursor, present: [...present].sort() }) };
  },
};
