/**
 * What every detector builds: a stable event id and the stored event (`GroupEvent`, its body the EventBody
 * JSON that delivery later prefixes with the subscription and seq).
 */
import { createHash } from 'node:crypto';
import type { GroupEvent, SubscriptionSource } from '../../store/subscriptions/types.js';
import type { EventBody } from '../types.js';

/**
 * sha256 (hex) over the parts, each length-prefixed so no two different part lists hash alike
 * (`['ab','c']` vs `['a','bc']`).
 */
export function eventId(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:${part}`);
  return hash.digest('hex');
}

export interface EventFields {
  id: string;
  type: string;
  source: SubscriptionSource;
  subject: { type: string; address: string };
  occurredAt: Date;
  detectedAt: Date;
  data: Record<string, unknown>;
}

export function eventBody(e: EventFields): EventBody {
  return {
    id: e.id,
    type: e.type,
    source: e.source,
    subject: { type: e.subject.type, address: e.subject.address },
    occurred_at: e.occurredAt.toISOString(),
    detected_at: e.detectedAt.toISOString(),
    data: e.data,
  };
}

export function groupEvent(e: EventFields): GroupEvent {
  return { eventId: e.id, type: e.type, occurredAt: e.occurredAt, body: JSON.stringify(eventBody(e)) };
}
