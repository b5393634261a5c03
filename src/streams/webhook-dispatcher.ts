/**
 * Delivers webhook subscriptions' events (docs/streaming.md, "Webhooks"): in seq order, one at a time per
 * subscription, each signed (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`) and
 * charged only when the receiver answers 2xx. A failure is logged and retried with backoff (10 s, 30 s, 90 s…
 * up to an hour apart), and nothing after it is sent meanwhile: the receiver sees every event once, in order.
 *
 * Which instance delivers: any, one at a time per subscription — each takes the subscription's lease in the
 * store before delivering (renewed per event), so two instances never send one subscription's events at once.
 * New events are pushed at once through the hub (this instance's detection); every instance also looks for
 * due deliveries each `webhookPollMs` (retries, other instances' events, funds that arrived).
 *
 * A receiver's `Retry-After` (429, 503) is honoured when longer than the backoff; `410 Gone` cancels the subscription
 * (the Standard Webhooks meaning: stop sending). An event still unacknowledged when it leaves the replay window is
 * dropped with the window, never charged; the delivery log keeps its attempts.
 */
import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { MAX_RETRY_DELAY_MS, retryDelayMs } from '../lib/backoff.js';
import { guardedLookup, type CallbackMode } from '../lib/callback-url.js';
import type { Timers } from '../lib/timers.js';
import { signWebhook } from '../lib/webhook-signature.js';
import type { SubscriptionRepository, SubscriptionRow } from '../store/subscriptions/types.js';
import type { DeliveryCharger } from './charger.js';
import type { StreamHub } from './hub.js';
import type { StreamSettings } from './settings.js';
import { envelopeJson } from './types.js';
import { postWebhook, type WebhookPostResult } from './webhook-post.js';

export interface WebhookDispatcherDeps {
  store: SubscriptionRepository;
  charger: DeliveryCharger;
  hub: StreamHub;
  timers: Timers;
  now: () => Date;
  logger: Logger;
  mode: CallbackMode;
  settings: Pick<StreamSettings, 'webhookTimeoutMs' | 'webhookPollMs' | 'webhookConcurrency'>;
  /** Replaces the HTTP POST (tests of the dispatcher's own rules). */
  post?: typeof postWebhook;
}

/** The `webhook-id` of an event: the same on every retry, so a receiver can drop a repeat. */
export const webhookMessageId = (subscriptionId: string, seq: number) => `${subscriptionId}_${seq}`;

/** How many events one turn delivers to one subscription before letting others have the lease slots. */
const EVENTS_PER_TURN = 50;

export class WebhookDispatcher {
  private readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly lookup;
  private readonly active = new Map<string, Promise<void>>();
  /** Subscriptions notified while their turn ran: they get another turn right after. */
  private readonly again = new Set<string>();
  private readonly stopping = new AbortController();
  /** Subscriptions woken by a notify, delivered `webhookConcurrency` at a time (a fan-out to thousands opens no more). */
  private readonly queued = new Set<string>();
  private lanes = 0;
  /** Subscriptions known not to deliver by webhook (a delivery mode never changes): skipped without a store read. */
  private readonly notWebhook = new Set<string>();
  private cancelPoll: (() => void) | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly deps: WebhookDispatcherDeps) {
    this.lookup = guardedLookup(deps.mode);
    // Every POST in flight listens for the stop (the webhook concurrency, plus the turns a notify starts at once).
    setMaxListeners(Math.max(100, deps.settings.webhookConcurrency * 4), this.stopping.signal);
  }

  /** Polls for due deliveries and delivers new events as soon as they are stored. */
  start(): void {
    if (this.cancelPoll || this.stopping.signal.aborted) return;
    this.unsubscribe = this.deps.hub.onNotify((ids) => {
      for (const id of ids) if (!this.notWebhook.has(id)) this.queued.add(id);
      this.pump();
    });
    // The next look is scheduled when this one ended: sweeps never overlap, and a clock moved far ahead at once (a
    // test's ManualTimers) wakes one sweep, not one per poll interval skipped.
    const poll = () => {
      void this.sweep().finally(() => {
        if (!this.stopping.signal.aborted) this.cancelPoll = this.deps.timers.setTimeout(poll, this.deps.settings.webhookPollMs, { unref: true });
      });
    };
    this.cancelPoll = () => undefined;
    poll();
  }

  private pump(): void {
    while (this.lanes < this.deps.settings.webhookConcurrency && this.queued.size > 0 && !this.stopping.signal.aborted) {
      this.lanes++;
      void (async () => {
        try {
          for (let next = this.take(); next !== undefined; next = this.take()) await this.turn(next);
        } finally {
          this.lanes--;
        }
      })();
    }
  }

  private take(): string | undefined {
    const [next] = this.queued;
    if (next !== undefined) this.queued.delete(next);
    return next;
  }

  /** Delivers whatever is due now, across subscriptions; resolves when those turns end (tests await it). */
  async sweep(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    let due: string[];
    try {
      due = await this.deps.store.webhookSubscriptionsDue(this.deps.now(), 200);
    } catch (err) {
      this.deps.logger.warn({ err }, 'webhook deliveries could not be listed');
      return;
    }
    let next = 0;
    const lane = async () => {
      while (next < due.length) await this.turn(due[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(this.deps.settings.webhookConcurrency, due.length) }, lane));
  }

  /** Waits until no turn runs and none is queued (tests). */
  async idle(): Promise<void> {
    while (this.active.size > 0 || this.queued.size > 0 || this.lanes > 0) {
      if (this.active.size > 0) await Promise.all(this.active.values());
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async stop(): Promise<void> {
    this.cancelPoll?.();
    this.unsubscribe?.();
    this.stopping.abort(new Error('webhook dispatcher stopped'));
    await this.idle();
  }

  /** One subscription's deliveries, never two at once in this process. */
  private turn(subscriptionId: string): Promise<void> {
    const running = this.active.get(subscriptionId);
    if (running) {
      this.again.add(subscriptionId);
      return running;
    }
    const run = this.deliverDue(subscriptionId)
      .catch((err: unknown) => this.deps.logger.error({ err, subscription: subscriptionId }, 'webhook delivery turn failed'))
      .finally(() => {
        this.active.delete(subscriptionId);
        if (this.again.delete(subscriptionId) && !this.stopping.signal.aborted) void this.turn(subscriptionId);
      });
    this.active.set(subscriptionId, run);
    return run;
  }

  private async deliverDue(subscriptionId: string): Promise<void> {
    const { store, now, settings } = this.deps;
    const leaseMs = settings.webhookTimeoutMs * 3;
    const lease = () => store.leaseSubscription(subscriptionId, this.holder, now(), new Date(now().getTime() + leaseMs));
    const subscription = await store.getSubscription(subscriptionId);
    if (!subscription || subscription.delivery !== 'webhook' || !subscription.webhookUrl || !subscription.webhookSecret) {
      if (subscription) this.notWebhook.add(subscriptionId);
      return;
    }
    if (subscription.status !== 'active' || !(await lease())) return;
    try {
      const state = await store.readWebhookState(subscriptionId);
      if (state.nextAttemptAt && state.nextAttemptAt > now()) return;
      const events = await store.eventsAfter(subscriptionId, state.ackedSeq, EVENTS_PER_TURN);
      let attempts = state.attempts;
      for (const event of events) {
        if (this.stopping.signal.aborted) return;
        const delivered = await this.deliverOne(subscription, event.seq, event.body, attempts);
        if (delivered !== 'acked') return;
        attempts = 0;
        if (!(await lease())) return;
      }
      // A full turn: more may be waiting; let the next notify or poll take them without holding a slot.
      if (events.length === EVENTS_PER_TURN) this.again.add(subscriptionId);
    } finally {
      await store.releaseSubscriptionLease(subscriptionId, this.holder).catch(() => undefined);
    }
  }

  /** One event: reserve its price, post it signed, then charge it on a 2xx or give the reservation back. */
  private async deliverOne(subscription: SubscriptionRow, seq: number, body: string, failedBefore: number): Promise<'acked' | 'failed' | 'unfunded'> {
    const { store, charger, now, timers, settings } = this.deps;
    const reserved = await charger.reserve(subscription, seq);
    if (reserved.kind === 'unfunded' || reserved.kind === 'inactive') return 'unfunded';
    const json = envelopeJson(subscription.id, seq, body);
    const sentAt = now();
    const { headers } = signWebhook(subscription.webhookSecret!, webhookMessageId(subscription.id, seq), Math.floor(sentAt.getTime() / 1000), json);
    const post = this.deps.post ?? postWebhook;
    let result: WebhookPostResult;
    try {
      result = await post({ url: new URL(subscription.webhookUrl!), body: json, headers, timeoutMs: settings.webhookTimeoutMs, lookup: this.lookup, timers, signal: this.stopping.signal });
    } catch {
      result = { ok: false, status: null, error: 'connection_failed', durationMs: 0, retryAfterS: null, gone: false };
    }
    if (result.ok) {
      if (reserved.kind === 'reserved') await charger.commit(subscription, seq, reserved);
      await store.recordDeliveryAttempt({ subscriptionId: subscription.id, seq, attempt: failedBefore + 1, at: sentAt, status: result.status, ok: true, error: null, durationMs: Math.round(result.durationMs), nextAttemptAt: null });
      return 'acked';
    }
    if (reserved.kind === 'reserved') await charger.release(subscription, seq);
    // A shutdown is not the receiver's failure: the event stays due, no attempt is counted.
    if (result.error === 'aborted') return 'failed';
    const attempt = failedBefore + 1;
    // The receiver's Retry-After (429, 503) is honoured when longer than our backoff, within the hour cap.
    const delayMs = Math.min(MAX_RETRY_DELAY_MS, Math.max(retryDelayMs(attempt), (result.retryAfterS ?? 0) * 1000));
    // 410 Gone: the receiver asks for no more deliveries (Standard Webhooks): the subscription is cancelled.
    const nextAttemptAt = result.gone ? null : new Date(now().getTime() + delayMs);
    await store.recordDeliveryAttempt({ subscriptionId: subscription.id, seq, attempt, at: sentAt, status: result.status, ok: false, error: result.error, durationMs: Math.round(result.durationMs), nextAttemptAt });
    if (result.gone) {
      await store.cancelSubscription(subscription.id, now());
      this.deps.logger.info({ subscription: subscription.id, seq }, 'webhook receiver answered 410 Gone: subscription cancelled');
    }
    return 'failed';
  }
}
