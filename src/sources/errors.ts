/**
 * What a data source can fail with. Handlers turn a failed *required* leg into a 502/504 answer and a
 * failed *optional* leg into a `leg_degraded` caveat; both say the leg and the kind of failure, never the
 * message (docs/errors.md). Messages are ours and never carry URLs with keys or upstream bodies; what was
 * thrown while reading an answer is kept as `cause`, for the logs only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiError } from '../errors/api-error.js';
import type { Caveat } from '../errors/caveat.js';
import { UpstreamFormatError } from './format-error.js';

export type LegName =
  | 'wallet_assets' | 'market_data' | 'price_aggregator' | 'defi_data' | 'chain_rpc'
  /** The four perps venues (analytics/perps/venue-data.ts): each its own leg, so one venue down leaves the others answering. */
  | 'perps_venue_a' | 'perps_venue_b' | 'perps_venue_c' | 'perps_venue_d'
  /** Tokenized-card pack machines (sources/card-packs.ts). */
  | 'card_packs'
  /** The launch platform's reward coins (sources/launchpad.ts). */
  | 'launchpad';

export type SourceFailure = 'timeout' | 'unavailable' | 'rate_limited' | 'malformed' | 'not_found' | 'circuit_open';

export class SourceError extends Error {
  constructor(
    readonly leg: LegName,
    readonly kind: SourceFailure,
    message: string,
    readonly status?: number,
    /** False for answers a retry cannot change (e.g. 401: a bad key). */
    readonly retryable = kind === 'unavailable' || kind === 'rate_limited',
    /** How long the upstream asked us to wait (429/503 `Retry-After`). */
    readonly retryAfterMs?: number,
    /** What was thrown while reading the answer, for the logs only. */
    cause?: unknown,
  ) {
    super(message, cause !== undefined ? { cause } : undefined);
  }
}

/**
 * What may be shown of `err` as the reason an answer or an entry was rejected (an `items_skipped` caveat's
 * "first:"): the words of our own checks (an UpstreamFormatError, a SourceError), else `fallback`. Any other
 * error's text — a runtime error, a library's exception — stays out of answers (docs/errors.md).
 */
export function formatProblem(err: unknown, fallback: string): string {
  return err instanceof UpstreamFormatError || err instanceof SourceError ? err.message : fallback;
}

/** A required leg's failure as the caller sees it: 504 for a timeout, 502 otherwise. Never charged. */
export function toApiError(err: SourceError): ApiError {
  if (err.kind === 'timeout') return new ApiError('upstream_timeout', `The ${err.leg} source did not answer in time. You were not charged.`, { extra: { leg: err.leg } });
  return new ApiError('upstream_unavailable', `The ${err.leg} source is unavailable (${err.kind}). You were not charged.`, { extra: { leg: err.leg } });
}

// ---------------------------------------------------------------- skipped list entries

/**
 * Entries of one provider list that were left out because they did not match the documented format
 * (`wireListParser`, src/sources/wire.ts). They never fail the call, but they never disappear silently
 * either: every endpoint's answer carries one `items_skipped` caveat per (leg, provider, kind of entry).
 */
export interface SkippedItems {
  leg: LegName;
  /** The provider as the caller knows it, e.g. "DEX Screener". */
  provider: string;
  /** What one entry is, as a noun before "entries", e.g. "pair". */
  what: string;
  count: number;
  /** The first rejected entry's first problem (a JSON pointer and the broken rule; never upstream values). */
  firstError: string | null;
}

/**
 * The skips of the endpoint call in progress. Async-context storage rather than a field of the handler
 * context: clients are shared by every call and take only an abort signal, so this reaches them without
 * changing the signature of any client method or of any endpoint that calls one (and without per-call
 * copies of the clients, which caches keyed by `ctx.sources` or a client would no longer recognise).
 */
const callScope = new AsyncLocalStorage<Set<SkippedItems>>();
/**
 * Handler runs in progress. On Node 20 an enabled AsyncLocalStorage turns on promise hooks for the whole
 * process (every `await` gets slower, warm answers included); the storage is disabled whenever no handler
 * is computing, so the cost is paid only while one is (`run` enables it again).
 */
let activeScopes = 0;

/** Skips recorded with a value, for callers that share one value between calls (e.g. a cached list). */
const skipsOfValue = new WeakMap<object, SkippedItems[]>();

/**
 * Records that `value` (what a client returns) was built without `note.count` malformed entries: for the
 * endpoint call in progress (its answer gets the caveat) and with the value itself (`replaySkipped`,
 * `servedCount`). A count of 0 records nothing. Returns `value`.
 */
export function reportSkipped<T extends object>(value: T, note: SkippedItems): T {
  if (note.count <= 0) return value;
  const notes = skipsOfValue.get(value);
  if (notes) notes.push(note);
  else skipsOfValue.set(value, [note]);
  callScope.getStore()?.add(note);
  return value;
}

/**
 * Records for the call in progress the skips a value was built with, when this call did not fetch it
 * itself (a list shared between calls): each skip is counted once per call however often it is replayed.
 */
export function replaySkipped<T extends object>(value: T): T {
  const scope = callScope.getStore();
  for (const note of skipsOfValue.get(value) ?? []) scope?.add(note);
  return value;
}

/** How many entries the provider served for `list`: its kept entries plus those skipped (a page is full by this count, not by `list.length`). */
export function servedCount(list: readonly unknown[]): number {
  return list.length + (skipsOfValue.get(list) ?? []).reduce((sum, note) => sum + note.count, 0);
}

/** Runs `run` (one endpoint handler) with its own record of skipped entries; nested calls get their own. */
export async function collectSkipped<T>(run: () => Promise<T>): Promise<{ value: T; skipped: SkippedItems[] }> {
  const scope = new Set<SkippedItems>();
  activeScopes++;
  try {
    const value = await callScope.run(scope, run);
    return { value, skipped: [...scope] };
  } finally {
    // Nothing left to collect for: work a finished handler left running reports into no call, as intended.
    if (--activeScopes === 0) callScope.disable();
  }
}

/** One `items_skipped` caveat per (leg, provider, what), counts summed, in the order first seen. */
export function skippedCaveats(skipped: Iterable<SkippedItems>): Caveat[] {
  const merged = new Map<string, SkippedItems>();
  for (const note of skipped) {
    const key = `${note.leg}\u0000${note.provider}\u0000${note.what}`;
    const seen = merged.get(key);
    if (seen) merged.set(key, { ...seen, count: seen.count + note.count, firstError: seen.firstError ?? note.firstError });
    else merged.set(key, { ...note });
  }
  return [...merged.values()].map((n) => ({
    code: 'items_skipped',
    leg: n.leg,
    message: `${n.count} malformed ${n.what} ${n.count === 1 ? 'entry' : 'entries'} from ${n.provider} ${n.count === 1 ? 'was' : 'were'} skipped${n.firstError ? ` (first: ${n.firstError})` : ''}; the rest of the list was used.`,
  }));
}

/**
 * An endpoint handler whose answer carries an `items_skipped` caveat for every provider list entry skipped
 * while it ran (the registry wraps every handler with it: src/registry/types.ts `defineEndpoint`).
 */
export function withSkippedCaveats<I, R extends { caveats?: Caveat[] }, C>(handler: (input: I, ctx: C) => Promise<R>): (input: I, ctx: C) => Promise<R> {
  return async (input, ctx) => {
    const { value, skipped } = await collectSkipped(() => handler(input, ctx));
    if (skipped.length === 0) return value;
    return { ...value, caveats: [...(value.caveats ?? []), ...skippedCaveats(skipped)] };
  };
}
