/**
 * Top-up credits that were not written when their payment settled (every minute, docs/streaming.md): a settlement
 * whose outcome was unknown and was later found on chain, or a credit write that failed after the settlement. The
 * payment claim of every top-up is written before it is settled, so this finds each charged one with no credit
 * under its payment key and credits it — once, since credits are keyed by the payment.
 */
import type { SubscriptionRepository } from '../store/subscriptions/types.js';
import { creditable, creditTopUp } from '../streams/top-up-credit.js';
import type { Job } from './runner.js';

export interface StreamTopUpCreditsOptions {
  store: Pick<SubscriptionRepository, 'pendingTopUps' | 'creditSubscription'>;
  /** Wakes this instance's deliveries for the subscriptions credited. */
  onCredited?: (subscriptionIds: string[]) => void;
  intervalMs?: number;
}

export function streamTopUpCreditsJob(options: StreamTopUpCreditsOptions): Job {
  return {
    name: 'stream-top-up-credits',
    intervalMs: options.intervalMs ?? 60_000,
    leaseMs: 5 * 60_000,
    async run({ now }) {
      const pending = await options.store.pendingTopUps(1_000);
      const credited: string[] = [];
      for (const topUp of pending) {
        const credit = creditable(topUp);
        if (credit && (await creditTopUp(options.store, credit, now)) === 'credited') credited.push(credit.subscriptionId);
      }
      if (credited.length > 0) options.onCredited?.(credited);
      return `credited ${credited.length} top-ups, ${pending.length - credited.length} still in flight`;
    },
  };
}
