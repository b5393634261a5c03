/**
 * Detection for check-alerts subscriptions: the group polls check-alerts exactly as a caller owning the
 * cursor would (docs/alerts.md), and every listed alert is an event. Alert ids are the endpoint's stable
 * hashes of the crossing, so an alert listed again (a repeated window) is the same event and the store keeps
 * it once per subscription.
 *
 * State: `{"cursor": ISO}` — the next poll's `since`.
 */
import type { Detector } from '../types.js';
import { groupEvent } from './event.js';
import { readCursorState } from './cursor.js';
import { arrayAt, recordAt, stringAt, timeAt } from './read-answer.js';

const KEY = 'check-alerts';

/**
 * The cursor after a truncated answer. The endpoint lists `fired_at > since`, oldest first with ties by id,
 * so passing the last listed `fired_at` back (as the endpoint suggests) would drop the unlisted alerts that
 * fired at that same instant — common, since one observation fires every kind it crosses at once. One
 * millisecond earlier lists that instant again (the repeats dedupe on id). When the whole page is that one
 * instant, stepping back would return the same page forever: the cursor moves past it instead (the rest of
 * that instant cannot be read from this endpoint).
 */
function cursorAfterTruncation(firstFiredAt: Date, lastFiredAt: Date): string {
  if (firstFiredAt.getTime() === lastFiredAt.getTime()) return lastFiredAt.toISOString();
  return new Date(lastFiredAt.getTime() - 1).toISOString();
}

export const checkAlertsDetector: Detector = {
  source: 'check-alerts',
  async detect(group, now, call, signal) {
    const { since } = readCursorState(group);
    const { data } = await call(KEY, { ...group.input, since }, signal);
    const alerts = arrayAt(KEY, data, 'alerts').map((a, i) => recordAt(KEY, a, `alerts/${i}`));
    const events = alerts.map((alert, i) => {
      const subject = recordAt(KEY, alert.subject, `alerts/${i}/subject`);
      return groupEvent({
        id: stringAt(KEY, alert, 'id', `alerts/${i}/id`),
        type: stringAt(KEY, alert, 'kind', `alerts/${i}/kind`),
        source: 'check-alerts',
        subject: { type: stringAt(KEY, subject, 'type', `alerts/${i}/subject/type`), address: stringAt(KEY, subject, 'address', `alerts/${i}/subject/address`) },
        occurredAt: timeAt(KEY, alert, 'fired_at', `alerts/${i}/fired_at`),
        detectedAt: now,
        data: alert,
      });
    });
    const first = events[0];
    const last = events[events.length - 1];
    const cursor = data.truncated === true && first && last
      ? cursorAfterTruncation(first.occurredAt, last.occurredAt)
      : timeAt(KEY, data, 'checked_at').toISOString();
    return { events, state: JSON.stringify({ cursor }) };
  },
};
