/**
 * After a paid answer is sent (docs/history.md, introduction; docs/alerts.md, "Observations"): its daily snapshots (each also appended to the
 * observation log) and its query-stream counts are written — never on the caller's time (scheduled
 * with setImmediate after the reply), and a failure is logged, never surfaced. Only answers that were delivered and charged (or free) are recorded.
 *
 * The query stream counts paid calls about an entity (token or wallet) per endpoint and UTC hour; calls
 * by payers in `excludedPayers` (the operator's own test traffic, CONSENSUS_EXCLUDE_PAYERS) are not counted.
 */
import type { Logger } from 'pino';
import type { RegisteredEndpoint } from '../registry/index.js';
import type { HandlerResult } from '../registry/types.js';
import type { QueryEntityType } from '../store/types.js';
import type { RecorderStore } from '../store/views.js';
import { asString as str, asStrings as strings } from '../lib/read.js';
import { DAY_MS, utcDay } from '../lib/days.js';

export interface AnswerEvent {
  endpoint: RegisteredEndpoint;
  input: Record<string, unknown>;
  result: HandlerResult;
  at: Date;
  /** Absent for free endpoints. */
  payer?: string;
  requestId: string;
}

export interface Recorder {
  record(event: AnswerEvent): void;
  /** Resolves when every scheduled write has finished (tests, shutdown). */
  idle(): Promise<void>;
}

/** EVM addresses compare case-insensitively (checksum casing); Solana's base58 is case-sensitive. */
export function payerKey(address: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address;
}

/** The entities a call was about, by the shape of its input. */
export function queriedEntities(key: string, input: Record<string, unknown>): { type: QueryEntityType; entity: string }[] {
  // Asking for an entity's attention rank is not attention to the entity: counting it would let the
  // consensus-signal calls themselves move the rank they read (and its `address` may be a token).
  if (key === 'consensus-signal') return [];
  if (key === 'batch-enrich') return [...new Set(strings(input.addresses))].map((entity) => ({ type: input.type === 'token' ? 'token' : 'wallet', entity }));
  const tokens = [...(str(input.mint) ? [str(input.mint)!] : []), ...strings(input.mints), ...strings(input.tokens)];
  const wallets = [...(str(input.address) && key !== 'protocol-profile' ? [str(input.address)!] : []), ...strings(input.addresses), ...strings(input.wallets)];
  const of = (type: QueryEntityType, list: string[]) => [...new Set(list)].map((entity) => ({ type, entity }));
  return [...of('token', tokens), ...of('wallet', wallets)];
}

export function createRecorder(deps: { store: RecorderStore; logger: Logger; excludedPayers: readonly string[] }): Recorder {
  const excluded = new Set(deps.excludedPayers.map(payerKey));
  const pending = new Set<Promise<void>>();
  // The UTC day (days since the epoch) each result object was last captured on. A cached result is the same
  // object on every hit, so a free answer re-served from the cache (the demo under load) is captured once
  // per day rather than once per call: the day's snapshot already holds these very numbers, and the
  // observation log gains nothing from copies of one reading. Paid answers are captured on every call.
  const capturedDay = new WeakMap<HandlerResult, number>();
  const write = async (e: AnswerEvent, snapshots: boolean, counts: boolean) => {
    const day = utcDay(e.at);
    for (const s of (snapshots ? e.endpoint.def.snapshot?.(e.input, e.result) : undefined) ?? []) {
      await deps.store.putSnapshot({ subjectType: s.subjectType, subject: s.subject, day, takenAt: e.at, data: s.data });
      // Every capture is also an observation at its own moment: check-alerts compares minute-precision moments.
      await deps.store.putObservation({ subjectType: s.subjectType, subject: s.subject, observedAt: e.at, data: s.data });
    }
    if (counts) {
      for (const q of queriedEntities(e.endpoint.def.key, e.input)) {
        await deps.store.recordQuery({ entityType: q.type, entity: q.entity, endpoint: e.endpoint.def.key, at: e.at });
      }
    }
  };
  /** Whether this answer's snapshots are to be written (and, if so, marks its result captured today). */
  const captures = (e: AnswerEvent): boolean => {
    if (!e.endpoint.def.snapshot) return false;
    const day = Math.floor(e.at.getTime() / DAY_MS);
    if (e.payer === undefined && capturedDay.get(e.result) === day) return false;
    capturedDay.set(e.result, day);
    return true;
  };
  return {
    record(event) {
      const snapshots = captures(event);
      const counts = event.payer !== undefined && !excluded.has(payerKey(event.payer));
      // Nothing to write (a free answer without snapshots, or one already captured today): no task at all.
      if (!snapshots && !counts) return;
      const done = new Promise<void>((resolve) => {
        setImmediate(() => {
          write(event, snapshots, counts)
            .catch((err: unknown) => deps.logger.warn({ requestId: event.requestId, err }, 'recording the answer failed'))
            .finally(resolve);
        });
      });
      pending.add(done);
      void done.finally(() => pending.delete(done));
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
