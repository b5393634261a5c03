/**
 * Alert streams (docs/streaming.md): the shapes shared by detection, delivery and funding.
 *
 * A subscription watches what one polling endpoint watches (check-alerts, launchpad-alerts or exit-signal, with
 * that endpoint's input minus `since`). Detection runs once per group of identical subscriptions per tick (the
 * jobs runner), stores each new event for every subscriber of the group, and only then are events delivered —
 * on a Server-Sent Events stream or to a webhook — and charged, one price per delivered event.
 */
import type { HandlerResult } from '../registry/types.js';
import type { DetectionGroup, GroupEvent, SubscriptionSource } from '../store/subscriptions/types.js';

/** Runs a registered endpoint's handler through the shared answer cache, as a composite endpoint's `ctx.call`. */
export type EndpointCaller = (key: string, input: Record<string, unknown>, signal: AbortSignal) => Promise<HandlerResult>;

export interface DetectionOutcome {
  /** New events, oldest first (already deduplicated against the group's state where the detector keeps one). */
  events: GroupEvent[];
  /** The detector's state to keep for the next tick (JSON). */
  state: string;
}

/** Finds the new events of one group at one tick. Pure apart from `call`: everything it needs comes in. */
export interface Detector {
  source: SubscriptionSource;
  detect(group: DetectionGroup, now: Date, call: EndpointCaller, signal: AbortSignal): Promise<DetectionOutcome>;
}

/**
 * The body of an event as stored (`GroupEvent.body`), before delivery adds `subscription_id` and `seq`:
 * `data` is the alert (check-alerts), the event (launchpad-alerts) or the verdict change (exit-signal) exactly
 * as the polling endpoint words it.
 */
export interface EventBody {
  id: string;
  type: string;
  source: SubscriptionSource;
  subject: { type: string; address: string };
  occurred_at: string;
  detected_at: string;
  data: Record<string, unknown>;
}

/** The delivered envelope (`StreamEvent` in src/docs/bodies/subscriptions.ts): the stored body, led by the subscription and the event's seq. */
export function envelopeJson(subscriptionId: string, seq: number, body: string): string {
  // The body is stored as JSON text: splice the two fields in front rather than parse and re-serialise per delivery.
  return `{"subscription_id":${JSON.stringify(subscriptionId)},"seq":${seq},${body.slice(1)}`;
}
