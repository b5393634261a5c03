/**
 * Alert streams' housekeeping (hourly, docs/streaming.md): events older than the replay window are deleted (a
 * stream resuming from before it gets a `gap` event; a webhook event never acknowledged by then is dropped,
 * uncharged), and reservations left by a process that died mid-delivery are given back — nothing is ever charged
 * for an event whose delivery was not seen to succeed.
 */
import type { SubscriptionRepository } from '../store/subscriptions/types.js';
import type { Job } from './runner.js';

/** A delivery outlives no reservation this old (webhook timeouts are seconds; a stream write is one socket write). */
export const STALE_RESERVATION_MS = 10 * 60_000;

export interface StreamEventsRetentionOptions {
  store: Pick<SubscriptionRepository, 'deleteEventsBefore' | 'staleReservations' | 'releaseCharge'>;
  replayWindowMs: number;
  intervalMs?: number;
}

export function streamEventsRetentionJob(options: StreamEventsRetentionOptions): Job {
  return {
    name: 'stream-events-retention',
    intervalMs: options.intervalMs ?? 3_600_000,
    leaseMs: 10 * 60_000,
    async run({ now }) {
      const deleted = await options.store.deleteEventsBefore(new Date(now.getTime() - options.replayWindowMs));
      const stale = await options.store.staleReservations(new Date(now.getTime() - STALE_RESERVATION_MS), 10_000);
      for (const charge of stale) await options.store.releaseCharge(charge.subscriptionId, charge.seq);
      return `deleted ${deleted} events older than the replay window, released ${stale.length} stale reservations`;
    },
  };
}
