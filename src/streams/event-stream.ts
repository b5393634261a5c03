/**
 * One open Server-Sent Events stream of a subscription (docs/streaming.md, "Streaming"): replays what the client
 * has not seen, then pushes each new event as it is stored; heartbeats keep an idle stream alive.
 *
 * Where it starts: after `Last-Event-ID` when the client sends one (a reconnecting EventSource does), else after
 * the last event this subscription was charged for — so a client that reconnects without the header still loses
 * nothing it paid for and is not sent twice what it did. An event older than the replay window is gone: when the
 * next event stored is not the next seq, the stream says so with a `gap` event naming the seqs missed.
 *
 * Money: each event is reserved before it is written and charged once the socket took it; an event charged
 * before (a client replaying with an older `Last-Event-ID`) is sent again free. No funds → one `paused` event,
 * then the stream waits, heartbeating, for a top-up; the events stay stored meanwhile.
 *
 * Control events (`gap`, `paused`, `cancelled`) carry the stream's position as their id, so a client's
 * `Last-Event-ID` never moves past an event it was not sent.
 */
import { sseComment, sseEvent, sseRetry } from '../lib/sse.js';
import type { Timers } from '../lib/timers.js';
import type { StoredEvent, SubscriptionRepository, SubscriptionRow } from '../store/subscriptions/types.js';
import type { DeliveryCharger } from './charger.js';
import type { StreamHub } from './hub.js';
import { fundLink } from './fund-endpoint.js';
import { envelopeJson } from './types.js';

/** Where frames go: the HTTP response, as far as the stream needs it. */
export interface SseSink {
  /** Resolves true once the chunk was handed to the socket, false when the connection is gone. */
  write(chunk: string): Promise<boolean>;
  /** Aborted when the client disconnects. */
  closed: AbortSignal;
}

export interface EventStreamDeps {
  store: Pick<SubscriptionRepository, 'getSubscription' | 'eventsAfter' | 'eventRange' | 'lastChargedSeq'>;
  charger: DeliveryCharger;
  hub: StreamHub;
  timers: Timers;
  heartbeatMs: number;
  publicUrl: string;
}

const BATCH = 100;
/** EventSource reconnects after this long (the `retry:` field). */
const RECONNECT_MS = 3_000;

export async function serveEventStream(subscription: SubscriptionRow, lastEventId: number | undefined, sink: SseSink, deps: EventStreamDeps): Promise<void> {
  const { store, charger, hub, timers } = deps;
  const id = subscription.id;
  // A Last-Event-ID beyond the last event stored (another subscription's, a typo) would skip events to come.
  const last = (await store.eventRange(id)).last;
  let cursor = lastEventId === undefined ? await store.lastChargedSeq(id) : last > 0 ? Math.min(lastEventId, last) : lastEventId;
  if (!(await sink.write(sseRetry(RECONNECT_MS)))) return;
  let pausedSaid = false;
  while (!sink.closed.aborted) {
    const current = await store.getSubscription(id);
    if (!current || current.status !== 'active') {
      await sink.write(sseEvent({ id: cursor, event: 'cancelled', data: JSON.stringify({ subscription_id: id }) }));
      return;
    }
    const events = await store.eventsAfter(id, cursor, BATCH);
    let stalled = false;
    for (const event of events) {
      // Seqs are never reused; one missing here left the replay window before it was sent (at the start, or while
      // this stream waited unfunded): say so, never charged, and go on from the event that is there.
      if (event.seq > cursor + 1) {
        const gap = { missed_from_seq: cursor + 1, missed_to_seq: event.seq - 1, reason: 'no longer stored: older than the replay window' };
        if (!(await sink.write(sseEvent({ id: event.seq - 1, event: 'gap', data: JSON.stringify(gap) })))) return;
        cursor = event.seq - 1;
      }
      const sent = await deliver(current, event);
      if (sent === 'gone') return;
      if (sent === 'cancelled') {
        await sink.write(sseEvent({ id: cursor, event: 'cancelled', data: JSON.stringify({ subscription_id: id }) }));
        return;
      }
      if (sent === 'unfunded') {
        stalled = true;
        if (!pausedSaid) {
          pausedSaid = true;
          const paused = { subscription_id: id, reason: 'unfunded', next_seq: event.seq, fund: fundLink(deps.publicUrl, id) };
          if (!(await sink.write(sseEvent({ id: cursor, event: 'paused', data: JSON.stringify(paused) })))) return;
        }
        break;
      }
      pausedSaid = false;
      cursor = event.seq;
    }
    if (!stalled && events.length === BATCH) continue;
    const woken = await hub.wait(id, deps.heartbeatMs, sink.closed);
    if (!woken && !sink.closed.aborted && !(await sink.write(sseComment('keep-alive')))) return;
  }

  async function deliver(current: SubscriptionRow, event: StoredEvent): Promise<'sent' | 'unfunded' | 'gone' | 'cancelled'> {
    const frame = sseEvent({ id: String(event.seq), data: envelopeJson(current.id, event.seq, event.body) });
    const reserved = await charger.reserve(current, event.seq);
    if (reserved.kind === 'unfunded') return 'unfunded';
    if (reserved.kind === 'inactive') return 'cancelled';
    const written = await sink.write(frame);
    if (reserved.kind === 'charged_before') return written ? 'sent' : 'gone';
    if (!written) {
      await charger.release(current, event.seq);
      return 'gone';
    }
    await charger.commit(current, event.seq, reserved);
    return 'sent';
  }
}

/** Adapts a Node response to a sink: a write resolves when the socket took it; backpressure waits for drain. */
export function responseSink(res: import('node:http').ServerResponse, closed: AbortSignal): SseSink {
  return {
    closed,
    write(chunk) {
      if (closed.aborted || res.destroyed || res.writableEnded) return Promise.resolve(false);
      return new Promise((resolve) => {
        res.write(chunk, (err) => resolve(!err && !closed.aborted));
      });
    },
  };
}
