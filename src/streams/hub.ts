/**
 * Wakes whatever waits on a subscription in this process — its open streams and the webhook dispatcher — when
 * events were stored for it, when it was funded, or when it was cancelled. Detection in this process calls
 * `notify` right after storing; streams and deliveries of other instances find the events on their next look
 * (the webhook dispatcher's poll, a stream's heartbeat), so nothing depends on the wake-up arriving.
 */
import type { Timers } from '../lib/timers.js';

type Waiter = () => void;

export class StreamHub {
  private readonly waiters = new Map<string, Set<Waiter>>();
  private readonly listeners = new Set<(subscriptionIds: readonly string[]) => void>();

  constructor(private readonly timers: Timers) {}

  /** Resolves `true` on the next notify for this subscription, `false` after `ms` or when `signal` aborts. */
  wait(subscriptionId: string, ms: number, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve(false);
      let set = this.waiters.get(subscriptionId);
      if (!set) this.waiters.set(subscriptionId, (set = new Set()));
      const done = (woken: boolean) => {
        cancel();
        signal?.removeEventListener('abort', onAbort);
        set!.delete(waiter);
        if (set!.size === 0 && this.waiters.get(subscriptionId) === set) this.waiters.delete(subscriptionId);
        resolve(woken);
      };
      const waiter = () => done(true);
      const onAbort = () => done(false);
      const cancel = this.timers.setTimeout(() => done(false), ms, { unref: true });
      signal?.addEventListener('abort', onAbort, { once: true });
      set.add(waiter);
    });
  }

  /** Something changed for these subscriptions. */
  notify(subscriptionIds: readonly string[]): void {
    for (const id of subscriptionIds) for (const waiter of [...(this.waiters.get(id) ?? [])]) waiter();
    for (const listener of this.listeners) listener(subscriptionIds);
  }

  /** Called on every notify (the webhook dispatcher delivers the new events at once). */
  onNotify(listener: (subscriptionIds: readonly string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
